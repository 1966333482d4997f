"""The chapters in JupyterLab (`make lab`). The lab renders MyST in markdown cells (jupyterlab-myst), but
not myst-nb's glue roles, which only the book's build fills in: jupyterlab-myst shows a role's content, the
value's name, as a plain span. So in the lab every value a cell glues is shown twice: under that cell, with
its name, and in the prose, where a small script the cell's output carries puts the value (its Markdown
rendered) into every span that shows its name, also in cells rendered later. `install` is run by the lab's
IPython startup file (lab/ipython_startup.py, copied into the virtual environment by `make lab`), never by
the book's build."""

import html
import json

GLUED_CLASS = "racelab-glued"


def shown(name: str, value):
    """How the lab shows one glued value: its name and its text (Markdown as Markdown, a figure as itself)."""
    from IPython.display import HTML, Markdown

    if hasattr(value, "savefig") or type(value).__name__ == "Styler":
        return value
    if isinstance(value, Markdown):
        return Markdown(f"<span class=\"{GLUED_CLASS}\">**`{name}`**:</span> {value.data}")
    text = value if isinstance(value, str) else repr(value)
    return HTML(f"<div class=\"{GLUED_CLASS}\"><code>{html.escape(name)}</code>: {html.escape(text)}</div>")


FILLED_CLASS = "racelab-glued-value"

# Registers one glued value's HTML under its name and fills every jupyterlab-myst span that shows the name as
# its whole text (what the lab renders for a glue role); a MutationObserver fills cells rendered later, at
# most once a frame.
_FILL_JS = """(() => {
  const glued = window.racelabGlued = window.racelabGlued || {};
  glued[%(name)s] = %(html)s;
  const fill = () => {
    for (const span of document.querySelectorAll('.jp-MarkdownCell .myst span:not(.%(cls)s)')) {
      const name = span.textContent;
      if (span.childElementCount === 0 && Object.prototype.hasOwnProperty.call(glued, name)) {
        span.innerHTML = glued[name];
        span.classList.add('%(cls)s');
        span.title = name;
      }
    }
  };
  fill();
  if (!window.racelabGluedObserver) {
    let queued = false;
    window.racelabGluedObserver = new MutationObserver(() => {
      if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; fill(); }); }
    });
    window.racelabGluedObserver.observe(document.body, {childList: true, subtree: true});
  }
})();"""


def prose_html(value) -> str | None:
    """What a glue role in the prose shows for `value` in the lab: Markdown rendered inline (a single
    paragraph) or as blocks, other values as escaped text; None for a figure or a table (shown in the cell)."""
    from IPython.display import Markdown
    from markdown_it import MarkdownIt

    if hasattr(value, "savefig") or type(value).__name__ == "Styler":
        return None
    if isinstance(value, Markdown):
        text = value.data or ""
        md = MarkdownIt("commonmark").enable("table")
        return md.render(text) if "\n\n" in text.strip() or text.lstrip().startswith(("- ", "|")) \
            else md.renderInline(text)
    return html.escape(value if isinstance(value, str) else repr(value))


def fill_script(name: str, value):
    """The Javascript output that puts `value` into the prose wherever the lab shows `name`; None where the
    value is not shown in prose (a figure, a table)."""
    from IPython.display import Javascript

    shown = prose_html(value)
    if shown is None:
        return None
    return Javascript(_FILL_JS % {"name": json.dumps(name), "html": json.dumps(shown), "cls": FILLED_CLASS})


def install() -> None:
    """Wrap myst_nb.glue so that a value glued with display=False is shown all the same (the build's
    scrapbook output is still written, so a notebook saved from the lab builds as before)."""
    import myst_nb
    from IPython.display import display as show_output

    original = getattr(myst_nb.glue, "__wrapped__", myst_nb.glue)

    def glue(name: str, variable, display: bool = True) -> None:
        original(name, variable, display=display)
        if not display:
            show_output(shown(name, variable))
            script = fill_script(name, variable)
            if script is not None:
                show_output(script)

    glue.__wrapped__ = original
    glue.__doc__ = original.__doc__
    myst_nb.glue = glue
