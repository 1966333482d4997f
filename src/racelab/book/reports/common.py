"""What every report shares: the PTX ISA sections they cite, the finding's shape, where a release's wheel
file is read, which recorded release stands for a newer one, and a few ways of writing numbers."""

from __future__ import annotations

from dataclasses import dataclass, field

from racelab.book.ptx_isa import cite
from racelab.lint.releases import RELEASES
from racelab.toolchain import wheels

NEWEST = RELEASES[-1]
REPO_PREFIX = "python/"  # where the wheel's cudnn/ package lives in the cudnn-frontend repository

# The PTX ISA sections the reports cite (numbers of recent PTX ISA releases, as chapter 06 gives them).
PTX = {"mbarrier": "§9.7.13.15 *mbarrier* (its *mbarrier.arrive* and *mbarrier.test_wait/try_wait*)",
       **{key: cite(number) for key, number in (("release", "8.8"), ("sync", "8.9.4"), ("causality", "8.9.5"),
                                                ("race", "8.7.1"), ("proxy", "8.6"))}}

NOT_MEASURED = "not measured"


def read_source(release: str, path: str) -> str:
    """A file of `release`'s nvidia-cudnn-frontend wheel (the `source` a report reads unless given another)."""
    return wheels.module_file(release, path).read_text()


def releases_from(release: str) -> list[str]:
    """`release` and the releases before it, newest first: where a report looks for a recorded run when its
    own release has none."""
    return [r for r in RELEASES if RELEASES.index(r) <= RELEASES.index(release)][::-1]


def closest(release: str, find):
    """(the release, what `find(release)` found) for `release`, else for the newest release before it where
    `find` finds something (not None); (None, None) where it finds nothing in any."""
    for rel in releases_from(release):
        got = find(rel)
        if got is not None:
            return rel, got
    return None, None


def numbers(lines) -> str:
    return ", ".join(str(n) for n in lines)


def patch_counts(patch: str) -> tuple[int, int]:
    """(lines removed, lines added) of a unified diff."""
    body = [line for line in patch.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    return sum(1 for line in body if line[0] == "-"), sum(1 for line in body if line[0] == "+")


@dataclass(frozen=True)
class Evidence:
    """How a finding is measured: the experiment, the cases as shipped and patched, and the column."""

    experiment: str  # fwd_racecheck.EXPERIMENT or k_tail_probe.EXPERIMENT
    pairs: tuple = ()  # ((shipped case, patched case), ...) of a fwd-racecheck run
    column: str = ""  # the case_frame column that counts this finding's bytes


@dataclass(frozen=True)
class Spec:
    """What the project knows how to do for one finding beyond the lint and the triage."""

    slug: str
    title: str
    kind: str  # "RAW" (stores, then one lane arrives) or "WAR" (loads, then one lane arrives)
    buffers: tuple[str, ...]
    transform: str | None = None  # a name in transforms.FWD_TRANSFORMS
    evidence: Evidence | None = None
    fix: str = ""  # the fix, in words, where no transform makes the patch


@dataclass
class TruePositive:
    """One open true positive in the newest release, with everything a report says about it."""

    spec: Spec
    release: str
    file: str
    function: str
    barriers: list[str]
    arrive_lines: list[int]
    store_lines: list[int]
    storers: str
    init_count: list
    readers: str
    racecheck_can_see: bool
    why: str
    patch: str = ""
    patch_lines: list[int] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{REPO_PREFIX}{self.file}"


def by_type_text(by_type: dict) -> str:
    """Hazard records split by type, most first: "97,536 WAR + 1,280 RAW" ("" for none)."""
    return " + ".join(f"{n:,} {kind}" for kind, n in sorted(by_type.items(), key=lambda kv: -kv[1]))
