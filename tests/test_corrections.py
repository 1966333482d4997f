"""results/CORRECTIONS.json: facts some runs recorded wrongly, corrected beside them (the runs are never
edited), each correction checked against the runs and the repository's history."""

import json
import shutil
import subprocess

import pytest

from racelab.core import store
from racelab.core import corrections as corrections_
from racelab.book import banner as banners
from racelab.core.paths import repo_root

RESULTS = repo_root() / "results"


def _git(*args):
    done = subprocess.run(["git", "-C", str(repo_root()), *args], capture_output=True)
    return done.stdout if done.returncode == 0 else None


def _entries():
    path = RESULTS / corrections_.CORRECTIONS
    return json.loads(path.read_text())["corrections"] if path.exists() else []


def test_a_correction_applies_to_the_runs_it_names_and_only_when_they_hold_the_value_it_corrects(tmp_path,
                                                                                                 monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path))
    monkeypatch.setenv("RACELAB_GIT_COMMIT", "a" * 40)
    with store.new_run("exp", command=["test"]) as run:
        run.write_text("a.txt", "alpha\n")
    rec = run.recorded
    assert corrections_.commit_of(rec) == ("a" * 40, None)
    fix = {"runs": [f"exp/{rec.id}"], "field": "git.commit", "recorded": "a" * 40, "corrected": "b" * 40,
           "why": "mistyped", "evidence": "the tree"}
    (tmp_path / corrections_.CORRECTIONS).write_text(json.dumps({"corrections": [fix]}))
    assert corrections_.commit_of(rec) == ("b" * 40, fix)
    info = banners.describe(rec, "replay")
    assert info["commit"] == "b" * 40 and info["commit_recorded"] == "a" * 40
    shown = banners.banner(rec, "replay")._repr_html_()
    assert "<code>bbbbbbbbbb</code> (corrected; the provenance page says why)" in shown
    assert corrections_.CORRECTIONS not in shown  # the banner points to the page, not to the file
    (tmp_path / corrections_.CORRECTIONS).write_text(json.dumps({"corrections": [dict(fix, recorded="c" * 40)]}))
    with pytest.raises(store.StoreError, match="recorded"):
        corrections_.commit_of(rec)
    (tmp_path / corrections_.CORRECTIONS).write_text("{}")
    with pytest.raises(store.StoreError, match="not a list of corrections"):
        corrections_.commit_of(rec)


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: (e["recorded"] or "none")[:10])
def test_each_recorded_correction_names_runs_that_hold_its_value_and_a_commit_whose_code_they_ran(entry):
    assert entry["field"] == "git.commit" and len(entry["corrected"]) == 40 and entry["why"] and entry["evidence"]
    runs = [store.RecordedRun(RESULTS / name) for name in entry["runs"]]
    assert all((r.provenance.get("git") or {}).get("commit") == entry["recorded"] for r in runs)
    if shutil.which("git") is None or _git("cat-file", "-e", f"{entry['corrected']}^{{commit}}") is None:
        pytest.skip("no git history here to check the corrected commit against")
    if entry["recorded"] is not None:  # a recorded value, where there is one, names no commit
        assert _git("cat-file", "-e", f"{entry['recorded']}^{{commit}}") is None
    kernels = {p.rsplit("/", 1)[-1]: p for p in _git("ls-tree", "-r", "--name-only", entry["corrected"],
                                                     "kernels").decode().split()}
    copied = 0
    for run in runs:
        for name in run.files():
            if name in kernels:  # a kernel file the run copied: the one at the corrected commit
                assert (run.path / name).read_bytes() == _git("show", f"{entry['corrected']}:{kernels[name]}"), name
                copied += 1
        summary = run.read_json("summary.json") if "summary.json" in run.files() else {}
        cases = summary.get("cases")
        if isinstance(cases, list) and cases and "log" in cases[0] and run.experiment in (
                "twin-racecheck", "twin-racecheck-readers", "twin-racecheck-alternatives", "k-tail-probe"):
            assert all("race_in_output" in c for c in cases), run.id  # code at or after 0c33904
        if run.experiment == "make-live" and "markers" not in entry:
            assert all("overhead_s" not in e for e in summary["registry"]), run.id  # code before aa32cf5
        for marker in entry.get("markers", []):  # the run holds what only code from the commit on wrote
            if marker["run_file"] in run.files():
                assert marker["text"] in run.read_text(marker["run_file"]), (run.id, marker)
    if "markers" in entry:
        for marker in entry["markers"]:  # the commit has that code, its parent not yet
            path = marker["source"]
            assert marker["source_text"] in _git("show", f"{entry['corrected']}:{path}").decode()
            assert marker["source_text"] not in _git("show", f"{entry['corrected']}^:{path}").decode()
        return
    source = _git("show", f"{entry['corrected']}:src/racelab/readers/racecheck_log.py").decode()
    registry = _git("show", f"{entry['corrected']}:src/racelab/experiments/registry.py").decode()
    assert "def mark_race_in_output" in source and "overhead_s" not in registry
    assert copied or not any(r.experiment in ("calibration", "twin-racecheck", "k-tail-probe") for r in runs)


def test_chapter_90_lists_every_correction():
    from racelab.book import inventory
    text = inventory.corrections_markdown(RESULTS)
    for entry in _entries():
        recorded = f"`{entry['recorded'][:12]}`" if entry["recorded"] else "no commit"
        assert f"recorded {recorded}, corrected to `{entry['corrected'][:12]}`" in text


def test_the_toolchain_table_marks_a_corrected_commit():
    from racelab.book import inventory
    if not _entries():
        pytest.skip("no correction recorded")
    rows = inventory.inventory(RESULTS)
    fixed = {f"{r.experiment}/{r.run_id}" for r in rows if r.commit_corrected}
    assert fixed == {name for e in _entries() for name in e["runs"]}
    assert "(corrected)" in inventory.toolchain_markdown(rows)


def test_a_run_that_recorded_no_commit_can_be_corrected(tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path))
    monkeypatch.setenv("RACELAB_GIT_COMMIT", "")
    monkeypatch.setattr("racelab.core.provenance.git_state", lambda: {"commit": None, "dirty": None})
    with store.new_run("exp", command=["test"]) as run:
        run.write_text("a.txt", "alpha\n")
    rec = run.recorded
    assert rec.provenance["git"]["commit"] is None
    fix = {"runs": [f"exp/{rec.id}"], "field": "git.commit", "recorded": None, "corrected": "b" * 40,
           "why": "not passed", "evidence": "the tree"}
    (tmp_path / corrections_.CORRECTIONS).write_text(json.dumps({"corrections": [fix]}))
    assert corrections_.commit_of(rec) == ("b" * 40, fix)
    assert "<code>bbbbbbbbbb</code> (corrected; the provenance page says why)" in banners.banner(rec, "replay")._repr_html_()
    from racelab.book import inventory
    assert "recorded no commit, corrected to `bbbbbbbbbbbb`" in inventory.corrections_markdown(tmp_path)


def test_recording_refuses_a_malformed_commit_and_warns_of_none(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path))
    monkeypatch.setenv("RACELAB_GIT_COMMIT", "e3a1f1d5")
    with pytest.raises(store.StoreError, match="40 hex digits"):
        with store.new_run("exp", command=["test"]):
            raise AssertionError("nothing runs before the refusal")
    assert not (tmp_path / "exp").exists() or not any((tmp_path / "exp").iterdir())
    monkeypatch.delenv("RACELAB_GIT_COMMIT")
    monkeypatch.setattr("racelab.core.provenance.git_state", lambda: {"commit": None, "dirty": None})
    with store.new_run("exp", command=["test"]) as run:
        run.write_text("a.txt", "alpha\n")
    assert "will record no commit" in capsys.readouterr().err
