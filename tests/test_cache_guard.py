"""A new recorded run must re-execute the pages: jupyter-cache keys on code cells only."""

from racelab.book import cache_guard as guard
from racelab.book.inventory import USAGE_LOG


def _tree(root):
    (root / "results" / "exp" / "20260101T000000Z-h200").mkdir(parents=True)
    (root / "results" / "exp" / "20260101T000000Z-h200" / "SHA256SUMS").write_text("a  provenance.json\n")
    (root / "src" / "racelab").mkdir(parents=True)
    (root / "src" / "racelab" / "mod.py").write_text("x = 1\n")
    (root / "kernels").mkdir()


def _built(build):
    for sub in (".jupyter_cache", "jupyter_execute", ".doctrees"):
        (build / sub).mkdir(parents=True, exist_ok=True)
        (build / sub / "f").write_text("cached")


def test_unchanged_inputs_keep_the_cache(tmp_path):
    _tree(tmp_path)
    build = tmp_path / "_build"
    guard.cache_guard(build, tmp_path)
    _built(build)
    guard.cache_guard(build, tmp_path)
    assert all((build / sub / "f").exists() for sub in (".jupyter_cache", "jupyter_execute", ".doctrees"))


def test_a_new_run_empties_the_cache_and_the_doctrees(tmp_path):
    _tree(tmp_path)
    build = tmp_path / "_build"
    guard.cache_guard(build, tmp_path)
    _built(build)
    new = tmp_path / "results" / "exp" / "20260102T000000Z-h200"
    new.mkdir()
    (new / "SHA256SUMS").write_text("b  provenance.json\n")
    guard.cache_guard(build, tmp_path)
    assert not any((build / sub).exists() for sub in (".jupyter_cache", "jupyter_execute", ".doctrees"))


def test_changed_code_empties_the_cache(tmp_path):
    _tree(tmp_path)
    build = tmp_path / "_build"
    guard.cache_guard(build, tmp_path)
    _built(build)
    (tmp_path / "src" / "racelab" / "mod.py").write_text("x = 2\n")
    guard.cache_guard(build, tmp_path)
    assert not (build / ".jupyter_cache").exists()


def test_changed_code_in_a_subpackage_empties_the_cache_and_the_usage_log(tmp_path):
    _tree(tmp_path)
    (tmp_path / "src" / "racelab" / "core").mkdir()
    (tmp_path / "src" / "racelab" / "core" / "store.py").write_text("x = 1\n")
    build = tmp_path / "_build"
    assert guard.cache_guard(build, tmp_path) is False  # the first build: nothing to empty
    _built(build)
    (build / USAGE_LOG).write_text('{"page": "notebooks/05-cost"}\n')
    assert guard.cache_guard(build, tmp_path) is False
    assert (build / USAGE_LOG).exists()
    (tmp_path / "src" / "racelab" / "core" / "store.py").write_text("x = 2\n")
    assert guard.cache_guard(build, tmp_path) is True
    assert not (build / ".jupyter_cache").exists() and not (build / USAGE_LOG).exists()
