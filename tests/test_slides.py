"""The class plan's figures at slide size (racelab.book.slides): every slide is written at 1920 x 1080 into the
built site's folder, and the teacher's edition links each one."""

from PIL import Image

from racelab.book import slides


def test_every_slide_is_written_at_slide_size_and_linked(tmp_path):
    written = slides.write(tmp_path)
    assert [p.stem for p in written] == [s[0] for s in slides.SLIDES]
    for path in written:
        assert path.parent == tmp_path / slides.FOLDER
        assert Image.open(path).size == (1920, 1080), path.name
    links = slides.links_markdown()
    assert all(f'href="../{slides.FOLDER}/{p.name}"' in links for p in written)
