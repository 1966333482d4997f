"""Figures on a phone: each figure's PNG carries a second drawing made for a phone's text column
(racelab.style.phone_png: its panels stacked, narrow enough that its smallest text stays legible). After
the build, every page's figure whose PNG carries one is offered both ways, with HTML's own choice of image
by screen width (a ``<picture>`` whose ``<source>`` serves the phone drawing below PHONE_MAX_PX): the
caption, the alt text and the desktop image are left as myst-nb wrote them."""

import re
from pathlib import Path

from racelab import style

PHONE_MAX_PX = 700  # the widest screen that gets the phone drawing (racelab.css's phone rule)
_IMG = re.compile(r'<img\b[^>]*\bsrc="(?P<src>[^"]+\.png)"[^>]*>')


def phone_name(png: Path) -> Path:
    return png.with_name(png.stem + "-phone.png")


def _picture(img: str, src: str, phone_src: str) -> str:
    return (f'<picture class="racelab-phone"><source media="(max-width: {PHONE_MAX_PX}px)" '
            f'srcset="{phone_src}">{img}</picture>')


def offer(page: Path) -> int:
    """Rewrite one built page: every ``<img>`` of a PNG that carries a phone drawing is wrapped in a
    ``<picture>`` and the drawing written beside the PNG; returns how many were. A page already rewritten
    is left as it is."""
    text = page.read_text(encoding="utf-8")
    count = 0

    def one(m: re.Match) -> str:
        nonlocal count
        src = m.group("src")
        if src.startswith(("http:", "https:", "data:")):
            return m.group(0)
        png = (page.parent / src).resolve()
        drawn = style.png_phone(png) if png.is_file() else None
        if drawn is None:
            return m.group(0)
        target = phone_name(png)
        if not target.exists() or target.read_bytes() != drawn:
            target.write_bytes(drawn)
        count += 1
        return _picture(m.group(0), src, src[: -len(png.name)] + target.name)

    parts = re.split(r"(<picture\b.*?</picture>)", text, flags=re.S)  # leave rewritten figures alone
    out = "".join(p if p.startswith("<picture") else _IMG.sub(one, p) for p in parts)
    if out != text:
        page.write_text(out, encoding="utf-8")
    return count


def offer_all(html_dir: Path) -> dict[str, int]:
    """Every page of the built site: {page: figures offered a phone drawing} for the pages that have any."""
    html_dir = Path(html_dir)
    done = {}
    for page in sorted(html_dir.rglob("*.html")):
        n = offer(page)
        if n:
            done[page.relative_to(html_dir).as_posix()] = n
    return done
