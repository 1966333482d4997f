"""racelab.book.reports (store side, load side) and `racelab report`: one report per true positive
still open in the newest release, generated from the recorded sweep, the triage, the newest wheel and the
recorded runs; every report's sections present, its lines located in the newest wheel, its patch applying to
the wheel's file and touching only the transform's lines, its evidence naming the release and the command it
came from. The SM90 backward's K_CONSUMED report is checked against the recorded H200 runs in results/ and,
for a run of the newest release and for none at all, against a scratch store."""

import os
import re
import shutil
import subprocess

import pytest

from fakes import H200, fake_gpu, forget_gpus
from racelab.book import reports
from racelab.book.reports import load_side as rb
from racelab.book.reports import prediction, store_side
from racelab.book.reports.common import read_source
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
    return reports.all_reports(hits)


def _by_slug(items):
    return {f.spec.slug: (f, ev, text) for f, ev, text in items}


def test_one_report_per_open_true_positive(hits, items):
    open_keys = {(h["file"], h["function"]) for h in hits[RELEASES[-1]]
                 if (t := triage.triage_for(h)) and t.verdict == triage.TRUE and not t.fixed_in}
    from_lint = [f for f, _, _ in items if f.spec not in (store_side.READERS_WAR, rb.SPEC)]
    assert {(f.file, f.function) for f in from_lint} == open_keys
    slugs = [f.spec.slug for f, _, _ in items]
    assert len(slugs) == len(set(slugs)) and {store_side.READERS_WAR.slug, rb.SPEC.slug} <= set(slugs)
    assert all(f.release == RELEASES[-1] for f, _, _ in items)


def test_every_site_is_located_in_the_newest_wheel(items):
    for f, _, _ in items:
        lines = wheels.module_file(f.release, f.file).read_text().splitlines()
        signals = [lines[n - 1] for n in f.arrive_lines]
        assert all(re.search(r"mbarrier_arrive|producer_commit", s) for s in signals), (f.spec.slug, signals)
        if f.spec is rb.SPEC:
            assert all(re.search(r"\(sIndices\d\[my_ni\]\)", lines[n - 1]) for n in f.store_lines)
            assert all(re.match(r"\s*sIndices\[pos\] = ", lines[n - 1]) for n in f.overwrite_lines)
            assert all("mbarrier_wait(mbar + MBAR_K_CONSUMED_" in lines[n - 1] for n in f.wait_lines)
        elif f.spec.kind == "WAR":
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
        if not (ev.get("cost") or {}).get("release") and not reports.timing(f).get("rows"):
            assert "Paired timing of shipped and patched: not measured" in text


@pytest.mark.skipif(shutil.which("patch") is None, reason="no patch(1)")
def test_each_patch_applies_to_the_wheels_file_and_touches_only_its_lines(items, tmp_path):
    patched = [(f, text) for f, _, text in items if f.patch]
    assert {f.spec.transform for f, _ in patched} == set(transforms.FWD_TRANSFORMS) | {rb.TRANSFORM}
    for f, text in patched:
        before = wheels.module_file(getattr(f, "patch_release", "") or f.release, f.file).read_text()
        after = {**transforms.FWD_TRANSFORMS, **transforms.TRANSFORMS}[f.spec.transform](before)
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
    items = store_side.reports(hits, fwd_runs={}, probe_runs={})
    for f, ev, text in items:
        assert ev["rows"] == [] and "Not measured" in text
        assert "Byte identity of shipped and patched outputs (one plain launch each, the output's fp32 bytes " \
               "hashed): not measured." in text


def test_the_forward_reports_byte_identity_from_the_recorded_digests(items):
    """Each forward case with both outputs hashed says identical or DIFFERENT, from the run's digests."""
    f, ev, text = _by_slug(items)["fwd-sm90-sw-q0"]
    rows = [r for r in ev["rows"] if all((r["outputs"].get(v) or {}).get("output_sha256") for v in ("shipped", "patched"))]
    if not rows:
        pytest.skip("the recorded forward run hashed no outputs")
    for row in rows:
        a, b = (row["outputs"][v]["output_sha256"] for v in ("shipped", "patched"))
        label = f"{row['case']} ({row['patched variant']})"
        assert (f"{label}: identical (sha256 {a[:16]}…)" if a == b else f"{label}: DIFFERENT") in text


def test_a_run_of_the_newest_release_is_used_as_is(hits):
    from racelab.experiments import fwd_racecheck as fa
    runs = fa.runs_by_release()
    if not runs:
        pytest.skip("no fwd-racecheck run recorded")
    newest_run = sorted(runs.items())[-1][1]
    items = store_side.reports(hits, fwd_runs={RELEASES[-1]: newest_run})
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


# ------------------------------------------------------------------------------------------------
# The SM90 backward's K_CONSUMED report (racelab.book.reports_backward)
# ------------------------------------------------------------------------------------------------

def _k_consumed(items):
    return _by_slug(items)[rb.SPEC.slug]


def test_k_consumed_sites_are_the_newest_wheels_and_the_ecosystem_triages(items):
    from racelab.lint import triage_ecosystem as te
    f, _, text = _k_consumed(items)
    assert f.release == RELEASES[-1] and f.file == rb.FILE
    lines = wheels.module_file(f.release, f.file).read_text().splitlines()
    assert lines[f.guard_line - 1].strip() == "if wg_tidx == 0:"
    assert f.guard_line < min(f.arrive_lines) and max(f.store_lines) < f.guard_line
    assert f.init_count == ["2"] and len(f.init_lines) == len(f.arrive_lines) == len(f.wait_lines) == 3
    assert f.reader == "IndexerBackwardSm90._compute_warpgroup" and f.writer == "IndexerBackwardSm90._k_load_warpgroup"
    triaged = sorted(k[-1] for k, t in te.TRIAGE.items() if k[1] == rb.FILE and "MBAR_K_CONSUMED" in k[3]
                     and k[4] == "load-war" and t.verdict == triage.TRUE)
    assert triaged == f.arrive_lines  # the load-side lint's hits, triaged true, are these arrives
    for n in f.store_lines + f.arrive_lines + f.overwrite_lines + [f.guard_line]:
        assert re.search(rf"\b{n}\b", text.split("## Why", 1)[0]), n


def test_k_consumed_same_code_check(items):
    f, ev, text = _k_consumed(items)
    same = rb.same_sites(f, "1.27.0")
    assert same["statements"] is True
    assert same["methods"]["IndexerBackwardSm90._k_load_warpgroup"] is True
    assert same["methods"]["IndexerBackwardSm90._compute_warpgroup"] is False  # #1049's barriers in 1.32.0
    real = read_source

    def changed(rel, path):  # the read in 1.27.0 made a different statement
        return real(rel, path).replace("Int32(sIndices0[my_ni])", "Int32(sIndices0[my_ni + 0])") \
            if rel == "1.27.0" else real(rel, path)
    assert rb.same_sites(f, "1.27.0", changed)["statements"] is False
    if ev["release"] != f.release:
        assert f"the statements at these sites are the same code in {ev['release']} and {f.release}" in text


@pytest.mark.skipif(shutil.which("patch") is None, reason="no patch(1)")
def test_k_consumed_patch_against_the_newest_wheel_touches_the_inits_and_the_guard_only(items, tmp_path):
    f, _, text = _k_consumed(items)
    assert f.patch_release == RELEASES[-1] and not f.patch_note
    before = wheels.module_file(f.patch_release, f.file).read_text()
    after = transforms.k_consumed_all_threads(before)
    assert transforms.touched_lines(before, after) == f.patch_lines == sorted(f.init_lines + [f.guard_line])
    assert sorted(ln.strip() for ln in transforms.changed_lines(before, after)) == sorted(
        [before.splitlines()[n - 1].strip().replace(", 2)", ", 2 * self.WARPGROUP_SIZE)") for n in f.init_lines]
        + [before.splitlines()[f.guard_line - 1].strip().replace("==", ">=")])
    assert len(before.splitlines()) == len(after.splitlines())
    target = tmp_path / f.where
    target.parent.mkdir(parents=True)
    target.write_text(before)
    done = subprocess.run(["patch", "-p1", "--quiet"], input=f.patch, text=True, cwd=tmp_path, capture_output=True)
    assert done.returncode == 0 and target.read_text() == after, done.stderr
    assert f"of {f.patch_release}; the lines it replaces are" in text


def test_k_consumed_patch_falls_back_to_an_older_release_where_the_transform_does_not_apply():
    real = read_source

    def source(rel, path):  # the newest release with the inits written otherwise: the transform refuses it
        text = real("1.27.0" if rel != RELEASES[-1] else rel, path)
        return text.replace("MBAR_K_CONSUMED_0, 2)", "MBAR_K_CONSUMED_0, 1 + 1)") if rel == RELEASES[-1] else text
    f = rb.finding(RELEASES[-1], source)
    assert f.patch_release == RELEASES[-2] and "does not apply to " + RELEASES[-1] in f.patch_note
    text = rb.markdown(f, {"rows": [], "note": "none"}, {"release": None}, {"release": None})
    assert f"the patch is against {RELEASES[-2]}" in text and "does not apply to" in text


def test_k_consumed_is_no_finding_where_every_thread_arrives():
    real = read_source
    closed = lambda rel, path: transforms.k_consumed_all_threads(real(rel, path))  # noqa: E731
    assert rb.finding(RELEASES[-1], closed) is None


def test_k_consumed_report_on_the_recorded_sm90_runs(items):
    from racelab.book import real_results
    from racelab.core.paths import results_dir
    f, ev, text = _k_consumed(items)
    runs = real_results.racecheck_runs("sm90")
    if not runs:
        pytest.skip("no real-racecheck run of the SM90 kernel is recorded")
    rec = store.load(results_dir() / ev["run"])
    summary = rec.read_json("summary.json")
    shipped, closed = rb.variants(ev["release"])[0]
    cases = {c["case"]: c for c in summary["cases"]}
    row = ev["rows"][0]
    assert row["shipped"] == cases[f"hazard-multi-block-{shipped}"]["parsed"]["records"] > 0
    assert row["patched"] == cases[f"hazard-multi-block-{closed}"]["parsed"]["records"] == 0
    assert ev["gpu"] == summary["gpu"]["name"] and summary["gpu"]["sm"] == 90 and f"{ev['gpu']} measurement" in text
    assert ev["dsl"] == cases[f"hazard-multi-block-{shipped}"]["launch"]["dsl"] and f"nvidia-cutlass-dsl {ev['dsl']}" in text
    assert ev["same_file"] is True  # the kernel racecheck ran is the wheel file read here
    assert f"`racelab real record --variants {shipped} {closed} --only hazard-multi-block`" in text
    assert f"| {row['shipped']:,} | {row['patched']:,} |" in text
    if ev["release"] == "1.27.0":  # chapter 04's figure, from the same run
        assert real_results.sm90_racecheck_glue(runs)["sm90_multi_hazard_shipped"] == row["shipped"]
    assert ev["threads"]["not reading"] == ev["threads"]["arriving"] == [0, 128]
    num = ev["numerics"]
    if num["release"]:
        glued = real_results.numerics_glue(store.load(results_dir() / num["run"]), "x")  # the run the report read
        assert f"{glued['x_num_dq_vs']} elements of `d_index_q` differ (identical" in text
        assert f"{glued['x_num_dw_vs']} elements of `d_weights` differ" in text
        assert f"differs in {glued['x_num_dk_vs']} of {glued['x_num_dk_elements']} elements" in text
        # one rule (real_numerics.outside_own_spread) for the report and for the pages' verdict on the same run
        assert ("the outputs stay within the spread of the shipped kernel's own replays" in text) == (not num["outside"])
        assert glued["x_num_verdict"].startswith("within") == (not num["outside"])
    cost = ev["cost"]
    if cost["release"]:
        # the cost is the alignments design's (else the layout runs') range, never one build's delta (one build
        # does not control layout)
        from racelab.book import real_alignments

        said = real_alignments.glue(real_alignments.fits())
        layout = said if said["ra_recorded"] == "yes" else {
            f"ra_{k}_range": v for k, v in ((k, real_results.real_layouts_glue(real_results.real_layout_runs())[
                f"rl_{k}_range"]) for k in ("128", "512"))}
        assert layout["ra_128_range"] in text and layout["ra_512_range"] in text
        assert cost["runs"] and not any(r.startswith("real-timing/") for r in cost["runs"])
        assert "over code layouts: not measured." not in text
    assert f"racelab real record --variants release-{f.release} {f.release}-k-consumed-all --only " \
           "hazard-multi-block" in text.split("## Reproduce", 1)[1]


def _synthetic_newest_run(root, records: int):
    """A real-racecheck run of the newest release's two variants at the multi-block shape, made on a (fake) H200."""
    from racelab.core import files
    release = RELEASES[-1]
    sha = files.sha256_bytes(wheels.module_file(release, rb.FILE).read_bytes())
    cases = []
    for variant, n in zip(rb.variants(release)[0], (records, 0)):
        parsed = {"records": n, "reports": 0, "hazard_bytes": n, "analysis_hazards": 0, "by_type": {"WAR": n} if n else {},
                  "reader_threads": [t for t in range(256) if t % 128] if n else [],
                  "writer_threads": list(range(257, 384)) if n else []}
        cases.append({"case": f"hazard-multi-block-{variant}", "variant": variant, "shape": "multi-block",
                      "report": "hazard", "status": "ok", "returncode": 0, "timed_out": False, "parsed": parsed,
                      "command": f"compute-sanitizer ... --variant {variant} --shape multi-block",
                      "launch": {"finite": True, "finite_outputs": {"d_index_k": True}, "dsl": "4.8.1",
                                 "kernel_sha256": sha}})
    saved = os.environ.get("PATH", "")
    fake_gpu(root, H200)
    os.environ["PATH"] = f"{root}:{saved}"
    forget_gpus()
    try:
        with store.new_run("real-racecheck", command=["racelab", "real", "record", "--variants",
                                                      *rb.variants(release)[0], "--only", "hazard-multi-block"],
                           root=root / "results") as run:
            run.write_json("summary.json", {"experiment": "real-racecheck", "arch": "sm90", "handoff": "K_CONSUMED",
                                            "gpu": {"name": "NVIDIA H200", "sm": 90},
                                            "variants": list(rb.variants(release)[0]), "labels": {}, "cases": cases,
                                            "failed_cases": [], "complete": True})
    finally:
        os.environ["PATH"] = saved
        forget_gpus()
    return run.recorded


def test_k_consumed_prefers_a_run_of_the_newest_release(tmp_path):
    from racelab.core.paths import results_dir
    for experiment in ("real-racecheck", "real-numerics", "real-timing"):
        if (results_dir() / experiment).exists():
            shutil.copytree(results_dir() / experiment, tmp_path / "results" / experiment)
    rec = _synthetic_newest_run(tmp_path, 4242)
    f, ev, text = rb.report(root=tmp_path / "results")
    assert ev["release"] == f.release == RELEASES[-1] and ev["run"] == f"real-racecheck/{rec.id}"
    assert ev["rows"][0]["shipped"] == 4242 and ev["rows"][0]["patched"] == 0 and ev["dsl"] == "4.8.1"
    assert f"release {RELEASES[-1]}, nvidia-cutlass-dsl 4.8.1" in text and "newest release with a recorded run" not in text
    assert "| 4,242 | 0 |" in text and ev["same_file"] is True
    assert ev["threads"]["not reading"] == [0, 128] and "the threads with `wg_tidx == 0`, which arrive" in text
    num = ev["numerics"]["release"]
    if num and num != RELEASES[-1]:  # numerics from an older release's run, and said so
        assert f"release {num}, 30 replays" in text
        assert f"- In {num}: the statements at these sites are the same code" in text
    elif num:  # numerics of the newest release itself
        assert f"release {num}, 30 replays" in text and f"- In {num}: the statements" not in text


def test_k_consumed_with_no_run_says_not_measured(tmp_path):
    f, ev, text = rb.report(root=tmp_path)
    assert ev["rows"] == [] and ev["numerics"] == {"release": None} and ev["cost"] == {"release": None}
    assert "Not measured: no real-racecheck run of this kernel at the multi-block shape is recorded." in text
    assert "Not measured: no real-numerics run of these variants is recorded." in text
    assert "Paired timing of shipped and patched over code layouts: not measured." in text
    assert [s for s in SECTIONS if s in text] == list(SECTIONS) and f.patch in text
    fig = reports.figures([(f, ev, text)])
    assert fig["kc_shipped"] == fig["kc_evidence_release"] == "not measured" and fig["rep_with_cost"] == 0


def test_k_consumed_figures_are_the_reports(items):
    f, ev, _ = _k_consumed(items)
    fig = reports.figures(items)
    assert fig["kc_shipped"] == ev["rows"][0]["shipped"] and fig["kc_closed"] == ev["rows"][0]["patched"]
    assert fig["kc_release"] == f.release and fig["kc_evidence_release"] == ev["release"]
    # counted from the reports' own Cost and Numerics sections
    assert fig["rep_with_cost"] == sum(rb.measured_sections(t)["Cost"] for _, _, t in items)
    assert fig["rep_with_numerics"] == sum(rb.measured_sections(t)["Numerics"] for _, _, t in items)
    assert fig["rep_with_cost"] >= (1 if ev["cost"]["release"] else 0)


# ------------------------------------------------------------------------------------------------
# What the forward's patch costs (reports.timing: a fwd-timing run of `racelab timing fwd`)
# ------------------------------------------------------------------------------------------------

def test_the_forward_store_side_reports_cost_from_the_recorded_timing_run(items):
    from racelab.experiments.timing import load, plan

    run = load.measured_run(plan.FWD_EXPERIMENT, needs="sm90", backend="fwd")
    if run is None:
        pytest.skip("no fwd-timing run recorded on an SM90 GPU")
    on = load.order_null(load.summarize_folder(run))
    by = _by_slug(items)
    for slug, precisions in (("fwd-sm90-sw-q0", ["bf16", "fp8"]), ("fwd-sm90-skscale-kv", ["fp8"])):
        f, _, text = by[slug]
        t = reports.timing(f)
        assert t["run"] == f"{run.experiment}/{run.id}" and [r["precision"] for r in t["rows"]] == precisions
        for r in t["rows"]:
            got = next(v for shape, v in on.items() if shape.startswith(r["precision"]))
            assert (r["effect"], r["half"]) == (got.effect, got.conservative_half)
            assert f"{r['effect']:+.2f}% ± {r['half']:.2f}% at {r['precision'].upper()}" in text
        assert f"`{run.provenance['command']}`" in text and "release 1.27.0" in text
    for slug in ("fwd-sm90-skscale-kvempty", "bwd-sm90-k-tail"):
        assert "Paired timing of shipped and patched: not measured: no timing of this patch" in by[slug][2]


def test_a_fake_timing_run_is_never_a_reports_cost(items, tmp_path, monkeypatch):
    """A rehearsal with the fake backend (a scratch store, a CPU): the report says not measured."""
    from racelab.cli import timing as timing_cli

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    assert timing_cli.main(["fwd", "--backend", "fake", "--pairs", "2", "--launches", "20", "--prefetch", "2"]) == 0
    f = _by_slug(items)["fwd-sm90-sw-q0"][0]
    t = reports.timing(f)
    assert "rows" not in t and "no fwd-timing run is recorded on an SM90 GPU" in t["note"]
    assert store_side.timing_text(t).startswith("Paired timing of shipped and patched: not measured: no fwd-timing")


def test_the_k_consumed_count_predicted_from_source_equals_the_measured_one_where_only_it_races():
    """The load-side prediction (readers' elements, the arriving thread, K stages, one record per byte) against
    every recorded H200 case: equal where #1049's dK staging barriers are in (1.32.0 as shipped, 1.27.0 with
    them added), zero where no stage is refilled or every reader arrives; 1.27.0 as shipped is the one case
    where it is not equal, and the rows say so."""
    rows = prediction.prediction_rows()
    assert rows
    for r in rows:
        if r["shape"] == "one-cta" or "k-consumed-all" in r["variant"]:
            assert r["predicted WAR"] == 0 == r["measured WAR"], r
        elif r["variant"] in ("release-1.32.0", "1.27.0-dk-staging-barriers"):
            assert r["predicted WAR"] == r["measured WAR"] == 192 * 127 * 4, r
        else:
            assert r["variant"] == "release-1.27.0" and r["measured WAR"] != r["predicted WAR"], r
    glued = prediction.prediction_glue(rows)
    assert glued["kcp_predicted"] == "97,536" and glued["kcp_unordered"] == "127" and glued["kcp_stages"] == "3"
    assert int(glued["kcp_equal"]) == sum(r["variant"] != "release-1.27.0" for r in rows if r["predicted WAR"])


def test_the_prediction_reads_its_model_from_the_source_and_refuses_another_shape():
    text = read_source(RELEASES[-1], rb.FILE)
    model = prediction.war_model(text)
    assert model == {"element_bytes": 4, "stages": 3, "warpgroup": 128, "all_arrive": False,
                     "grid": "seqlen x batch_size"}
    assert prediction.war_model(transforms.k_consumed_all_threads(text))["all_arrive"] is True
    assert prediction.predicted_war(model, "multi-block")["records"] == 3 * 64 * 127 * 4
    assert prediction.predicted_war({**model, "stages": 1}, "multi-block")["records"] is None  # a stage refilled 3 times
    with pytest.raises(ValueError, match="not the K_CONSUMED shape"):
        prediction.war_model(text.replace("my_ni = wg_tidx", "my_ni = wg_tidx ^ 1"))
