"""The project's nouns, each defined once: the warp, the two ways of arriving on W_LOADED, the calibration
variants, the experiments recorded in `results/`, the shapes PR #426 measured and the figures it reports.

Everything here is data and small pure helpers; it imports nothing of racelab, so kernels may import it."""

import enum
from dataclasses import dataclass

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


# ------------------------------------------------------------------------------------- calibration


class CalibrationVariant(enum.Enum):
    """What warp 0 of the calibration repro does between its shared stores and the mbarrier signal."""

    V0 = (0, "lane 0 arrives")
    V1 = (1, "__syncwarp(); lane 0 arrives")
    V2 = (2, "all 32 lanes arrive (the fix)")
    V3 = (3, "fence.proxy.async; lane 0 arrives (the real kernel)")
    V4 = (4, "fence.acq_rel; lane 0 arrives")
    V5 = (5, "fence.acq_rel; __syncwarp(); lane 0 arrives")

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
    TWIN_TIMING = "twin-timing"
    TWIN_TIMING_NULL = "twin-timing-null"
    SM90_NUMERICS = "sm90-numerics"
    LITMUS = "litmus"
    LINT_RELEASES = "lint-releases"
    K_TAIL_PROBE = "k-tail-probe"
    FWD_RACECHECK = "fwd-racecheck"
    SM100_RACECHECK = "sm100-racecheck"
    SM100_TIMING = "sm100-timing"
    RACECHECK = "racecheck"  # `racelab racecheck record` of any command

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

# What PR #426 reports (B200 / SM100). Quoted in the book as "reported", never as measured here; the only
# place these figures live. Sources: the PR's description, 'API and compatibility impact' and 'Testing'.
PR_URL = "https://github.com/NVIDIA/cudnn-frontend/pull/426"
PR_REPORTED = {
    "source": "NVIDIA/cudnn-frontend PR #426, 'Fix a latent SMEM handoff race in the SM100 DSA indexer "
              "backward kernel' (description, 'API and compatibility impact' and 'Testing')",
    "gpu": "B200 (SM100)",
    "environment": "B200 (SM100), CUDA 13.3, compute-sanitizer 2026.2.0.0, nvidia-cutlass-dsl 4.6.1",
    "method": "paired fresh processes, 16 pairs per shape, 200 profiled launches per run; "
              "Student-t 95% CI on paired deltas",
    "timing": {
        "topk128": {"shape": "topk=128 (1 CTA)", "kernel": "kernel_gemm", "delta_pct": -0.014, "ci95_pct": 0.017,
                    "pairs": 16},
        "b3-sq64-skv2048-topk512": {"shape": "b=3, s_q=64, s_kv=2048, topk=512", "kernel": "kernel_gemm",
                                    "delta_pct": 0.218, "ci95_pct": 0.016, "pairs": 16,
                                    "delta_ns": 74.0, "kernel_us": 34.1},
        "b3-sq64-skv2048-topk512-swapped": {"shape": "b=3, s_q=64, s_kv=2048, topk=512, order swapped",
                                            "kernel": "kernel_gemm", "delta_pct": 0.204, "ci95_pct": 0.017,
                                            "pairs": 8},
        "control": {"kernel": "ScoreGrad", "abs_delta_pct_max": 0.03},
    },
    "numerics": {
        "shape": "b=3, s_q=64, s_kv=2048, topk=512",
        "replays": 30,
        "d_index_q_d_weights": "byte-identical unpatched vs patched; sha256 stable 30/30 replays per side",
        "d_index_k_max_rel_dev": {"unpatched": 4.0e-6, "patched": 4.1e-6},
    },
    # racecheck; the 1-CTA analysis-mode count is not given, only "a few"
    "racecheck": (
        {"shape": "one-cta", "report": "hazard", "what": "byte hazards (--racecheck-report hazard)",
         "unpatched": 620, "patched": 0},
        {"shape": "512-cta", "report": "analysis", "what": "error reports (default analysis mode)",
         "unpatched": 12, "patched": 0},
        {"shape": "multi-block", "report": "analysis", "what": "error reports (default analysis mode)",
         "unpatched": 18, "patched": 0},
    ),
}
