"""The project's nouns, each defined once: the warp, the two ways of arriving on W_LOADED, the calibration
variants, the experiments recorded in `results/`, the SM90 twin's shared-memory layout, the shapes PR #426
measured and the figures it reports, the upstream kernel variants (which release is unpatched, which
patched) and the shapes of the one set of inputs every experiment gives upstream's indexer backward wrapper
(the tensors themselves: racelab.toolchain.inputs).

Everything here is data and small pure helpers; it imports nothing of racelab and no torch, so kernels may
import it."""

import enum
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

WARP_SIZE = 32


class VocabError(ValueError):
    """A name that is not one of the project's nouns."""


# ------------------------------------------------------------------------------------- arriving


class ArriveMode(enum.Enum):
    """How the load warp signals the consumer after its shared-memory stores."""

    ELECTED = "elected"
    """mbarrier count 1; only the elected lane (lane 0) arrives: nvidia-cudnn-frontend <= 1.26.0, the bug."""
    ALL_LANES = "all-lanes"
    """mbarrier count 32; every lane of the load warp arrives: the PR #426 fix (1.27.0+)."""

    @property
    def count(self) -> int:
        """The mbarrier's expected arrival count."""
        return 1 if self is ArriveMode.ELECTED else WARP_SIZE

    @property
    def arriving_lanes(self) -> tuple[int, ...]:
        """The lanes whose stores the arrive releases (elect.sync picks the lowest active lane)."""
        return (0,) if self is ArriveMode.ELECTED else tuple(range(WARP_SIZE))

    @classmethod
    def parse(cls, value) -> "ArriveMode":
        """"elected", "all-lanes", "all_lanes", "all" or "all-threads" (as older code spelled it)."""
        if isinstance(value, cls):
            return value
        text = str(value).strip().lower().replace("_", "-")
        if text in ("all", "all-threads"):
            return cls.ALL_LANES
        for mode in cls:
            if text in (mode.value, mode.name.lower().replace("_", "-")):
                return mode
        raise VocabError(f"unknown arrive mode {value!r}; one of {[m.value for m in cls]}")


class TwinHandoff(enum.Enum):
    """How the SM90 twin's load warp hands sGradSignal and sW to the compute warpgroup: the bug, the fix and
    the other ways of fixing it (kernels/handoff_twin_sm90.py; `description` says what each does). All but
    BULK_COPY keep upstream's per-lane shared stores; all but ALL_LANES_NO_FENCE and BULK_COPY keep the
    ``fence.proxy.async`` after them. BULK_COPY: the elected lane arrives with ``expect_tx`` and issues one
    ``cp.async.bulk`` global->shared per array, whose completion (complete_tx) completes the phase."""

    ELECTED = "elected"
    ALL_LANES = "all-lanes"
    BAR_SYNC = "bar-sync"
    SYNCWARP = "syncwarp"
    LANE_FLAGS = "lane-flags"
    ALL_LANES_NO_FENCE = "all-lanes-no-fence"
    BULK_COPY = "bulk-copy"

    @property
    def count(self) -> int:
        """W_LOADED's expected arrival count."""
        return WARP_SIZE if self in (TwinHandoff.ALL_LANES, TwinHandoff.ALL_LANES_NO_FENCE) else 1

    @property
    def fence(self) -> bool:
        """Whether ``fence.proxy.async`` follows the stores."""
        return self not in (TwinHandoff.ALL_LANES_NO_FENCE, TwinHandoff.BULK_COPY)

    @property
    def arrive(self) -> ArriveMode:
        """The arrive the handoff ends with (the bulk copy's elected arrive carries expect_tx)."""
        return ArriveMode.ALL_LANES if self.count == WARP_SIZE else ArriveMode.ELECTED

    @property
    def description(self) -> str:
        return _HANDOFF_WORDING[self.value]

    @classmethod
    def parse(cls, value) -> "TwinHandoff":
        """A member, its value, or an ArriveMode (or its spellings: "all", "all_lanes")."""
        if isinstance(value, (cls, ArriveMode)):
            return cls(value.value)
        text = str(value).strip().lower().replace("_", "-")
        if text in {m.value for m in cls}:
            return cls(text)
        try:
            return cls(ArriveMode.parse(text).value)
        except VocabError:
            raise VocabError(f"unknown twin handoff {value!r}; one of {[m.value for m in cls]}") from None


_HANDOFF_WORDING = {
    "elected": "elected lane arrives (count 1): the bug",
    "all-lanes": "every lane arrives (count 32): the PR #426 fix",
    "bar-sync": "bar.sync 1, 32, then the elected lane arrives (count 1)",
    "syncwarp": "__syncwarp, then the elected lane arrives (count 1)",
    "lane-flags": "per-lane st.release flags, lane 0 acquires all 32, then arrives (count 1)",
    "all-lanes-no-fence": "every lane arrives (count 32), no fence.proxy.async",
    "bulk-copy": "cp.async.bulk global to shared, expect_tx / complete_tx (count 1)",
}


class TwinCodeLayout(enum.Enum):
    """Where the twin's code lands: as compiled (NATURAL); moved by N bytes of 16-byte no-ops
    (``nanosleep.u32 0``) that the load warp executes after its arrive, so every later instruction moves
    N bytes and nothing the compute warpgroup executes changes (PAD16 ... PAD128: "pad16" is one no-op,
    "pad128" eight, the same 128-byte alignment as NATURAL); or by as many (0-7) as put the head of the
    compute warpgroup's first read loop on a 128-byte boundary (ALIGNED; the count comes from the natural
    build's SASS, racelab.experiments.twin_layout)."""

    NATURAL = "natural"
    PAD16 = "pad16"
    PAD32 = "pad32"
    PAD48 = "pad48"
    PAD64 = "pad64"
    PAD80 = "pad80"
    PAD96 = "pad96"
    PAD112 = "pad112"
    PAD128 = "pad128"
    ALIGNED = "aligned"

    @classmethod
    def parse(cls, value) -> "TwinCodeLayout":
        try:
            return value if isinstance(value, cls) else cls(str(value).strip().lower())
        except ValueError:
            raise VocabError(f"unknown twin code layout {value!r}; one of {[m.value for m in cls]}") from None

    @property
    def shift_bytes(self) -> int | None:
        """How far the layout moves every instruction after the load warp's arrive: 0 for NATURAL, N for
        padN, None for ALIGNED (its count depends on the build)."""
        if self is TwinCodeLayout.NATURAL:
            return 0
        return int(self.value[3:]) if self.value.startswith("pad") else None

    @classmethod
    def shifted(cls, offset_bytes: int) -> "TwinCodeLayout":
        """The layout that moves the code by `offset_bytes` (0, 16, ..., 128)."""
        for member in cls:
            if member.shift_bytes == offset_bytes:
                return member
        raise VocabError(f"no twin layout moves the code by {offset_bytes} bytes; one of "
                         f"{[m.shift_bytes for m in cls if m.shift_bytes is not None]}")


TWIN_PAD_BYTES = 16  # one SASS instruction
TWIN_FETCH_ALIGN = 128  # the block a loop head is aligned to (TwinCodeLayout.ALIGNED)


def twin_variant(value) -> tuple[TwinHandoff, TwinCodeLayout]:
    """A timing variant of the twin, "HANDOFF" or "HANDOFF+LAYOUT" ("elected+pad16"), as its two parts."""
    handoff, plus, layout = str(value).strip().partition("+")
    return TwinHandoff.parse(handoff), TwinCodeLayout.parse(layout if plus else TwinCodeLayout.NATURAL.value)


def twin_variant_name(handoff, layout=TwinCodeLayout.NATURAL) -> str:
    """The inverse of twin_variant: "elected", "elected+pad16"."""
    handoff, layout = TwinHandoff.parse(handoff), TwinCodeLayout.parse(layout)
    return handoff.value if layout is TwinCodeLayout.NATURAL else f"{handoff.value}+{layout.value}"


# ------------------------------------------------------------------------------------- calibration


class CalibrationVariant(enum.Enum):
    """What warp 0 of the calibration repro does between its shared stores and the mbarrier signal."""

    V0 = (0, "lane 0 arrives")
    V1 = (1, "__syncwarp(); lane 0 arrives")
    V2 = (2, "all 32 lanes arrive (the fix)")
    V3 = (3, "fence.proxy.async; lane 0 arrives (the real kernel)")
    V4 = (4, "fence.acq_rel; lane 0 arrives")
    V5 = (5, "fence.acq_rel; __syncwarp(); lane 0 arrives")
    V6 = (6, "bar.sync 1, 32; lane 0 arrives")
    V7 = (7, "per-lane st.release flag; lane 0 acquires every flag, arrives")

    def __init__(self, number, description):
        self.number = number
        self.description = description

    @property
    def arrive(self) -> ArriveMode:
        return ArriveMode.ALL_LANES if self is CalibrationVariant.V2 else ArriveMode.ELECTED

    @property
    def arrive_count(self) -> int:
        return self.arrive.count


# ------------------------------------------------------------------------------------- experiments


class Experiment(str, enum.Enum):
    """Every experiment with recorded runs: `results/<value>/<UTC time>-<gpu>/`."""

    CALIBRATION = "calibration"
    SASS_MATRIX = "sass-matrix"
    TWIN_RACECHECK = "twin-racecheck"
    TWIN_READERS = "twin-racecheck-readers"  # every element read more than once: one hazard record per byte?
    TWIN_TIMING = "twin-timing"
    TWIN_TIMING_NULL = "twin-timing-null"
    TWIN_TIMING_INTERLEAVED = "twin-timing-interleaved"  # A/B, B/A and A/A pairs in one seeded random order
    TWIN_TIMING_IN_PROCESS = "twin-timing-in-process"  # as interleaved, but both builds of a pair in one process
    TWIN_TIMING_VARIANTS = "twin-timing-variants"  # every way of fixing the handoff, and the code-layout builds
    TWIN_TIMING_LAYOUTS = "twin-timing-layouts"  # the fix at eight code offsets, with layout controls and A/A groups
    TWIN_RACECHECK_ALTERNATIVES = "twin-racecheck-alternatives"  # hazard mode, one CTA, every TwinHandoff
    SM90_NUMERICS = "sm90-numerics"
    LITMUS = "litmus"
    LINT_RELEASES = "lint-releases"
    LINT_ECOSYSTEM = "lint-ecosystem"  # both lint rules over pinned CuTe DSL libraries, every hit triaged
    K_TAIL_PROBE = "k-tail-probe"
    FWD_RACECHECK = "fwd-racecheck"
    FWD_TIMING = "fwd-timing"  # paired timing of upstream's SM90 indexer forward, as shipped vs patched
    PEER_SUITE = "peer-suite"  # upstream's own DSA indexer tests from a checkout, plainly and under racecheck
    REAL_RACECHECK = "real-racecheck"  # upstream's indexer backward under racecheck, SM100 or SM90 (racelab real)
    REAL_TIMING = "real-timing"  # paired timing of upstream's indexer backward, SM100 or SM90
    REAL_TIMING_LAYOUTS = "real-timing-layouts"  # the same with both variants moved by one code offset a run
    REAL_TIMING_ALIGNMENTS = "real-timing-alignments"  # the fix at eight offsets and its placebo, one randomised run
    REAL_NUMERICS = "real-numerics"  # outputs of upstream's indexer backward across variants and replays
    RACECHECK = "racecheck"  # `racelab racecheck record` of any command
    CODE_LAYOUT = "code-layout"  # upstream's kernels moved by no-ops at their entry, checked in the SASS
    CHECKER_ALLOY = "checker-alloy"  # the litmus checker against NVlabs/ptxmemorymodel's ptx.als
    CHECKER_MIXEDPROXY = "checker-mixedproxy"  # the litmus checker against NVlabs/mixedproxy's model

    def __str__(self) -> str:
        return self.value


# ------------------------------------------------------------------------------------- shapes

@dataclass(frozen=True)
class UpstreamShape:
    """A call of upstream's indexer backward: index_q (b, s_q, heads, dim), index_k (b, s_kv, dim); the
    kernel's grid is (s_q, b)."""

    b: int
    s_q: int
    s_kv: int
    topk: int
    heads: int = 64
    dim: int = 128

    KEYS = ("b", "s_q", "s_kv", "topk", "heads", "dim")

    @property
    def label(self) -> str:
        return f"b{self.b}-sq{self.s_q}-skv{self.s_kv}-topk{self.topk}"

    @property
    def ctas(self) -> int:
        return self.b * self.s_q

    def as_arg(self) -> str:
        return ",".join(f"{k}={getattr(self, k)}" for k in self.KEYS)

    @classmethod
    def parse(cls, text: str) -> "UpstreamShape":
        return cls(**parse_kv(text, cls.KEYS, required=("b", "s_q", "s_kv", "topk")))


@dataclass(frozen=True)
class TwinShape:
    """A launch of the SM90 twin: topk fp32 + heads bf16 values handed off per CTA, `work` sets its length."""

    topk: int
    heads: int = 64
    n_cta: int = 132
    work: int = 1

    KEYS = ("topk", "heads", "n_cta", "work")

    @property
    def label(self) -> str:
        return f"topk{self.topk}-h{self.heads}-cta{self.n_cta}-w{self.work}"

    def as_arg(self) -> str:
        return ",".join(f"{k}={getattr(self, k)}" for k in self.KEYS)

    @classmethod
    def parse(cls, text: str) -> "TwinShape":
        return cls(**parse_kv(text, cls.KEYS, required=("topk",)))


def _align_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


@dataclass(frozen=True)
class TwinSite:
    """Where one shared byte of the twin's handoff sits and which store of which lane wrote it."""

    array: str  # "sGradSignal" or "sW"
    element: int  # index into the array
    byte: int  # byte within the element
    lane: int  # the load-warp lane that stores the element
    store: int  # that lane's store number within the array (upstream's si / wi loop index)
    lane_store: int  # that lane's store number overall: grad stores first, then W stores

    @property
    def label(self) -> str:
        loop = "si" if self.array == "sGradSignal" else "wi"
        return f"{self.array} store {loop}={self.store}"


@dataclass(frozen=True)
class TwinLayout:
    """The SM90 twin's SharedStorage, in byte offsets from its start: one mbarrier, then sGradSignal[topk]
    (fp32) and sW[heads] (bf16), each aligned to 128 bytes as upstream aligns them. Lane L of the load
    warp stores elements L, L+32, L+64, ... of each array (upstream `_load_warp`). The kernel checks its
    SharedStorage against this while tracing."""

    topk: int
    heads: int
    grad_bytes: int = 4
    w_bytes: int = 2
    lanes: int = WARP_SIZE
    align: int = 128

    mbar_offset: int = field(default=0, init=False)

    @property
    def grad_offset(self) -> int:
        return _align_up(self.mbar_offset + 8, self.align)

    @property
    def w_offset(self) -> int:
        return _align_up(self.grad_offset + self.topk * self.grad_bytes, self.align)

    @property
    def size(self) -> int:
        return _align_up(self.w_offset + self.heads * self.w_bytes, self.align)

    @property
    def grad_stores_per_lane(self) -> int:
        return -(-self.topk // self.lanes)

    @property
    def w_stores_per_lane(self) -> int:
        return -(-self.heads // self.lanes)

    def offsets(self) -> dict[str, int]:
        return {"mbar": self.mbar_offset, "sGradSignal": self.grad_offset, "sW": self.w_offset}

    def locate(self, offset: int) -> TwinSite | None:
        """The site of a byte offset from the start of SharedStorage; None outside both arrays."""
        for array, start, count, width, before in (
                ("sGradSignal", self.grad_offset, self.topk, self.grad_bytes, 0),
                ("sW", self.w_offset, self.heads, self.w_bytes, self.grad_stores_per_lane)):
            if start <= offset < start + count * width:
                element, byte = divmod(offset - start, width)
                store = element // self.lanes
                return TwinSite(array, element, byte, element % self.lanes, store, before + store)
        return None

    def store_labels(self) -> list[str]:
        """Every store a lane makes, in program order."""
        return ([f"sGradSignal store si={i}" for i in range(self.grad_stores_per_lane)]
                + [f"sW store wi={i}" for i in range(self.w_stores_per_lane)])


def parse_kv(text: str, keys, required) -> dict:
    """"a=1,b=2" -> {"a": 1, "b": 2}, positive integers only, keys from `keys`, `required` present."""
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in keys:
            raise VocabError(f"bad shape item {part!r} in {text!r}: expected key=value with key in {', '.join(keys)}")
        try:
            out[key] = int(value)
        except ValueError:
            raise VocabError(f"bad shape item {part!r}: {value!r} is not an integer") from None
        if out[key] <= 0:
            raise VocabError(f"bad shape item {part!r}: must be positive")
    missing = [k for k in required if k not in out]
    if missing:
        raise VocabError(f"shape {text!r} lacks {', '.join(missing)}")
    return out


# PR #426's shapes, by the names its racecheck runs use. It names the CTA counts and topk; s_kv=2048 for the
# first two is ours (it only bounds the random top-k ids). Its timing used "one-cta" and "multi-block".
PR_SHAPES = {
    "one-cta": UpstreamShape(b=1, s_q=1, s_kv=2048, topk=128),
    "512-cta": UpstreamShape(b=1, s_q=512, s_kv=2048, topk=128),
    "multi-block": UpstreamShape(b=3, s_q=64, s_kv=2048, topk=512),
}
PR_TIMING_SHAPES = (PR_SHAPES["one-cta"], PR_SHAPES["multi-block"])

# ------------------------------------------------------------------------------------- PR #426's figures

PR_URL = "https://github.com/NVIDIA/cudnn-frontend/pull/426"
PR_REPORTED = tomllib.loads((Path(__file__).parent / "data" / "pr426_reported.toml").read_text())
"""What PR #426 reports (B200 / SM100), from the PR's description, 'API and compatibility impact' and 'Testing':
quoted in the book as "reported", never as measured here; data/pr426_reported.toml is the only place it lives."""


# ------------------------------------------------------------------------------------- upstream variants

_RELEASE_RE = re.compile(r"^\d+\.\d+\.\d+$")
_UPSTREAM_VARIANT_RE = re.compile(
    r"^(?:release-(?P<release>\d+\.\d+\.\d+)|(?P<changed>\d+\.\d+\.\d+)-(?P<change>[a-z0-9-]+(?:\+[a-z0-9-]+)*))$")
UPSTREAM_CHANGES = {
    "fix-reverted": ("revert_fix", "with the PR #426 fix reverted by a source transform (SM100 kernel)"),
    "k-consumed-all": ("k_consumed_all_threads", "with every compute thread arriving on K_CONSUMED (count 2 -> 256) "
                       "by a source transform (SM90 kernel)"),
    "dk-staging-barriers": ("dk_staging_barriers", "with the dK staging buffer's two warpgroup barriers of "
                            "cudnn-frontend #1049 added by a source transform (SM90 kernel)"),
}
UPSTREAM_PAD_BYTES = tuple(range(16, 241, 16))
"""The code offsets a variant can carry ("padN", 16-byte no-ops at the kernel's entry: transforms.pad_kernel_entry),
so every later instruction lands N bytes on; up to 240: each alignment below 128, and again 128 bytes on."""
UPSTREAM_CHANGES.update({f"pad{n}": (f"pad_entry_{n}", f"with its code moved {n} bytes by no-ops at the kernel's "
                                                       f"entry (a source transform)") for n in UPSTREAM_PAD_BYTES})
"""The source changes a variant name can carry: suffix -> (transform of racelab.toolchain.transforms, what it does).
A code offset ("padN") comes last and at most once."""
UNPATCHED_RELEASE = "1.26.0"
"""The last nvidia-cudnn-frontend release with the elected W_LOADED arrive (init count 1)."""
PATCHED_RELEASE = "1.27.0"
"""The first release carrying PR #426's fix (all 32 lanes arrive, init count 32)."""
RELEASE_DSL = {"1.26.0": "4.5.0", "1.32.0": "4.8.1"}
"""The CuTe DSL version a release pins where it is not the one this project's venv installs."""


@dataclass(frozen=True)
class UpstreamVariant:
    """A named source of an upstream indexer-backward kernel: ``release-X.Y.Z`` (the release as it ships) or
    ``X.Y.Z-<change>`` (release X.Y.Z changed by a source transform, UPSTREAM_CHANGES): ``fix-reverted``
    undoes PR #426 in the SM100 kernel; ``k-consumed-all`` makes every compute thread of the SM90 kernel
    arrive on K_CONSUMED."""

    name: str
    release: str
    fix_reverted: bool
    description: str
    change: str | None = None  # a key of UPSTREAM_CHANGES

    @property
    def transforms(self) -> tuple[str, ...]:
        """The source transforms of racelab.toolchain.transforms that make this variant, in order."""
        return tuple(UPSTREAM_CHANGES[c][0] for c in self.change.split("+")) if self.change else ()

    @property
    def transform(self) -> str | None:
        """The transforms as one name ("a+b"), None for a release as shipped."""
        return "+".join(self.transforms) or None

    @property
    def pad_bytes(self) -> int:
        """How far the variant's code offset ("padN") moves the kernel's code: 0 without one."""
        last = (self.change or "").split("+")[-1]
        return int(last[3:]) if last.startswith("pad") and last in UPSTREAM_CHANGES else 0

    @property
    def unpadded(self) -> str:
        """The variant's name without its code offset: "1.27.0-pad16" -> "release-1.27.0"."""
        if not self.pad_bytes:
            return self.name
        rest = self.change.split("+")[:-1]
        return f"{self.release}-{'+'.join(rest)}" if rest else f"release-{self.release}"

    def padded(self, pad_bytes: int) -> str:
        """This variant moved by `pad_bytes` (0 or one of UPSTREAM_PAD_BYTES): "release-1.27.0" -> "1.27.0-pad16"."""
        base = UpstreamVariant.parse(self.unpadded)
        if not pad_bytes:
            return base.name
        if pad_bytes not in UPSTREAM_PAD_BYTES:
            raise VocabError(f"no code offset of {pad_bytes} bytes; one of {UPSTREAM_PAD_BYTES}")
        return f"{base.release}-{'+'.join(((base.change,) if base.change else ()) + (f'pad{pad_bytes}',))}"

    @property
    def arrive(self) -> ArriveMode:
        """How the variant's SM100 load warp arrives on W_LOADED (releases before 1.27.0 and reverted fixes: elected)."""
        patched = tuple(map(int, self.release.split("."))) >= tuple(map(int, PATCHED_RELEASE.split(".")))
        return ArriveMode.ALL_LANES if patched and not self.fix_reverted else ArriveMode.ELECTED

    @property
    def dsl(self) -> str | None:
        """The CuTe DSL this variant's release pins, None for the venv's own."""
        return RELEASE_DSL.get(self.release)

    @classmethod
    def parse(cls, value) -> "UpstreamVariant":
        """``release-X.Y.Z`` or ``X.Y.Z-<change>``; a role ("unpatched", ...) is :meth:`of_role`'s."""
        if isinstance(value, cls):
            return value
        text = "" if value is None else str(value)
        m = _UPSTREAM_VARIANT_RE.match(text)
        if not m:
            hint = f"; {value!r} is a role: UpstreamVariant.of_role" if text in UPSTREAM_ROLES else ""
            raise VocabError(f"unknown variant {value!r}: expected 'release-X.Y.Z' (e.g. release-1.26.0) "
                             f"or 'X.Y.Z-CHANGE' with CHANGE one of {', '.join(UPSTREAM_CHANGES)} "
                             f"(e.g. 1.27.0-fix-reverted){hint}")
        if m["release"]:
            rel = m["release"]
            desc = {UNPATCHED_RELEASE: "unpatched: elected arrive, init count 1",
                    PATCHED_RELEASE: "patched (PR #426): all 32 lanes arrive, init count 32"}.get(
                        rel, f"release {rel} as shipped")
            return cls(text, rel, False, desc)
        rel, change = m["changed"], m["change"]
        parts = change.split("+")
        unknown = [c for c in parts if c not in UPSTREAM_CHANGES]
        if unknown or len(set(parts)) != len(parts):
            raise VocabError(f"unknown variant {value!r}: CHANGE must be one or more of {', '.join(UPSTREAM_CHANGES)} "
                             f"joined by '+', each once")
        if any(c.startswith("pad") for c in parts[:-1]):
            raise VocabError(f"variant {value!r}: a code offset (padN) comes last and at most once")
        what = " and ".join(UPSTREAM_CHANGES[c][1].removeprefix("with ") for c in parts)
        return cls(text, rel, "fix-reverted" in parts, f"release {rel} with {what}", change)

    @classmethod
    def of_role(cls, role: str) -> "UpstreamVariant":
        """The variant that plays ``role`` (a key of UPSTREAM_ROLES: "unpatched", "patched", "fix-reverted")."""
        if role not in UPSTREAM_ROLES:
            raise VocabError(f"unknown upstream role {role!r}; one of {', '.join(UPSTREAM_ROLES)}")
        return cls.parse(UPSTREAM_ROLES[role])


UPSTREAM_ROLES = {"unpatched": f"release-{UNPATCHED_RELEASE}", "patched": f"release-{PATCHED_RELEASE}",
                  "fix-reverted": f"{PATCHED_RELEASE}-fix-reverted"}
"""The three roles an upstream kernel plays in the book: the bug as shipped, the fix as shipped, and the fix
undone in code (which differs from "patched" in the fix alone: same release, same DSL)."""


def check_release(release: str) -> str:
    """``release`` if it is a version like 1.26.0, else VocabError."""
    if not _RELEASE_RE.match(release or ""):
        raise VocabError(f"release {release!r} is not a version like 1.26.0")
    return release


# ------------------------------------------------------------------------------------- upstream inputs

BLOCK_I = 128
"""The top-k block of upstream's indexer backward (its wrapper's default block_I)."""


def check_upstream_shape(shape: UpstreamShape, block_I: int = BLOCK_I) -> None:
    """What the upstream kernels assert (IndexerBackwardSm90/Sm100 constructors), checked before any GPU work."""
    if shape.heads < 64:
        raise VocabError(f"the indexer backward needs heads >= 64, got {shape.heads}")
    if shape.topk % block_I:
        raise VocabError(f"topk ({shape.topk}) must be a multiple of block_I ({block_I})")
    if shape.topk > shape.s_kv:
        raise VocabError(f"topk ({shape.topk}) cannot exceed s_kv ({shape.s_kv}): indices are distinct")


def upstream_input_shapes(shape: UpstreamShape) -> dict:
    """{argument: (dims, dtype)} of what racelab.toolchain.inputs.upstream_inputs returns."""
    b, s_q, s_kv, topk, h, d = shape.b, shape.s_q, shape.s_kv, shape.topk, shape.heads, shape.dim
    return {"index_q": ((b, s_q, h, d), "bfloat16"), "weights": ((b, s_q, h), "bfloat16"),
            "index_k": ((b, s_kv, d), "bfloat16"), "attn_score": ((b, s_q, topk), "float32"),
            "index_score": ((b, s_q, topk), "float32"), "topk_indices": ((b, s_q, topk), "int32"),
            "grad_loss": ((1,), "float32")}


def upstream_wrapper_kwargs(shape: UpstreamShape) -> dict:
    """The wrapper's scalar arguments: sm_scale = dim**-0.5, loss_coeff 1, block_I 128, local top-k ids."""
    return {"sm_scale": shape.dim ** -0.5, "loss_coeff": 1.0, "block_I": BLOCK_I, "topk_indices_global": False}
