"""Every value the book glues, read by executing each notebook of the table of contents in replay mode.

The refactor invariant: `racelab book glue-values --json` prints the same bytes before and after a change
that should not change what the book shows. A figure is reported by its repr (size and axes), not its
pixels.
"""

import json
import os
import re
from pathlib import Path

from ..core import usage
from ..core.files import sha256_bytes
from ..core.paths import repo_root

_GLUE_KEY = "scrapbook"
_ADDRESS_REPR = re.compile(r"^<[^>]* at 0x[0-9a-f]+>$")


def toc_notebooks(root: Path) -> list[Path]:
    """The executable pages the table of contents lists, in its order."""
    import yaml

    toc = yaml.safe_load((root / "_toc.yml").read_text())
    files: list[str] = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part.get("chapters", [])]
    pages = [root / f"{name}.md" for name in files]
    return [p for p in pages if p.exists() and "kernelspec:" in p.read_text().split("\n---", 1)[0]]


def docname(path: Path, root: Path | None = None) -> str:
    """The page a notebook becomes: its path from the root, without the suffix ("notebooks/05-cost")."""
    path = Path(path).resolve()
    try:
        return path.relative_to((root or repo_root()).resolve()).with_suffix("").as_posix()
    except ValueError:
        return path.stem


def execute(path: Path, *, timeout: int = 1800) -> dict:
    """Run one MyST notebook (replay mode, in its own folder) and return {glue name: text/plain value}.
    The kernel is told its page (RACELAB_PAGE), so that where RACELAB_USAGE_LOG names a usage log, the
    runs it loads are logged against it."""
    import jupytext
    from nbclient import NotebookClient

    path = Path(path)
    nb = jupytext.read(path)
    env = dict(os.environ, RACELAB_MODE="replay", **{usage.PAGE_ENV: docname(path)})
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        NotebookClient(nb, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    values = {}
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get(_GLUE_KEY, {}).get("name")
            if name is not None:
                # glue(..., display=False) stores each mimetype under a prefix
                data = {m.rpartition("papermill.record/")[2]: v for m, v in out.get("data", {}).items()}
                mime = next((m for m in ("text/markdown", "text/plain", "text/html") if m in data),
                            min(data, default=None))
                if mime == "text/plain" and "text/html" in data and _ADDRESS_REPR.match(str(data[mime])):
                    mime = "text/html"  # an object's repr names its address, which changes every run (a table)
                values[name] = None if mime is None else data[mime]
    return values


def glue_values(root: Path | None = None, pages: list[Path] | None = None) -> dict:
    """{page: {glue name: value}} for every notebook of the table of contents (or only `pages`)."""
    root = root or repo_root()
    return {docname(p, root): execute(p) for p in (pages if pages is not None else toc_notebooks(root))}


def digest(values: dict) -> str:
    return sha256_bytes(canonical(values).encode())


def canonical(values: dict) -> str:
    return json.dumps(values, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
