"""`make live`: re-measure every experiment this GPU can run, unattended, in order, each in its own
process so that one failure does not stop the rest; print how long each took and the total, and record
the session itself (steps, exit codes, wall times, the runs each step recorded) as a run "make-live".

    python -m racelab.experiments.registry            run every experiment registered for this GPU
    python -m racelab.experiments.registry --list     the registry, and which entries this machine would run
    python -m racelab.experiments.registry --only calibration --only litmus
"""

import argparse
import datetime as _dt
import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass

from racelab.core import provenance
from racelab.core import store
from racelab.core.paths import repo_root

SESSION = "make-live"


@dataclass(frozen=True)
class Experiment:
    """One entry of `make live`: the store experiment it records, the hardware it needs (a key of
    store.NEEDS), the command that records it (run as `python ARGS...`), and what it measures.
    `estimate_from` names the experiment whose H200 wall time stands in for this one's where it has
    not been timed on the hardware yet (used by the reproduce chapter's B200 estimate)."""

    name: str
    needs: str
    command: tuple[str, ...]
    description: str
    estimate_from: str | None = None

    def runs_on(self, sm) -> bool:
        return sm is not None and store.NEEDS[self.needs](sm)

    @property
    def shell(self) -> str:
        args = list(self.command)
        if args[:2] == ["-m", "racelab.cli"]:
            return " ".join(["racelab", *args[2:]])
        return " ".join(["python", *args])


# In the order `make live` runs them: cheap and decisive first, the long timing runs last.
REGISTRY: tuple[Experiment, ...] = (
    Experiment("calibration", "sm90|sm100", ("-m", "racelab.cli", "calibration", "record"),
               "the calibration repro V0-V5: plain runs, racecheck in hazard and analysis mode, SASS",
               estimate_from="calibration"),
    Experiment("twin-racecheck", "sm90", ("-m", "racelab.cli", "twin", "record"),
               "the SM90 twin of the W_LOADED handoff under racecheck, elected vs all-lane arrive"),
    Experiment("litmus", "sm90", ("-m", "racelab.cli", "model", "litmus", "--run"),
               "the message-passing litmus test of the handoff on the hardware, per calibration variant"),
    Experiment("k-tail-probe", "sm90", ("kernels/probe_k_tail_sm90.py", "--record"),
               "the SM90 dense K-load tail handoff with plain reads, under racecheck, elected vs all-thread arrive"),
    Experiment("fwd-racecheck", "sm90", ("-m", "racelab.experiments.fwd_racecheck", "record"),
               "upstream's SM90 indexer forward under racecheck, as shipped and with every storing lane arriving"),
    Experiment("sm90-numerics", "sm90", ("-m", "racelab.experiments.sm90_numerics", "record"),
               "outputs of the twin and of upstream's SM90 indexer backward: byte identity and replay spread"),
    Experiment("twin-timing", "sm90", ("-m", "racelab.experiments.timing", "record"),
               "paired fresh-process timing of the twin, elected vs all-lane arrive, with an A/A control"),
    Experiment("twin-timing-null", "sm90",
               ("-m", "racelab.experiments.timing", "record", "--experiment", "twin-timing-null", "--shape",
                "topk=512,heads=64,n_cta=132,work=384", "--pairs", "2", "--aa-groups", "40", "--aa-pairs", "2",
                "--launches", "300", "--aa-stop-after-s", "480"),
               "A/A groups alone on the twin, until a deadline: how often a 95% interval covers zero"),
    Experiment("sm100-racecheck", "sm100", ("-m", "racelab.experiments.sm100_racecheck", "record"),
               "upstream's IndexerBackwardSm100 under racecheck: 1.27.0 with the fix reverted vs 1.27.0",
               estimate_from="twin-racecheck"),
    Experiment("sm100-timing", "sm100", ("-m", "racelab.experiments.timing", "sm100"),
               "paired fresh-process timing of the real kernel: unpatched vs patched, with an A/A control",
               estimate_from="twin-timing"),
)


def by_name(name: str) -> Experiment:
    for entry in REGISTRY:
        if entry.name == name:
            return entry
    raise KeyError(f"no experiment {name!r} in the make-live registry; one of {[e.name for e in REGISTRY]}")


def _run_folders(experiment: str) -> set[str]:
    return {p.name for p in store.runs(experiment)}


def _git_env() -> dict:
    """Pass the commit on to the children where this tree has no .git (a copied checkout)."""
    env = dict(os.environ)
    state = provenance.git_state()
    if state.get("commit") and not state.get("from_environment"):
        env.setdefault("RACELAB_GIT_COMMIT", state["commit"])
        if state.get("dirty") is not None:
            env.setdefault("RACELAB_GIT_DIRTY", "1" if state["dirty"] else "0")
    return env


def run_step(entry: Experiment, timeout_s: float, env: dict) -> dict:
    """Run one entry in its own process group (its output goes straight to ours); kill it on timeout."""
    before = _run_folders(entry.name)
    started = _dt.datetime.now(_dt.timezone.utc)
    t0 = time.monotonic()
    cmd = [sys.executable, *entry.command]
    proc = subprocess.Popen(cmd, cwd=repo_root(), env=env, start_new_session=True)
    timed_out = False
    try:
        returncode = proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        returncode = proc.wait()
        timed_out = True
    except KeyboardInterrupt:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait()
        raise
    seconds = time.monotonic() - t0
    recorded = sorted(_run_folders(entry.name) - before)
    return {"experiment": entry.name, "needs": entry.needs, "command": entry.shell,
            "started_utc": started.isoformat(timespec="seconds"), "seconds": round(seconds, 1),
            "returncode": returncode, "timed_out": timed_out, "recorded": recorded,
            "ok": returncode == 0 and not timed_out and bool(recorded)}


def _fmt(seconds: float) -> str:
    return f"{seconds:6.1f} s" if seconds < 90 else f"{seconds / 60:6.1f} min"


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m racelab.experiments.registry", description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the registry and what this machine would run")
    parser.add_argument("--only", action="append", default=[], metavar="EXPERIMENT",
                        help="run only this experiment (repeatable)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per experiment (default 1800)")
    parser.add_argument("--no-record", action="store_true", help=f"do not record the session as a {SESSION!r} run")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    unknown = [name for name in args.only if name not in {e.name for e in REGISTRY}]
    if unknown or args.timeout <= 0:
        print(f"racelab live: unknown experiment(s) {unknown}; one of {[e.name for e in REGISTRY]}"
              if unknown else "racelab live: --timeout must be positive", file=sys.stderr)
        return 2

    devices = provenance.gpus()
    gpu = devices[0] if devices else None
    sm = gpu["sm"] if gpu else None
    if args.list:
        here = f"{gpu['name']} (sm_{sm})" if gpu else "no GPU"
        print(f"make live registry (this machine: {here})")
        for e in REGISTRY:
            print(f"  {'run ' if e.runs_on(sm) else 'skip'} {e.name:16s} needs {e.needs:11s} {e.shell}")
        return 0
    if gpu is None:
        print("racelab live: no NVIDIA GPU visible (nvidia-smi found none). `make live` re-measures on an "
              "H200 (sm_90) or a B200 (sm_100); elsewhere `make book` replays the recorded runs.", file=sys.stderr)
        return 2
    plan = [e for e in REGISTRY if e.runs_on(sm) and (not args.only or e.name in args.only)]
    if not plan:
        print(f"racelab live: nothing registered runs on {gpu['name']} (sm_{sm})", file=sys.stderr)
        return 2

    print(f"make live on {gpu['name']} (sm_{sm}, driver {gpu['driver']}): "
          f"{', '.join(e.name for e in plan)}", flush=True)
    env = _git_env()
    steps, t0 = [], time.monotonic()
    for i, entry in enumerate(plan, 1):
        print(f"\n=== [{i}/{len(plan)}] {entry.name}: {entry.description}\n$ {entry.shell}", flush=True)
        step = run_step(entry, args.timeout, env)
        steps.append(step)
        status = "ok" if step["ok"] else ("TIMED OUT" if step["timed_out"] else
                                          f"FAILED (exit {step['returncode']})" if step["returncode"]
                                          else "FAILED (no run recorded)")
        print(f"=== {entry.name}: {status} in {_fmt(step['seconds']).strip()}", flush=True)
    total = time.monotonic() - t0

    print("\nmake live summary")
    for step in steps:
        print(f"  {step['experiment']:16s} {_fmt(step['seconds'])}  "
              f"{'ok ' if step['ok'] else 'FAILED'} {', '.join(step['recorded']) or 'no run recorded'}")
    print(f"  {'total':16s} {_fmt(total)}")
    failed = [s["experiment"] for s in steps if not s["ok"]]
    if not args.no_record:
        with store.new_run(SESSION, command=["python", "-m", "racelab.experiments.registry", *argv]) as run:
            run.write_json("summary.json", {"gpu": gpu, "steps": steps, "wall_s": round(total, 1),
                                            "failed": failed, "registry": [asdict(e) for e in REGISTRY]})
        print(f"recorded {SESSION}/{run.recorded.id}")
    if failed:
        print(f"racelab live: {len(failed)} of {len(steps)} failed: {', '.join(failed)} (see their output above)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
