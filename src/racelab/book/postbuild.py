"""After the book is built: each notebook page offers its executed notebook (.ipynb) for download, the
links are checked, and the build's own timings (Sphinx, and every notebook's execution as jupyter-cache
holds it) go to _build/build-times.json; the litmus lab's runtime (racelab.book.weblibs) goes into the site."""

import html as html_lib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from racelab.book import phone, slides, weblibs
from racelab.core.paths import repo_root

# where myst-nb writes executed notebooks, relative to the folder that holds html/ (myst_nb.sphinx_ext)
EXECUTED = "jupyter_execute"
# where the theme's download menu looks for an ".ipynb" (sphinx-book-theme: pathto('_sources') + ipynb_source)
SOURCES = "_sources"
BUILD_TIMES = "build-times.json"


class BuildError(RuntimeError):
    pass


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


@dataclass
class Postbuild:
    copied: dict[str, Path]  # docname -> the executed notebook, under _sources/
    problems: list[str]  # download links missing or pointing nowhere, object reprs shown in place of values
    times: Path  # where the build's timings went


# What a value's text/plain form looks like where a page shows an object instead of the value ({glue:text} of a
# value glued as Markdown, say).
OBJECT_REPRS = ("<IPython.core.display.", " object at 0x")


def check_object_reprs(html_dir: Path) -> list[str]:
    """Every page (and how often) that shows an object's repr where a value belongs."""
    problems = []
    for page in sorted(Path(html_dir).rglob("*.html")):
        if "_static" in page.parts or "_sources" in page.parts:
            continue
        text = html_lib.unescape(page.read_text(errors="replace"))
        found = sum(text.count(needle) for needle in OBJECT_REPRS)
        if found:
            problems.append(f"{page.relative_to(html_dir)}: {found} object repr(s) shown in place of a value "
                            f"({' or '.join(repr(n) for n in OBJECT_REPRS)})")
    return problems


def icon_on_the_redirect(html_dir: Path) -> None:
    """The site's root index.html is only a redirect to the first page, without the pages' icon link, so a
    browser that opens it asks for /favicon.ico (a 404 in the reader's console): give it the pages' icon."""
    index, icon = html_dir / "index.html", "_static/favicon.svg"
    text = index.read_text()
    if (html_dir / icon).exists() and 'rel="icon"' not in text:
        index.write_text(f'<link rel="icon" href="{icon}" />\n{text}')


def postbuild(html_dir: Path) -> Postbuild:
    """After `jupyter-book build`: every executed notebook downloadable from its page, the links checked, no
    page showing an object's repr in place of a value, the build's timings written to build-times.json beside
    html/."""
    html_dir = Path(html_dir)
    if not (html_dir / "index.html").exists():
        raise BuildError(f"{html_dir} has no index.html: build the book first")
    icon_on_the_redirect(html_dir)
    slides.write(html_dir)  # the class plan's figures at slide size, linked from the teacher's edition
    copied = copy_notebooks(html_dir)
    phone.offer_all(html_dir)  # each figure's phone drawing, where its PNG carries one
    problems = check_download_links(html_dir, copied) + check_object_reprs(html_dir)

    missing = weblibs.install(html_dir)  # the litmus lab's runtime and the checker's modules
    if missing:
        problems.append(f"the litmus lab has no runtime in this build: {missing}")
    times = html_dir.parent / BUILD_TIMES
    times.write_text(json.dumps(build_times(html_dir), indent=2) + "\n")
    return Postbuild(copied, problems, times)
