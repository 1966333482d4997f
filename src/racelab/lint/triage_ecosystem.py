"""The triage of every hit the lint reports over the CuTe DSL libraries of run "lint-ecosystem", as data,
keyed by (package, file, function, barrier, rule kind, line): each library is pinned to one version, and two
arrives on one barrier in one function can deserve different verdicts. Each entry was made by reading the hit's source in
the pinned wheel: what the lanes access, what the elected arrive is on, and how the other side of the
handoff accesses the buffer (`readers`: for a store-side hit how the consumer reads, for a load-side hit
how the producer overwrites), which decides whether compute-sanitizer racecheck can see it.

The verdicts follow the release sweep's: a true positive breaks the rule with per-lane accesses on the buffer
the barrier hands over, as the measured W_LOADED and KVEmpty handoffs do; unknown is the shape on the right
barrier where the verdict waits on what neither the model nor the tools settle here (the __syncwarp idiom,
warp-collective ldmatrix reads, the CuTe DSL pipelines' one-lane-per-warp release before a TMA refill); a
false positive is a pairing the lint got wrong (another buffer's barrier, a path no kernel compiles, a
register read as shared memory). The entries are data: data/triage_ecosystem.toml."""

from racelab.lint import triage
from racelab.lint.triage import Triage

CUDNN = "nvidia-cudnn-frontend"

Key = tuple[str, str, str, str, str, int]

_DATA = triage.data_file("triage_ecosystem")  # data/triage_ecosystem.toml
TRIAGE: dict[Key, Triage] = triage.keyed(_DATA["triage"])
# entries the book and the tests name: the CuTe DSL pipelines' convention, the frost GEMMs' __syncwarp idiom,
# the scheduler's staging
NAMED: dict[str, Triage] = {e["name"]: TRIAGE[tuple(e["keys"][0])] for e in _DATA["triage"] if "name" in e}
CONVENTION = NAMED["convention"]


def hit_key(package: str, hit: dict) -> Key:
    """(package, file, function, barrier, rule kind, line) of a hit dict from racelab.lint.rules."""
    return (package, hit["file"], hit["function"], hit["barrier"], hit["rule"], hit["line"])


def triage_for(package: str, hit: dict) -> Triage | None:
    """A hit's triage: this module's entry, or for a store-side hit in nvidia-cudnn-frontend the release
    sweep's (racelab.lint.triage.TRIAGE, keyed by file, function and barrier)."""
    found = TRIAGE.get(hit_key(package, hit))
    if found is None and package == CUDNN and hit["rule"] == "store-raw":
        found = triage.TRIAGE.get((hit["file"], hit["function"], hit["barrier"]))
    return found


def untriaged(data: dict[str, dict]) -> list[tuple]:
    """Keys of hits in a sweep ({package: {"hits": [...]}}) without a triage entry."""
    return sorted({hit_key(p, h) for p, lib in data.items() for h in lib["hits"] if triage_for(p, h) is None})
