"""The litmus lab's browser side, served from the built site so that it works offline: Pyodide (CPython in
WebAssembly) and Viz.js (Graphviz in WebAssembly), each an npm package of a pinned version and sha256,
fetched once into .cache/weblibs with `npm pack` (nothing of them is in the repository), and the checker's
own modules (racelab.model.litmus_text, checker, catalogue, litmus_lab), which the page loads into Pyodide."""

import json
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from racelab.core import files
from racelab.core.paths import cache_dir, repo_root

# npm package -> (version, sha256 of its tarball, the files the page needs, relative to the package)
PACKAGES = {
    "pyodide": ("314.0.8", "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb",
                ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")),
    "@viz-js/viz": ("3.31.0", "7dc0189874849cca2fed7cbe88bf334cd0e6e012db16657794a812ad6f2b8c70",
                    ("dist/viz-global.js",)),
}
MODEL_MODULES = ("__init__.py", "errors.py", "rules.py", "litmus_text.py", "proxies.py", "checker.py", "catalogue.py", "litmus_exercises.py",
                 "litmus_lab.py")
LITMUS_DIR = "litmus"  # racelab/model/litmus: the catalogue's programs and verdict table
SITE_DIR = "_static/litmus-lab"  # in the built site
STATUS = "runtime.json"  # in the site's folder: {"ok": true} or {"ok": false, "why": ...}, read by the page


class WebLibError(RuntimeError):
    """A package could not be fetched or did not match its pinned sha256."""


def _slug(name: str) -> str:
    return name.strip("@").replace("/", "-")


def fetch(dest: Path | None = None) -> dict[str, Path]:
    """{package: folder of its needed files}, fetched with `npm pack` where not yet in `dest`."""
    dest = Path(dest or cache_dir() / "weblibs")
    out = {}
    for name, (version, sha, needed) in PACKAGES.items():
        folder = dest / f"{_slug(name)}-{version}"
        if not all((folder / Path(f).name).exists() for f in needed):
            if shutil.which("npm") is None:
                raise WebLibError(f"npm is needed once to fetch {name}@{version} for the litmus lab")
            with tempfile.TemporaryDirectory(prefix="racelab-weblibs-") as tmp:
                done = subprocess.run(["npm", "pack", f"{name}@{version}", "--pack-destination", tmp],
                                      capture_output=True, text=True, timeout=600)
                tarballs = list(Path(tmp).glob("*.tgz"))
                if done.returncode or not tarballs:
                    raise WebLibError(f"npm pack {name}@{version} failed: {(done.stderr or done.stdout)[-400:]}")
                got = files.sha256_bytes(tarballs[0].read_bytes())
                if got != sha:
                    raise WebLibError(f"{name}@{version}: sha256 {got}, expected {sha}")
                folder.mkdir(parents=True, exist_ok=True)
                with tarfile.open(tarballs[0]) as tar:
                    for f in needed:
                        member = tar.extractfile(f"package/{f}")
                        (folder / Path(f).name).write_bytes(member.read())
        out[name] = folder
    return out


def install(html_dir: Path) -> str | None:
    """Put the runtime and the checker's modules into the built site; None, or why the runtime is missing
    (the page then says so, and `racelab model check` does the same on the command line)."""
    site = Path(html_dir) / SITE_DIR
    py = site / "py" / "racelab" / "model"
    py.mkdir(parents=True, exist_ok=True)
    (site / "py" / "racelab" / "__init__.py").write_text("")
    src = repo_root() / "src" / "racelab" / "model"
    listed = []
    for name in MODEL_MODULES:
        shutil.copyfile(src / name, py / name)
        listed.append(f"racelab/model/{name}")
    for path in sorted((src / LITMUS_DIR).rglob("*")):  # the catalogue's and the graded path's files
        if path.is_file() and path.suffix in (".litmus", ".csv"):
            rel = path.relative_to(src)
            (py / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, py / rel)
            listed.append(f"racelab/model/{rel.as_posix()}")
    (site / "py" / "files.json").write_text(json.dumps(listed) + "\n")  # what the page writes into Pyodide
    try:
        fetched = fetch()
    except (WebLibError, OSError, subprocess.SubprocessError) as err:
        (site / STATUS).write_text(json.dumps({"ok": False, "why": str(err)}) + "\n")
        return str(err)
    (site / STATUS).write_text(json.dumps({"ok": True, "packages": {n: v[0] for n, v in PACKAGES.items()}}) + "\n")
    for name, folder in fetched.items():
        target = site / _slug(name)
        target.mkdir(exist_ok=True)
        for f in folder.iterdir():
            shutil.copyfile(f, target / f.name)
    return None
