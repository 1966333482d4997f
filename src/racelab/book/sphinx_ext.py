"""A small Sphinx extension for the book (loaded through _config.yml `sphinx: local_extensions`):

- every notebook page offers its *executed* notebook in the theme's download menu (".ipynb"): the page
  context gets `ipynb_source`, which sphinx-book-theme turns into a link to _sources/<docname>.ipynb, and
  the notebooks myst-nb wrote to _build/jupyter_execute are copied there when the build finishes;
- a fix for a duplicated inline script (see _dedupe_scripts) that threw a JavaScript error on every page;
- the build's own timing: Sphinx's wall time and each notebook executed (or taken from the cache) in
  this build go to _build/sphinx-times.json, which `racelab book postbuild` folds into
  _build/build-times.json;
- which page used which run: the build names its usage log (RACELAB_USAGE_LOG, _build/racelab-usage.jsonl)
  and, before each page is read (and its notebook executed, in a kernel that inherits the environment), the
  page (RACELAB_PAGE), so that every load of a run through the store is logged against the page; the
  provenance page, which lists that log, is read after every other page, and again whenever another page
  is (its notebook metadata has it execute each time it is read);
- a figure's alt text from its PNG (racelab.style.png_bytes writes the one the plotting function made from
  the values it plots) wherever the cell gives the image none, so that no later run leaves it stale;
- every "§8.x" of a page, glued text included, links to that section of the pinned PTX ISA edition
  (racelab.book.ptx_isa); a section number the book does not list is a build warning, which
  the strict build turns into an error."""

import json
import os
import re
import time
from pathlib import Path

from docutils import nodes

from racelab import style
from racelab.book import postbuild
from racelab.book.inventory import PROVENANCE_PAGE, USAGE_LOG
from racelab.core import usage
from racelab.book.ptx_isa import EDITION, SECTIONS, section_url

_PTX_REF = re.compile(r"§(8(?:\.\d+)*)")
# text inside these is never linked: code, links already made, raw HTML
_NO_LINK = (nodes.reference, nodes.literal, nodes.literal_block, nodes.raw, nodes.FixedTextElement, nodes.title)

_STARTED = "racelab_build_started"


def _executed_folder(app) -> Path:
    return Path(app.outdir).parent / postbuild.EXECUTED


def _on_builder_inited(app):
    setattr(app, _STARTED, (time.monotonic(), time.time()))
    os.environ[usage.USAGE_LOG_ENV] = str(Path(app.outdir).parent / USAGE_LOG)


def _on_source_read(app, docname, source):
    os.environ[usage.PAGE_ENV] = docname


def _on_env_get_outdated(app, env, added, changed, removed):
    """Whenever a page is read again, so is the provenance page: the runs it lists as used may change."""
    others = (set(added) | set(changed)) - {PROVENANCE_PAGE}
    return [PROVENANCE_PAGE] if others and PROVENANCE_PAGE in env.found_docs else []


def _on_page_context(app, pagename, templatename, context, doctree):
    if app.builder.format != "html" or doctree is None:
        return
    if (_executed_folder(app) / f"{pagename}.ipynb").exists():
        context["ipynb_source"] = f"{pagename}.ipynb"


def _dedupe_scripts(app, pagename, templatename, context, doctree):
    """Drop repeated <script> entries. Sphinx 7.4 registers an inline script added with
    app.add_js_file(None, body=...) after Builder.init() twice (once as filename None, once as ''), so
    sphinx-thebe's `const THEBE_JS_URL = ...` appeared twice on every page and the second copy threw
    "SyntaxError: Identifier 'THEBE_JS_URL' has already been declared" in the browser."""
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for js in scripts:
        key = (getattr(js, "filename", js) or "", repr(sorted((getattr(js, "attributes", None) or {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(js)
    context["script_files"] = unique


def _alt_from_png(app, doctree):
    for image in doctree.findall(nodes.image):
        if not image.get("alt") and image.get("uri", "").endswith(".png"):
            found = (image.get("candidates") or {}).get("*")  # Sphinx's image collector: from the source folder
            path = Path(app.srcdir) / found if found else app.env.relfn2path(image["uri"], app.env.docname)[1]
            if alt := style.png_alt(path):
                image["alt"] = alt


def _on_build_finished(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    postbuild.copy_notebooks(Path(app.outdir))
    executed = {}
    started = getattr(app, _STARTED, None)
    metadata = getattr(app.env, "nb_metadata", {}) or {}
    read_now = getattr(app.env, "racelab_read_now", set())
    for docname in sorted(read_now):
        data = (metadata.get(docname) or {}).get("exec_data")
        if data:
            executed[docname] = {k: data.get(k) for k in ("method", "runtime", "succeeded", "error")}
            # a notebook taken from the cache keeps the time of the run that filled the cache
            executed[docname]["executed_now"] = bool(started and (data.get("mtime") or 0) >= started[1])
    record = {"seconds": round(time.monotonic() - started[0], 2) if started else None,
              "docs_read": sorted(read_now), "executed": executed}
    (Path(app.outdir).parent / "sphinx-times.json").write_text(json.dumps(record, indent=2) + "\n")


def _on_env_before_read(app, env, docnames):
    env.racelab_read_now = set(docnames)
    if PROVENANCE_PAGE in docnames:  # last: it lists what the other pages loaded
        docnames.remove(PROVENANCE_PAGE)
        docnames.append(PROVENANCE_PAGE)


def _link_ptx_sections(app, doctree, docname):
    """Make each "§8.x" in the page's text a link to that section of the PTX ISA edition the book cites."""
    from sphinx.util import logging

    log = logging.getLogger(__name__)
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(a, _NO_LINK) for a in _ancestors(text)):
            continue
        value = str(text)
        if "§8" not in value:
            continue
        parts, last = [], 0
        for m in _PTX_REF.finditer(value):
            number = m.group(1)
            if number not in SECTIONS:
                log.warning(f"PTX ISA §{number} is not a section the book lists (data/ptx_isa.toml)",
                            location=docname)
                continue
            parts.append(nodes.Text(value[last:m.start()]))
            title = f"PTX ISA {EDITION['version']}, §{number} {SECTIONS[number][0]}"
            parts.append(nodes.reference(m.group(0), m.group(0), refuri=section_url(number), reftitle=title,
                                         classes=["ptx-section"]))
            last = m.end()
        if parts:
            parts.append(nodes.Text(value[last:]))
            parent.replace(text, [p for p in parts if str(p) or not isinstance(p, nodes.Text)])


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


def setup(app):
    app.connect("builder-inited", _on_builder_inited)
    app.connect("env-before-read-docs", _on_env_before_read)
    app.connect("env-get-outdated", _on_env_get_outdated)
    app.connect("source-read", _on_source_read)
    app.connect("doctree-read", _alt_from_png)
    # after the post-transforms that put glued values in place
    app.connect("doctree-resolved", _link_ptx_sections)
    # before sphinx-book-theme's add_header_buttons (priority 501) builds the download menu
    app.connect("html-page-context", _on_page_context, priority=400)
    app.connect("html-page-context", _dedupe_scripts, priority=900)
    app.connect("build-finished", _on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
