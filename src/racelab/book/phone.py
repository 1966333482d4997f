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


def legible_width(png: bytes) -> int | None:
    """The narrowest width, in CSS pixels, at which a drawing's smallest text (as its PNG records it) shows at
    style.SMALLEST_TEXT_PX, or None where the PNG records none."""
    import math

    info = style.png_info(png)
    if style.SMALLEST_TEXT_PT not in info or style.DPI not in info:
        return None
    text_px = float(info[style.SMALLEST_TEXT_PT]) * float(info[style.DPI]) / 72
    return math.ceil(style.png_width(png) * style.SMALLEST_TEXT_PX / text_px)


def _picture(img: str, phone_src: str, min_px: int | None) -> str:
    """The <picture>: below PHONE_MAX_PX the phone drawing fills the column, but never narrower than its text
    allows (``--phone-min-width``; a drawing that cannot fit then scrolls sideways in its own box)."""
    floor = f' style="--phone-min-width: {min_px}px"' if min_px else ""
    return (f'<picture class="racelab-phone"{floor}><source media="(max-width: {PHONE_MAX_PX}px)" '
            f'srcset="{phone_src}">{img}</picture>')


def offer(page: Path) -> int:
    """Rewrite one built page: every ``<img>`` of a PNG that carries a phone drawing is wrapped in a
    ``<picture>`` and the drawing written beside the PNG; returns how many were. Running it again gives the
    same page."""
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
        return _picture(m.group(0), src[: -len(png.name)] + target.name, legible_width(drawn))

    # a figure wrapped by an earlier run is wrapped again from its <img>, so a second run changes nothing new
    parts = re.split(r'(<picture class="racelab-phone".*?</picture>)', text, flags=re.S)
    out = "".join(_IMG.sub(one, _IMG.search(p).group(0)) if p.startswith('<picture class="racelab-phone"')
                  else _IMG.sub(one, p) for p in parts)
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
