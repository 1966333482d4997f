"""The usage log: which page loaded which run. Every load of a run for a page (racelab.core.store's `newest`,
`all_runs`, `candidates`, `by_protocol`, `load`) appends one JSON line {page, experiment, run, execution, time}
to the file RACELAB_USAGE_LOG names, the page taken from RACELAB_PAGE (the book build sets both; see
racelab.book.sphinx_ext)."""

import json
import os
import time
from pathlib import Path

# the usage log: which page loaded which run (see the module docstring)
USAGE_LOG_ENV = "RACELAB_USAGE_LOG"
PAGE_ENV = "RACELAB_PAGE"
# one process (one notebook kernel) is one execution of a page
_EXECUTION = f"{time.time():.6f}-{os.getpid()}"


def log_usage(run) -> None:
    """Append {page, experiment, run} to the usage log, when RACELAB_USAGE_LOG names one."""
    log = os.environ.get(USAGE_LOG_ENV)
    if not log:
        return
    entry = {"page": os.environ.get(PAGE_ENV) or None, "experiment": run.experiment, "run": run.id,
             "execution": _EXECUTION, "time": round(time.time(), 3)}
    Path(log).parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a") as f:  # one write per line: concurrent kernels append whole lines
        f.write(json.dumps(entry, sort_keys=True) + "\n")


def read_usage(log: Path) -> list[dict]:
    """The usage log's entries of each page's latest execution (a page taken from the build's
    execution cache keeps the entries of the execution that filled the cache). [] when there is no log."""
    log = Path(log)
    if not log.is_file():
        return []
    entries = []
    for line in log.read_text().splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line cut short by a killed kernel
        if isinstance(entry, dict) and {"experiment", "run", "execution"} <= set(entry):
            entries.append(entry)
    started: dict[tuple, tuple] = {}  # (page, execution) -> (its first time, its first line)
    for n, e in enumerate(entries):
        key = (e.get("page"), e["execution"])
        started.setdefault(key, (e.get("time", 0), n))
    latest: dict = {}
    for (page, execution), first in started.items():
        if page not in latest or first > started[(page, latest[page])]:
            latest[page] = execution
    return [e for e in entries if latest.get(e.get("page")) == e["execution"]]
