"""`racelab live` (`make live`): re-measure every experiment this GPU can run, unattended, in order, each in
its own process so that one failure does not stop the rest; print how long each took and the total, and
record the session as a run "make-live".

    racelab live                                  run every experiment registered for this GPU
    racelab live --list                           the registry, and which entries this machine would run
    racelab live --only calibration --only litmus
    racelab live --budget-min 15                  timing steps share what the other steps leave of 15 minutes
    racelab live --session S --only ...           one part of a session split over several calls: later parts
                                                  count the earlier parts' time against the budget
"""

import argparse
import datetime as _dt
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from racelab.cli import EXIT_FAILED, EXIT_OK, Absent, Parser, UsageError, command
from racelab.core import proc, provenance, store
from racelab.core.paths import repo_root
from racelab.experiments import registry



def _fmt(seconds: float) -> str:
    return f"{seconds:6.1f} s" if seconds < 90 else f"{seconds / 60:6.1f} min"


def _status(step: dict) -> str:
    if step.get("skipped"):
        return "SKIPPED"
    if step["ok"]:
        return "ok"
    if step["timed_out"]:
        return "TIMED OUT"
    return f"FAILED (exit {step['returncode']})" if step["returncode"] else "FAILED (no run recorded)"


def argv(entry: registry.Step) -> list[str]:
    """The step's command as this Python runs it: `racelab ...` through this package's command line, else
    `python ARGS...` (a file, `-m MODULE` or `-c CODE`); through racelab.core.step, so that a SIGTERM on the
    step's timeout also ends the process groups the step started itself (compute-sanitizer runs in its own
    session)."""
    args = list(entry.command)
    if args[:1] == ["racelab"]:
        args = ["-m", "racelab.cli", *args[1:]]
    return [sys.executable, "-m", "racelab.core.step", *args]


def _run_folders(experiment: str) -> set[str]:
    return {p.name for p in store.runs(experiment)}


PROGRESS_S = 60.0  # a running step says how far it is at least this often


def expected_s(entry: registry.Step) -> tuple[float | None, str]:
    """How long the step should take, and from what: a timing step's deadline, else the wall time of the
    newest recorded run of its experiment (any GPU); (None, "") where neither is known."""
    if entry.deadline:
        return float(entry.nominal_s), "its deadline"
    try:
        run = store.newest_or_none(entry.name, "any-gpu")
    except store.StoreError:
        run = None
    wall = (run.provenance.get("wall_s") if run is not None else None)
    return (float(wall), f"run {run.id}") if wall else (None, "")


def progress_line(name: str, elapsed: float, expected: float | None, source: str, last: str, bar: bool) -> str:
    """One progress line: the step, its elapsed time, the time left by the estimate (a bar where the output
    is a terminal), and the last line the step printed (its own count of pairs or cases where it gives one)."""
    text = f"  ... {name}: {_fmt(elapsed).strip()} elapsed"
    if expected:
        done = min(elapsed / expected, 1.0)
        left = max(expected - elapsed, 0.0)
        text += (f" [{'#' * round(20 * done):20s}] {100 * done:3.0f} %" if bar else "")
        text += f", about {_fmt(left).strip()} left (estimate: {source})" if left else f", past the estimate ({source})"
    return text + (f" | {last[:120]}" if last else "")


def run_step(entry: registry.Step, timeout_s: float, env: dict) -> tuple[dict, proc.Finished]:
    """Run one entry in its own process group, killed whole on its timeout (`registry.step_timeout`: SIGTERM,
    which the step passes on to the groups it started, then SIGKILL); the step as the session records it, and
    what the process did (its output included). A step is ok when it exited 0 and recorded a run."""
    before = _run_folders(entry.name)
    started = _dt.datetime.now(_dt.timezone.utc)
    expected, source = expected_s(entry)
    bar = sys.stdout.isatty()

    def progress(elapsed: float, last: str) -> None:
        print(progress_line(entry.name, elapsed, expected, source, last, bar), flush=True)

    done = proc.run(argv(entry), timeout_s=registry.step_timeout(entry, timeout_s), env=env, cwd=repo_root(),
                    progress=progress, progress_s=PROGRESS_S)
    recorded = sorted(_run_folders(entry.name) - before)
    step = {"experiment": entry.name, "needs": entry.needs, "command": entry.shell,
            "started_utc": started.isoformat(timespec="seconds"), "seconds": round(done.wall_s, 1),
            "returncode": done.returncode, "timed_out": done.timed_out, "recorded": recorded,
            "ok": done.ok and bool(recorded)}
    if entry.deadline:
        step["deadline_s"] = entry.nominal_s
    return step, done


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="racelab live", description=__doc__.split("\n\n")[0],
               epilog="exit status: 0 every experiment recorded a run, 1 one failed, "
                      "2 bad arguments, 3 no GPU (or none the registry runs on)")
    p.add_argument("--list", action="store_true", help="print the registry and what this machine would run")
    p.add_argument("--only", action="append", default=[], metavar="EXPERIMENT",
                   help="run only this experiment (repeatable)")
    p.add_argument("--timeout", type=float, default=1800.0, help="seconds per experiment (default 1800)")
    p.add_argument("--budget-min", type=float, default=None,
                   help="minutes the whole session may take: the timing steps (last in the registry) share what "
                        "the others leave, each at most its registry deadline; 0: no budget (default: "
                        f"{', '.join(f'{m:g} on sm_{sm}' for sm, m in registry.DEFAULT_BUDGET_MIN.items())}, "
                        "none elsewhere)")
    p.add_argument("--jobs", type=int, default=2,
                   help="steps that only run racecheck (nothing timed) run this many at a time (default 2; 1: "
                        "one at a time)")
    p.add_argument("--session", default=None, metavar="TAG",
                   help="tag this part of a session split over several calls; earlier parts with the same tag "
                        "count against the budget")
    p.add_argument("--no-record", action="store_true",
                   help=f"do not record the session as a {registry.SESSION!r} run")
    return p


@command("racelab live")
def main(argv=None) -> int:
    args = parser().parse_args(argv)
    problem = provenance.passed_commit_problem()
    if problem:
        raise UsageError(problem)
    names = [e.name for e in registry.REGISTRY]
    unknown = [name for name in args.only if name not in names]
    if unknown or args.timeout <= 0 or args.jobs < 1 or (args.budget_min is not None and args.budget_min < 0):
        raise UsageError(f"unknown experiment(s) {unknown}; one of {names}" if unknown
                         else "--timeout and --jobs must be positive, --budget-min not negative")

    devices = provenance.gpus()
    gpu = devices[0] if devices else None
    sm = gpu["sm"] if gpu else None
    if args.list:
        here = f"{gpu['name']} (sm_{sm})" if gpu else "no GPU"
        print(f"make live registry (this machine: {here})")
        for e in registry.REGISTRY:
            print(f"  {'run ' if e.runs_on(sm) else 'skip'} {e.name:16s} needs {e.needs:11s} {e.shell}")
        return EXIT_OK
    if gpu is None:
        raise Absent("no NVIDIA GPU visible (nvidia-smi found none). `make live` re-measures on an H200 (sm_90) or "
                     "a B200 (sm_100); elsewhere `make book` replays the recorded runs.")
    plan = registry.plan(sm, args.only)
    if not plan:
        raise Absent(f"nothing registered runs on {gpu['name']} (sm_{sm})")

    budget_min = registry.DEFAULT_BUDGET_MIN.get(sm) if args.budget_min is None else args.budget_min
    budget_s = budget_min * 60 if budget_min else None
    spent = registry.session_elapsed(args.session) if args.session and budget_s else 0.0
    print(f"make live on {gpu['name']} (sm_{sm}, driver {gpu['driver']}): "
          f"{', '.join(e.name for e in plan)}" + (f"; budget {budget_min:g} min" if budget_s else "")
          + (f", {spent / 60:.1f} min spent by earlier parts of session {args.session}" if spent else ""), flush=True)
    later = registry.later_timing(sm, plan, registry.session_done(args.session)) if args.session else []
    if later and budget_s:
        print(f"later parts of session {args.session} still to run: {', '.join(e.name for e in later)}", flush=True)
    steps, total, rc = orchestrate(plan, args.timeout, registry.git_env(),
                                   None if budget_s is None else budget_s - spent, args.jobs, later)
    if not args.no_record:
        recorded = registry.record_session(gpu, steps, total, argv, args.session, budget_s)
        print(f"recorded {registry.SESSION}/{recorded.id}")
    return rc


def _finish(i: int, n: int, entry, step: dict, done, steps: list[dict], shown: bool = True) -> None:
    """Print a step's header (unless `shown`), its output and status, and keep it."""
    if not shown:
        print(f"\n=== [{i}/{n}] {entry.name}: {entry.description}\n$ {entry.shell}", flush=True)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    if done.timed_out:
        print(done.timeout_note(), file=sys.stderr)
    steps.append(step)
    print(f"=== {entry.name}: {_status(step)} in {_fmt(step['seconds']).strip()}", flush=True)


def orchestrate(plan, timeout_s: float, env: dict, budget_s: float | None = None,
                jobs: int = 1, later=()) -> tuple[list[dict], float, int]:
    """Run every entry of `plan` in order, whatever the previous ones did; print each step's output and
    status (ok, FAILED, TIMED OUT) and a summary. Consecutive entries that share the GPU (racecheck only,
    nothing timed) run `jobs` at a time; their output is printed in plan order once each is done. Under a
    budget (seconds left for this call) each timing step gets its deadline from registry.deadline_share,
    sharing with the timing steps after it in `plan` and with `later` (those a later part of a split session
    runs), so that each part gives a step what one unsplit session would.
    Returns (steps, wall seconds, exit status): 1 when any step failed, else 0."""
    steps, t0, i = [], time.monotonic(), 0
    while i < len(plan):
        entry = plan[i]
        i += 1
        if jobs > 1 and entry.shares_gpu:
            group = [entry]
            while i < len(plan) and plan[i].shares_gpu:
                group.append(plan[i])
                i += 1
            print(f"\n=== [{i - len(group) + 1}-{i}/{len(plan)}] {len(group)} racecheck steps, {jobs} at a time: "
                  f"{', '.join(e.name for e in group)}", flush=True)
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                results = list(pool.map(lambda e: run_step(e, timeout_s, env), group))
            for k, (e, (step, done)) in enumerate(zip(group, results)):
                step["beside"] = jobs
                _finish(i - len(group) + 1 + k, len(plan), e, step, done, steps, shown=False)
            continue
        waiting = [e for e in plan[i - 1:] if e.deadline] + list(later)
        step_env = env
        if budget_s is not None and entry.deadline:
            left = budget_s - (time.monotonic() - t0)
            given = registry.deadline_share(entry, waiting, left)
            if given < entry.floor_s:
                why = (f"skipped: the budget left {given:.0f} s for a design that takes at least "
                       f"{entry.floor_s:.0f} s (`racelab live --only {entry.name}` runs it)")
                print(f"\n=== [{i}/{len(plan)}] {entry.name}: {why}", flush=True)
                steps.append({"experiment": entry.name, "needs": entry.needs, "command": entry.shell,
                              "seconds": 0.0, "returncode": None, "timed_out": False, "recorded": [],
                              "ok": True, "skipped": why})
                continue
            if round(given) < entry.nominal_s:
                step_env = dict(env, **{registry.SHORTENED_ENV: (
                    f"make live's budget gave {entry.deadline} {round(given)} of the registry's "
                    f"{entry.nominal_s:g} s")})
            entry = entry.with_deadline(given)
        print(f"\n=== [{i}/{len(plan)}] {entry.name}: {entry.description}\n$ {entry.shell}", flush=True)
        step, done = run_step(entry, timeout_s, step_env)
        if step_env is not env:
            step["shortened"] = step_env[registry.SHORTENED_ENV]
        _finish(i, len(plan), entry, step, done, steps)
    total = time.monotonic() - t0
    return steps, total, _summary(steps, total)


def _summary(steps: list[dict], total: float) -> int:
    """Print the summary of a `make live`: each step's time, status and runs; EXIT_FAILED when any step failed."""
    print("\nmake live summary")
    width = max([len(_status(s)) for s in steps] + [7])
    for step in steps:
        print(f"  {step['experiment']:16s} {_fmt(step['seconds'])}  "
              f"{_status(step):{width}s} {step.get('skipped') or ', '.join(step['recorded']) or 'no run recorded'}")
    print(f"  {'total':16s} {_fmt(total)}", flush=True)
    failed = [s["experiment"] for s in steps if not s["ok"]]
    if failed:
        print(f"racelab live: {len(failed)} of {len(steps)} failed: {', '.join(failed)} (see their output above)",
              file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK

if __name__ == "__main__":
    sys.exit(main())
