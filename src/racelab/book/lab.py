"""The chapters in JupyterLab (`make lab`). The lab renders MyST in markdown cells (jupyterlab-myst), but
not myst-nb's glue roles, which only the book's build fills in. So in the lab every value a cell glues is
also shown under that cell, with its name: the cell that computes a value shows it, and a Result box whose
text is glued is read from the cell above it. `install` is run by the lab's IPython startup file
(lab/ipython_startup.py, copied into the virtual environment by `make lab`), never by the book's build."""

import html

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

    glue.__wrapped__ = original
    glue.__doc__ = original.__doc__
    myst_nb.glue = glue
