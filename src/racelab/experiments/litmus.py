"""The message-passing litmus test of the handoff on the hardware (kernels/litmus/mp_mbarrier.cu): build
it with nvcc, disassemble it, run it once per calibration variant on an sm_90 GPU, record one ``litmus``
run, and read a recorded run back as a table next to what the happens-before model promises."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pandas as pd

from racelab.core import proc, store
from racelab.core.paths import cache_dir, kernels_dir
from racelab.model.happens_before import analyze
from racelab.model.programs import calibration
from racelab.toolchain import nvidia
from racelab.vocab import WARP_SIZE, CalibrationVariant, Experiment

EXPERIMENT = Experiment.LITMUS
SOURCE = Path("litmus") / "mp_mbarrier.cu"  # under kernels/
# label -> (variant, extra arguments); the kernel implements the calibration variants V0-V5.
# "V0-lane0-skew" replaces elect.sync with `if (lane == 0)` and delays lanes 1-31 before their stores; the
# warp still reconverges before the stores. "V0-diverge" puts lane 0's stores and arrive on one side of a
# branch and lanes 1-31's delayed stores on the other, with no reconvergence before the arrive.
# "V0-diverge-forced" is the positive control: lanes 1-31 store only after lane 0 has arrived.
LITMUS_VARIANTS = tuple(v for v in CalibrationVariant if v.number <= 5)
CONFIGS = {
    **{v.name: (v.name, ()) for v in LITMUS_VARIANTS},
    "V0-lane0-skew": ("V0", ("--leader", "lane0", "--skew", "2000")),
    "V0-diverge": ("V0", ("--leader", "diverge", "--skew", "2000")),
    "V0-diverge-forced": ("V0", ("--leader", "diverge-forced")),
}
# Configurations whose lanes 1-31 can store after lane 0's arrive: the memory model allows stale reads of their
# words there, and the test is built to see them. The others reconverge before the stores.
OPEN_WINDOW = ("V0-diverge", "V0-diverge-forced")
CONTROLS = ("V0-diverge-forced",)  # lanes 1-31 store only after the arrive: stale reads test the detector
# The converged configurations: the warp reconverges before the stores, as the compiler emits the handoff.
CONVERGED = tuple(c for c in CONFIGS if c not in OPEN_WINDOW)


def converged_rows(table):
    """The rows of a litmus table (`table`) of the converged configurations (CONVERGED) it holds."""
    return table[table.index.isin(CONVERGED)]


def leader_of(config: str) -> str:
    """The configuration's leader: "elect" (elect.sync, the default), "lane0", "diverge", "diverge-forced"."""
    args = CONFIGS[config][1]
    return args[args.index("--leader") + 1] if "--leader" in args else "elect"


def other_lanes_reads(reads_checked: int) -> int:
    """Of a run's reads (each trial reads every word once), those of lanes 1-31's words: 31 of 32."""
    return reads_checked * (WARP_SIZE - 1) // WARP_SIZE
# The binary's exit codes: 0 finished; 3 finished, but some CTA hit the wait time limit (recorded).
RUN_OK_CODES = (0, 3)


class LitmusRunError(RuntimeError):
    """The litmus binary failed to build or to run."""


def source_path() -> Path:
    return kernels_dir() / SOURCE


def command(arch: str = "sm_90a") -> str:
    """The one command to run on the GPU machine: builds, runs every variant, records a run."""
    return f"racelab model litmus --run --arch {arch}"


def build(arch: str = "sm_90a", out_dir: Path | None = None) -> tuple[Path, str]:
    """Compile the litmus binary and its cubin (same flags); returns (binary, build log). A missing nvcc
    raises :class:`racelab.toolchain.nvidia.ToolMissing`."""
    src = source_path()
    out_dir = Path(out_dir) if out_dir else cache_dir() / "litmus"
    out_dir.mkdir(parents=True, exist_ok=True)
    nvcc = str(nvidia.nvcc_path())
    binary = out_dir / f"mp_mbarrier-{arch}"
    flags = ["-O3", "-std=c++17", f"-arch={arch}", "-lineinfo"]
    log = []
    for cmd in ([nvcc, *flags, "-o", str(binary), str(src)],
                [nvcc, *flags, "-cubin", "-o", str(binary) + ".cubin", str(src)]):
        done = proc.run(cmd, timeout_s=nvidia.NVCC_TIMEOUT_S)
        log.append("$ " + " ".join(cmd) + "\n" + done.stdout + done.stderr)
        if not done.ok:
            raise LitmusRunError("litmus build failed:\n" + "\n".join(log)
                              + ("\n" + done.timeout_note() if done.timed_out else ""))
    return binary, "\n".join(log)


def disassemble(cubin: Path) -> str:
    """The cubin's code sections as nvdisasm lists them (as for every other recorded run); "" where no
    nvdisasm is installed. A failing nvdisasm raises :class:`racelab.toolchain.nvidia.ToolError`."""
    try:
        return nvidia.disassemble(cubin, code_only=True)
    except nvidia.ToolMissing:
        return ""


def run(configs: dict[str, tuple[str, tuple[str, ...]]] | None = None, trials: int = 300_000_000,
        seconds: float = 6.0, arch: str = "sm_90a", binary: Path | None = None) -> list[dict]:
    """Run the litmus binary once per configuration (each bounded by `seconds`); one dict per run."""
    configs = CONFIGS if configs is None else configs
    binary = binary or build(arch)[0]
    results = []
    for label, (variant, extra) in configs.items():
        cmd = [str(binary), "--variant", variant, "--trials", str(trials), "--seconds", str(seconds), *extra]
        done = proc.run(cmd, timeout_s=seconds * 4 + 60)
        if done.timed_out:
            raise LitmusRunError(f"litmus {label}: {done.timeout_note()}")
        if done.returncode not in RUN_OK_CODES:
            raise LitmusRunError(f"litmus {label} failed ({done.returncode}): {done.stderr.strip()}")
        result = json.loads(done.stdout.strip().splitlines()[-1])
        result.update(config=label, command=cmd[1:], returncode=done.returncode)
        results.append(result)
    return results


def record(configs: dict[str, tuple[str, tuple[str, ...]]] | None = None, trials: int = 300_000_000,
           seconds: float = 6.0, arch: str = "sm_90a") -> store.RecordedRun:
    """On an sm_90 GPU: build, disassemble, run every configuration (about 50 s in all) and record it
    as one ``litmus`` run (source, build log, SASS, one JSON per configuration, summary.json)."""
    started = time.monotonic()
    binary, build_log = build(arch)
    sass = disassemble(Path(str(binary) + ".cubin"))
    results = run(configs, trials, seconds, arch, binary)
    cmd = ["racelab", "model", "litmus", "--run", "--arch", arch, "--trials", str(trials), "--seconds", str(seconds)]
    with store.new_run(EXPERIMENT, command=cmd) as new:
        new.add_file("mp_mbarrier.cu", source_path())
        new.write_text("build.log", build_log)
        if sass:
            new.write_text("mp_mbarrier.sass", sass, compress=True)
        for result in results:
            new.write_json(f"result-{result['config']}.json", result)
        new.write_json("summary.json", {"kernel": "mp_mbarrier", "arch": arch, "results": results,
                                        "wall_s": round(time.monotonic() - started, 3)})
    return new.recorded


def stale_reads(rec: store.RecordedRun, configs=None) -> int:
    """Stale reads summed over `configs` (default: every configuration whose warp reconverges before the
    stores, i.e. all but OPEN_WINDOW; 0 there means the hardware did not show the race in that code)."""
    results = rec.read_json("summary.json")["results"]
    wanted = set(configs) if configs is not None else {r["config"] for r in results} - set(OPEN_WINDOW)
    return sum(r["stale_reads"] for r in results if r["config"] in wanted)


def unexpected(rec: store.RecordedRun) -> list[str]:
    """What in a recorded run the model does not allow or the design did not intend: a stale read of the
    elected lane's own words (its release covers them), a stale read where every lane arrives (V2), an
    open-window configuration that saw no stale read (the detector, or the window, failed), or a timeout.
    Stale reads of lanes 1-31's words in a reconverged configuration would be a finding, listed too."""
    problems = []
    for r in rec.read_json("summary.json")["results"]:
        name = r["config"]
        if r["stale_reads_leader_words"]:
            problems.append(f"{name}: {r['stale_reads_leader_words']} stale reads of the elected lane's words")
        if r["variant"] == "V2" and r["stale_reads"]:
            problems.append(f"{name}: {r['stale_reads']} stale reads although every lane arrives")
        if name in OPEN_WINDOW and not r["stale_reads"]:
            problems.append(f"{name}: no stale read where lanes 1-31 store after the arrive")
        if name not in OPEN_WINDOW and r["stale_reads"]:
            problems.append(f"{name}: {r['stale_reads']} stale reads in code that reconverges before the stores")
        if r["timeouts"]:
            problems.append(f"{name}: {r['timeouts']} CTAs hit the wait time limit")
    return problems


def table(rec: store.RecordedRun) -> pd.DataFrame:
    """A recorded litmus run as a table, one row per configuration, next to what the model promises."""
    rows = []
    for r in rec.read_json("summary.json")["results"]:
        program = calibration(r["variant"])
        rows.append({"config": r["config"], "leader": r["leader"], "skew cycles": r["skew_cycles"],
                     "trials": r["trials"], "reads checked": r["reads_checked"], "stale reads": r["stale_reads"],
                     "stale reads of the leader's words": r["stale_reads_leader_words"],
                     "timeouts": r["timeouts"], "seconds": r["elapsed_s"],
                     "model: ptx-formal (bytes)": analyze(program, "ptx-formal").unordered_bytes,
                     "model: membar-assumed (bytes)": analyze(program, "membar-assumed").unordered_bytes})
    return pd.DataFrame(rows).set_index("config")


__all__ = ["CONFIGS", "CONTROLS", "EXPERIMENT", "LITMUS_VARIANTS", "OPEN_WINDOW", "unexpected", "LitmusRunError", "build", "command", "disassemble", "record", "run",
           "source_path", "stale_reads", "table"]
