"""What a timing experiment runs: the variants, the shapes, the targets, how many pairs of fresh processes
fit a wall-time budget, and the jobs (process after process) of each comparison in their recorded order."""

import dataclasses
import random
from dataclasses import dataclass

from racelab.experiments.timing.designs import BLOCKS, Design, design_named
from racelab.vocab import PR_TIMING_SHAPES, ArriveMode, Experiment, TwinShape, UpstreamShape
from racelab.vocab import TwinCodeLayout, TwinHandoff, VocabError, parse_kv, twin_variant, twin_variant_name

TWIN_VARIANTS = tuple(mode.value for mode in ArriveMode)  # ("elected", "all-lanes")

TWIN_EXPERIMENT = Experiment.TWIN_TIMING.value
NULL_EXPERIMENT = Experiment.TWIN_TIMING_NULL.value  # many A/A groups: does a 95% interval cover zero 95% of the time?
NULL_MIN_PAIRS = 4  # a null-control group counts towards coverage with this many pairs or more (3 df or more)
INTERLEAVED_EXPERIMENT = Experiment.TWIN_TIMING_INTERLEAVED.value  # A/B, B/A, A/A pairs in one seeded random order
IN_PROCESS_EXPERIMENT = Experiment.TWIN_TIMING_IN_PROCESS.value  # the same, both builds of a pair in one process
VARIANTS_EXPERIMENT = Experiment.TWIN_TIMING_VARIANTS.value  # every way of fixing it and the layout builds, one order
LAYOUTS_EXPERIMENT = Experiment.TWIN_TIMING_LAYOUTS.value  # the fix at every code offset, layout controls, A/A groups
REAL_EXPERIMENT = Experiment.REAL_TIMING.value  # the real kernel (racelab.toolchain.real_kernel), SM100 or SM90
REAL_LAYOUTS_EXPERIMENT = Experiment.REAL_TIMING_LAYOUTS.value  # the same, both variants moved by one offset a run

# Twin shapes: one CTA per H200 SM (132), `work` chosen for a kernel time of about 30 us (the compute
# warpgroup's read loop is latency-bound: topk/128 + 1 chunks of `work` dependent shared loads per thread).
# `record` checks the time in its first processes and rescales `work` when it is outside 15-60 us.
TWIN_SHAPES = (TwinShape(topk=128, heads=64, n_cta=132, work=1024), TwinShape(topk=512, heads=64, n_cta=132, work=384))
TARGET_US = 30.0
TARGET_RANGE_US = (15.0, 60.0)
TARGET_CI_PCT = 0.02   # the precision asked of the method: Student-t 95% half-width, percent
INTERLEAVED_TARGET_CI_PCT = 0.01  # asked of the interleaved run: A/B and B/A Student-t 95% half-widths
TARGET_GPU_S = 300.0   # ... within this much GPU time per shape
REAL_SHAPES = PR_TIMING_SHAPES  # the PR's topk=128 one-CTA shape and its multi-block one
REAL_PAIRS, REAL_LAUNCHES = 16, 200  # PR #426's protocol: 16 pairs per shape, 200 profiled launches per run


@dataclass(frozen=True)
class FwdShape:
    """A call of upstream's SM90 indexer forward (``indexer_fwd``): q (1, s_q, qh, 128), one KV head k
    (1, s_k, 1, 128), weights (1, s_q, qh); every KV position visible. An M tile packs 128 // qh query tokens."""

    precision: str  # "bf16" or "fp8"
    qh: int
    s_q: int
    s_k: int

    KEYS = ("precision", "qh", "s_q", "s_k")
    QH = {"bf16": (16, 32, 64), "fp8": (32, 64)}  # the query heads per KV head each path supports

    def __post_init__(self):
        if self.precision not in self.QH or self.qh not in self.QH[self.precision]:
            raise VocabError(f"{self.precision}: qh must be one of {self.QH.get(self.precision, ())}, not {self.qh}")
        if self.s_q % (128 // self.qh) or self.s_k % 64:
            raise VocabError(f"s_q must be a multiple of {128 // self.qh} (whole M tiles) and s_k of 64")

    label = property(lambda self: f"{self.precision}-qh{self.qh}-sq{self.s_q}-sk{self.s_k}")

    def as_arg(self) -> str:
        return ",".join(f"{k}={getattr(self, k)}" for k in self.KEYS)

    @classmethod
    def parse(cls, text: str) -> "FwdShape":
        parts = dict(p.strip().partition("=")[::2] for p in text.split(",") if p.strip())
        if parts.get("precision") not in cls.QH:
            raise VocabError(f"a forward shape is precision=bf16|fp8,qh=..,s_q=..,s_k=.., not {text!r}")
        rest = ",".join(f"{k}={v}" for k, v in parts.items() if k != "precision")
        return cls(parts["precision"], **parse_kv(rest, cls.KEYS[1:], required=cls.KEYS[1:]))


FWD_EXPERIMENT = Experiment.FWD_TIMING.value  # upstream's SM90 indexer forward, as shipped vs patched
# One wave of 128 CTAs each (an M tile packs 128 // qh query tokens): BF16 with sW, FP8 with sW and sKScale
FWD_SHAPES = (FwdShape("bf16", 64, 256, 8192), FwdShape("fp8", 32, 512, 8192))
FWD_PAIRS = 16

EXPERIMENT_TITLES = {"ab": "A/B", "ba": "B/A (order swapped)", "aa": "A/A (null)", "release": "releases"}

# The variants experiment (design "arms"): each comparison is (B, A), timed as B against A. The handoffs
# against the bug; the layout builds: the elected build moved by 16 bytes against itself, and the fix
# against the bug with the first read loop of both on a 128-byte boundary.
ELECTED, ALL = TwinHandoff.ELECTED.value, TwinHandoff.ALL_LANES.value
ARMS_COMPARISONS = tuple(
    [(h.value, ELECTED) for h in TwinHandoff if h is not TwinHandoff.ELECTED]
    + [(twin_variant_name(ELECTED, TwinCodeLayout.PAD16), ELECTED),
       (twin_variant_name(ALL, TwinCodeLayout.ALIGNED), twin_variant_name(ELECTED, TwinCodeLayout.ALIGNED))])
# The loop trip count swept at topk=128 (TWIN_SHAPES' work=1024 in the middle), measured in every process.
SWEEP_WORK = (256, 4096)
ARMS_SHAPES = (TwinShape(topk=128, heads=64, n_cta=132, work=1024), TwinShape(topk=512, heads=64, n_cta=132, work=384),
               *(TwinShape(topk=128, heads=64, n_cta=132, work=w) for w in SWEEP_WORK))


# The layouts design: the fix against the bug with both builds moved by the same offset, at every 16-byte
# offset below 128 (together they put the read loops at every alignment modulo 128), and two controls of the
# bug against itself moved: by 128 bytes (the same alignment: no layout change) and by 16 bytes (a layout
# change alone).
LAYOUT_OFFSETS = tuple(range(0, 128, 16))
LAYOUT_CONTROLS = (128, 16)


def real_layout_runs(a: str, b: str, offsets: str, seed: int) -> tuple[list[int], list[tuple[str, str]]]:
    """The runs of `racelab timing real --offsets`: the offsets ("0,32,64,96": distinct multiples of 16 below
    128) in an order drawn from `seed`, and for each the two unmoved variants `a`, `b` moved by it
    (vocab.UpstreamVariant.padded). ValueError for anything else."""
    from racelab.vocab import UpstreamVariant

    try:
        got = [int(x) for x in offsets.split(",") if x.strip()]
        base = [UpstreamVariant.parse(v) for v in (a, b)]
    except ValueError:
        got, base = [], []
    if not base or not got or len(set(got)) < len(got) or any(o % 16 or not 0 <= o < 128 for o in got) or any(
            v.pad_bytes for v in base):
        raise ValueError(f"--offsets takes distinct multiples of 16 from 0 to 112, and --a/--b unmoved variants "
                         f"(not {offsets!r}, {a!r}, {b!r})")
    order = random.Random(f"real-layouts:{seed}").sample(got, len(got))
    return order, [(base[0].padded(o), base[1].padded(o)) for o in order]


# The alignments design of the real kernel (`racelab timing real --alignments`): in one run, every pair of every
# comparison in an order drawn from the seed (the arms design, two processes a pair): the fix against the bug with
# both moved by each offset in LAYOUT_OFFSETS; the placebo at each offset, the bug moved 128 bytes further against
# the bug at that offset (the same alignment modulo 128: a null comparison analysed as the fix is); and the bug
# moved 16 bytes against the bug (a layout change alone).
ALIGNMENT_PLACEBO_BYTES, ALIGNMENT_LAYOUT_BYTES = 128, 16
ALIGNMENT_PAIRS, ALIGNMENT_AA_GROUPS, ALIGNMENT_AA_PAIRS = 2, 4, 4  # pairs per order; A/A groups of 4 pairs (3 df)
REAL_ALIGNMENTS_EXPERIMENT = Experiment.REAL_TIMING_ALIGNMENTS.value


def real_alignment_comparisons(bug: str, fix: str, offsets=LAYOUT_OFFSETS) -> tuple:
    """(B, A) of the alignments design for the unmoved upstream variants `bug` and `fix` (the first comparison's
    A, the bug as compiled, gets the A/A pairs); ValueError for a variant that is moved or unknown."""
    from racelab.vocab import UpstreamVariant, VocabError

    try:
        bug_v, fix_v = UpstreamVariant.parse(bug), UpstreamVariant.parse(fix)
    except VocabError as err:
        raise ValueError(str(err)) from err
    if bug_v.pad_bytes or fix_v.pad_bytes or bug_v.name == fix_v.name:
        raise ValueError(f"the alignments design takes two different unmoved variants, not {bug!r} and {fix!r}")
    fixes = [(fix_v.padded(o), bug_v.padded(o)) for o in offsets]
    placebos = [(bug_v.padded(o + ALIGNMENT_PLACEBO_BYTES), bug_v.padded(o)) for o in offsets]
    return tuple(fixes + placebos + [(bug_v.padded(ALIGNMENT_LAYOUT_BYTES), bug_v.name)])


def layout_build(handoff: str, offset: int) -> str:
    """The twin build of `handoff` moved by `offset` bytes: "elected" (0), "all-lanes+pad48"."""
    layout = TwinCodeLayout.shifted(offset)
    return twin_variant_name(handoff, layout)


def layout_comparisons(offsets=LAYOUT_OFFSETS, controls=LAYOUT_CONTROLS) -> tuple:
    """(B, A) of the layouts design: all-lanes against elected at each offset, then elected moved by each
    control offset against elected as compiled. The first comparison's A gets the A/A pairs."""
    fix = [(layout_build(ALL, o), layout_build(ELECTED, o)) for o in offsets]
    return tuple(fix + [(layout_build(ELECTED, c), ELECTED) for c in controls])


def is_twin_variant(text: str) -> bool:
    """Whether `text` names a build of the twin ("elected", "bar-sync", "elected+pad16", ...)."""
    try:
        twin_variant(text)
    except VocabError:
        return False
    return True


def parse_shape(text: str):
    """A TwinShape ('topk=128,heads=64,n_cta=132,work=1024'), an UpstreamShape ('b=3,s_q=64,s_kv=2048,topk=512')
    or a FwdShape ('precision=bf16,qh=64,s_q=256,s_k=8192')."""
    keys = {part.partition("=")[0].strip() for part in text.split(",")}
    if "precision" in keys:
        return FwdShape.parse(text)
    return UpstreamShape.parse(text) if keys & {"b", "s_q", "s_kv"} else TwinShape.parse(text)


KERNELS = ("test", "control")  # the kernel under test (the handoff's kernel) and the control kernel


def csv_name(comparison: str, shape_label: str, kernel: str) -> str:
    """The samples file of one comparison, shape and kernel (one of KERNELS): ab-topk128-...-control.csv."""
    return f"{comparison}-{shape_label}{'-control' if kernel == 'control' else ''}.csv"


# ---------------------------------------------------------------------------------------------------
# How many pairs fit the budget, and a kernel time of tens of microseconds
# ---------------------------------------------------------------------------------------------------

@dataclass
class Plan:
    """How many pairs a run times and how they are ordered (`design`, racelab.experiments.timing.designs; a
    design's name is accepted and looked up)."""

    ab_pairs: int
    ba_pairs: int
    aa_groups: int
    aa_pairs_per_group: int
    per_process_s: float
    budget_s: float
    extra_experiments: int = 0  # further comparisons (SM100: the releases), ab_pairs pairs each (blocks design)
    design: Design = BLOCKS
    comparisons: tuple = ()     # a design by comparisons (arms, layouts): (B, A) of each comparison

    def __post_init__(self):
        self.design = design_named(self.design)

    @property
    def processes(self) -> int:
        return self.design.processes(self)

    def as_dict(self) -> dict:
        """The plan as plan.json keeps it (the design by its name)."""
        return dataclasses.asdict(self) | {"design": self.design.name}


def make_plan(budget_s: float, per_process_s: float, aa_groups: int = 20, max_pairs: int = 32,
              extra_experiments: int = 0) -> Plan:
    """Split `budget_s` of wall time, at `per_process_s` a process, between A/B and B/A (the same number
    of pairs, at most max_pairs) and `aa_groups` independent A/A experiments. A/A groups of 3 pairs while
    A/B keeps at least 12 pairs; else groups of 2 while A/B keeps at least 8; else 8 pairs each and as
    many A/A groups of 2 as fit."""
    if per_process_s <= 0 or budget_s <= 0:
        raise ValueError("budget and per-process time must be positive")
    processes = int(budget_s // per_process_s)
    per_pair_count = 2 * (2 + extra_experiments)  # processes per A/B pair, with its B/A and extra twins
    for k, n_min in ((3, 12), (2, 8)):
        n = min(max_pairs, (processes - 2 * aa_groups * k) // per_pair_count)
        if n >= n_min:
            return Plan(n, n, aa_groups, k, per_process_s, budget_s, extra_experiments)
    n = 8
    groups = max(0, min(aa_groups, (processes - per_pair_count * n) // 4))
    return Plan(n, n, groups, 2, per_process_s, budget_s, extra_experiments)


def rescale_work(shapes, mean_ns: dict, target_us: float = TARGET_US, bounds=TARGET_RANGE_US, max_work: int = 1 << 20):
    """Twin shapes whose kernel time (mean_ns by label) is outside `bounds` get `work` scaled towards
    target_us (the time is about proportional to work); the others are returned unchanged."""
    out = []
    for shape in shapes:
        t_us = mean_ns[shape.label] / 1000.0
        if not hasattr(shape, "work") or bounds[0] <= t_us <= bounds[1]:
            out.append(shape)
            continue
        work = int(max(1, min(max_work, round(shape.work * target_us / t_us))))
        out.append(dataclasses.replace(shape, work=work))
    return out
