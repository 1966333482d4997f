"""What the reproduce chapter shows: the `make live` registry, how long each experiment took on an H200
and a B200 (as recorded, or estimated), what the newest run of each holds, and the pinned requirements."""

from dataclasses import dataclass
from pathlib import Path

from racelab.book.inventory import RunInfo, cell as _cell, fmt_seconds, run_duration, table as _table
from racelab.core import store
from racelab.core.paths import repo_root
from racelab.experiments import registry as live


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


def step_time(experiment: str, sm: int, root: Path | None = None) -> StepTime:
    """How long `make live` took for one experiment on a GPU of compute capability `sm`: the newest
    make-live session on that GPU in which the step succeeded, else the newest run of the experiment
    itself on that GPU (its own duration, see run_duration), else not recorded."""
    for run in _verified(reversed(store.runs(live.SESSION, root))):
        if run.sm != sm:
            continue
        for step in run.read_json("summary.json").get("steps", []):
            if step.get("experiment") == experiment and step.get("ok"):
                return StepTime(float(step["seconds"]), f"make-live session {run.id}")
    for run in _verified(reversed(store.runs(experiment, root))):
        if run.sm == sm:
            seconds, how = run_duration(run)
            if seconds is not None:
                return StepTime(seconds, f"run {run.id}: {how}")
    return StepTime(None, "not recorded")


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
    rows = []
    for e in live.REGISTRY:
        h200 = step_time(e.name, H200_SM, root) if e.runs_on(H200_SM) else StepTime(None, "does not run on SM90")
        b200, estimated = None, False
        if e.runs_on(B200_SM):
            b200 = step_time(e.name, B200_SM, root)
            if b200.seconds is None and e.estimate_from:
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
        h200 = "—" if "does not run" in r.h200.source else fmt_seconds(r.h200.seconds)
        b200 = "—" if r.b200 is None else ("≈ " if r.b200_estimated else "") + fmt_seconds(r.b200.seconds)
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
    return {"repro_steps": len(rows), "repro_h200_total": fmt_seconds(t["h200_s"]),
            "repro_h200_missing": len(t["h200_missing"]), "repro_b200_total": fmt_seconds(t["b200_s"]),
            "repro_b200_missing": len(t["b200_missing"]),
            "repro_sm90_steps": ", ".join(e.name for e in live.REGISTRY if e.runs_on(H200_SM)),
            "repro_estimates": "; ".join(f"{e.name} from {e.estimate_from}" for e in live.REGISTRY
                                         if e.runs_on(B200_SM) and e.estimate_from)}


def totals(rows: list[ReproduceRow]) -> dict:
    """Sums over the rows whose figure exists, and how many rows lack one."""
    h = [r.h200.seconds for r in rows if r.h200.seconds is not None]
    h_missing = [r.experiment for r in rows if r.h200.seconds is None and "does not run" not in r.h200.source]
    b = [r.b200.seconds for r in rows if r.b200 is not None and r.b200.seconds is not None]
    b_missing = [r.experiment for r in rows if r.b200 is not None and r.b200.seconds is None]
    return {"h200_s": sum(h), "h200_missing": h_missing, "b200_s": sum(b), "b200_missing": b_missing,
            "b200_estimated": [r.experiment for r in rows if r.b200_estimated]}


def recorded_files(experiment: str, root: Path | None = None) -> dict | None:
    """What the newest valid run of an experiment holds: file count, bytes, kinds of file."""
    for run in _verified(reversed(store.runs(experiment, root))):
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


def python_requirement() -> str:
    """requires-python and the pinned direct dependencies, from pyproject.toml."""
    import tomllib

    project = tomllib.loads((repo_root() / "pyproject.toml").read_text())["project"]
    return project["requires-python"]


def pinned_dependencies() -> list[str]:
    import tomllib

    return tomllib.loads((repo_root() / "pyproject.toml").read_text())["project"]["dependencies"]


def requirements_facts() -> dict:
    return {"repro_python": python_requirement().removeprefix(">=") + " or newer",
            "repro_pins": ", ".join(f"`{dep}`" for dep in pinned_dependencies())}


def toolchains_markdown(rows: list[RunInfo]) -> str:
    """The driver, CUDA, nvcc, compute-sanitizer and Python of the newest valid run on each GPU model."""
    newest: dict[str, RunInfo] = {}
    for r in rows:
        if r.ok and r.sm is not None and (r.gpu not in newest or (r.date or "") > (newest[r.gpu].date or "")):
            newest[r.gpu] = r
    if not newest:
        return "*No run on a GPU has been recorded yet.*"
    return _table(["GPU", "driver", "CUDA", "nvcc", "compute-sanitizer", "Python"],
                  [[f"{_cell(gpu)} (sm_{r.sm})", _cell(r.driver), _cell(r.cuda), _cell(r.nvcc), _cell(r.sanitizer),
                    _cell(r.python)] for gpu, r in sorted(newest.items())])
