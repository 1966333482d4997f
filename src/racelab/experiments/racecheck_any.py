"""The experiment "racecheck": any command run under compute-sanitizer racecheck (`racelab racecheck --
CMD`), recorded as one run: the log (xz), the program's stdout and stderr, and `<label>.json`, which holds
the run's description and the log's parsed numbers (`racecheck_log.report_summary`, or `parse_error`
where the parser refuses the log; the log is kept either way)."""

import sys
from concurrent.futures import ThreadPoolExecutor

from racelab.core import store
from racelab.experiments import racecheck_cases
from racelab.toolchain import sanitizer
from racelab.vocab import Experiment

EXPERIMENT = Experiment.RACECHECK.value


def run_cases(cases, argv_of, *, timeout_s: float, jobs: int, log=print) -> list:
    """Run each case's command line (`argv_of(case)`) under racecheck in its own process, `jobs` at a time, each
    killed after `timeout_s`, in the report mode the case names (`case.report`); [(case, SanitizerRun)] in order."""
    def one(case):
        result = sanitizer.run_racecheck(argv_of(case), report=case.report, timeout_s=timeout_s)
        log(f"  racecheck {case.name}: {result.status} in {result.wall_s:.1f}s")
        return case, result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, cases))


def keep_case(run, name: str, result: sanitizer.SanitizerRun, *, racy: bool, **fields) -> dict:
    """Store one case of a recorder's run (a store.NewRun): its log (xz) as racecheck-NAME.log and the program's
    output as stdout-NAME.txt. Returns the case's entry: `fields`, the run's description, the log's name, the
    kernel's result line, what the parser made of the log (racecheck_cases.parsed_entry) and whether the kernel's
    output was correct, told whether its variant is `racy` by design (racecheck_cases.mark_race_in_output)."""
    stored = run.write_bytes(f"racecheck-{name}.log", result.log, compress=True)
    run.write_text(f"stdout-{name}.txt", result.output)
    entry = {**fields, "log": stored.name, **result.describe(), "kernel_output": sanitizer.json_line(result.stdout),
             **racecheck_cases.parsed_entry(stored, truncated=result.status != "ok")}
    entry["correct"] = bool(entry["kernel_output"] and entry["kernel_output"].get("correct"))
    return racecheck_cases.mark_race_in_output(entry, racy=racy)


def record(cmd, *, report: str = "hazard", timeout_s: float = 120.0, experiment: str = EXPERIMENT,
           label: str | None = None, require_sm: int | None = None, print_limit: int | None = 0, log=print):
    """Preflight, run under racecheck, and record one run holding the log (xz), the program's output and
    a summary (the parsed counts). Returns (RecordedRun, summary dict)."""
    gpu = sanitizer.preflight(require_sm)
    label = label or report
    result = sanitizer.run_racecheck(cmd, report=report, timeout_s=timeout_s, print_limit=print_limit)
    log(f"racecheck {label}: {result.status} in {result.wall_s:.1f}s")
    with store.new_run(experiment, command=sys.argv) as run:
        stored = run.write_bytes(f"{label}.log", result.log, compress=True)
        run.write_text(f"{label}.stdout.txt", result.stdout)
        run.write_text(f"{label}.stderr.txt", result.stderr)
        summary = {"label": label, "gpu": gpu, **result.describe(), "log": stored.name,
                   **racecheck_cases.parsed_entry(stored, truncated=result.status != "ok")}
        run.write_json(f"{label}.json", summary)
    return run.recorded, summary
