"""The execution cache's guard, run before every book build: jupyter-cache keys a notebook on its code
cells alone (MyST-NB #299), so when a recorded run or the package changes, the cache, the executed
notebooks, the doctrees and the usage log go, and every page executes again."""

import hashlib
import shutil
from pathlib import Path

from racelab.book.inventory import USAGE_LOG
from racelab.book.postbuild import EXECUTED
from racelab.core import files as _files

STAMP = ".racelab-inputs"


def _inputs(root: Path) -> list[Path]:
    code = sorted(p for p in (root / "src" / "racelab").rglob("*.py") if "__pycache__" not in p.parts)
    kernels = sorted(p for p in (root / "kernels").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return sorted(root.glob("results/*/*/SHA256SUMS")) + code + kernels


def inputs_fingerprint(root: Path) -> str:
    """What notebook outputs depend on besides their code cells: every recorded run's SHA256SUMS, the
    package, the kernels. jupyter-cache keys on code cells alone (MyST-NB #299), so a new run or a changed
    module would otherwise leave stale pages."""
    h = hashlib.sha256()
    for f in _inputs(root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(bytes.fromhex(_files.sha256(f)))
    return h.hexdigest()


def cache_guard(build_dir: Path, root: Path) -> bool:
    """Empty the execution cache when the inputs_fingerprint changed since the last build; True when it
    was emptied after an earlier build (not on the first)."""
    build_dir, root = Path(build_dir), Path(root)
    stamp = build_dir / STAMP
    now = inputs_fingerprint(root)
    before = stamp.read_text().strip() if stamp.exists() else None
    if before != now:
        # Sphinx keeps each page's doctree (outputs included) and re-reads only changed sources, so the
        # doctrees go too: otherwise an unchanged notebook would keep its old outputs without re-executing
        for sub in (".jupyter_cache", EXECUTED, ".doctrees"):
            shutil.rmtree(build_dir / sub, ignore_errors=True)
        (build_dir / USAGE_LOG).unlink(missing_ok=True)
    build_dir.mkdir(parents=True, exist_ok=True)
    stamp.write_text(now + "\n")
    return before is not None and before != now
