"""No key figure is typed into a chapter's prose: measured and reported numbers reach the text through
myst_nb glue (`{glue:text}` and friends), computed from a recorded run or from the one place PR #426's
figures live (racelab.vocab.PR_REPORTED: its timing, numerics and racecheck figures). Scanned: book/*.md and the Markdown cells of notebooks/*.md.
Not scanned: code cells, glue roles and directives, comments, front matter and link targets (outputs,
including tables produced by code, are not in the sources at all)."""

import math
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The hazard counts (calibration per variant; the twin at topk=128 and topk=512, heads=64; the twin in
# analysis mode over 132 CTAs). Whole numbers are matched as whole tokens only.
MEASURED_COUNTS = (124, 2108, 132 * 620, 248, 496, 448)  # ... and the SM90 indexer forward audit
# what a reported figure counts when it is a whole number: a method's size (pairs, replays), too common in
# prose to forbid, or a finding (racecheck's hazards and error reports), which is a key figure
METHOD_KEYS = {"pairs", "replays"}


def _reported_figures() -> tuple[set[float], set[int]]:
    """PR #426's figures in racelab.vocab.PR_REPORTED: (every non-integer figure: percentages, CIs,
    microseconds, deviations; every whole-number figure that is not a method's size nor zero: the
    racecheck counts, the nanoseconds)."""
    from racelab.vocab import PR_REPORTED

    fractions, counts = set(), set()

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, item in value.items():
                walk(item, k)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item, key)
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or key in METHOD_KEYS:
            return
        elif isinstance(value, float) and not value.is_integer():
            fractions.add(abs(value))  # prose writes the sign apart: "-0.014 %", "a 0.014 % drop"
        elif value:
            counts.add(abs(int(value)))

    walk(PR_REPORTED)
    return fractions, counts


REPORTED_FIGURES, REPORTED_COUNTS = _reported_figures()
KEY_COUNTS = tuple(sorted(set(MEASURED_COUNTS) | REPORTED_COUNTS))

# A number: digits with optional thousands separators, decimals and exponent; not glued to a word
# character, a dot or another digit on either side (so sm_100a, 1.24.0, v13, #426 are not numbers here).
_NUMBER = re.compile(r"(?<![\w.#/])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:[eE]([-+]?\d+))?(?![\w]|\.\d)")
_GLUE_ROLE = re.compile(r"\{glue(?::\w+)?\}`[^`]*`")
_ROLE_TARGET = re.compile(r"\{(?:doc|ref|numref|eq|term|download|cite(?::\w+)?)\}`[^`]*`")
_LINK_TARGET = re.compile(r"\]\([^)]*\)|<https?://[^>]*>|https?://\S+")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")


def prose_lines(text: str):
    """(line number, text) of the Markdown a reader sees as prose; code cells, glue directives,
    front matter and comments dropped."""
    lines = text.splitlines()
    start = 0
    if lines and lines[0].strip() == "---":  # YAML front matter (the jupytext header)
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                start = i + 1
                break
    skip_until = None  # the closing fence of a block being skipped
    for number, line in enumerate(lines[start:], start + 1):
        if skip_until is not None:
            if line.strip() == skip_until:
                skip_until = None
            continue
        fence = _FENCE.match(line)
        if fence:
            info = fence.group("info").strip()
            if info.startswith(("{code-cell}", "{glue", "{nb-exec-table}", "{raw-cell}")):
                skip_until = fence.group("fence")
                continue
        if line.lstrip().startswith("%") or re.match(r"^\s*\(.+\)=\s*$", line):  # MyST comment, label
            continue
        yield number, line


def typed_key_figures(text: str) -> list[tuple[int, str]]:
    """Key figures typed in the prose of a MyST page: (line number, the number as written)."""
    text = _HTML_COMMENT.sub(lambda m: "\n" * m.group().count("\n"), text)
    found = []
    for number, line in prose_lines(text):
        line = _GLUE_ROLE.sub(" ", line)
        line = _ROLE_TARGET.sub(lambda m: " " + m.group().split("`")[1].split("<")[0] + " ", line)
        line = _LINK_TARGET.sub(" ", line)
        for m in _NUMBER.finditer(line):
            whole, fraction, exponent = m.group(1), m.group(2), m.group(3)
            value = float(whole.replace(",", "") + (fraction or "") + (f"e{exponent}" if exponent else ""))
            if fraction is None and exponent is None:
                if int(value) in KEY_COUNTS:
                    found.append((number, m.group()))
            elif any(math.isclose(value, key, rel_tol=1e-9) for key in REPORTED_FIGURES | set(map(float, KEY_COUNTS))):
                found.append((number, m.group()))
    return found


def chapter_files() -> list[Path]:
    return sorted((ROOT / "book").glob("*.md")) + sorted((ROOT / "notebooks").glob("*.md"))


# Numbers that equal a key figure but count something else, per page, each to be glued in its turn; an entry
# that no longer occurs fails the test, so that it is removed.
NOT_KEY_FIGURES = {
    "notebooks/03-sass.md": ["18"],  # the compiler matrix's size ("compiling 18 kernels"), not PR #426's 18 reports
}


@pytest.mark.parametrize("path", chapter_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_key_figure_is_typed(path):
    found = typed_key_figures(path.read_text())
    for number in NOT_KEY_FIGURES.get(path.relative_to(ROOT).as_posix(), []):
        match = next((f for f in found if f[1] == number), None)
        assert match, f"{path.relative_to(ROOT)} no longer types {number}: remove it from NOT_KEY_FIGURES"
        found.remove(match)
    assert not found, (f"{path.relative_to(ROOT)} types key figures instead of gluing them "
                       f"(myst_nb.glue + {{glue:text}}): " + ", ".join(f"line {n}: {s!r}" for n, s in found))


# ------------------------------------------------------------------ the test of the test

SYNTHETIC = """---
jupytext:
  text_representation:
    format_name: myst
kernelspec:
  name: python3
---

# A chapter

racecheck reports 620 hazards at topk=128.
"""


def test_a_typed_figure_fails():
    assert typed_key_figures(SYNTHETIC) == [(11, "620")]


def _every_reported_number(value, key=None):
    """Every number in PR_REPORTED with the key it sits under, walked apart from _reported_figures."""
    if isinstance(value, dict):
        for k, item in value.items():
            yield from _every_reported_number(item, k)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _every_reported_number(item, key)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield key, value


def test_every_reported_figure_typed_into_prose_fails():
    """Each figure of PR_REPORTED (but a method's size and zero), written into a sentence as Python
    prints it, is found; the racecheck rows' counts among them."""
    from racelab.vocab import PR_REPORTED

    figures = [(k, v) for k, v in _every_reported_number(PR_REPORTED) if k not in METHOD_KEYS and v]
    for row in PR_REPORTED["racecheck"]:
        assert ("unpatched", row["unpatched"]) in figures
    assert any(isinstance(v, float) and not v.is_integer() for _, v in figures)
    for key, value in figures:
        text = f"{abs(value):g}" if isinstance(value, float) else str(value)
        assert [s for _, s in typed_key_figures(f"The PR reports {text} here.")] == [text], (key, value)


def test_a_typed_racecheck_count_fails():
    page = SYNTHETIC.replace("racecheck reports 620 hazards at topk=128.", "Upstream's PR saw 12 error reports.")
    assert typed_key_figures(page) == [(11, "12")]


@pytest.mark.parametrize("prose, typed", [
    ("The twin gives 2108 at topk=512.", ["2108"]),
    ("The twin gives 2,108 at topk=512.", ["2,108"]),
    ("V0 reports 124 hazards.", ["124"]),
    ("PR #426 measured +0.218 % (CI 0.016).", ["0.218", "0.016"]),
    ("a delta of -0.014% at topk=128, 0.204 % swapped", ["0.014", "0.204"]),
    ("132 CTAs x 620 = 81840 bytes", ["620", "81840"]),
    ("`620` in inline code is typed too", ["620"]),
])
def test_typed_figures_are_found(prose, typed):
    assert [s for _, s in typed_key_figures(prose)] == typed


@pytest.mark.parametrize("prose", [
    "It compiles for sm_100a and sm_90a; PR #426 fixed it in 1.27.0 (1.24.0 to 1.26.0 were unpatched).",
    "All 32 lanes store; 31 lanes never arrive; mbarrier index 14; heads=64, topk=128; 2026.",
    "racecheck reports {glue:text}`twin_hazards_128` hazards, {glue:text}`reported_delta:.3f` %.",
    "See [the PR](https://github.com/NVIDIA/cudnn-frontend/pull/620) and {doc}`notebooks/620-x`.",
    "Sizes 1240, 6200, 21080 and 0.2180001 are other numbers; so is 124.5.",
    "% a MyST comment may say 620",
    "<!-- so may an HTML comment: 620 -->",
    "(sec-620)=",
])
def test_other_numbers_pass(prose):
    assert typed_key_figures(prose) == []


def test_code_cells_and_glue_directives_are_not_prose():
    page = SYNTHETIC.replace("racecheck reports 620 hazards at topk=128.\n", """
```{code-cell} ipython3
assert report.hazards == 620
```

```{glue:figure} fig_620
:name: fig-620
Caption with 620 is part of the glue directive.
```

````{note}
A note is prose: 124 here counts.
````
""")
    assert [s for _, s in typed_key_figures(page)] == ["124"]


ALT_BLOCK = re.compile(r"^ +alt: >-\n((?: {6}.*\n)+)", re.M)
PERCENT = re.compile(r"[+−-]?\d+(?:\.\d+)? ?%")


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.md")), ids=lambda p: p.name)
def test_no_figure_alt_text_in_a_cell_types_a_percentage(path):
    """A cell's `alt:` is static text; a figure whose description needs its measured values carries an alt
    text made from them in its PNG (racelab.style.png_bytes), which the page uses where the cell gives none."""
    typed = [m.group(0) for block in ALT_BLOCK.findall(path.read_text()) for m in PERCENT.finditer(block)]
    assert not typed, f"{path.name}: a cell's alt text types {typed}"


def test_a_typed_percentage_in_an_alt_text_is_found():
    text = "  image:\n    alt: >-\n      At topk=128 the builds are about 2.2 % slower.\n---\n"
    assert [m.group(0) for b in ALT_BLOCK.findall(text) for m in PERCENT.finditer(b)] == ["2.2 %"]
