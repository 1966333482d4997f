"""The triage of every hit the lint reports over the CuTe DSL libraries of run "lint-ecosystem", as data,
keyed by (package, file, function, barrier, rule kind). Each entry was made by reading the hit's source in
the pinned wheel: what the lanes access, what the elected arrive is on, and how the other side of the
handoff accesses the buffer (`readers`: for a store-side hit how the consumer reads, for a load-side hit
how the producer overwrites), which decides whether compute-sanitizer racecheck can see it."""

from racelab.lint.triage import FALSE, TRUE, UNKNOWN, Triage

TRIAGE: dict[tuple[str, str, str, str, str], Triage] = {
}


def hit_key(package: str, hit: dict) -> tuple[str, str, str, str, str]:
    """(package, file, function, barrier, rule kind) of a hit dict from racelab.lint.rules."""
    return (package, hit["file"], hit["function"], hit["barrier"], hit["rule"])


def triage_for(package: str, hit: dict) -> Triage | None:
    return TRIAGE.get(hit_key(package, hit))


def untriaged(data: dict[str, dict]) -> list[tuple]:
    """Keys of hits in a sweep ({package: {"hits": [...]}}) without a triage entry."""
    return sorted({hit_key(p, h) for p, lib in data.items() for h in lib["hits"]} - set(TRIAGE))
