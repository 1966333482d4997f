"""The calibration repro: named variants of a one-warp shared-memory handoff through an mbarrier,
built for sm_90a and sm_100a, disassembled, and (where a GPU is present) run plainly and under
compute-sanitizer racecheck. One recorded run holds everything a chapter needs to replay."""

import json
import sys
import tempfile
from pathlib import Path

from racelab.core import files, proc, store
from racelab.core.paths import cache_dir, kernels_dir
from racelab.readers import racecheck_log, sass
from racelab.readers.racecheck_log import ranges_text
from racelab.toolchain import nvidia, sanitizer
from racelab.vocab import CalibrationVariant, Experiment

EXPERIMENT = Experiment.CALIBRATION.value
SOURCE = "calibration/mbar_calib.cu"
ARCHS = ("sm_90a", "sm_100a")
REPORT_MODES = ("hazard", "analysis")
RUN_TIMEOUT_S = 120.0
Variant = CalibrationVariant


class CalibrationError(RuntimeError):
    pass


class Absent(CalibrationError):
    """The GPU, the sanitizer or nvcc that was asked for is not here."""


def source_path() -> Path:
    return kernels_dir() / SOURCE


def build(variant: Variant, arch: str, kind: str = "cubin", outdir: Path | None = None) -> Path:
    """Compile one variant to a cubin or an executable; cached by source content, variant and arch."""
    if arch not in ARCHS:
        raise CalibrationError(f"unknown arch {arch!r}; one of {ARCHS}")
    src = source_path()
    outdir = Path(outdir) if outdir else cache_dir() / "calibration" / files.sha256(src)[:12]
    outdir.mkdir(parents=True, exist_ok=True)
    out = outdir / f"mbar_calib_{variant.name}_{arch}{'.cubin' if kind == 'cubin' else ''}"
    if out.exists():
        return out
    try:
        return nvidia.compile_cu(src, out, arch=arch, kind="cubin" if kind == "cubin" else "exe",
                                 defines={"CALIB_VARIANT": variant.number})
    except nvidia.ToolMissing as err:
        raise Absent(f"the calibration kernels need the CUDA toolkit's nvcc: {err}") from err
    except nvidia.ToolError as err:
        raise CalibrationError(str(err)) from err


def disassemble(cubin: Path) -> str:
    """The code sections of a cubin, disassembled (:func:`racelab.toolchain.nvidia.disassemble`)."""
    try:
        return nvidia.disassemble(cubin, code_only=True)
    except nvidia.ToolMissing as err:
        raise Absent(str(err)) from err
    except nvidia.ToolError as err:
        raise CalibrationError(str(err)) from err


def site(text: str, what: str = "the calibration kernel") -> sass.ArriveSite:
    """The only arrive of a one-barrier kernel's listing (:func:`racelab.readers.sass.find_arrive_site`)."""
    try:
        return sass.find_arrive_site(sass.parse(text), None, what=what)
    except sass.SassError as err:
        raise CalibrationError(str(err)) from err


def sass_before_arrive(text: str) -> dict:
    """The barrier, fence and election instructions between the last STS and the SYNCS.ARRIVE of a
    one-barrier kernel's listing, and whether the arrive is predicated.

    Where the arrive's straight-line code holds no STS (V6: a named barrier starts a new stream; V7: lane 0
    spins on the other lanes' flags before it arrives), the instructions are taken in address order from the
    producer's first STS after the kernel's last CTA barrier (`BAR.SYNC ... 0x0`) to the arrive, and
    `"address_order": True` says so."""
    found = site(text)
    if found.last_store is not None:
        return {"arrive": found.arrive.text, "predicated": found.predicated,
                "between": list(sass.ordering_before_arrive(found)), "address_order": False}
    insns = [i for i in sass.parse(text).function(found.function) if i.address < found.arrive.address]
    cta_barriers = [k for k, i in enumerate(insns) if i.base == "BAR" and i.text.rstrip(" ;").endswith("0x0")]
    first = next((k for k in range(cta_barriers[-1] if cta_barriers else 0, len(insns)) if insns[k].base == "STS"
                  and k > (cta_barriers[-1] if cta_barriers else -1)), None)
    if first is None:
        raise CalibrationError(f"no STS before the arrive in {found.function}")
    between = [i.opcode for i in insns[first + 1:] if i.opcode.startswith(sass.ORDERING)]
    return {"arrive": found.arrive.text, "predicated": found.predicated, "between": between,
            "address_order": True}


def built_site(variant: Variant | str, arch: str) -> sass.ArriveSite:
    """The arrive site of a variant built here with nvcc."""
    variant = Variant[variant] if isinstance(variant, str) else variant
    return site(disassemble(build(variant, arch)), f"calibration {variant.name} {arch}")


def recorded_site(run, variant: Variant | str, arch: str) -> sass.ArriveSite:
    """The arrive site of a variant in a recorded run's disassembly."""
    name = variant if isinstance(variant, str) else variant.name
    return site(run.read_text(f"sass-{name}-{arch}.txt"), f"{name} {arch}")


def sass_table(archs=ARCHS) -> list[dict]:
    """Build and disassemble every variant here (no GPU needed)."""
    rows = []
    for variant in Variant:
        for arch in archs:
            rows.append({"variant": variant.name, "arch": arch,
                         **sass_before_arrive(disassemble(build(variant, arch)))})
    return rows


# ---------------------------------------------------------------- recording (needs a GPU)

def require_gpu() -> dict:
    try:
        return sanitizer.preflight()
    except sanitizer.RacecheckError as err:
        raise Absent(str(err)) from err


def record(timeout: float = RUN_TIMEOUT_S, archs_for_sass=ARCHS, python_host: bool = True, log=print):
    """On a GPU: build each variant for this GPU, run it, run it under racecheck in both report
    modes (the sanitizer's own log, apart from the program's output), disassemble for every arch, and
    record all of it as one run."""
    gpu = require_gpu()
    arch = f"sm_{gpu['sm']}a"
    if arch not in ARCHS:
        raise Absent(f"this GPU is {arch}; the calibration runs on {ARCHS}")
    summary = {"arch_run": arch, "variants": {}}
    with store.new_run(EXPERIMENT, command=sys.argv) as run, tempfile.TemporaryDirectory() as tmp:
        run.add_file("mbar_calib.cu", source_path())
        for variant in Variant:
            exe = build(variant, arch, kind="exe", outdir=Path(tmp))
            plain = proc.run([exe, "7"], timeout_s=timeout)
            entry = {"description": variant.description, "arrive_count": variant.arrive_count,
                     "plain": {"returncode": plain.returncode, "timed_out": plain.timed_out,
                               "seconds": round(plain.wall_s, 3)},
                     "output": plain.stdout.strip(), "stderr": plain.stderr.strip()}
            for mode in REPORT_MODES:
                entry[mode] = _racecheck(run, [exe, "7"], mode, f"racecheck-{mode}-{variant.name}.log",
                                         [f"mbar_calib_{variant.name}", "7"], timeout)
                log(f"{variant.name} {mode}: rc={entry[mode]['returncode']} {entry[mode]['seconds']}s")
            for sass_arch in archs_for_sass:
                run.write_text(f"sass-{variant.name}-{sass_arch}.txt",
                               disassemble(build(variant, sass_arch, outdir=Path(tmp))), compress=True)
            summary["variants"][variant.name] = entry
        if python_host:
            summary["python_host"] = _python_host_log(run, arch, tmp, timeout)
        run.write_json("summary.json", summary)
    log(f"recorded {run.final_path}")
    return run.recorded


def failures(recorded) -> list[str]:
    """The variants of a recorded run that failed: a plain run that exited non-zero (the program exits 1 when a
    value read back is wrong) or timed out, or a racecheck run that did not finish."""
    out = []
    for name, entry in recorded.read_json("summary.json")["variants"].items():
        for what in ("plain", *REPORT_MODES):
            r = entry[what]
            if r["timed_out"] or r["returncode"] != 0:
                out.append(f"{name} {what}: " + ("timed out" if r["timed_out"] else f"exit {r['returncode']}"))
    return out


def _racecheck(run, cmd, mode: str, name: str, shown: list[str], timeout: float) -> dict:
    """One racecheck run: its log (the sanitizer's, from --log-file) stored as `name`.xz, and what happened."""
    res = sanitizer.run_racecheck(cmd, report=mode, timeout_s=timeout, print_limit=0)
    run.write_bytes(name, res.log, compress=True)
    return {"log": name + ".xz", "returncode": res.returncode, "timed_out": res.timed_out,
            "seconds": round(res.wall_s, 3), "program_output": res.stdout.strip(), "notes": res.notes,
            "command": " ".join(sanitizer.sanitizer_command(shown, mode, 0, name))}


_PY_LAUNCHER = r"""
import sys, numpy as np, cupy as cp
mod = cp.RawModule(path=sys.argv[1])
kernel = mod.get_function("_Z19calibration_handoffPKfPf")
x = cp.asarray(np.linspace(1, 2, 32, dtype=np.float32)); y = cp.full(32, np.nan, dtype=cp.float32)
kernel((1,), (64,), (x, y)); cp.cuda.runtime.deviceSynchronize()
print("wrong", int((y != x).sum()))
"""


def _python_host_log(run, arch, tmp, timeout):
    """V0 launched from Python (CuPy), so the log carries Python host frames: a parser test case."""
    try:
        import cupy  # noqa: F401
    except ImportError:
        return {"skipped": "cupy not installed"}
    script = Path(tmp) / "launch_v0.py"
    script.write_text(_PY_LAUNCHER)
    cubin = build(Variant.V0, arch, outdir=Path(tmp))
    name = "racecheck-hazard-V0-python-host.log"
    entry = _racecheck(run, [sys.executable, script, cubin], "hazard", name, ["python", "launch_v0.py", "V0.cubin"],
                       timeout)
    return {**entry, "launcher": _PY_LAUNCHER}


# ---------------------------------------------------------------- replaying a recorded run

def _parse_log(run, name: str):
    with run.open_stream(name) as stream:
        return racecheck_log.parse(stream)


def table(run):
    """One row per variant from a recorded run: what the SASS has before the arrive, what racecheck says."""
    import pandas as pd
    summary = run.read_json("summary.json")
    rows = []
    for variant in (v for v in Variant if v.name in summary["variants"]):  # runs before V6 and V7 lack them
        entry = summary["variants"][variant.name]
        hazard = _parse_log(run, entry["hazard"]["log"])
        analysis = _parse_log(run, entry["analysis"]["log"])
        per_writer = sorted(set(hazard.bytes_per_writer.values()))
        before = {arch: "; ".join(sass_before_arrive(run.read_text(f"sass-{variant.name}-{arch}.txt"))["between"])
                  or "nothing" for arch in ARCHS}
        output = json.loads(entry["output"]) if entry["output"].startswith("{") else {"wrong": None}
        if hazard.records != hazard.summary["hazards"]:
            raise CalibrationError(f"{variant.name}: {hazard.records} records but the summary says "
                                   f"{hazard.summary['hazards']}")
        rows.append({
            "variant": variant.name,
            "warp 0 before the signal": variant.description,
            "arrive count": variant.arrive_count,
            "SASS before the arrive": before["sm_90a"] if before["sm_90a"] == before["sm_100a"]
            else f"sm_90a: {before['sm_90a']}; sm_100a: {before['sm_100a']}",
            "sm_90a": before["sm_90a"],
            "sm_100a": before["sm_100a"],
            "hazards": hazard.summary["hazards"],
            "analysis reports": analysis.summary["errors"] + analysis.summary["warnings"],
            "writer lanes": _writer_lanes(hazard.writer_threads),
            "bytes per writer lane": ", ".join(map(str, per_writer)) or "–",
            "wrong values read": output.get("wrong"),
        })
    return pd.DataFrame(rows).set_index("variant")


def _writer_lanes(writer_threads) -> str:
    """[1, 2, ..., 31] -> '1–31' (runs of three or more joined); none -> '–'."""
    lanes = sorted(int(t) for t in writer_threads)
    return ranges_text(lanes, dash="–", min_run=3) if lanes else "–"


FENCE_VARIANTS, FENCE_ARCHS = ("V0", "V3", "V4"), ("sm_90a", "sm_100a")


def fence_sites(run=None, variants=FENCE_VARIANTS, archs=FENCE_ARCHS) -> tuple[str, dict]:
    """(where they come from, {(variant, arch): arrive site}): built here with nvcc when it is installed,
    else read from `run` (default: the newest recorded calibration run)."""
    import shutil

    if shutil.which("nvcc"):
        return "built here with nvcc", {(v, a): built_site(v, a) for v in variants for a in archs}
    from racelab.core import store

    run = run or store.newest("calibration", gpu="any-gpu")
    return (f"from recorded run {run.id} ({run.manifest_hash[:16]})",
            {(v, a): recorded_site(run, v, a) for v in variants for a in archs})


def fence_sites_frame(sites: dict):
    """One row per variant and architecture: the init count and what sits between the last store and the arrive."""
    import pandas as pd

    return pd.DataFrame([{"variant": v, "arch": a, "init count": s.init_count,
                          "last STS → arrive": " ; ".join(i.text for i in s.before_arrive)}
                         for (v, a), s in sites.items()]).set_index(["variant", "arch"])

