"""The book build's own benchmark: `jupyter-book build` twice into a fresh output folder, cold (empty
execution cache) then warm (nothing changed), with the post-build step, timed."""

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from racelab.book.postbuild import BUILD_TIMES, BuildError, postbuild
from racelab.core import proc as _proc
from racelab.core.paths import repo_root

TARGETS_S = {"cold": 6 * 60, "warm": 45}
# one build may take this long before it is stopped (a build that hangs is a failed build)
BUILD_TIMEOUT_S = 3600


def _build(source: Path, out: Path, flags: list[str], env: dict) -> dict:
    jb = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jb) if jb.exists() else "jupyter-book", "build", str(source), "--path-output", str(out), *flags]
    t0 = time.monotonic()
    done = _proc.run(cmd, timeout_s=BUILD_TIMEOUT_S, env=env)
    returncode = done.returncode if not done.timed_out else -1
    jb_s = time.monotonic() - t0
    html = out / "_build" / "html"
    rc_post = None
    if returncode == 0:
        rc_post = 1 if postbuild(html).problems else 0
    total = time.monotonic() - t0
    times = json.loads((out / "_build" / BUILD_TIMES).read_text()) if (out / "_build" / BUILD_TIMES).exists() else {}
    return {"returncode": returncode, "postbuild_rc": rc_post, "jupyter_book_s": round(jb_s, 1),
            "total_s": round(total, 1), "log_tail": (done.stdout + done.stderr)[-4000:] if returncode else "",
            "times": times}


def bench_build(out: Path | None = None, flags: list[str] | None = None, keep: bool = False,
                source: Path | None = None) -> dict:
    """`make book` twice into a fresh output folder: cold (empty jupyter cache), then warm (nothing
    changed). The dependencies are the ones installed; the source tree is this checkout (or `source`)."""
    flags = flags or ["-n", "-W", "--keep-going"]
    source = Path(source) if source else repo_root()
    tmp = None
    if out is None:
        tmp = Path(tempfile.mkdtemp(prefix="racelab-bench-build-"))
        out = tmp
    out = Path(out)
    if (out / "_build").exists():
        raise BuildError(f"{out / '_build'} exists: `racelab bench build` needs an empty output folder for the cold build")
    env = dict(os.environ)
    try:
        cold = _build(source, out, flags, env)
        warm = _build(source, out, flags, env) if cold["returncode"] == 0 else None
    finally:
        if tmp and not keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return {"source": str(source), "output": str(out), "flags": flags, "cpus": os.cpu_count(),
            "mode": env.get("RACELAB_MODE") or "auto", "cold": cold, "warm": warm, "targets_s": TARGETS_S}


def format_bench(result: dict) -> str:
    lines = [f"book build benchmark ({result['cpus']} CPU cores, RACELAB_MODE={result['mode']}, "
             f"jupyter-book build {' '.join(result['flags'])} + postbuild)"]
    for kind in ("cold", "warm"):
        b = result[kind]
        if b is None:
            lines.append(f"  {kind}: not run (the cold build failed)")
            continue
        target = result["targets_s"][kind]
        verdict = "ok" if b["returncode"] == 0 and b["total_s"] <= target else "OVER TARGET" \
            if b["returncode"] == 0 else f"FAILED (rc {b['returncode']})"
        lines.append(f"  {kind}: {b['total_s']:.1f} s total (jupyter-book {b['jupyter_book_s']:.1f} s, "
                     f"Sphinx {b['times'].get('sphinx', {}).get('seconds', float('nan')):.1f} s); "
                     f"target <= {target} s: {verdict}")
        executed = b["times"].get("sphinx", {}).get("executed", {})
        if executed:
            for doc, info in executed.items():
                runtime = info.get("runtime")
                how = "executed" if info.get("executed_now") else "from the cache (its last execution)"
                lines.append(f"      {doc:40s} {'%.1f s' % runtime if runtime is not None else '?':>8s}  {how}"
                             f"{'' if info.get('succeeded', True) else '  FAILED'}")
        else:
            lines.append("      no notebook executed (all from the cache)")
        if b["log_tail"]:
            lines.append("      build log (tail):\n" + "\n".join("        " + ln for ln in b["log_tail"].splitlines()))
    return "\n".join(lines)
