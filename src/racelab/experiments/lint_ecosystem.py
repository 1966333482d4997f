"""The recorded run "lint-ecosystem": both lint rules (store-side RAW, load-side WAR; racelab.lint.rules)
over the CuTe DSL kernel libraries people use, each pinned to one version and fetched from the package
index (`racelab lint --ecosystem --record`), and every hit's triage (racelab.lint.triage_ecosystem) as it
stood when the run was made.

A run holds `libraries.json` ({package: {version, wheel, sha256, files, hits, errors, what, role}}),
`triage.json` ({package: [{hit key, triage}, ...]}, one entry per hit, in the order of the hits), `rules.json`
(the rule kinds) and the lint's source files."""

import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from racelab.lint import ast_facts, ast_lint, load_lint, packages, rules, triage_ecosystem
from racelab.vocab import Experiment

EXPERIMENT = Experiment.LINT_ECOSYSTEM.value
COMMAND = "racelab lint --ecosystem --record"


LIBRARY = "library"  # a library swept whole: its hits count towards precision
CHECK = "check"  # chosen files with hazards measured on the hardware: what the rules find there


@dataclass(frozen=True)
class Library:
    """One library the sweep reads: the package on the index, the pinned version, what its CuTe DSL part is."""

    package: str
    version: str
    what: str
    files: tuple[str, ...] = ()  # only these paths of the wheel (a check on known hazards); () for every file
    role: str = LIBRARY

    @property
    def spec(self) -> str:
        return f"{self.package}=={self.version}"


LIBRARIES = (
    Library("flash-attn-4", "4.0.0b36", "FlashAttention-4: attention forward and backward for SM80-SM120 "
                                        "(flash_attn/cute)"),
    Library("quack-kernels", "0.6.5", "QuACK: GEMMs with epilogues, normalisation, softmax, cross-entropy"),
    Library("flashinfer-python", "0.7.4", "FlashInfer's CuTe DSL kernels: attention, MLA, MoE, GEMM, sparse "
                                          "attention, communication"),
    Library("nvidia-cutlass-operators", "0.3.0", "CUTLASS's CuTe DSL GEMM examples (Hopper, Blackwell), "
                                                 "shipped as the operators' CuTe DSL provider"),
    Library("nvidia-cudnn-frontend", "1.32.0", "the SM90 indexer forward and backward of the newest cuDNN "
                                               "frontend release, where racecheck measured write-after-read hazards",
            files=("cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py",
                   "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"), role=CHECK),
)


def sweep(libraries=LIBRARIES) -> dict[str, dict]:
    """{package: PackageLint dict + what} for each library, both rules."""
    out = {}
    for lib in libraries:
        out[lib.package] = packages.lint_package(lib.spec, only=lib.files).to_dict() | {"what": lib.what,
                                                                                        "role": lib.role}
    return out


def triage_of(data: dict[str, dict]) -> dict[str, list[dict]]:
    """{package: [{key, triage or None}, ...]}: each hit's triage entry, in the order of `data`'s hits."""
    return {pkg: [{"key": list(triage_ecosystem.hit_key(pkg, h)),
                   "triage": (t.to_dict() if (t := triage_ecosystem.triage_for(pkg, h)) else None)}
                  for h in lib["hits"]] for pkg, lib in data.items()}


def record(libraries=LIBRARIES, command=None):
    """Lint every library and record run 'lint-ecosystem'."""
    from racelab.core import store
    data = sweep(libraries)
    with store.new_run(EXPERIMENT, command=command if command is not None else sys.argv) as run:
        run.write_json("libraries.json", data)
        run.write_json("triage.json", triage_of(data))
        run.write_json("rules.json", [asdict(r) | {"walker": r.walker.__qualname__} for r in rules.RULES.values()])
        for module in (ast_facts, ast_lint, load_lint, rules, packages, triage_ecosystem):
            run.write_text(Path(module.__file__).name, Path(module.__file__).read_text())
        run.extra["lint_libraries"] = [lib.spec for lib in libraries]
    return run.recorded


def recorded():
    """The newest recorded run. The sweep needs the package index, so the book replays it: a CPU-only
    experiment read straight from the store, not through choosing.choose (which runs CPU work live)."""
    from racelab.core import store
    return store.newest(EXPERIMENT, gpu="cpu")
