"""The class plan's figures at slide size (the teacher's edition): the happens-before graphs a 90-minute class
shows, drawn again at 16:9 and 1920 x 1080 pixels into the built site (`_static/slides/`), where the page
links them. They are the book's own figures (racelab.model.plot.plot_hb on the same programs and rule sets),
made larger, never other figures."""

from pathlib import Path

SLIDE_IN, SLIDE_DPI = (9.6, 5.4), 200  # 1920 x 1080 pixels, the text at 200 dpi large enough for a room
FOLDER = "_static/slides"  # in the built site
# file stem, program (racelab.model.programs), rule set, what the slide shows
SLIDES = (
    ("hb-V0-elected", ("calibration", "V0"), "ptx-formal",
     "The unpatched handoff: only the elected lane arrives; the other lanes' stores reach no reader."),
    ("hb-V2-all-lanes", ("calibration", "V2"), "ptx-formal",
     "The fix: every storing lane arrives, so each lane's stores reach the consumer through its own arrive."),
    ("hb-V1-warpsync-formal", ("calibration", "V1"), "ptx-formal",
     "bar.warp.sync before the elected arrive, under the rules of chapter 8: no edge, the race stays."),
    ("hb-V1-warpsync-assumed", ("calibration", "V1"), "ptx+warpsync",
     "The same under the assumption that bar.warp.sync synchronizes its lanes as bar.sync does."),
    ("hb-twin", ("twin", (128, 64)), "ptx-formal",
     "The twin kernel's load warp and compute warpgroup: which stores the consumer's loads are ordered after."),
)


def _program(spec):
    from racelab.model import programs

    kind, arg = spec
    return programs.calibration(arg) if kind == "calibration" else programs.twin(*arg)


def write(html_dir: Path) -> list[Path]:
    """Every slide as a PNG under the built site's FOLDER; the paths written."""
    import matplotlib.pyplot as plt
    from matplotlib.transforms import Bbox

    from racelab.model import plot as model_plot

    dest = Path(html_dir) / FOLDER
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    for stem, spec, rules, _ in SLIDES:
        fig = model_plot.plot_hb(_program(spec), rules, figsize=SLIDE_IN)
        path = dest / f"{stem}.png"
        fig.savefig(path, dpi=SLIDE_DPI, bbox_inches=Bbox([[0, 0], list(SLIDE_IN)]))  # the whole slide, not cropped
        plt.close(fig)
        out.append(path)
    return out


def links_markdown(prefix: str = "../") -> str:
    """The teacher's edition's list of the slides, each a link to its PNG in the built site (raw HTML: the
    files exist only in the built site, where MyST does not look for them)."""
    from html import escape

    items = "".join(f'<li><a href="{prefix}{FOLDER}/{stem}.png">{stem}.png</a> ({rules}): {escape(what)}</li>'
                    for stem, _, rules, what in SLIDES)
    return f"<ul>{items}</ul>"
