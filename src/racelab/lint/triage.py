"""The same class of bug elsewhere, as data: fixed bugs in public repositories (the catalog), the
conventions that avoid it, and the triage of every hit `racelab.lint.ast_lint` reports over the
nvidia-cudnn-frontend releases (keyed by file, function and barrier, as `Hit.key`).

The class: shared memory written by many threads is handed to a consumer by a signal that carries only
some of those threads' ordering (one elected lane's mbarrier arrive, one thread's bulk copy, a thread
barrier without the proxy fence it needs). Each entry says which rule the code broke and what fixed it,
in this project's words; `read` says what the entry rests on. The entries are data
(data/triage_releases.toml, read once by :func:`data_file`); this module holds their types and the tables
and figure made of them."""

import tomllib
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

TRUE = "true positive"
FALSE = "false positive"
UNKNOWN = "unknown"
VERDICTS = (TRUE, FALSE, UNKNOWN)


@dataclass(frozen=True)
class Fix:
    """One fixed bug (or convention-setting change) in a public repository."""

    repo: str
    number: int
    title: str
    broke: str  # the rule the code broke
    fix: str  # what the change does
    relation: str  # "same class" (a lane's signal standing in for others' writes) or "neighbour"
    read: str  # what this entry rests on: the PR's description, or a one-line summary not checked against it
    kind: str = "pull"

    @property
    def url(self) -> str:
        return f"https://github.com/{self.repo}/{self.kind}/{self.number}"

    @property
    def ref(self) -> str:
        return f"{self.repo}#{self.number}"

    def to_dict(self) -> dict:
        return asdict(self) | {"url": self.url, "ref": self.ref}


@cache
def data_file(name: str) -> dict:
    """data/NAME.toml, with each string "@key" elsewhere in it replaced by its [texts] entry `key` (the texts
    that several entries share)."""
    raw = tomllib.loads((Path(__file__).with_name("data") / f"{name}.toml").read_text())
    texts = raw.pop("texts", {})

    def resolve(value):
        if isinstance(value, str) and value.startswith("@"):
            return texts[value[1:]]
        if isinstance(value, list):
            return [resolve(v) for v in value]
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        return value

    return {"texts": texts} | {k: resolve(v) for k, v in raw.items()}


_RELEASES = data_file("triage_releases")
READ_PR = _RELEASES["texts"]["read_pr"]
CATALOG: tuple[Fix, ...] = tuple(Fix(**f) for f in _RELEASES["fix"])
CONVENTIONS: tuple[dict, ...] = tuple(_RELEASES["convention"])


@dataclass(frozen=True)
class BugInstance:
    """An instance of the bug class this project found in shipped code (not a fix upstream made): where,
    which side of the handoff (a rule kind of racelab.lint.rules), what the code does, what the finding
    rests on (a recorded run, or the source read in the wheel) and where it stands in the newest code read."""

    where: str
    rule: str
    what: str
    evidence: str
    status: str

    def to_dict(self) -> dict:
        return asdict(self)


OPEN = "open"  # status prefix: present in the newest version read
QUESTION = "open question"  # the __syncwarp idiom: the verdict waits on the memory model

FINDINGS: tuple[BugInstance, ...] = tuple(BugInstance(**f) for f in _RELEASES["finding"])


def findings_table():
    """This project's findings as a pandas DataFrame (one row per finding)."""
    import pandas as pd
    return pd.DataFrame([f.to_dict() for f in FINDINGS])


def catalog_table():
    """The catalog as a pandas DataFrame (one row per fix)."""
    import pandas as pd
    return pd.DataFrame([{"fix": f.ref, "title": f.title, "rule broken": f.broke, "fix applied": f.fix,
                          "relation": f.relation, "url": f.url, "read": f.read} for f in CATALOG])


# ------------------------------------------------------------------------------------------------
# Triage of the lint's hits over nvidia-cudnn-frontend 1.24.0 .. 1.32.0
# ------------------------------------------------------------------------------------------------

THREAD_ACCESSES = ("plain loads", "thread stores", "cp.async")  # what racecheck tracks


@dataclass(frozen=True)
class Triage:
    verdict: str  # TRUE, FALSE or UNKNOWN
    why: str
    sm: int  # the kernel's architecture
    # how the other side of the handoff accesses the buffer: for a store-side hit how the consumer reads
    # ("plain loads", "WGMMA", "UMMA", "same warp", ...), for a load-side hit how the producer overwrites
    # ("thread stores", "TMA", ...)
    readers: str
    fixed_in: str | None = None  # the first release without the hit, where upstream changed the code
    follow_up: str = ""

    @property
    def racecheck_can_see(self) -> bool:
        """racecheck reports a hazard only where both sides are thread accesses: the lanes' own accesses
        always are; the other side's must be plain loads, thread stores or cp.async, not the async proxy."""
        return self.readers in THREAD_ACCESSES

    def to_dict(self) -> dict:
        return asdict(self) | {"racecheck_can_see": self.racecheck_can_see}


def keyed(entries: list[dict]) -> dict[tuple, Triage]:
    """{key: Triage} from a data file's [[triage]] entries, each with its `keys` (lists) and a Triage's fields
    (and perhaps a `name`)."""
    return {tuple(key): Triage(**{k: v for k, v in entry.items() if k not in ("keys", "name")})
            for entry in entries for key in entry["keys"]}


# the hit of PR #426 itself, as (file, function, barrier): `Hit.key`
W_LOADED = ("cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm100.py",
            "IndexerBackwardSm100._load_warp", "MBAR_W_LOADED")
TRIAGE: dict[tuple[str, str, str], Triage] = keyed(_RELEASES["triage"])


def hit_key(hit) -> tuple[str, str, str]:
    """(file, function, barrier) of a hit (a racelab.lint.ast_lint.Hit or its dict): what triage is keyed by."""
    return hit.key if hasattr(hit, "key") else (hit["file"], hit["function"], hit["barrier"])


def triage_for(hit) -> Triage | None:
    """The triage of a hit (a racelab.lint.ast_lint.Hit or its dict)."""
    return TRIAGE.get(hit_key(hit))


def untriaged(data: dict[str, list[dict]]) -> list[tuple]:
    """Keys of hits (per release: {release: [hit dict]}) that have no triage entry."""
    keys = {hit_key(h) for hits in data.values() for h in hits}
    return sorted(k for k in keys if k not in TRIAGE)


def triage_table(data: dict[str, list[dict]]):
    """One row per (file, function, barrier) seen in `data` ({release: [hit dict]}): where, releases, verdict."""
    import pandas as pd
    order = list(data)
    seen: dict[tuple, dict] = {}
    for release, hits in data.items():
        for h in hits:
            key = hit_key(h)
            row = seen.setdefault(key, {"file": h["file"].removeprefix("cudnn/"), "function": h["function"],
                                        "barrier": h["barrier"], "reason": h["reason"], "releases": []})
            if release not in row["releases"]:
                row["releases"].append(release)
    rows = []
    for key, row in seen.items():
        t = TRIAGE.get(key)
        rels = sorted(row.pop("releases"), key=order.index)
        rows.append({**row, "first": rels[0], "last": rels[-1], "n releases": len(rels),
                     "verdict": t.verdict if t else "untriaged", "sm": t.sm if t else None,
                     "readers": t.readers if t else "", "fixed in": (t.fixed_in or "") if t else "",
                     "why": t.why if t else ""})
    return pd.DataFrame(rows)


VERDICT_COLOURS = {TRUE: "vermillion", UNKNOWN: "orange", FALSE: "grey", "untriaged": "black"}


def release_table(data: dict[str, list[dict]]):
    """Hits per release (rows, oldest first) by triage verdict, with the PR #426 site marked."""
    import pandas as pd
    rows = []
    for release, hits in data.items():
        row = {"release": release, "hits": len(hits)}
        for verdict in VERDICTS:
            row[verdict] = sum(1 for h in hits if (triage_for(h) or Triage("untriaged", "", 0, "")).verdict == verdict)
        row["untriaged"] = sum(1 for h in hits if triage_for(h) is None)
        row["kernels (files)"] = len({h["file"] for h in hits})
        row["W_LOADED flagged"] = any(hit_key(h) == W_LOADED for h in hits)
        rows.append(row)
    return pd.DataFrame(rows).set_index("release")


def releases_figure(data: dict[str, list[dict]], fixed_release: str = "1.27.0"):
    """Stacked bars: hits per release by verdict; the release that shipped PR #426 marked."""
    from racelab import style
    table = release_table(data)
    releases = list(table.index)
    with style.figure(1, 1, figsize=(8.4, 3.6), alt=(
            "Stacked bars of lint hits per nvidia-cudnn-frontend release, from "
            f"{releases[0]} to {releases[-1]}, split into true positives, unknowns and false positives; "
            f"a vertical line marks {fixed_release}, the first release with the PR #426 fix.")) as (fig, ax):
        bottom = [0] * len(releases)
        for verdict in (TRUE, UNKNOWN, FALSE):
            values = list(table[verdict])
            ax.bar(releases, values, bottom=bottom, color=style.PALETTE[VERDICT_COLOURS[verdict]],
                   label=verdict, edgecolor="white", linewidth=0.6)
            bottom = [b + v for b, v in zip(bottom, values)]
        if table["untriaged"].any():
            ax.bar(releases, list(table["untriaged"]), bottom=bottom, color=style.PALETTE["black"], label="untriaged")
        if fixed_release in releases:
            x = releases.index(fixed_release) - 0.5
            ax.axvline(x, color=style.ROLE["patched"], linestyle="--", linewidth=1.2)
            ax.annotate("PR #426 fix ships", (x, max(table["hits"]) * 0.95), xytext=(4, 0),
                        textcoords="offset points", color=style.ROLE["patched"], fontsize=9)
        ax.set_xlabel("nvidia-cudnn-frontend release")
        ax.set_ylabel("lint hits (arrive sites)")
        ax.set_title("Elected arrives after multi-lane shared stores, per release")
        ax.legend(frameon=False, fontsize=9, loc="upper left")
        ax.grid(axis="x", visible=False)
    return fig
