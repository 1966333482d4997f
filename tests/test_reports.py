"""racelab.book.reports and `racelab report`: one report per true positive still open in the newest release,
generated from the recorded sweep, the triage, the newest wheel and the recorded runs; every report's
sections present, its lines located in the newest wheel, its patch applying to the wheel's file and touching
only the transform's lines, its evidence naming the release and the command it came from."""

import re
import shutil
import subprocess

import pytest

from racelab.book import reports
from racelab.core import store
from racelab.lint import triage
from racelab.lint.releases import RELEASES
from racelab.toolchain import transforms, wheels

SECTIONS = ("## What and where", "## Why", "## Evidence", "## Patch", "## Numerics", "## Cost", "## Reproduce")


@pytest.fixture(scope="module")
def hits():
    return store.newest("lint-releases", gpu="cpu").read_json("hits.json")


@pytest.fixture(scope="module")
def items(hits):
    return reports.reports(hits)


def _by_slug(items):
    return {f.spec.slug: (f, ev, text) for f, ev, text in items}


def test_one_report_per_open_true_positive(hits, items):
    open_keys = {(h["file"], h["function"]) for h in hits[RELEASES[-1]]
                 if (t := triage.triage_for(h)) and t.verdict == triage.TRUE and not t.fixed_in}
    from_lint = [f for f, _, _ in items if f.spec is not reports.READERS_WAR]
    assert {(f.file, f.function) for f in from_lint} == open_keys
    slugs = [f.spec.slug for f, _, _ in items]
    assert len(slugs) == len(set(slugs)) and reports.READERS_WAR.slug in slugs
    assert all(f.release == RELEASES[-1] for f, _, _ in items)


def test_every_site_is_located_in_the_newest_wheel(items):
    for f, _, _ in items:
        lines = wheels.module_file(f.release, f.file).read_text().splitlines()
        signals = [lines[n - 1] for n in f.arrive_lines]
        assert all(re.search(r"mbarrier_arrive|producer_commit", s) for s in signals), (f.spec.slug, signals)
        if f.spec.kind == "WAR":
            assert all("= sKScale[" in lines[n - 1] for n in f.store_lines)
        elif f.spec.buffers:
            assert all(any(b + "[" in lines[n - 1] for b in f.spec.buffers) for n in f.store_lines), f.spec.slug


def test_each_report_has_every_section_and_two_sentences_of_why(items):
    for f, ev, text in items:
        assert [s for s in SECTIONS if s in text] == list(SECTIONS), f.spec.slug
        why = text.split("## Why\n", 1)[1].split("\n## ", 1)[0].strip()
        assert len(re.findall(r"[.!?](?:\s|$)", re.sub(r"§[\d.]+", "", why))) == 2, why
        assert "§9.7.13.15" in why and "§8.9.4" in why and "§8.8" in why
        assert f"`{f.where}`" in text and f.where.startswith("python/cudnn/")
        assert "Paired timing of shipped and patched: not measured." in text


@pytest.mark.skipif(shutil.which("patch") is None, reason="no patch(1)")
def test_each_patch_applies_to_the_wheels_file_and_touches_only_its_lines(items, tmp_path):
    patched = [(f, text) for f, _, text in items if f.patch]
    assert {f.spec.transform for f, _ in patched} == set(transforms.FWD_TRANSFORMS)
    for f, text in patched:
        before = wheels.module_file(f.release, f.file).read_text()
        after = transforms.FWD_TRANSFORMS[f.spec.transform](before)
        assert transforms.touched_lines(before, after) == f.patch_lines
        assert f"```diff\n{f.patch}```" in text
        target = tmp_path / f.spec.slug / f.where
        target.parent.mkdir(parents=True)
        target.write_text(before)
        done = subprocess.run(["patch", "-p1", "--quiet"], input=f.patch, text=True, cwd=tmp_path / f.spec.slug,
                              capture_output=True)
        assert done.returncode == 0 and target.read_text() == after, done.stderr
    assert len(_by_slug(items)["fwd-sm90-sw-q0"][0].patch_lines) == 1  # Q0's init; one arrive inserted


def test_the_evidence_names_its_release_run_and_command(items):
    for f, ev, text in items:
        if not ev.get("rows"):
            assert "Not measured" in text
            continue
        from racelab.core.paths import results_dir
        rec = store.load(results_dir() / ev["run"])
        assert f"release {ev['release']}" in text and f"`{ev['run']}`" in text
        assert f"`{ev['command']}`" in text and ev["rows"][0]["command"] in text
        assert rec.provenance["command"] == ev["command"]
        if ev["release"] != f.release:
            assert "newest release with a recorded run" in text
        if not f.racecheck_can_see:
            assert "racecheck cannot see this handoff's readers" in text and "K-tail probe" in text


def test_the_forward_counts_are_the_audits_and_the_predictions_match(items, hits):
    from racelab.experiments import fwd_racecheck as fa
    f, ev, text = _by_slug(items)["fwd-sm90-sw-q0"]
    rec = fa.runs_by_release()[ev["release"]]
    cases = fa.case_frame(rec, fa.lint_store_lines(lint_hits=hits[ev["release"]])).set_index("case")
    for row in ev["rows"]:
        shipped = f"{row['case']}-sk512-{row['shipped variant']}"
        assert row["shipped"] == cases.loc[shipped, "sW RAW bytes"] > 0
        assert row["patched"] == 0
        assert f"| {row['case']}, release | {row['shipped']} | 0 (all-lanes) | {row['shipped']} |" in text


def test_with_no_run_the_report_says_not_measured(hits):
    items = reports.reports(hits, fwd_runs={}, probe_runs={})
    for f, ev, text in items:
        assert ev["rows"] == [] and "Not measured" in text
        assert "Byte identity of shipped and patched outputs: not measured." in text


def test_a_run_of_the_newest_release_is_used_as_is(hits):
    from racelab.experiments import fwd_racecheck as fa
    runs = fa.runs_by_release()
    if not runs:
        pytest.skip("no fwd-racecheck run recorded")
    newest_run = sorted(runs.items())[-1][1]
    items = reports.reports(hits, fwd_runs={RELEASES[-1]: newest_run})
    f, ev, text = _by_slug(items)["fwd-sm90-sw-q0"]
    assert ev["release"] == RELEASES[-1] and "newest release with a recorded run" not in text


def test_the_command_writes_what_the_page_shows(tmp_path, items):
    from racelab.cli import report
    assert report.main(["--out", str(tmp_path / "out")]) == 0
    for f, _, text in items:
        assert (tmp_path / "out" / f"{f.spec.slug}.md").read_text() == text
        page, plain = reports.demoted(text).splitlines(), text.splitlines()
        assert [a.lstrip("#") for a in page] == [b.lstrip("#") for b in plain]
        assert page[0] == "#" + plain[0] and page[0].startswith("## ")
    readme = (tmp_path / "out" / "README.md").read_text()
    assert all(f"({f.spec.slug}.md)" in readme for f, _, _ in items)
    assert report.main(["--out", str(tmp_path), "--release", "0.0.1"]) == 2
