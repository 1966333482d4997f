"""The build's last check: no page shows an object's repr where a value belongs."""

from racelab.book import postbuild


def test_a_page_showing_an_object_repr_is_a_problem(tmp_path):
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "index.html").write_text("<p>620 byte hazards</p>")
    (tmp_path / "notebooks" / "91.html").write_text(
        "<p>PR #426 gives &lt;IPython.core.display.Markdown object&gt; byte hazards and "
        "&lt;Foo object at 0x7f00&gt;</p>")
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "x.html").write_text("<IPython.core.display.Markdown object>")  # not a page
    assert postbuild.check_object_reprs(tmp_path) == [
        "notebooks/91.html: 2 object repr(s) shown in place of a value "
        "('<IPython.core.display.' or ' object at 0x')"]
    (tmp_path / "notebooks" / "91.html").write_text("<p>620 byte hazards</p>")
    assert postbuild.check_object_reprs(tmp_path) == []


def test_the_root_redirect_gets_the_pages_icon(tmp_path):
    from racelab.book import postbuild as pb

    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "favicon.svg").write_text("<svg/>")
    (tmp_path / "index.html").write_text('<meta http-equiv="Refresh" content="0; url=book/intro.html" />\n')
    pb.icon_on_the_redirect(tmp_path)
    pb.icon_on_the_redirect(tmp_path)  # once only
    text = (tmp_path / "index.html").read_text()
    assert text.count('rel="icon"') == 1 and text.startswith('<link rel="icon" href="_static/favicon.svg" />')
    assert "url=book/intro.html" in text


def test_a_figure_carries_its_alt_text_in_its_png(tmp_path):
    """The alt text a plotting function makes from the values it plots travels in the PNG the page shows."""
    from racelab import style

    with style.figure(1, 1, alt="A forest plot: fix vs bug, −0.92 % ± 0.06 %.") as (fig, ax):
        ax.plot([0, 1], [1, 0])
    (tmp_path / "f.png").write_bytes(style.png_bytes(fig))
    assert style.png_alt(tmp_path / "f.png") == "A forest plot: fix vs bug, −0.92 % ± 0.06 %."
    (tmp_path / "not.png").write_text("no image")
    assert style.png_alt(tmp_path / "not.png") == "" and style.png_alt(tmp_path / "absent.png") == ""


def test_an_image_without_a_cell_alt_gets_the_one_its_png_carries(tmp_path):
    from types import SimpleNamespace

    from docutils import nodes
    from docutils.utils import new_document

    from racelab import style
    from racelab.book import sphinx_ext

    with style.figure(1, 1, alt="Two panels: the bug's builds span −0.03 % to +2.17 %.") as (fig, ax):
        ax.plot([0, 1], [1, 0])
    for folder, name in (("notebooks", "a.png"), ("notebooks", "b.png"), ("_build", "c.png")):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / name).write_bytes(style.png_bytes(fig))
    # like Sphinx's: a URI relative to the page's folder
    env = SimpleNamespace(docname="notebooks/05-cost",
                          relfn2path=lambda uri, doc: (uri, str(tmp_path / "notebooks" / uri)))
    doc = new_document("page")
    plain, missing = nodes.image(uri="a.png"), nodes.image(uri="x.png")
    own = nodes.image(uri="b.png", alt="the cell's own")
    collected = nodes.image(uri="_build/c.png", candidates={"*": "_build/c.png"})  # as Sphinx's collector leaves it
    doc += [plain, own, missing, collected]
    sphinx_ext._alt_from_png(SimpleNamespace(env=env, srcdir=str(tmp_path)), doc)
    assert plain["alt"] == collected["alt"] == "Two panels: the bug's builds span −0.03 % to +2.17 %."
    assert own["alt"] == "the cell's own" and "alt" not in missing
