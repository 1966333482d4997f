"""The calibration repro: six named variants of a one-warp shared-memory handoff through an mbarrier,
built for sm_90a and sm_100a, disassembled, and (where a GPU is present) run plainly and under
compute-sanitizer racecheck. One recorded run holds everything a chapter needs to replay."""

import argparse
import enum
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from racelab.core.paths import cache_dir, kernels_dir

EXPERIMENT = "calibration"
SOURCE = "calibration/mbar_calib.cu"
ARCHS = ("sm_90a", "sm_100a")
REPORT_MODES = ("hazard", "analysis")


class Variant(enum.Enum):
    """What warp 0 does between its shared stores and the mbarrier signal."""

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
    def arrive_count(self) -> int:
        return 32 if self is Variant.V2 else 1


class CalibrationError(RuntimeError):
    pass


def source_path() -> Path:
    return kernels_dir() / SOURCE


def _nvcc() -> str:
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if Path("/usr/local/cuda/bin/nvcc").exists() else None)
    if not nvcc:
        raise CalibrationError("nvcc not found: the calibration kernels need the CUDA toolkit's nvcc")
    return nvcc


def build(variant: Variant, arch: str, kind: str = "cubin", outdir: Path | None = None) -> Path:
    """Compile one variant to a cubin or an executable; cached by source content, variant and arch."""
    if arch not in ARCHS:
        raise CalibrationError(f"unknown arch {arch!r}; one of {ARCHS}")
    import hashlib
    src = source_path()
    digest = hashlib.sha256(src.read_bytes()).hexdigest()[:12]
    outdir = Path(outdir) if outdir else cache_dir() / "calibration" / digest
    outdir.mkdir(parents=True, exist_ok=True)
    out = outdir / f"mbar_calib_{variant.name}_{arch}{'.cubin' if kind == 'cubin' else ''}"
    if out.exists():
        return out
    cmd = [_nvcc(), f"-arch={arch}", f"-DCALIB_VARIANT={variant.number}", "-O3", "-lineinfo",
           "-o", str(out) + ".tmp", str(src)]
    if kind == "cubin":
        cmd.insert(1, "-cubin")
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CalibrationError(f"nvcc failed for {variant.name} {arch}:\n{proc.stderr}")
    os.replace(str(out) + ".tmp", out)
    return out


def disassemble(cubin: Path) -> str:
    """The code sections of a cubin, disassembled (racelab.readers.sass finds nvdisasm)."""
    from racelab.readers import sass
    try:
        return sass.disassemble(cubin, code_only=True)
    except sass.SassError as err:
        raise CalibrationError(str(err)) from err


# opcodes that matter between warp 0's store and its arrive
_BETWEEN = ("MEMBAR", "FENCE", "WARPSYNC", "BAR", "ELECT")


def sass_before_arrive(sass: str) -> dict:
    """The instructions between the last STS and the SYNCS.ARRIVE, and whether the arrive is predicated."""
    lines = [ln.strip() for ln in sass.splitlines() if ln.strip().startswith("/*") and "*/" in ln]
    instrs = []
    for ln in lines:
        body = ln.split("*/", 1)[1].strip().rstrip(";").strip()
        if body:
            instrs.append(body)
    arrive = next((i for i, text in enumerate(instrs) if "SYNCS.ARRIVE" in text), None)
    if arrive is None:
        raise CalibrationError("no SYNCS.ARRIVE in the SASS: not the calibration kernel?")
    store = max((i for i, text in enumerate(instrs[:arrive]) if text.split()[0].lstrip("@!P0123456789U") == "STS"
                 or " STS " in f" {text} "), default=None)
    if store is None:
        raise CalibrationError("no STS before the arrive")
    between = [t for t in instrs[store + 1:arrive] if t.split()[-1 if t.startswith("@") else 0] and
               any(t.split()[1 if t.startswith("@") else 0].startswith(op) for op in _BETWEEN)]
    arrive_text = instrs[arrive]
    return {"arrive": arrive_text, "predicated": arrive_text.startswith("@"),
            "between": [t.split()[1 if t.startswith("@") else 0] for t in between]}


def sass_table(archs=ARCHS) -> list[dict]:
    """Build and disassemble every variant here (no GPU needed)."""
    rows = []
    for variant in Variant:
        for arch in archs:
            site = sass_before_arrive(disassemble(build(variant, arch)))
            rows.append({"variant": variant.name, "arch": arch, **site})
    return rows


# ---------------------------------------------------------------- running (needs a GPU)

def _run(cmd, timeout: float) -> dict:
    """Run in its own process group; on timeout kill the group and say so."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        timed_out = True
    return {"cmd": cmd, "returncode": proc.returncode, "timed_out": timed_out,
            "seconds": round(time.monotonic() - start, 3), "stdout": out, "stderr": err}


def require_gpu() -> dict:
    from racelab.core.provenance import gpus
    devices = gpus()
    if not devices:
        raise CalibrationError("no NVIDIA GPU visible (nvidia-smi found none): replay a recorded run instead")
    if not shutil.which("compute-sanitizer"):
        raise CalibrationError("compute-sanitizer is not on PATH: install the CUDA toolkit's sanitizer")
    return devices[0]


def record(timeout: float = 120.0, archs_for_sass=ARCHS, python_host: bool = True):
    """On a GPU: build each variant for this GPU, run it, run it under racecheck in both report
    modes, disassemble for every arch, and record all of it as one run."""
    from racelab.core import store
    gpu = require_gpu()
    arch = f"sm_{gpu['sm']}a"
    if arch not in ARCHS:
        raise CalibrationError(f"this GPU is {arch}; the calibration runs on {ARCHS}")
    summary = {"arch_run": arch, "variants": {}}
    with store.new_run(EXPERIMENT, command=sys.argv) as run, tempfile.TemporaryDirectory() as tmp:
        run.add_file("mbar_calib.cu", source_path())
        for variant in Variant:
            exe = build(variant, arch, kind="exe", outdir=Path(tmp))
            plain = _run([str(exe), "7"], timeout)
            entry = {"description": variant.description, "arrive_count": variant.arrive_count,
                     "plain": {k: plain[k] for k in ("returncode", "timed_out", "seconds")},
                     "output": plain["stdout"].decode(errors="replace").strip(), "stderr": plain["stderr"].decode(errors="replace").strip()}
            for mode in REPORT_MODES:
                cmd = ["compute-sanitizer", "--tool", "racecheck", "--racecheck-report", mode,
                       "--print-limit", "0", str(exe), "7"]
                res = _run(cmd, timeout)
                name = f"racecheck-{mode}-{variant.name}.log"
                run.write_bytes(name, res["stdout"] + res["stderr"], compress=True)
                entry[mode] = {"log": name + ".xz", "returncode": res["returncode"],
                               "timed_out": res["timed_out"], "seconds": res["seconds"],
                               "command": " ".join(cmd[:-2] + [f"mbar_calib_{variant.name}", "7"])}
                print(f"{variant.name} {mode}: rc={res['returncode']} {res['seconds']}s", flush=True)
            for sass_arch in archs_for_sass:
                run.write_text(f"sass-{variant.name}-{sass_arch}.txt",
                               disassemble(build(variant, sass_arch, outdir=Path(tmp))), compress=True)
            summary["variants"][variant.name] = entry
        if python_host:
            summary["python_host"] = _python_host_log(run, arch, tmp, timeout)
        run.write_json("summary.json", summary)
    print(f"recorded {run.final_path}")
    return run.recorded


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
    cmd = ["compute-sanitizer", "--tool", "racecheck", "--racecheck-report", "hazard", "--print-limit", "0",
           sys.executable, str(script), str(cubin)]
    res = _run(cmd, timeout)
    run.write_bytes("racecheck-hazard-V0-python-host.log", res["stdout"] + res["stderr"], compress=True)
    return {"log": "racecheck-hazard-V0-python-host.log.xz", "returncode": res["returncode"],
            "timed_out": res["timed_out"], "launcher": _PY_LAUNCHER}


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="racelab calibration")
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("sass", help="build and disassemble every variant here (no GPU needed)")
    rec = sub.add_parser("record", help="on a GPU: run every variant plainly and under racecheck, record it")
    rec.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    try:
        if args.action == "sass":
            for row in sass_table():
                print(f"{row['variant']} {row['arch']:8} {'@P ' if row['predicated'] else '   '}"
                      f"{'; '.join(row['between']) or '-'}")
        else:
            record(timeout=args.timeout)
    except CalibrationError as err:
        print(f"racelab calibration: {err}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------- replaying a recorded run

def _parse_log(run, name: str):
    from racelab.readers import racecheck_log as hazards
    with run.open_stream(name) as stream:
        return hazards.parse(stream)


def _writer_lanes(writer_threads) -> str:
    """[1, 2, ..., 31] -> '1–31'; anything else listed."""
    lanes = sorted(int(t) for t in writer_threads)
    if not lanes:
        return "–"
    if lanes == list(range(lanes[0], lanes[-1] + 1)) and len(lanes) > 2:
        return f"{lanes[0]}–{lanes[-1]}"
    return ", ".join(map(str, lanes))


def table(run):
    """One row per variant from a recorded run: what the SASS has before the arrive, what racecheck says."""
    import pandas as pd
    summary = run.read_json("summary.json")
    rows = []
    for variant in Variant:
        entry = summary["variants"][variant.name]
        hazard = _parse_log(run, entry["hazard"]["log"])
        analysis = _parse_log(run, entry["analysis"]["log"])
        per_writer = sorted(set(hazard.bytes_per_writer.values()))
        sass = {arch: sass_before_arrive(run.read_text(f"sass-{variant.name}-{arch}.txt")) for arch in ARCHS}
        output = json.loads(entry["output"]) if entry["output"].startswith("{") else {"wrong": None}
        before = {arch: "; ".join(sass[arch]["between"]) or "nothing" for arch in ARCHS}
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


SHOWN = ["warp 0 before the signal", "arrive count", "SASS before the arrive", "hazards", "analysis reports",
         "writer lanes", "bytes per writer lane", "wrong values read"]


def styled(df):
    """The table as the chapter shows it: the columns that matter, racy rows marked."""
    shown = df[SHOWN]
    from racelab.style import ROLE
    return (shown.style.map(lambda v: f"color: {ROLE['race'] if v else ROLE['ordered']}; font-weight: bold",
                            subset=["hazards"]).set_table_attributes('class="racelab-table"'))
