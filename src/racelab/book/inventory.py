"""What the provenance chapter shows: every recorded run (verified), how long it took, the pages that
loaded it while the book was built (the store's usage log), and the machine that built the book; each
as a table in MyST Markdown."""

import datetime as _dt
import importlib.metadata as _md
import os
import platform
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from racelab.core import proc as _proc
from racelab.core import provenance as _prov
from racelab.core import store
from racelab.core import usage
from racelab.core import corrections as corrections_
from racelab.core.paths import repo_root, results_dir

# the usage log a book build writes, in the build folder (beside jupyter_execute/); see racelab.core.store
USAGE_LOG = "racelab-usage.jsonl"
# the page that lists the runs: the build reads it after every other page (racelab.book.sphinx_ext)
PROVENANCE_PAGE = "notebooks/90-provenance"
# the build-only packages shown for the machine that built the book, after provenance.PACKAGES
BUILD_PACKAGES = ("sphinx", "myst-nb", "myst-parser", "sphinx-book-theme", "pydata-sphinx-theme",
                  "jupyter-cache", "jupytext", "nbclient", "ipykernel", "docutils")

_TITLE = re.compile(r"^#\s+(.+?)\s*$", re.M)


@dataclass(frozen=True)
class Page:
    docname: str  # "notebooks/02-calibration", as {doc} wants it from the root
    title: str


def page(docname: str, root: Path | None = None) -> Page:
    """The page `docname` with the title of its first heading (the docname where it has none)."""
    source = (Path(root) if root else repo_root()) / f"{docname}.md"
    title = _TITLE.search(source.read_text()) if source.is_file() else None
    return Page(docname, title.group(1) if title else Path(docname).name)


def usage_log_path() -> Path | None:
    """The usage log this build writes (RACELAB_USAGE_LOG), or None when no build names one."""
    named = os.environ.get(usage.USAGE_LOG_ENV)
    return Path(named) if named else None


def run_pages(log: Path, root: Path | None = None) -> dict[tuple[str, str], list[Page]]:
    """(experiment, run id) -> the pages that loaded that run, from a usage log."""
    found: dict[tuple[str, str], set[str]] = {}
    for entry in usage.read_usage(log):
        if entry.get("page"):
            found.setdefault((entry["experiment"], entry["run"]), set()).add(entry["page"])
    return {key: [page(name, root) for name in sorted(names)] for key, names in found.items()}


# ------------------------------------------------------------------------------- the recorded runs

def run_duration(run: store.RecordedRun) -> tuple[float | None, str]:
    """How long recording the run took, and where that figure comes from: the wall time the store records
    in provenance.json, or for a run recorded before the store kept it what racelab.core.formats derives
    from the run (the wall time it states, else the span from its id's timestamp to its date_utc)."""
    prov = run.provenance
    return prov["wall_s"], prov["wall_s_from"]


@dataclass
class RunInfo:
    experiment: str
    run_id: str
    ok: bool
    error: str = ""
    gpu: str = ""
    sm: int | None = None
    driver: str | None = None
    cuda: str | None = None
    nvcc: str | None = None
    sanitizer: str | None = None
    python: str | None = None
    packages: dict = field(default_factory=dict)
    date: str | None = None
    commit: str | None = None
    commit_corrected: bool = False  # results/CORRECTIONS.json corrects the commit the run recorded
    dirty: bool | None = None
    seconds: float | None = None
    seconds_from: str = "not recorded"
    manifest: str = ""
    pages: list | None = field(default_factory=list)  # None: no usage log to tell


def experiments(root: Path | None = None) -> list[str]:
    base = Path(root) if root else results_dir()
    return sorted(p.name for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")) \
        if base.is_dir() else []


def inventory(root: Path | None = None, usage_log: Path | None = None) -> list[RunInfo]:
    """Every run folder under the result store, verified (a damaged run is listed with its error), with
    the pages that loaded it according to `usage_log` (default: this build's, usage_log_path())."""
    log = Path(usage_log) if usage_log else usage_log_path()
    usages = run_pages(log) if log and log.is_file() else None
    rows = []
    for experiment in experiments(root):
        for path in store.runs(experiment, root):
            pages = None if usages is None else usages.get((experiment, path.name), [])
            try:
                run = store.RecordedRun(path)  # a listing, not a use: not logged
            except store.StoreError as err:
                rows.append(RunInfo(experiment, path.name, False, str(err), pages=pages))
                continue
            prov = run.provenance
            gpu = prov.get("gpu") or {}
            tools = prov.get("tools") or {}
            git = prov.get("git") or {}
            seconds, how = run_duration(run)
            commit, fix = corrections_.commit_of(run)
            rows.append(RunInfo(
                experiment, run.id, True, gpu=run.gpu_name, sm=run.sm, driver=gpu.get("driver"),
                cuda=tools.get("cuda_runtime_nvidia_smi"), nvcc=tools.get("nvcc"),
                sanitizer=tools.get("compute_sanitizer"), python=prov.get("python"),
                packages=prov.get("packages") or {}, date=prov.get("date_utc"), commit=commit,
                dirty=git.get("dirty"), commit_corrected=fix is not None, seconds=seconds, seconds_from=how,
                manifest=run.manifest_hash[:16],
                pages=pages))
    return rows


# ------------------------------------------------------------------------------- Markdown

def _doc(page: Page) -> str:
    return "{doc}`" + page.title.replace("`", "") + " </" + page.docname + ">`"


def cell(value) -> str:
    text = "—" if value in (None, "") else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def fmt_seconds(seconds: float | None) -> str:
    if seconds is None:
        return "not recorded"
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


def _date(iso: str | None) -> str:
    return iso[:16].replace("T", " ") if iso else "—"


def _used_by(pages: list | None) -> str:
    if pages is None:
        return "not logged (no book build)"
    return ", ".join(_doc(p) for p in pages) or "no page"


def runs_markdown(rows: list[RunInfo]) -> str:
    """The provenance chapter's table of runs, as MyST (page links are {doc} roles)."""
    if not rows:
        return "*No recorded runs under `results/`.*"
    out = []
    for r in rows:
        if not r.ok:
            out.append([cell(r.experiment), f"`{r.run_id}`", f"**damaged:** {cell(r.error)}", "", "",
                        _used_by(r.pages)])
            continue
        out.append([cell(r.experiment), f"`{r.run_id}`", cell(r.gpu), _date(r.date), fmt_seconds(r.seconds),
                    _used_by(r.pages)])
    return table(["experiment", "run", "GPU", "recorded (UTC)", "took", "used by"], out)


def provenance_facts(rows: list[RunInfo]) -> dict:
    """The figures the provenance chapter's prose glues."""
    return {"prov_runs": len(rows), "prov_experiments": len({r.experiment for r in rows}),
            "prov_damaged": sum(not r.ok for r in rows)}


def toolchain_markdown(rows: list[RunInfo]) -> str:
    """Per valid run: driver, CUDA, compute-sanitizer, nvcc and the commit it was made at."""
    out = [[f"`{r.experiment}/{r.run_id}`", cell(r.driver), cell(r.cuda), cell(r.sanitizer), cell(r.nvcc),
            f"`{(r.commit or 'unknown')[:8]}`" + (" (dirty)" if r.dirty else "")
            + (" (corrected)" if r.commit_corrected else "")]
           for r in rows if r.ok]
    return table(["run", "driver", "CUDA", "compute-sanitizer", "nvcc", "commit"], out) if out else ""


def packages_markdown(rows: list[RunInfo]) -> str:
    """Python and the package versions per valid run, one cell per run."""
    out = [[f"`{r.experiment}/{r.run_id}`",
            ", ".join([f"Python {r.python}"] * bool(r.python) +
                      [f"{name} {version}" for name, version in sorted(r.packages.items())]) or "—"]
           for r in rows if r.ok]
    return table(["run", "Python and packages"], out) if out else ""


# ------------------------------------------------------------------------------- the build machine

def _nvidia_smi() -> str | None:
    if not shutil.which("nvidia-smi"):
        return None
    try:
        done = _proc.run(["nvidia-smi"], timeout_s=20)
    except _proc.ProcError:
        return None
    return done.stdout.strip() if done.ok else None


def build_machine() -> dict:
    """What this build ran on: Python, platform, packages, GPU (nvidia-smi) and tools, commit, date."""
    packages = dict(_prov.packages())
    for name in BUILD_PACKAGES:
        try:
            packages[name] = _md.version(name)
        except _md.PackageNotFoundError:
            continue
    return {
        "date_utc": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "mode": os.environ.get("RACELAB_MODE") or "auto",
        "git": _prov.git_state(),
        "gpus": _prov.gpus(),
        "tools": _prov.tool_versions(),
        "packages": dict(sorted(packages.items())),
        "nvidia_smi": _nvidia_smi(),
    }


def corrections_markdown(root: Path | None = None) -> str:
    """The corrections the result store holds (corrections_.CORRECTIONS), one list item each: the field, how many
    runs, the value they recorded, the corrected one, why, the evidence, the runs; a sentence where there are
    none."""
    entries = corrections_.correction_entries(root)
    if not entries:
        return f"*No run's recorded provenance is corrected (`results/{corrections_.CORRECTIONS}` holds no entry).*"
    return "\n".join(f"- **{e['field']}** of {len(e['runs'])} run{'' if len(e['runs']) == 1 else 's'}: recorded "
                     f"{'`' + e['recorded'][:12] + '`' if e['recorded'] else 'no commit'}, corrected to `{e['corrected'][:12]}`. *Why:* {e['why']} "
                     f"*Evidence:* {e['evidence']} *Runs:* " + ", ".join(f"`{r}`" for r in e["runs"]) + "."
                     for e in entries)


def machine_markdown(info: dict) -> str:
    git = info.get("git") or {}
    gpus = info.get("gpus") or []
    tools = {k: v for k, v in (info.get("tools") or {}).items() if v}
    rows = [("built (UTC)", info["date_utc"]), ("Python", info["python"]), ("platform", info["platform"]),
            ("CPU cores", info["cpus"]), ("RACELAB_MODE", info["mode"]),
            ("commit", f"`{(git.get('commit') or 'unknown')[:10]}`" + (" (dirty)" if git.get("dirty") else "")),
            ("GPU", ", ".join(f"{g['name']} (sm_{g['sm']}, driver {g['driver']})" for g in gpus)
             or "none: GPU chapters replay recorded runs")]
    rows += [(name.replace("_", " "), version) for name, version in tools.items()]
    rows += [(f"`{name}`", version) for name, version in info["packages"].items()]
    return table(["", "this build"], [[k, cell(v)] for k, v in rows])


def nvidia_smi_text(machine: dict) -> str:
    """What nvidia-smi printed on the build machine, or a line saying it is absent there."""
    return machine["nvidia_smi"] or ("nvidia-smi: not present on the build machine (no NVIDIA GPU);\n"
                                     "every GPU chapter replayed a recorded run.")
