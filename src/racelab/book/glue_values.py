"""Every value the book glues, read by executing each notebook of the table of contents in replay mode.

The refactor invariant: `racelab book glue-values --json` prints the same bytes before and after a change
that should not change what the book shows. A figure is reported by its repr (size and axes), not its
pixels.
"""

import hashlib
import json
import os
from pathlib import Path

from ..core.paths import repo_root

_GLUE_KEY = "scrapbook"


def toc_notebooks(root: Path) -> list[Path]:
    """The executable pages the table of contents lists, in its order."""
    import yaml

    toc = yaml.safe_load((root / "_toc.yml").read_text())
    files: list[str] = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part.get("chapters", [])]
    pages = [root / f"{name}.md" for name in files]
    return [p for p in pages if p.exists() and "kernelspec:" in p.read_text().split("\n---", 1)[0]]


def execute(path: Path, *, timeout: int = 1800) -> dict:
    """Run one MyST notebook (replay mode, in its own folder) and return {glue name: text/plain value}."""
    import jupytext
    from nbclient import NotebookClient

    nb = jupytext.read(path)
    env = dict(os.environ, RACELAB_MODE="replay")
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
                values[name] = out.get("data", {}).get("text/plain")
    return values


def glue_values(root: Path | None = None) -> dict:
    root = root or repo_root()
    return {p.relative_to(root).with_suffix("").as_posix(): execute(p) for p in toc_notebooks(root)}


def digest(values: dict) -> str:
    return hashlib.sha256(canonical(values).encode()).hexdigest()


def canonical(values: dict) -> str:
    return json.dumps(values, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
