"""One module a page: the values a page glues and the tables it shows, as plain functions of the recorded runs
and the checker, so that a page's code cells only import, call one function and glue or show its result.
The sentences stay in the page's Markdown; the values are numbers and short phrases."""

import matplotlib.pyplot as plt
from IPython.display import Markdown
from myst_nb import glue


def publish(values: dict, as_markdown: bool = False) -> None:
    """Glue every value of `values` under its name, not displayed (the page's Markdown shows them). With
    `as_markdown`, strings and numbers are glued as Markdown, so that {glue:md} shows every value the same way
    (strings without the quotes their text/plain form would carry)."""
    for name, value in values.items():
        plain = isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool))
        glue(name, Markdown(str(value)) if as_markdown and plain else value, display=False)


def closed(fig):
    """`fig`, closed in pyplot, so that it is shown once: where it is glued, or as the cell's value."""
    plt.close(fig)
    return fig
