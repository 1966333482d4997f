"""The result store: recorded runs are folders results/<experiment>/<UTC timestamp>-<gpu>/ holding raw
artifacts, provenance.json and SHA256SUMS. A run is written once, in a temporary folder renamed into
place when complete, and never edited; reading one verifies every checksum first."""

import argparse
import contextlib
import datetime as _dt
import gzip
import hashlib
import io
import json
import lzma
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from racelab.core import provenance as _prov
from racelab.core.paths import results_dir

SUMS = "SHA256SUMS"
PROVENANCE = "provenance.json"
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


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _decompress(data: bytes) -> bytes:
    if data[:6] == b"\xfd7zXZ\x00":
        return lzma.decompress(data)
    if data[:2] == b"\x1f\x8b":
        return gzip.decompress(data)
    return data


class NewRun:
    """A run being recorded. Use through `new_run(...)`; files go under `.path`."""

    def __init__(self, experiment: str, command, gpu: dict | None, root: Path):
        self.experiment = experiment
        self.command = command
        stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
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
        prov.update({"experiment": self.experiment, "run_id": self.id, **self.extra})
        (self.path / PROVENANCE).write_text(json.dumps(prov, indent=2, sort_keys=True) + "\n")
        lines = []
        for file in sorted(p for p in self.path.rglob("*") if p.is_file() and p.name != SUMS):
            lines.append(f"{_sha256(file)}  {file.relative_to(self.path).as_posix()}")
        (self.path / SUMS).write_text("\n".join(lines) + "\n")
        self.path.rename(self.final_path)
        return RecordedRun(self.final_path)


@contextlib.contextmanager
def new_run(experiment: str, command=None, root: Path | None = None):
    """Record a run; on success it appears atomically, on an exception nothing is left behind."""
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
            if _sha256(file) != digest:
                raise StoreError(f"{self.path}: checksum mismatch for {name}: the run was modified")
        extra = {p.relative_to(self.path).as_posix() for p in self.path.rglob("*") if p.is_file()}
        extra -= set(sums) | {SUMS}
        if extra:
            raise StoreError(f"{self.path}: files not in {SUMS}: {sorted(extra)}")

    @property
    def manifest_hash(self) -> str:
        """sha256 of SHA256SUMS: changes whenever any artifact of the run does."""
        return _sha256(self.path / SUMS)

    @property
    def provenance(self) -> dict:
        return json.loads((self.path / PROVENANCE).read_text())

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
        return _decompress(self._resolve(name).read_bytes())

    def read_text(self, name: str) -> str:
        return self.read_bytes(name).decode()

    def read_json(self, name: str):
        return json.loads(self.read_text(name))

    def open_stream(self, name: str):
        """A binary stream, decompressed on the fly (for large logs)."""
        path = self._resolve(name)
        if path.suffix == ".xz":
            return lzma.open(path, "rb")
        if path.suffix == ".gz":
            return gzip.open(path, "rb")
        return open(path, "rb")


def runs(experiment: str, root: Path | None = None) -> list[Path]:
    """Candidate run folders of an experiment, oldest first (by id, which starts with the UTC time)."""
    base = (Path(root) if root else results_dir()) / experiment
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith("."))


def _accepts(gpu: str):
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


def newest(experiment: str, gpu: str = "any-gpu", root: Path | None = None) -> RecordedRun:
    """The newest run of `experiment` made on hardware that `gpu` (a key of NEEDS) accepts.
    A damaged newest run is an error, not silently skipped."""
    accepts = _accepts(gpu)
    for path in reversed(runs(experiment, root)):
        if _made_on(path, accepts):
            return RecordedRun(path)
    raise StoreError(f"no recorded run of {experiment!r} on {gpu} hardware under "
                     f"{(Path(root) if root else results_dir()) / experiment}")


def all_runs(experiment: str, gpu: str = "any-gpu", root: Path | None = None) -> list[RecordedRun]:
    """Every run of `experiment` made on hardware that `gpu` accepts, oldest first (each verified)."""
    accepts = _accepts(gpu)
    return [RecordedRun(path) for path in runs(experiment, root) if _made_on(path, accepts)]


@dataclass
class Choice:
    experiment: str
    needs: str
    mode: str  # "live" or "replay"
    run: RecordedRun | None
    reason: str

    @property
    def live(self) -> bool:
        return self.mode == "live"


def local_sm():
    devices = _prov.gpus()
    return devices[0]["sm"] if devices else None


def choose(experiment: str, needs: str, root: Path | None = None) -> Choice:
    """Live when the hardware is here (or RACELAB_MODE=live), else replay the newest valid run.
    RACELAB_MODE=replay forces replay of GPU experiments; work that needs only a CPU always runs live."""
    if needs not in NEEDS:
        raise StoreError(f"unknown hardware requirement {needs!r}; one of {sorted(NEEDS)}")
    forced = os.environ.get("RACELAB_MODE", "").lower()
    if forced not in ("", "live", "replay", "auto"):
        raise StoreError(f"RACELAB_MODE must be live, replay or auto, not {forced!r}")
    if needs == "cpu":
        return Choice(experiment, needs, "live", None, "needs only a CPU")
    sm = local_sm()
    here = sm is not None and NEEDS[needs](sm)
    if forced == "live" and not here:
        raise StoreError(f"RACELAB_MODE=live but {experiment!r} needs {needs} hardware and this machine has "
                         f"{'an sm_%s GPU' % sm if sm else 'no GPU'}")
    if forced == "live" or (here and forced != "replay"):
        return Choice(experiment, needs, "live", None, f"{needs} hardware present")
    try:
        recorded = newest(experiment, needs, root)
    except StoreError as err:
        return Choice(experiment, needs, "replay", None, str(err))
    return Choice(experiment, needs, "replay", recorded,
                  "forced by RACELAB_MODE=replay" if forced == "replay" else f"no {needs} hardware here")


def describe(run: RecordedRun, mode: str) -> dict:
    prov = run.provenance
    tools = prov.get("tools", {})
    return {
        "run": f"{run.experiment}/{run.id}",
        "mode": mode,
        "gpu": run.gpu_name,
        "driver": (prov.get("gpu") or {}).get("driver"),
        "date": prov.get("date_utc"),
        "commit": (prov.get("git") or {}).get("commit"),
        "sanitizer": tools.get("compute_sanitizer"),
        "nvcc": tools.get("nvcc"),
        "manifest": run.manifest_hash[:16],
    }


class Banner:
    """The admonition a page shows: which run, which GPU, live or replayed. Renders as Markdown."""

    def __init__(self, run: RecordedRun, mode: str):
        self.info = describe(run, mode)

    def _parts(self):
        i = self.info
        title = "Measured live in this build" if i["mode"] == "live" else "Replayed from a recorded run"
        bits = [f"run <code>{i['run']}</code>", f"GPU <strong>{i['gpu']}</strong>"]
        if i["driver"]:
            bits.append(f"driver {i['driver']}")
        if i["sanitizer"]:
            bits.append(f"compute-sanitizer {i['sanitizer']}")
        bits += [f"recorded {i['date']}", f"commit <code>{(i['commit'] or 'unknown')[:10]}</code>",
                 f"manifest <code>{i['manifest']}</code>"]
        return ("important" if i["mode"] == "live" else "note"), title, ", ".join(bits) + "."

    def _repr_html_(self) -> str:
        kind, title, body = self._parts()
        return (f'<div class="admonition {kind} racelab-run"><p class="admonition-title">{title}</p>'
                f"<p>{body}</p></div>")

    def __repr__(self) -> str:
        return " | ".join(f"{k}={v}" for k, v in self.info.items())


def banner(run: RecordedRun, mode: str) -> Banner:
    return Banner(run, mode)


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="racelab runs", description="list and verify recorded runs")
    parser.add_argument("experiment", nargs="?", help="only this experiment")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    base = results_dir()
    experiments = [args.experiment] if args.experiment else sorted(
        p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    rows, bad = [], 0
    for experiment in experiments:
        for path in runs(experiment):
            try:
                run = RecordedRun(path)
                rows.append({**describe(run, "recorded"), "ok": True})
            except StoreError as err:
                bad += 1
                rows.append({"run": f"{experiment}/{path.name}", "ok": False, "error": str(err)})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(("ok  " if row["ok"] else "BAD ") + row["run"] + ("" if row["ok"] else "  " + row["error"]))
    return 1 if bad else 0
