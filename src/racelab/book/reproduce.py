"""What the reproduce chapter shows: the `make live` registry, how long each experiment took on an H200
and a B200 (as recorded, or estimated; a failed step or run never times anything), what the newest valid
run of each holds, the interpreters and machines upstream's wheels exist for, the disk a GPU run fills,
and the figures PR #426 reports per case."""

import importlib.metadata as md
import os
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from racelab.book.build_bench import TARGETS_S
from racelab.book.inventory import RunInfo, fmt_seconds, run_duration
from racelab.book.inventory import cell as _cell
from racelab.book.inventory import table as _table
from racelab.core import store
from racelab.core.paths import cache_dir, repo_root, results_dir
from racelab.experiments.timing.plan import LAYOUT_OFFSETS, REAL_EXPERIMENT, REAL_PAIRS
from racelab.experiments import registry as live
from racelab.toolchain import wheels
from racelab.stats import signed_pct
from racelab.vocab import Experiment, PR_REPORTED, PR_SHAPES, WARP_SIZE, ArriveMode

CALIBRATION_BYTES_PER_LANE = 4  # kernels/calibration/mbar_calib.cu: each lane of warp 0 stores one float

NOT_RECORDED = "not recorded yet"


@dataclass
class StepTime:
    seconds: float | None
    source: str  # where the figure comes from, for the reader


def _verified(paths):
    for path in paths:
        try:
            yield store.RecordedRun(path)
        except store.StoreError:
            continue  # damaged runs are listed on the provenance page; they time nothing


def _valid(paths):
    """The verified runs among `paths` that are measurements (store.failure: none)."""
    return (run for run in _verified(paths) if store.failure(run) is None)


def step_failure(step: dict, root: Path | None = None) -> str | None:
    """Why a make-live step's time is not the time of a successful step, or None: the step is not marked
    ok, it timed out or exited non-zero, it recorded nothing, or a run it recorded is a failed run."""
    if step.get("ok") is not True:
        return "not ok"
    if step.get("timed_out"):
        return "timed out"
    if step.get("returncode") not in (0, None):
        return f"exit status {step['returncode']}"
    if step.get("status") not in (None, "ok"):
        return f"status {step['status']}"
    recorded = step.get("recorded") or []
    if not recorded:
        return "no run recorded"
    base = (Path(root) if root else results_dir()) / step.get("experiment", "")
    for run_id in recorded:
        if (base / run_id).is_dir():
            try:
                why = store.failure(store.RecordedRun(base / run_id))
            except store.StoreError as err:
                return f"run {run_id}: {err}"
            if why:
                return f"run {run_id} failed ({why})"
    return None


def step_time(experiment: str, sm: int, root: Path | None = None) -> StepTime:
    """How long `make live` took for one experiment on a GPU of compute capability `sm`: the newest
    make-live session on that GPU in which the step succeeded (step_failure: None; the step's process, so
    its compiles included) with the registry's own deadline (not shortened or skipped by a budget), else the newest valid run of the experiment itself on that GPU (its own
    duration, see run_duration), else not recorded. A failed step or run never gives a time."""
    for run in _verified(reversed(store.runs(live.SESSION, root))):
        if run.sm != sm:
            continue
        for step in run.read_json("summary.json").get("steps", []):
            if step.get("shortened") or step.get("skipped"):
                continue  # a budget cut or skipped it: not the time of the registry's command
            if step.get("experiment") == experiment and step_failure(step, root) is None:
                return StepTime(float(step["seconds"]), f"make-live session {run.id}")
    for run in reversed(store.prefer_full(list(_valid(store.runs(experiment, root))))):
        if run.sm == sm:
            seconds, how = _run_seconds(run)
            if seconds is not None:
                return StepTime(seconds, f"run {run.id}: {how} (a lower bound: the step's process did more)")
    return StepTime(None, NOT_RECORDED)


def _run_seconds(run: store.RecordedRun) -> tuple[float | None, str]:
    """The longer of the run's duration (run_duration) and the wall time its summary.json states at the top:
    each covers part of the step (the store's clock starts when recording starts; a recorder's own clock
    may start earlier), so the longer is the closer lower bound."""
    seconds, how = run_duration(run)
    summary = run.read_json(store.SUMMARY) if store.SUMMARY in run.files() else {}
    stated = summary.get("wall_s") if isinstance(summary, dict) else None
    if isinstance(stated, (int, float)) and (seconds is None or stated > seconds):
        return float(stated), f"{store.SUMMARY} wall_s"
    return seconds, how


def fmt_time(seconds: float | None) -> str:
    """fmt_seconds, with NOT_RECORDED for a time no run gives."""
    return NOT_RECORDED if seconds is None else fmt_seconds(seconds)


@dataclass
class ReproduceRow:
    experiment: str
    needs: str
    command: str
    description: str
    h200: StepTime
    b200: StepTime | None  # None: does not run on SM100
    b200_estimated: bool = False


H200_SM, B200_SM = 90, 100


def reproduce_rows(root: Path | None = None) -> list[ReproduceRow]:
    """Per make-live experiment: the H200 time as recorded, and the B200 time as recorded or, where
    no B200 run exists yet, estimated as the H200 time of the experiment named by `estimate_from`."""
    rows, protocol = [], protocol_estimate_s(root)
    for e in live.REGISTRY:
        h200 = step_time(e.name, H200_SM, root) if e.runs_on(H200_SM) else StepTime(None, "does not run on SM90")
        b200, estimated = None, False
        if e.runs_on(B200_SM):
            b200 = step_time(e.name, B200_SM, root)
            if b200.seconds is None and e.name == REAL_EXPERIMENT and protocol is not None:
                b200 = StepTime(protocol, f"estimate: PR #426's protocol, {protocol_processes()} "
                                                           "processes at the H200's wall time a process, capped by "
                                                           "the step's deadline")
                estimated = True
            elif b200.seconds is None and e.estimate_from:
                basis = step_time(e.estimate_from, H200_SM, root)
                if basis.seconds is not None:
                    b200 = StepTime(basis.seconds, f"estimate: H200 time of {e.estimate_from}")
                    estimated = True
        rows.append(ReproduceRow(e.name, e.needs, e.shell, e.description, h200, b200, estimated))
    return rows


def _needs(needs: str) -> str:
    return " or ".join(f"sm_{n[2:]}" for n in needs.split("|"))


def reproduce_markdown(rows: list[ReproduceRow]) -> str:
    """Per make-live experiment: the GPUs it runs on and how long it takes on each (≈: estimated)."""
    out = []
    for r in rows:
        h200 = "—" if "does not run" in r.h200.source else fmt_time(r.h200.seconds)
        b200 = "—" if r.b200 is None else ("≈ " if r.b200_estimated else "") + fmt_time(r.b200.seconds)
        out.append([f"**{r.experiment}**", _needs(r.needs), h200, b200])
    return _table(["experiment", "runs on", "H200", "B200"], out)


def registry_markdown() -> str:
    """The make-live registry in order: command and what each experiment records."""
    return "\n".join(f"{i}. **{e.name}** (`{e.shell}`): {e.description}." for i, e in enumerate(live.REGISTRY, 1))


def sources_markdown(rows: list[ReproduceRow]) -> str:
    """Where each time in the table comes from (rows without a figure are left out)."""
    lines = []
    for r in rows:
        for gpu, t in (("H200", r.h200), ("B200", r.b200)):
            if t is not None and t.seconds is not None:
                lines.append(f"- {r.experiment} on the {gpu}: {t.source}")
    return "\n".join(lines) or "*No time recorded yet.*"


def reproduce_facts(rows: list[ReproduceRow]) -> dict:
    """The figures the reproduce chapter's prose glues."""
    t = totals(rows)
    return {"repro_steps": len(rows),
            "repro_h200_total": fmt_seconds(t["h200_s"]) if t["h200_timed"] else NOT_RECORDED,
            "repro_h200_missing": len(t["h200_missing"]),
            "repro_b200_total": fmt_seconds(t["b200_s"]) if t["b200_timed"] else NOT_RECORDED,
            "repro_b200_missing": len(t["b200_missing"]),
            "repro_h200_summary": _summary(t["h200_s"], t["h200_timed"], len(t["h200_missing"])),
            "repro_b200_summary": _summary(t["b200_s"], t["b200_timed"], len(t["b200_missing"])),
            "repro_sm90_steps": ", ".join(e.name for e in live.REGISTRY if e.runs_on(H200_SM)),
            "repro_estimates": "; ".join(f"{e.name} from {e.estimate_from}" for e in live.REGISTRY
                                         if e.runs_on(B200_SM) and e.estimate_from)}


def _summary(seconds: float, timed: int, missing: int) -> str:
    """"22.3 min for 10 of 13 steps (3 not recorded yet)", or NOT_RECORDED when no step has a time."""
    if not timed:
        return NOT_RECORDED
    return (f"{fmt_seconds(seconds)} for {timed} of {timed + missing} steps"
            + (f" ({missing} {NOT_RECORDED})" if missing else ""))


def totals(rows: list[ReproduceRow]) -> dict:
    """Sums over the rows whose figure exists, and how many rows lack one."""
    h = [r.h200.seconds for r in rows if r.h200.seconds is not None]
    h_missing = [r.experiment for r in rows if r.h200.seconds is None and "does not run" not in r.h200.source]
    b = [r.b200.seconds for r in rows if r.b200 is not None and r.b200.seconds is not None]
    b_missing = [r.experiment for r in rows if r.b200 is not None and r.b200.seconds is None]
    return {"h200_s": sum(h), "h200_timed": len(h), "h200_missing": h_missing, "b200_s": sum(b),
            "b200_timed": len(b), "b200_missing": b_missing,
            "b200_estimated": [r.experiment for r in rows if r.b200_estimated]}


def recorded_files(experiment: str, root: Path | None = None) -> dict | None:
    """What the newest valid run of an experiment (verified, not failed) holds: file count, bytes, kinds. For
    a timing step, a run that recorded the protocol id of the registry's step (store.protocol_of) comes before
    one of another protocol, which is shown only where there is no such run: what the run recorded decides,
    never its command line."""
    wanted = {e.protocol for e in live.REGISTRY if e.name == experiment and e.protocol}

    def other_protocol(run) -> bool:
        return bool(wanted) and ("plan.json" not in run.files()
                                 or store.protocol_of(run) not in wanted)

    newest_first = list(_valid(reversed(store.runs(experiment, root))))
    for run in sorted(newest_first, key=other_protocol):
        files = run.files()
        size = sum((run.path / f).stat().st_size for f in files)
        kinds = sorted({f.split(".", 1)[1] if "." in f else f for f in files})
        return {"run": run.id, "files": len(files), "bytes": size, "kinds": kinds}
    return None


def recorded_markdown() -> str:
    """What the newest valid run of each make-live experiment holds."""
    lines = []
    for e in live.REGISTRY:
        held = recorded_files(e.name)
        lines.append(f"- **{e.name}**: " + (f"{held['files']} files, {held['bytes'] / 1024:.0f} KiB "
                                            f"({', '.join(held['kinds'])}), run `{held['run']}`"
                                            if held else "no run recorded yet"))
    return "\n".join(lines)


def pinned_dependencies() -> list[str]:
    """The pinned direct dependencies, from pyproject.toml."""
    return tomllib.loads((repo_root() / "pyproject.toml").read_text())["project"]["dependencies"]


def _python_words() -> str:
    names = [f"{a}.{b}" for a, b in wheels.PYTHONS]
    return ", ".join(names[:-1]) + " or " + names[-1]


def requirements_facts() -> dict:
    """The interpreters and machines a GPU run works on (upstream's compiled wheels exist for them:
    racelab.toolchain.wheels), this interpreter's wheel tag, and the pins."""
    try:
        here = wheels.wheel_target().slug
    except wheels.WheelError as err:
        here = f"none ({err})"
    return {"repro_python": _python_words(),
            "repro_machines": " and ".join(sorted(set(wheels.MACHINES.values()))),
            "repro_wheel_tags": ", ".join(f"`{wheels.WheelTarget(v, m).slug}`"
                                          for m in sorted(set(wheels.MACHINES.values())) for v in wheels.PYTHONS),
            "repro_wheel_here": f"`{here}`",
            "repro_pins": ", ".join(f"`{dep}`" for dep in pinned_dependencies())}


def toolchains_markdown(rows: list[RunInfo]) -> str:
    """Every toolchain the recorded GPU runs used: each distinct (GPU, driver, CUDA, nvcc, compute-sanitizer,
    Python, torch), with how many valid runs used it and the newest's date, newest first."""
    seen: dict[tuple, list[RunInfo]] = {}
    for r in rows:
        if r.ok and r.sm is not None:
            key = (r.gpu, r.sm, r.driver, r.cuda, r.nvcc, r.sanitizer, r.python, r.packages.get("torch"))
            seen.setdefault(key, []).append(r)
    if not seen:
        return "*No run on a GPU has been recorded yet.*"
    newest = lambda runs: max((r.date or "") for r in runs)  # noqa: E731
    ordered = sorted(seen.items(), key=lambda kv: newest(kv[1]), reverse=True)
    return _table(["GPU", "driver", "CUDA", "nvcc", "compute-sanitizer", "Python", "torch", "runs", "newest"],
                  [[f"{_cell(gpu)} (sm_{sm})", _cell(driver), _cell(cuda), _cell(nvcc), _cell(san), _cell(py),
                    _cell(torch), str(len(runs)), _cell(newest(runs)[:10])]
                   for (gpu, sm, driver, cuda, nvcc, san, py, torch), runs in ordered])


def recorded_versions_facts(rows: list[RunInfo]) -> dict:
    """The torch and compute-sanitizer versions every valid GPU run used (each distinct one), beside the
    torch the lock pins: a B200 owner installs the lock's, which no recorded run has used unless it says so."""
    gpu_runs = [r for r in rows if r.ok and r.sm is not None]
    words = lambda values: ", ".join(sorted({v for v in values if v})) or "not recorded"  # noqa: E731
    pinned = next((d.split("==")[1] for d in pinned_dependencies() if d.startswith("torch==")), "not pinned")
    return {"repro_runs_torch": words(r.packages.get("torch") for r in gpu_runs),
            "repro_runs_sanitizer": words(r.sanitizer for r in gpu_runs),
            "repro_gpu_runs": str(len(gpu_runs)), "repro_lock_torch": pinned}


# ------------------------------------------------------------------------------- what to expect per case

def expected_rows() -> list[dict]:
    """PR #426's figures per case, as the PR reports them (racelab.vocab.PR_REPORTED): what a B200 run of
    the same cases should come close to."""
    rows = []
    reported = "reported by PR #426"
    for r in PR_REPORTED["racecheck"]:
        shape = PR_SHAPES[r["shape"]]
        rows.append({"case": f"racecheck, {r['report']} mode, b={shape.b}, s_q={shape.s_q}, topk={shape.topk} "
                             f"({shape.ctas} CTA{'' if shape.ctas == 1 else 's'})",
                     "what": r["what"], "before the fix": str(r["unpatched"]), "after the fix": str(r["patched"]),
                     "from": reported})
    num = PR_REPORTED["numerics"]
    rows.append({"case": f"real-numerics, {num['shape']}", "what": "d_index_q and d_weights, fixed vs unfixed",
                 "before the fix": "baseline", "after the fix": f"byte-identical ({num['replays']} replays a side)",
                 "from": reported})
    idle = WARP_SIZE - len(ArriveMode.ELECTED.arriving_lanes)
    rows.append({"case": "calibration (this book's kernel, V0 and V2)", "what": "byte hazards; values read back wrong",
                 "before the fix": f"{idle * CALIBRATION_BYTES_PER_LANE} ({idle} lanes × {CALIBRATION_BYTES_PER_LANE} B); 0",
                 "after the fix": "0; 0", "from": "predicted: every lane but the arriving one stores one float"})
    for key, t in PR_REPORTED["timing"].items():
        if "delta_pct" not in t:
            continue
        rows.append({"case": f"timing, {t['shape']}", "what": f"{t['kernel']} time, fixed vs unfixed "
                                                               f"({t['pairs']} pairs, 95 % interval)",
                     "before the fix": "baseline",
                     "after the fix": f"{signed_pct(t['delta_pct'], 3)} ± {t['ci95_pct']:.3f} %", "from": reported})
    return rows


def expected_markdown() -> str:
    rows = expected_rows()
    return _table(["case", "what", "before the fix", "after the fix", "from"],
                  [[_cell(r["case"]), _cell(r["what"]), r["before the fix"], r["after the fix"], r["from"]]
                   for r in rows])


def expected_facts() -> dict:
    """The per-case figures the runbook's prose glues, from PR_REPORTED."""
    out = {}
    for r in PR_REPORTED["racecheck"]:
        key = r["shape"].replace("-", "_")
        out[f"repro_pr_{key}"] = f"{r['unpatched']}/{r['patched']}"
    timing = PR_REPORTED["timing"]
    out["repro_pr_topk128"] = signed_pct(timing["topk128"]["delta_pct"], 3)
    out["repro_pr_big"] = signed_pct(timing["b3-sq64-skv2048-topk512"]["delta_pct"], 3)
    out["repro_pr_pairs"] = timing["topk128"]["pairs"]
    out["repro_pr_environment"] = PR_REPORTED["environment"]
    return out


# ------------------------------------------------------------------------------- duration and disk

def real_steps() -> list[live.Step]:
    """The make-live entries that drive upstream's real kernel on an H200 (their names start with "real-")."""
    return [e for e in live.REGISTRY if e.name.startswith("real-") and e.runs_on(90)]


def duration_facts(rows: list[ReproduceRow]) -> dict:
    """The real kernel's steps on an H200, each as recorded (NOT_RECORDED where no successful step or valid
    run gives a time), and their sum where every one is recorded."""
    by_name = {r.experiment: r for r in rows}
    real = [by_name[e.name] for e in real_steps() if e.name in by_name]
    times = [r.h200.seconds for r in real]
    return {"repro_real_steps": ", ".join(r.experiment for r in real) or "none",
            "repro_real_h200": "; ".join(f"{r.experiment} {fmt_time(r.h200.seconds)}" for r in real) or NOT_RECORDED,
            "repro_real_h200_total": fmt_seconds(sum(times)) if times and None not in times else NOT_RECORDED}


def _tree_bytes(path: Path) -> int | None:
    """Bytes of the files under `path` (links not followed), or None where it does not exist."""
    if not path.exists():
        return None
    total = 0
    for top, _, names in os.walk(path):
        for name in names:
            try:
                total += (Path(top) / name).lstat().st_size
            except OSError:
                continue
    return total


def _gib(n: int | None) -> str:
    return "absent here" if n is None else f"{n / 2 ** 30:.1f} GiB"


def disk_rows() -> list[dict]:
    """What a GPU run fills on disk, measured now on the machine that runs this: the virtual environment
    (this interpreter's prefix), upstream's wheels and the extra CuTe DSL versions (`make fetch` fills both)."""
    places = [("virtual environment (.venv)", Path(sys.prefix), "`make setup`"),
              ("upstream wheels (.cache/wheels)", cache_dir() / "wheels", "`make fetch`"),
              ("CuTe DSL versions a release pins (.cache/dsl)", cache_dir() / "dsl", "`make fetch`")]
    return [{"what": what, "bytes": _tree_bytes(path), "filled by": by} for what, path, by in places]


def _size_here(row: dict) -> str:
    if row["bytes"] is None:
        return f"not measured: {row['filled by']} has not run on the machine that built this page"
    return _gib(row["bytes"])


def disk_markdown(rows: list[dict]) -> str:
    return _table(["what", "size here", "filled by"], [[r["what"], _size_here(r), r["filled by"]] for r in rows])


def disk_facts(rows: list[dict]) -> dict:
    """The sum of `disk_rows` where every place was measured (else what is missing from it), the venv alone,
    and the torch build it holds."""
    missing = [r["filled by"] for r in rows if r["bytes"] is None]
    total = _gib(sum(r["bytes"] or 0 for r in rows)) + (
        f" without what {' and '.join(dict.fromkeys(missing))} downloads (not run where this page was built)"
        if missing else "")
    return {"repro_disk_total": total, "repro_disk_venv": _gib(rows[0]["bytes"]),
            "repro_torch_here": f"`torch {torch_build()}`"}


def session_parts(sm: int = H200_SM, root: Path | None = None) -> list[store.RecordedRun]:
    """The newest complete make-live session on a GPU of compute capability `sm`, as its parts in the order
    they ran: one run, or every run that carries the same `session` tag (a session split over several calls).
    Complete: no step failed (store.failure), and its parts ran (or skipped) every experiment that the
    registry they recorded plans for that GPU, so that a session run with `--only`, or one whose later parts
    never ran, is passed over. [] where there is none."""
    runs = [run for run in _verified(reversed(store.runs(live.SESSION, root))) if run.sm == sm]
    for run in runs:
        tag = run.read_json(store.SUMMARY).get("session")
        parts = [r for r in runs if tag and r.read_json(store.SUMMARY).get("session") == tag] if tag else [run]
        if all(store.failure(part) is None for part in parts) and not session_missing(parts, sm):
            return sorted(parts, key=lambda r: r.id)
    return []


def session_missing(parts: list[store.RecordedRun], sm: int = H200_SM) -> list[str]:
    """The experiments the registry recorded by a session's parts plans for a GPU of compute capability `sm`
    that none of its parts ran or skipped, in the registry's order."""
    summaries = [part.read_json(store.SUMMARY) for part in parts]
    ran = {step["experiment"] for summary in summaries for step in summary.get("steps", [])}
    planned = [e["name"] for summary in summaries for e in summary.get("registry", [])
               if e.get("needs") in store.NEEDS and store.NEEDS[e["needs"]](sm)]
    return list(dict.fromkeys(name for name in planned if name not in ran))


def session_steps(parts: list[store.RecordedRun]) -> list[dict]:
    """Every step of a session's parts, in the order they ran, with the part each ran in."""
    return [dict(step, part=i) for i, part in enumerate(parts, 1)
            for step in part.read_json(store.SUMMARY).get("steps", [])]


def session_markdown(parts: list[store.RecordedRun]) -> str:
    """The session's steps: part, experiment, seconds, the deadline a timing step was given."""
    if not parts:
        return f"*No `make live` session on this GPU: {NOT_RECORDED}.*"
    rows = [[str(step["part"]), step["experiment"], fmt_seconds(step["seconds"]),
             fmt_seconds(step["deadline_s"]) if step.get("deadline_s") else "—",
             "skipped (budget)" if step.get("skipped") else step_failure(step) or "ok"]
            for step in session_steps(parts)]
    return _table(["part", "experiment", "time", "deadline given", "status"], rows)


def session_facts(sm: int = H200_SM, root: Path | None = None) -> dict:
    """The newest complete make-live session on a GPU of compute capability `sm` (session_parts): its
    runs, its wall time (the parts' sum), its budget and the parts' count; NOT_RECORDED where there is none."""
    parts = session_parts(sm, root)
    if not parts:
        return {"repro_session": NOT_RECORDED, "repro_session_total": NOT_RECORDED,
                "repro_session_budget": NOT_RECORDED, "repro_session_parts": 0, "repro_session_added": NOT_RECORDED}
    summaries = [part.read_json(store.SUMMARY) for part in parts]
    n = sum(len(summary.get("steps", [])) for summary in summaries)
    total = sum(float(summary.get("wall_s") or 0.0) for summary in summaries)
    budget = summaries[-1].get("budget_s")
    ids = ", ".join(f"`{part.id}`" for part in parts)
    ran = {step["experiment"] for step in session_steps(parts)}
    added = [e.name for e in live.plan(sm) if e.name not in ran]
    skipped = [f"`{step['experiment']}`" for step in session_steps(parts) if step.get("skipped")]
    return {"repro_session": f"{ids} ({parts[0].gpu_name}, {n} step{'' if n == 1 else 's'})",
            "repro_session_total": fmt_time(total),
            "repro_session_budget": fmt_time(budget) if budget else "none",
            "repro_session_parts": len(parts),
            "repro_session_added": ((f"every step the registry plans now is in it: {n - len(skipped)} ran"
                                     + (f" and {len(skipped)} ({', '.join(skipped)}) were skipped for the budget"
                                        if skipped else "")) if not added else
                                    "the registry has added " + ", ".join(f"`{a}`" for a in added)
                                    + " since, which this session did not run")}


def torch_build() -> str:
    """The torch this interpreter has (its local label, e.g. +cpu, says which build)."""
    try:
        return md.version("torch")
    except md.PackageNotFoundError:
        return "none"


def protocol_processes() -> int:
    """The fresh processes of PR #426's timing protocol as `racelab real timing` runs it by default."""
    aa_pairs = -(-2 * REAL_PAIRS // 4) * 4
    return 2 * (2 * REAL_PAIRS + aa_pairs)


def protocol_seconds(root: Path | None = None) -> tuple[float, float] | None:
    """(GPU seconds, wall seconds) of one process of the newest H200 real-timing run (median GPU time; the
    wall time with its imports and set-up), or None without such a run."""
    try:
        run = store.newest(REAL_EXPERIMENT, gpu="sm90", root=root)
    except store.StoreError:
        return None
    manifest = run.read_json("plan.json") if "plan.json" in run.files() else {}
    if not all(manifest.get(k) for k in ("gpu_s_per_process_median", "wall_s", "processes")):
        return None  # a run that timed no process gives no time per process
    return manifest["gpu_s_per_process_median"], manifest["wall_s"] / manifest["processes"]


def protocol_estimate_s(root: Path | None = None) -> float | None:
    """The one B200 estimate of the PR-protocol timing step: its processes at the H200's wall time per process,
    capped by the step's own deadline (no pair starts after it); None without an H200 run."""
    got = protocol_seconds(root)
    if got is None:
        return None
    entry = next(e for e in live.REGISTRY if e.name == REAL_EXPERIMENT and e.runs_on(B200_SM))
    return min(protocol_processes() * got[1], entry.nominal_s + live.step_overhead(entry))


def real_timing_protocol_estimate(root: Path | None = None) -> dict:
    """What PR #426's timing protocol (racelab real timing's default) would take on a B200: its processes at
    the wall time per process of the newest H200 real-timing run (an estimate); "not recorded yet" without
    such a run."""
    processes, got = protocol_processes(), protocol_seconds(root)
    if got is None:
        return {"repro_protocol_processes": processes, "repro_protocol_wall_per_process": NOT_RECORDED,
                "repro_protocol_wall": NOT_RECORDED, "repro_protocol_timeout": NOT_RECORDED}
    wall = got[1]
    return {"repro_protocol_processes": processes, "repro_protocol_wall_per_process": f"{wall:.0f} s",
            "repro_protocol_wall": fmt_seconds(protocol_estimate_s(root)),
            "repro_protocol_timeout": f"{-(-processes * wall * 1.25 // 60):.0f} min"}


def real_timing_deadline_facts() -> dict:
    """The SM100 timing step's deadline and the time after which make live kills it, from the registry."""
    entry = next(e for e in live.REGISTRY if e.name == Experiment.REAL_TIMING and e.needs == "sm100")
    return {"repro_protocol_deadline": fmt_seconds(entry.nominal_s),
            "repro_protocol_kill": fmt_seconds(live.step_timeout(entry, 0))}


def layout_design_facts() -> dict:
    """The layouts design as the registry's step runs it: its offsets and its pairs per run."""
    cmd = live.by_name(Experiment.TWIN_TIMING_LAYOUTS).command
    pairs = int(cmd[cmd.index("--pairs") + 1])
    return {"repro_layout_offsets": f"{len(LAYOUT_OFFSETS)} offsets ({LAYOUT_OFFSETS[0]} to {LAYOUT_OFFSETS[-1]} "
                                    f"bytes in {LAYOUT_OFFSETS[1] - LAYOUT_OFFSETS[0]}-byte steps)",
            "repro_layout_pairs": f"{pairs} pairs with each build first per offset and run"}


def time_box(rows: list[ReproduceRow]) -> dict:
    """The runbook's time box, glued at its top: every step a B200 runs with its one estimate (a B200 run's
    time where one is recorded, else its stand-in's, marked ≈), the rebuild's bound (make bench's cold-build
    target on two cores) and the total; "repro_box_table" (Markdown) and "repro_box_total"."""
    steps = [r for r in rows if r.b200 is not None]
    cells = [[f"`{r.experiment}`", ("≈ " if r.b200_estimated else "") + fmt_seconds(r.b200.seconds), r.b200.source]
             for r in steps]
    rebuild = TARGETS_S["cold"]
    cells.append(["rebuild (`make clean-cache && make book`)", f"≤ {fmt_seconds(rebuild)}",
                  "the cold build's target, on two cores (`make bench` checks it)"])
    known = [r.b200.seconds for r in steps if r.b200.seconds is not None]
    missing = [r.experiment for r in steps if r.b200.seconds is None]
    total = sum(known) + rebuild
    return {"repro_box_table": _table(["step", "on a B200", "from"], cells),
            "repro_box_total": (f"about {fmt_seconds(total)}" + (f", and {', '.join(missing)} not estimated"
                                                                  if missing else ""))}
