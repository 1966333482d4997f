"""The result store: recorded runs are folders results/<experiment>/<UTC timestamp>-<gpu>/ holding raw
artifacts, provenance.json and SHA256SUMS. A run is written once, in a temporary folder renamed into
place when complete, and never edited; reading one verifies every checksum first.

A run whose summary.json says it is not a measurement (`failure`: "complete": false, failed cases or
steps, a case whose status is not ok) is kept, but never chosen for a page: `newest`, `all_runs` and
`choose` pass over it.

Every load of a run for a page (`newest`, `all_runs`, `candidates`, `by_protocol`, `load`) is logged in the
usage log (racelab.core.usage). Choosing a run for a page is racelab.core.choice; corrections of what runs
recorded, racelab.core.corrections; the banner a page shows, racelab.book.banner."""

import contextlib
import datetime as _dt
import functools
import json
import lzma
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from racelab.core import files as _files
from racelab.core import formats as _formats
from racelab.core import provenance as _prov
from racelab.core import usage
from racelab.core.paths import results_dir

SUMS = "SHA256SUMS"
PROVENANCE, SUMMARY = _formats.PROVENANCE, _formats.SUMMARY
# what each kind of hardware requirement accepts, by compute capability
NEEDS = {
    "sm90": lambda sm: sm == 90,
    "sm100": lambda sm: sm == 100,
    "sm90|sm100": lambda sm: sm in (90, 100),
    "any-gpu": lambda sm: sm is not None,
    "cpu": lambda sm: True,
}

class StoreError(RuntimeError):
    pass


class NewRun:
    """A run being recorded. Use through `new_run(...)`; files go under `.path`."""

    def __init__(self, experiment: str, command, gpu: dict | None, root: Path):
        self.experiment = experiment
        self.command = command
        stamp = _dt.datetime.now(_dt.timezone.utc).strftime(_formats.RUN_STAMP)
        self.id = f"{stamp}-{_prov.gpu_slug(gpu)}"
        self.final_path = root / experiment / self.id
        n = 1
        while self.final_path.exists():  # two runs in one second: never overwrite
            n += 1
            self.final_path = root / experiment / f"{self.id}.{n}"
        self.id = self.final_path.name
        self.path = self.final_path.with_name("." + self.id + ".partial")
        self.path.mkdir(parents=True)
        self.extra: dict = {}
        self._started = time.monotonic()

    def write_bytes(self, name: str, data: bytes, compress: bool = False) -> Path:
        if compress:
            name, data = name + ".xz", lzma.compress(data, preset=6)
        target = self.path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        return target

    def write_text(self, name: str, text: str, compress: bool = False) -> Path:
        return self.write_bytes(name, text.encode(), compress)

    def write_json(self, name: str, obj) -> Path:
        return self.write_text(name, json.dumps(obj, indent=2, sort_keys=True) + "\n")

    def add_file(self, name: str, source: Path, compress: bool = False) -> Path:
        return self.write_bytes(name, Path(source).read_bytes(), compress)

    def _finish(self) -> "RecordedRun":
        prov = _prov.collect(self.command)
        prov.update({"experiment": self.experiment, "run_id": self.id,
                     "wall_s": round(time.monotonic() - self._started, 1), **self.extra})
        (self.path / PROVENANCE).write_text(json.dumps(prov, indent=2, sort_keys=True) + "\n")
        lines = []
        for file in sorted(p for p in self.path.rglob("*") if p.is_file() and p.name != SUMS):
            lines.append(f"{_files.sha256(file)}  {file.relative_to(self.path).as_posix()}")
        (self.path / SUMS).write_text("\n".join(lines) + "\n")
        self.path.rename(self.final_path)
        return RecordedRun(self.final_path)


@contextlib.contextmanager
def new_run(experiment: str, command=None, root: Path | None = None):
    """Record a run; on success it appears atomically, on an exception nothing is left behind. Refuses a
    RACELAB_GIT_COMMIT that is not a full hash before anything is measured, and warns on stderr when the
    run will record no commit (a copied tree without .git, and RACELAB_GIT_COMMIT unset)."""
    problem = _prov.passed_commit_problem()
    if problem:
        raise StoreError(problem)
    if _prov.git_state().get("commit") is None:
        print(f"racelab: the {experiment} run about to be recorded will record no commit: this tree has no git "
              "checkout and RACELAB_GIT_COMMIT is unset (export it from `git rev-parse HEAD` in the checkout "
              "the tree was copied from)", file=sys.stderr, flush=True)
    devices = _prov.gpus()
    run = NewRun(experiment, command if command is not None else sys.argv,
                 devices[0] if devices else None, Path(root) if root else results_dir())
    try:
        yield run
    except BaseException:
        shutil.rmtree(run.path, ignore_errors=True)
        raise
    run.recorded = run._finish()


@dataclass
class RecordedRun:
    path: Path

    def __post_init__(self):
        self.path = Path(self.path)
        self.verify()

    @property
    def id(self) -> str:
        return self.path.name

    @property
    def experiment(self) -> str:
        return self.path.parent.name

    @property
    def root(self) -> Path:
        """The result store the run is in (its experiment's folder's parent)."""
        return self.path.parent.parent

    def _sums(self) -> dict[str, str]:
        sums_file = self.path / SUMS
        if not sums_file.exists():
            raise StoreError(f"{self.path}: no {SUMS}: not a complete recorded run")
        sums = {}
        for n, line in enumerate(sums_file.read_text().splitlines(), 1):
            if not line.strip():
                continue
            digest, sep, name = line.partition("  ")
            if not sep or len(digest) != 64:
                raise StoreError(f"{sums_file}:{n}: malformed line {line!r}")
            sums[name] = digest
        if PROVENANCE not in sums:
            raise StoreError(f"{self.path}: {PROVENANCE} is not covered by {SUMS}")
        return sums

    def verify(self) -> None:
        """Every listed file present with its checksum, and no unlisted file."""
        sums = self._sums()
        for name, digest in sums.items():
            file = self.path / name
            if not file.exists():
                raise StoreError(f"{self.path}: {name} is listed in {SUMS} but missing")
            if _files.sha256(file) != digest:
                raise StoreError(f"{self.path}: checksum mismatch for {name}: the run was modified")
        extra = {p.relative_to(self.path).as_posix() for p in self.path.rglob("*") if p.is_file()}
        extra -= set(sums) | {SUMS}
        if extra:
            raise StoreError(f"{self.path}: files not in {SUMS}: {sorted(extra)}")

    @property
    def manifest_hash(self) -> str:
        """sha256 of SHA256SUMS: changes whenever any artifact of the run does."""
        return _files.sha256(self.path / SUMS)

    @functools.cached_property
    def provenance(self) -> dict:
        """provenance.json in today's format (racelab.core.formats), read once (a verified run does not
        change)."""
        return _formats.upgrade(self, PROVENANCE, json.loads((self.path / PROVENANCE).read_text()))

    @property
    def gpu_name(self) -> str:
        gpu = self.provenance.get("gpu")
        return gpu["name"] if gpu else "no GPU (CPU only)"

    @property
    def sm(self):
        gpu = self.provenance.get("gpu")
        return gpu["sm"] if gpu else None

    def files(self) -> list[str]:
        return sorted(self._sums())

    def _resolve(self, name: str) -> Path:
        for candidate in (name, name + ".xz", name + ".gz"):
            if (self.path / candidate).exists():
                return self.path / candidate
        raise StoreError(f"run {self.experiment}/{self.id} has no file {name!r}")

    def read_bytes(self, name: str) -> bytes:
        return _files.read_bytes(self._resolve(name))

    def read_text(self, name: str) -> str:
        return self.read_bytes(name).decode()

    def read_json(self, name: str):
        """A JSON file of the run, in today's format (racelab.core.formats)."""
        return _formats.upgrade(self, name, json.loads(self.read_text(name)))

    def open_stream(self, name: str):
        """A binary stream, decompressed on the fly (for large logs)."""
        return _files.open_bytes(self._resolve(name))


def _natural(name: str) -> list:
    """Sort key: digit runs compare as numbers, so run `….cpu.10` follows `….cpu.2`."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def runs(experiment: str, root: Path | None = None) -> list[Path]:
    """Candidate run folders of an experiment, oldest first (by id, which starts with the UTC time)."""
    base = (Path(root) if root else results_dir()) / experiment
    if not base.is_dir():
        return []
    return sorted((p for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")),
                  key=lambda p: _natural(p.name))


def load(path: Path) -> "RecordedRun":
    """The run at `path`, verified, and logged as used by the page being built."""
    run = RecordedRun(path)
    usage.log_usage(run)
    return run


def hardware_test(gpu: str):
    """The NEEDS test for `gpu`; StoreError for an unknown requirement."""
    if gpu not in NEEDS:
        raise StoreError(f"unknown hardware requirement {gpu!r}; one of {sorted(NEEDS)}")
    return NEEDS[gpu]


def _made_on(path: Path, accepts) -> bool:
    """Whether the run at `path` was made on hardware that `accepts` (a NEEDS test) takes."""
    prov_file = path / PROVENANCE
    if not prov_file.exists():
        raise StoreError(f"{path}: no {PROVENANCE}: not a complete recorded run")
    prov = json.loads(prov_file.read_text())
    return accepts(prov["gpu"]["sm"] if prov.get("gpu") else None)


def failure(run: "RecordedRun") -> str | None:
    """Why a recorded run is not a measurement, from its summary.json, or None when it is one (or has no
    summary): "complete" false, a non-empty "failed_cases" (a recorder's failed cases) or "failed" (the
    failed steps of a make-live session), or an entry of "cases" whose "status" is other than "ok"."""
    if SUMMARY not in run.files():
        return None
    try:
        summary = run.read_json(SUMMARY)
    except ValueError as err:
        return f"{SUMMARY} is not JSON ({err})"
    if not isinstance(summary, dict):
        return None
    why = []
    if summary.get("complete") is False:
        why.append("complete: false")
    for key in ("failed_cases", "failed"):
        if isinstance(summary.get(key), list) and summary[key]:
            why.append(f"{key}: {', '.join(map(str, summary[key]))}")
    if isinstance(summary.get("to_look_into"), list) and summary["to_look_into"]:
        why.append("to look into: " + "; ".join(map(str, summary["to_look_into"])))
    cases = summary.get("cases")
    if isinstance(cases, list) and not summary.get("failed_cases"):
        bad = [str(c.get("case", i)) for i, c in enumerate(cases)
               if isinstance(c, dict) and "status" in c and c["status"] != "ok"]
        if bad:
            why.append(f"cases not ok: {', '.join(bad)}")
    return "; ".join(why) or None


def candidate_paths(experiment: str, gpu: str | int, root: Path | None, include_failed: bool):
    """(verified run, its failure) of each run of `experiment` made on `gpu` hardware (a key of NEEDS, or one
    compute capability), newest first; a failed run only where `include_failed`. A damaged run is an error
    (StoreError), never skipped."""
    accepts = (lambda sm: sm == gpu) if isinstance(gpu, int) else hardware_test(gpu)
    for path in reversed(runs(experiment, root)):
        if _made_on(path, accepts):
            run = RecordedRun(path)
            why = failure(run)
            if why is None or include_failed:
                yield run, why


def shortened(run: "RecordedRun") -> str | None:
    """Why a run is shorter than its command's protocol (a make-live budget cut its deadline), or None."""
    return run.provenance.get("shortened") or None


def prefer_full(found: list["RecordedRun"]) -> list["RecordedRun"]:
    """`found` (oldest first) with the runs a make-live budget shortened moved before the others, so that
    the last is the newest full run where there is one (`shortened`)."""
    return [r for r in found if shortened(r)] + [r for r in found if not shortened(r)]


def protocol_of(run: "RecordedRun") -> str:
    """A timing run's protocol id, e.g. "in-process+alternate/K1/L1000/P32": plan.json's "protocol"
    (racelab.core.formats.protocol_id; derived on reading for runs recorded before that field)."""
    return run.read_json("plan.json")["protocol"]


def candidates(experiment: str, needs: str | int = "any-gpu", protocols=None, backend: str | None = None,
               root: Path | None = None, log: bool = True, include_failed: bool = False) -> list[RecordedRun]:
    """The one chooser of the runs a page may show, keyed by what each run recorded, never by today's command
    lines: the valid runs of `experiment` made on `needs` hardware (a key of NEEDS, or one compute capability;
    a damaged run is an error; a failed one left out unless `include_failed`) whose plan.json names `backend` /
    gives one of `protocols` (protocol_of) where given; newest first, `shortened` ones last."""
    found = [run for run, _ in candidate_paths(experiment, needs, root, include_failed)
             if (backend is None or run.read_json("plan.json").get("backend") == backend)
             and (protocols is None or protocol_of(run) in protocols)]
    found = [r for r in found if not shortened(r)] + [r for r in found if shortened(r)]
    for run in found if log else ():
        usage.log_usage(run)
    return found


def by_protocol(experiment: str, needs: str, protocol: str, root: Path | None = None) -> RecordedRun:
    """The run a page shows for a protocol: the newest full, valid run of `experiment` made on `needs`
    hardware whose plan.json gives protocol id `protocol` (`candidates`). StoreError where none is recorded."""
    found = [run for run in candidates(experiment, needs, {protocol}, root=root, log=False) if not shortened(run)]
    if not found:
        raise StoreError(f"no full run of {experiment!r} with protocol {protocol!r} on {needs} hardware")
    usage.log_usage(found[0])  # the run the page shows, and no other
    return found[0]


def newest(experiment: str, gpu: str = "any-gpu", root: Path | None = None,
           include_failed: bool = False) -> RecordedRun:
    """The first of `candidates`: the newest run of `experiment` made on `gpu` hardware, a failed one only with
    `include_failed`, one a make-live budget shortened only where no full one exists. StoreError where none is
    recorded (naming the failed runs passed over); a damaged run met on the way is an error, never skipped."""
    found = candidates(experiment, gpu, root=root, log=False, include_failed=include_failed)
    if found:
        usage.log_usage(found[0])
        return found[0]
    skipped = [] if include_failed else [p.name for p in runs(experiment, root)
                                         if _made_on(p, hardware_test(gpu)) and failure(RecordedRun(p))]
    raise StoreError(f"no recorded run of {experiment!r} on {gpu} hardware under "
                     f"{(Path(root) if root else results_dir()) / experiment}"
                     + (f" ({len(skipped)} failed run(s) passed over: {', '.join(skipped)})" if skipped else ""))


def newest_or_none(experiment: str, gpu: str = "any-gpu", root: Path | None = None) -> RecordedRun | None:
    """`newest`, or None where no valid run is recorded (an evidence page that replays what its chapter
    chose, and says so where nothing is recorded). A damaged run is still an error."""
    found = candidates(experiment, gpu, root=root, log=False)
    if found:
        usage.log_usage(found[0])
    return found[0] if found else None


def all_runs(experiment: str, gpu: str = "any-gpu", root: Path | None = None,
             include_failed: bool = False) -> list[RecordedRun]:
    """Every run of `experiment` made on hardware that `gpu` accepts, oldest first (each verified), failed
    runs left out unless `include_failed`."""
    found = [run for run, _ in candidate_paths(experiment, gpu, root, include_failed)][::-1]
    for run in found:
        usage.log_usage(run)
    return found
