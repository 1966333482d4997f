"""The recorded lint run "lint-releases": the AST lint over every nvidia-cudnn-frontend release, and a second
opinion from SASS on the kernels this project can compile without a GPU (`racelab lint --record`).

A run holds `hits.json` ({release: [hit, ...]}), `releases.json`, `sass-second-opinion.json` ({"ok", "rows"}
or the error that stopped it) and the lint's source."""

import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from racelab.lint import ast_facts, ast_lint, releases, sass_scan
from racelab.toolchain import nvidia
from racelab.vocab import ArriveMode, CalibrationVariant, Experiment

EXPERIMENT = Experiment.LINT_RELEASES.value


@dataclass
class Opinion:
    """One kernel seen by both tools."""

    kernel: str
    variant: str
    source: str  # what the AST lint read ("" for CUDA C++, which it cannot read)
    ast_hits: int | None
    ast_reasons: list
    sass_hits: int
    sass_reasons: list
    membar: bool | None  # SASS: a MEMBAR between the last store and the elected arrive
    note: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def _opinion(kernel: str, variant: str, source: str, ast_hits: list | None, listing: str, note: str = "") -> Opinion:
    hits = sass_scan.sass_scan(listing)
    return Opinion(kernel, variant, source, None if ast_hits is None else len(ast_hits),
                   [] if ast_hits is None else sorted({h.reason for h in ast_hits}),
                   len(hits), sorted({h.reason for h in hits}), any(h.membar for h in hits) if hits else None, note)


def _calibration_opinions() -> list[Opinion]:
    from racelab.experiments import calibration
    return [_opinion("calibration (CUDA C++)", f"{v.name}: {v.description}", "", None,
                     nvidia.disassemble(calibration.build(v, "sm_90a"), code_only=True))
            for v in CalibrationVariant]


def second_opinion(upstream_releases=("1.26.0", "1.27.0"), include_upstream: bool = True) -> list[Opinion]:
    """Both tools on the kernels this project can compile without a GPU: the calibration repro (SASS
    only), the SM90 twin and the K-tail probe (both arrive variants), and upstream's SM100 indexer backward
    (`kernel_gemm`, through racelab.toolchain.upstream's cached builds)."""
    from racelab.core.paths import kernels_dir
    from racelab.experiments import k_tail_probe
    from racelab.toolchain.loaders import load_kernel

    out = _calibration_opinions()
    twin_file = kernels_dir() / "handoff_twin_sm90.py"
    twin = load_kernel("handoff_twin_sm90")
    twin_hits = ast_lint.lint_paths([twin_file])  # one source for both variants: const_expr arms of one file
    for mode in ArriveMode:
        listing = sass_scan.listing(twin.compile_only(arrive=mode, keep=True)["cubin"])
        out.append(_opinion("SM90 twin (HandoffTwinSm90)", mode.value, twin_file.name, twin_hits, listing))
    probe_file = k_tail_probe.kernel_file()
    probe_hits = ast_lint.lint_paths([probe_file])
    for mode in ArriveMode:
        out.append(_opinion("K-tail probe (KTailProbeSm90)", k_tail_probe.ARRIVE_LABELS[mode], probe_file.name,
                            probe_hits, k_tail_probe.sass(arrive=mode)))
    if include_upstream:
        from racelab.toolchain import upstream, wheels
        for rel in upstream_releases:
            b = upstream.build(f"release-{rel}")
            src = wheels.module_file(rel, upstream.KERNEL_PATH)
            out.append(_opinion(f"upstream {upstream.KERNEL_CLASS} (kernel_gemm, sm_100a)", f"release {rel}",
                                upstream.KERNEL_PATH, ast_lint.lint_paths([src], wheels.extracted(rel)),
                                nvidia.disassemble(b.cubin), note=f"DSL {b.key.dsl}, {b.key.spec.slug()}"))
    for o in out:
        if o.source and o.variant in ("all-lanes", "all-threads") and o.ast_hits:
            o.note = ("the AST lint reads one source for both variants (the arrive is a const_expr choice), "
                      "so its count is the file's; the SASS is per variant")
    return out


def record(release_list=releases.RELEASES, command=None):
    """Lint every release and record run 'lint-releases' (hits.json: {release: [hit, ...]})."""
    from racelab.core import store
    data = releases.hits_by_release(release_list)
    try:
        opinion = {"ok": True, "rows": [o.to_dict() for o in second_opinion()]}
    except Exception as err:  # no nvcc, no nvdisasm, a failed upstream build: recorded, and said so
        opinion = {"ok": False, "error": f"{type(err).__name__}: {err}", "rows": []}
    with store.new_run(EXPERIMENT, command=command if command is not None else sys.argv) as run:
        run.write_json("hits.json", data)
        run.write_json("releases.json", list(release_list))
        run.write_json("sass-second-opinion.json", opinion)
        for module in (ast_facts, ast_lint):
            run.write_text(Path(module.__file__).name, Path(module.__file__).read_text())
        run.extra["lint_releases"] = list(release_list)
    return run.recorded


def recorded(gpu: str = "cpu"):
    """The newest recorded run (the book's sweep)."""
    from racelab.core import store
    return store.newest(EXPERIMENT, gpu=gpu)
