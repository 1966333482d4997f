"""The PTX ISA the book cites: the edition its section numbers (§8.x) refer to and the anchor of each cited
section in that edition's HTML (data/ptx_isa.toml, the one place they live). The book's Sphinx extension links
every "§8.x" of a page through `section_url`; the reports name sections through `cite`."""

import tomllib
from pathlib import Path

_PTX = tomllib.loads((Path(__file__).parents[1] / "data" / "ptx_isa.toml").read_text())
EDITION: dict = _PTX["edition"]
SECTIONS: dict[str, tuple[str, str]] = {number: tuple(v) for number, v in _PTX["sections"].items()}


def section_url(number: str) -> str:
    """The URL of section `number` ("8.9.4"); KeyError for a section the book does not list."""
    return EDITION["url"] + "#" + SECTIONS[number][1]


def cite(number: str) -> str:
    """"§8.9.4 *Memory synchronization*": a section with its title, as a report names it."""
    return f"§{number} *{SECTIONS[number][0]}*"
