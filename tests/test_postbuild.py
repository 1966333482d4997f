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
