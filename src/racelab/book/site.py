"""The book as a product: what the provenance and reproduce chapters show (every recorded run, where it
is used, how long it took, the machine that built the book), the post-build step that makes each
notebook downloadable as the executed .ipynb, and the book build's own benchmark.

    python -m racelab.book.site postbuild _build/html   copy the executed notebooks next to their pages, check
                                                   the links, write _build/build-times.json
    python -m racelab.book.site bench-build             time a cold and a warm build of the book
    python -m racelab.book.site runs                    the run inventory the provenance chapter shows
"""

import argparse
import datetime as _dt
import importlib
import importlib.metadata as _md
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from racelab.core import provenance as _prov
from racelab.core import store
from racelab.core.paths import repo_root, results_dir

# where myst-nb writes executed notebooks, relative to the folder that holds html/ (myst_nb.sphinx_ext)
EXECUTED = "jupyter_execute"
# where the theme's download menu looks for an ".ipynb" (sphinx-book-theme: pathto('_sources') + ipynb_source)
SOURCES = "_sources"
BUILD_TIMES = "build-times.json"
# the build-only packages shown for the machine that built the book, after provenance.PACKAGES
BUILD_PACKAGES = ("sphinx", "myst-nb", "myst-parser", "sphinx-book-theme", "pydata-sphinx-theme",
                  "jupyter-cache", "jupytext", "nbclient", "ipykernel", "docutils")
# keys under which a run may state its own wall time, in provenance.json or summary.json
DURATION_KEYS = ("duration_s", "wall_s", "elapsed_s", "seconds")
TARGETS_S = {"cold": 6 * 60, "warm": 45}


class SiteError(RuntimeError):
    pass


# ------------------------------------------------------------------------------- pages using a run

# store.choose("x", ...) / store.newest("x", ...), or with a racelab module's constant (twin.EXPERIMENT)
_CALL = re.compile(r"\b(?:choose|newest)\(\s*(?:(?P<q>['\"])(?P<lit>[\w.-]+)(?P=q)"
                   r"|(?P<mod>\w+)\.(?P<attr>[A-Z][A-Z0-9_]*)\b)")
_CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
_TITLE = re.compile(r"^#\s+(.+?)\s*$", re.M)


@dataclass(frozen=True)
class Page:
    docname: str  # "notebooks/02-calibration", as {doc} wants it from the root
    title: str


def _experiment_of_module(name: str, attr: str = "EXPERIMENT") -> str | None:
    try:
        module = importlib.import_module(f"racelab.{name}")
    except Exception:  # a module that does not import here names no experiment we can resolve
        return None
    value = getattr(module, attr, None)
    return value if isinstance(value, str) else None


def experiments_used(text: str) -> set[str]:
    """The experiments a MyST notebook's code cells pass to store.choose / store.newest."""
    found = set()
    for cell in _CODE_CELL.findall(text):
        for m in _CALL.finditer(cell):
            name = m.group("lit") or _experiment_of_module(m.group("mod"), m.group("attr"))
            if name:
                found.add(name)
    return found


def toc_docnames(toc: Path | None = None) -> set[str] | None:
    """The documents _toc.yml lists (None where there is no _toc.yml): only those are built."""
    import yaml

    path = Path(toc) if toc else repo_root() / "_toc.yml"
    if not path.exists():
        return None
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for key in ("root", "file"):
                if isinstance(node.get(key), str):
                    found.add(str(Path(node[key]).with_suffix("")) if Path(node[key]).suffix in (".md", ".ipynb")
                              else node[key])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(yaml.safe_load(path.read_text()))
    return found


def page_usages(notebooks: Path | None = None) -> dict[str, list[Page]]:
    """experiment -> the notebook pages in the book (listed in _toc.yml) that replay or run it."""
    folder = Path(notebooks) if notebooks else repo_root() / "notebooks"
    in_book = toc_docnames(folder.parent / "_toc.yml")
    usages: dict[str, list[Page]] = {}
    for path in sorted(folder.glob("*.md")):
        if in_book is not None and f"notebooks/{path.stem}" not in in_book:
            continue
        text = path.read_text()
        title = _TITLE.search(text)
        page = Page(f"notebooks/{path.stem}", title.group(1) if title else path.stem)
        for experiment in sorted(experiments_used(text)):
            usages.setdefault(experiment, []).append(page)
    return usages


# ------------------------------------------------------------------------------- the recorded runs

def _start_of(run_id: str) -> _dt.datetime | None:
    try:
        return _dt.datetime.strptime(run_id[:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=_dt.timezone.utc)
    except ValueError:
        return None


def run_duration(run: store.RecordedRun) -> tuple[float | None, str]:
    """How long recording the run took, and where that figure comes from: a wall time the run states
    (provenance.json, else summary.json, else another top-level JSON file), else the recording's span:
    the run id's timestamp is taken when store.new_run starts and provenance date_utc when it finishes
    (work done before new_run, e.g. compiling, is then not counted)."""
    prov = run.provenance
    for key in DURATION_KEYS:
        if isinstance(prov.get(key), (int, float)):
            return float(prov[key]), f"provenance.json {key}"
    top_json = sorted((f for f in run.files() if "/" not in f and f.endswith(".json") and f != store.PROVENANCE),
                      key=lambda f: (f != "summary.json", f))  # summary.json first, then the others
    for name in top_json:
        try:
            data = run.read_json(name)
        except (ValueError, UnicodeDecodeError):
            continue
        for key in DURATION_KEYS:
            if isinstance(data, dict) and isinstance(data.get(key), (int, float)):
                return float(data[key]), f"{name} {key}"
    start, end = _start_of(run.id), prov.get("date_utc")
    if start and end:
        try:
            seconds = (_dt.datetime.fromisoformat(end) - start).total_seconds()
        except ValueError:
            seconds = None
        if seconds is not None and seconds >= 0:
            return seconds, "run id (start) to provenance date_utc (end)"
    return None, "not recorded"


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
    dirty: bool | None = None
    seconds: float | None = None
    seconds_from: str = "not recorded"
    manifest: str = ""
    pages: list = field(default_factory=list)


def experiments(root: Path | None = None) -> list[str]:
    base = Path(root) if root else results_dir()
    return sorted(p.name for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")) \
        if base.is_dir() else []


def inventory(root: Path | None = None, notebooks: Path | None = None) -> list[RunInfo]:
    """Every run folder under the result store, verified; a damaged run is listed with its error."""
    usages = page_usages(notebooks)
    rows = []
    for experiment in experiments(root):
        for path in store.runs(experiment, root):
            pages = usages.get(experiment, [])
            try:
                run = store.RecordedRun(path)
            except store.StoreError as err:
                rows.append(RunInfo(experiment, path.name, False, str(err), pages=pages))
                continue
            prov = run.provenance
            gpu = prov.get("gpu") or {}
            tools = prov.get("tools") or {}
            git = prov.get("git") or {}
            seconds, how = run_duration(run)
            rows.append(RunInfo(
                experiment, run.id, True, gpu=run.gpu_name, sm=run.sm, driver=gpu.get("driver"),
                cuda=tools.get("cuda_runtime_nvidia_smi"), nvcc=tools.get("nvcc"),
                sanitizer=tools.get("compute_sanitizer"), python=prov.get("python"),
                packages=prov.get("packages") or {}, date=prov.get("date_utc"), commit=git.get("commit"),
                dirty=git.get("dirty"), seconds=seconds, seconds_from=how, manifest=run.manifest_hash[:16],
                pages=pages))
    return rows


def _doc(page: Page) -> str:
    return "{doc}`" + page.title.replace("`", "") + " </" + page.docname + ">`"


def _cell(value) -> str:
    text = "—" if value in (None, "") else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def _table(head: list[str], rows: list[list[str]]) -> str:
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


def runs_markdown(rows: list[RunInfo]) -> str:
    """The provenance chapter's table of runs, as MyST (page links are {doc} roles)."""
    if not rows:
        return "*No recorded runs under `results/`.*"
    out = []
    for r in rows:
        if not r.ok:
            out.append([_cell(r.experiment), f"`{r.run_id}`", f"**damaged:** {_cell(r.error)}", "", "", ""])
            continue
        out.append([_cell(r.experiment), f"`{r.run_id}`", _cell(r.gpu), _date(r.date), fmt_seconds(r.seconds),
                    ", ".join(_doc(p) for p in r.pages) or "no page"])
    return _table(["experiment", "run", "GPU", "recorded (UTC)", "took", "used by"], out)


def provenance_facts(rows: list[RunInfo]) -> dict:
    """The figures the provenance chapter's prose glues."""
    return {"prov_runs": len(rows), "prov_experiments": len({r.experiment for r in rows}),
            "prov_damaged": sum(not r.ok for r in rows)}


def toolchain_markdown(rows: list[RunInfo]) -> str:
    """Per valid run: driver, CUDA, compute-sanitizer, nvcc and the commit it was made at."""
    out = [[f"`{r.experiment}/{r.run_id}`", _cell(r.driver), _cell(r.cuda), _cell(r.sanitizer), _cell(r.nvcc),
            f"`{(r.commit or 'unknown')[:8]}`" + (" (dirty)" if r.dirty else "")]
           for r in rows if r.ok]
    return _table(["run", "driver", "CUDA", "compute-sanitizer", "nvcc", "commit"], out) if out else ""


def packages_markdown(rows: list[RunInfo]) -> str:
    """Python and the package versions per valid run, one cell per run."""
    out = [[f"`{r.experiment}/{r.run_id}`",
            ", ".join([f"Python {r.python}"] * bool(r.python) +
                      [f"{name} {version}" for name, version in sorted(r.packages.items())]) or "—"]
           for r in rows if r.ok]
    return _table(["run", "Python and packages"], out) if out else ""


# ------------------------------------------------------------------------------- the build machine

def build_machine() -> dict:
    """What this build ran on: Python, platform, packages, GPU (nvidia-smi) and tools, commit, date."""
    packages = dict(_prov.packages())
    for name in BUILD_PACKAGES:
        try:
            packages[name] = _md.version(name)
        except _md.PackageNotFoundError:
            continue
    smi = None
    if shutil.which("nvidia-smi"):
        try:
            proc = subprocess.run(["nvidia-smi"], capture_output=True, text=True, timeout=20)
            smi = proc.stdout.strip() if proc.returncode == 0 else None
        except (OSError, subprocess.TimeoutExpired):
            smi = None
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
        "nvidia_smi": smi,
    }


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
    return _table(["", "this build"], [[k, _cell(v)] for k, v in rows])


# ------------------------------------------------------------------------------- make live timings

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
    from racelab.experiments import registry as live

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
    from racelab.experiments import registry as live

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
    from racelab.experiments import registry as live

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
    from racelab.experiments import registry as live

    t = totals(rows)
    return {"repro_steps": len(rows), "repro_h200_total": fmt_seconds(t["h200_s"]),
            "repro_h200_missing": len(t["h200_missing"]), "repro_b200_total": fmt_seconds(t["b200_s"]),
            "repro_b200_missing": len(t["b200_missing"]),
            "repro_sm90_steps": ", ".join(e.name for e in live.REGISTRY if e.runs_on(H200_SM)),
            "repro_estimates": "; ".join(f"{e.name} from {e.estimate_from}" for e in live.REGISTRY
                                         if e.runs_on(B200_SM) and e.estimate_from)}


def glue_all(facts: dict) -> None:
    """myst_nb.glue every fact, hidden. Strings are glued as Markdown so that {glue:md} shows them
    without the quotes their text/plain form would carry."""
    from IPython.display import Markdown
    from myst_nb import glue

    for key, value in facts.items():
        glue(key, Markdown(value) if isinstance(value, str) else value, display=False)


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
    from racelab.experiments import registry as live

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


# ------------------------------------------------------------------------------- post-build

def executed_notebooks(html_dir: Path) -> dict[str, Path]:
    """docname -> the executed notebook myst-nb wrote, for every notebook that has a page."""
    base = Path(html_dir).parent / EXECUTED
    found = {}
    for nb in sorted(base.rglob("*.ipynb")) if base.is_dir() else []:
        docname = nb.relative_to(base).with_suffix("").as_posix()
        if (Path(html_dir) / f"{docname}.html").exists():
            found[docname] = nb
    return found


def _with_cached_outputs(path: Path, cache_path: Path) -> bytes:
    """The notebook at `path`, with its outputs taken from the jupyter cache where it has none.
    myst-nb 1.4 writes the notebook it read, not the cached one it rendered, when a notebook comes from
    the cache (no re-execution), so jupyter_execute/ then holds a notebook without outputs."""
    data = path.read_bytes()
    nb = json.loads(data)
    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    if not code or any(c.get("outputs") for c in code) or not Path(cache_path).is_dir():
        return data
    import nbformat
    from jupyter_cache import get_cache

    try:
        _, merged = get_cache(str(cache_path)).merge_match_into_notebook(nbformat.reads(data.decode(), 4))
    except KeyError:  # not in the cache: leave it as myst-nb wrote it
        return data
    return nbformat.writes(merged).encode()


def copy_notebooks(html_dir: Path) -> dict[str, Path]:
    """Put each executed notebook where its page's download menu points: _sources/<docname>.ipynb."""
    copied = {}
    cache_path = Path(html_dir).parent / ".jupyter_cache"
    for docname, nb in executed_notebooks(html_dir).items():
        target = Path(html_dir) / SOURCES / f"{docname}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_bytes(_with_cached_outputs(nb, cache_path))
        os.replace(tmp, target)
        copied[docname] = target
    return copied


def check_download_links(html_dir: Path, docnames) -> list[str]:
    """Problems: a notebook page without a link to its .ipynb, or a link to a file that is not there."""
    problems = []
    for docname in docnames:
        page = Path(html_dir) / f"{docname}.html"
        html = page.read_text(errors="replace")
        depth = docname.count("/")
        href = "../" * depth + f"{SOURCES}/{docname}.ipynb"
        if f'href="{href}"' not in html:
            problems.append(f"{page}: no link to {href} (is racelab.book.sphinx_ext in _config.yml?)")
        if not (Path(html_dir) / SOURCES / f"{docname}.ipynb").exists():
            problems.append(f"{page}: {SOURCES}/{docname}.ipynb missing")
    return problems


def cache_records(cache_path: Path) -> dict[str, dict]:
    """Source path -> {execution_seconds, created} from a jupyter-cache folder ({} if none)."""
    if not Path(cache_path).is_dir():
        return {}
    from jupyter_cache import get_cache

    out = {}
    for record in sorted(get_cache(str(cache_path)).list_cache_records(), key=lambda r: r.created):
        # one record per executed version of a notebook; the newest wins
        out[str(record.uri)] = {"execution_seconds": (record.data or {}).get("execution_seconds"),
                                "created": record.created.isoformat(timespec="seconds")}
    return out


def build_times(html_dir: Path) -> dict:
    """What the last build spent: Sphinx's wall time and the notebooks it executed (written by
    racelab.book.sphinx_ext), and every notebook's execution time as jupyter-cache holds it."""
    build = Path(html_dir).parent
    sphinx = {}
    if (build / "sphinx-times.json").exists():
        sphinx = json.loads((build / "sphinx-times.json").read_text())
    root = repo_root()
    cached = {}
    for uri, rec in cache_records(build / ".jupyter_cache").items():
        try:
            name = Path(uri).resolve().relative_to(root).with_suffix("").as_posix()
        except ValueError:
            name = uri
        cached[name] = rec
    return {"sphinx": sphinx, "cached_execution": dict(sorted(cached.items()))}


def postbuild(html_dir: Path) -> int:
    html_dir = Path(html_dir)
    if not (html_dir / "index.html").exists():
        print(f"racelab site postbuild: {html_dir} has no index.html: build the book first", file=sys.stderr)
        return 2
    copied = copy_notebooks(html_dir)
    problems = check_download_links(html_dir, copied)
    times = build_times(html_dir)
    (html_dir.parent / BUILD_TIMES).write_text(json.dumps(times, indent=2) + "\n")
    print(f"postbuild: {len(copied)} executed notebooks downloadable as .ipynb; "
          f"timings in {html_dir.parent / BUILD_TIMES}")
    for problem in problems:
        print(f"postbuild: {problem}", file=sys.stderr)
    return 1 if problems else 0


# ------------------------------------------------------------------------------- bench-build

def _build(source: Path, out: Path, flags: list[str], env: dict) -> dict:
    jb = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jb) if jb.exists() else "jupyter-book", "build", str(source), "--path-output", str(out), *flags]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    jb_s = time.monotonic() - t0
    html = out / "_build" / "html"
    rc_post = postbuild(html) if proc.returncode == 0 else None
    total = time.monotonic() - t0
    times = json.loads((out / "_build" / BUILD_TIMES).read_text()) if (out / "_build" / BUILD_TIMES).exists() else {}
    return {"returncode": proc.returncode, "postbuild_rc": rc_post, "jupyter_book_s": round(jb_s, 1),
            "total_s": round(total, 1), "log_tail": (proc.stdout + proc.stderr)[-4000:] if proc.returncode else "",
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
        raise SiteError(f"{out / '_build'} exists: bench-build needs an empty output folder for the cold build")
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


# ------------------------------------------------------------------------------- command line

def inputs_fingerprint(root: Path) -> str:
    """What notebook outputs depend on besides their code cells: every recorded run's SHA256SUMS, the
    package, the kernels. jupyter-cache keys on code cells alone (MyST-NB #299), so a new run or a changed
    module would otherwise leave stale pages."""
    import hashlib

    h = hashlib.sha256()
    files = sorted(root.glob("results/*/*/SHA256SUMS")) + sorted((root / "src" / "racelab").glob("*.py")) \
        + sorted(p for p in (root / "kernels").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for f in files:
        h.update(f.relative_to(root).as_posix().encode())
        h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()


def cache_guard(build_dir: Path, root: Path) -> int:
    """Empty the execution cache when the inputs_fingerprint changed since the last build."""
    import shutil

    stamp = build_dir / ".racelab-inputs"
    now = inputs_fingerprint(root)
    before = stamp.read_text().strip() if stamp.exists() else None
    if before != now:
        # Sphinx keeps each page's doctree (outputs included) and re-reads only changed sources, so the
        # doctrees go too: otherwise an unchanged notebook would keep its old outputs without re-executing
        for sub in (".jupyter_cache", "jupyter_execute", ".doctrees"):
            shutil.rmtree(build_dir / sub, ignore_errors=True)
        if before is not None:
            print("racelab: recorded runs or racelab code changed since the last build: re-executing every notebook")
    build_dir.mkdir(parents=True, exist_ok=True)
    stamp.write_text(now + "\n")
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m racelab.book.site", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    post = sub.add_parser("postbuild", help="copy executed notebooks next to their pages, check, write timings")
    post.add_argument("html_dir", type=Path)
    bench = sub.add_parser("bench-build", help="time a cold and a warm build of the book")
    bench.add_argument("--out", type=Path, help="output folder (must not hold a _build yet); default: a temp dir")
    bench.add_argument("--keep", action="store_true", help="keep the temporary output folder")
    bench.add_argument("--json", type=Path, help="also write the figures here")
    bench.add_argument("--source", type=Path, help="the book to build (default: this checkout)")
    guard = sub.add_parser("cache-guard", help="empty the execution cache if runs or code changed")
    guard.add_argument("build_dir", type=Path)
    runs = sub.add_parser("runs", help="every recorded run, its provenance and the pages that use it")
    runs.add_argument("--json", action="store_true")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) and 2
    if args.action == "postbuild":
        return postbuild(args.html_dir)
    if args.action == "cache-guard":
        return cache_guard(args.build_dir, Path.cwd())
    if args.action == "runs":
        rows = inventory()
        if args.json:
            print(json.dumps([r.__dict__ | {"pages": [p.docname for p in r.pages]} for r in rows], indent=2))
        else:
            for r in rows:
                print(f"{'ok ' if r.ok else 'BAD'} {r.experiment}/{r.run_id}  {r.gpu}  {fmt_seconds(r.seconds)}"
                      f"  pages: {', '.join(p.docname for p in r.pages) or '-'}" + ("" if r.ok else f"  {r.error}"))
        return 0 if all(r.ok for r in rows) else 1
    try:
        result = bench_build(args.out, keep=args.keep, source=args.source)
    except SiteError as err:
        print(f"racelab site bench-build: {err}", file=sys.stderr)
        return 2
    print(format_bench(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    ok = result["cold"]["returncode"] == 0 and result["warm"] and result["warm"]["returncode"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
