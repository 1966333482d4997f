import json
import textwrap
import zipfile

import pytest

from racelab.cli import lint as lint_cli
from racelab.core import files, store
from racelab.core.paths import cache_dir
from racelab.experiments import lint_ecosystem
from racelab.lint import packages, rules, triage, triage_ecosystem
from racelab.lint.ast_lint import ELECTED, LintError, SYNCWARP
from racelab.lint.load_lint import LOAD_ELECTED, LOAD_SYNCWARP


def consumer(body: str, init: str = "cute.arch.mbarrier_init(mbar + MBAR_EMPTY, 1)", head: str = "") -> str:
    """A small CuTe DSL kernel: a producer warp (0) refills sW after MBAR_EMPTY; consumer warp 4 runs `body`
    (lane = its lane, sW in shared memory)."""
    src = textwrap.dedent(f"""\
        import cutlass
        import cutlass.cute as cute

        MBAR_EMPTY = 0


        class K:
            @cute.kernel
            def kernel(self, mIn, mOut):
                tidx = cute.arch.thread_idx()[0]
                warp_idx = cute.arch.make_warp_uniform(cute.arch.warp_idx())
                sW = storage.sW.get_tensor(cute.make_layout((64,)))
                {head}
                if warp_idx == 0:
                    with cute.arch.elect_one():
                        {init}
                cute.arch.sync_threads()
                if warp_idx == 0:
                    cute.arch.mbarrier_wait(mbar + MBAR_EMPTY, 0)
                    sW[tidx] = mIn[tidx]
                elif warp_idx == 4:
                    lane = tidx % 32
        """)
    return src + textwrap.indent(textwrap.dedent(body).strip("\n") + "\n", " " * 12)


def load_hits(source: str):
    return rules.lint_source(source, "k.py", [rules.LOAD_WAR])


READ_THEN_ELECTED = '''
mOut[tidx] = sW[lane] + sW[lane + 32]
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)
'''


# ------------------------------------------------------------------ the load-side rule on synthetic kernels

def test_lanes_read_then_one_elected_lane_frees_the_buffer_is_a_war_hit():
    (h,) = load_hits(consumer(READ_THEN_ELECTED))
    assert (h["rule"], h["function"], h["barrier"], h["reason"], h["init_count"]) == \
        ("load-war", "K.kernel", "MBAR_EMPTY", LOAD_ELECTED, [1])
    assert h["storer_threads"] == 32 and "sW[lane]" in h["storers"] and "elect_one" in h["arrivers"]
    assert rules.rule_of(h["reason"]) is rules.LOAD_WAR and rules.LOAD_WAR.hazard == "WAR"


def test_every_reading_lane_arrives_is_not_a_hit():
    body = READ_THEN_ELECTED.replace("with cute.arch.elect_one():\n    cute.arch.mbarrier_arrive",
                                     "cute.arch.mbarrier_arrive")
    assert "elect_one" not in body
    assert load_hits(consumer(body, init="cute.arch.mbarrier_init(mbar + MBAR_EMPTY, 32)")) == []


def test_one_reading_lane_that_arrives_itself_is_not_a_hit():
    body = '''
if lane == 0:
    mOut[0] = sW[0]
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)
'''
    assert load_hits(consumer(body)) == []


def test_a_thread_barrier_or_a_big_enough_count_clears_the_loads():
    synced = READ_THEN_ELECTED.replace("with cute.arch.elect_one():",
                                       "cute.arch.barrier(barrier_id=1, number_of_threads=32)\nwith cute.arch.elect_one():")
    assert load_hits(consumer(synced)) == []
    assert load_hits(consumer(READ_THEN_ELECTED, init="cute.arch.mbarrier_init(mbar + MBAR_EMPTY, 32)")) == []


def test_syncwarp_before_the_elected_release_gets_its_own_reason():
    body = READ_THEN_ELECTED.replace("with cute.arch.elect_one():", "cute.arch.sync_warp()\nwith cute.arch.elect_one():")
    (h,) = load_hits(consumer(body))
    assert h["reason"] == LOAD_SYNCWARP and rules.rule_of(h["reason"]) is rules.LOAD_WAR


def test_views_and_tma_sources_are_not_loads_and_copies_from_shared_are():
    views = '''
tXsW = sW[None, 0]
cute.copy(tma_atom_store, sW, mOut)
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)
'''
    assert load_hits(consumer(views)) == []
    copied = '''
tXrW = cute.make_fragment(layout, cutlass.Float32)
cute.autovec_copy(sW, tXrW)
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)
'''
    (h,) = load_hits(consumer(copied))
    assert "autovec_copy(sW" in h["storers"]


def test_producer_side_arrives_layout_indices_and_lists_of_tensors_are_not_releases_or_loads():
    expect_tx = READ_THEN_ELECTED.replace("cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)",
                                          "cute.arch.mbarrier_arrive_and_expect_tx(mbar + MBAR_EMPTY, 128)")
    assert load_hits(consumer(expect_tx)) == []  # arms a transaction: the producer's arrive, it frees nothing
    not_loads = '''
n = sW.layout.stride[0] + sW.shape[0]
sW_list = [sW, sW]
t = sW_list[lane % 2]
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)
'''
    assert load_hits(consumer(not_loads)) == []
    assert len(load_hits(consumer(not_loads.replace("t = sW_list[lane % 2]", "t = sW[lane]")))) == 1


def test_the_two_rules_see_the_two_sides():
    """The store rule does not flag the reads; the load rule does not flag the producer's stores."""
    assert rules.lint_source(consumer(READ_THEN_ELECTED), "k.py", [rules.STORE_RAW]) == []
    stores = '''
sW[lane] = mIn[lane]
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_EMPTY)
'''
    (s,) = rules.lint_source(consumer(stores), "k.py")
    assert s["rule"] == "store-raw" and s["reason"] == ELECTED


PIPELINE_HEAD = ("pipe = cutlass.pipeline.{cls}.create(num_stages=2, producer_group=cutlass.pipeline.CooperativeGroup("
                 "cutlass.pipeline.Agent.Thread, 1), consumer_group=cutlass.pipeline.CooperativeGroup("
                 "cutlass.pipeline.Agent.Thread, {count}){extra})")
PIPELINE_BODY = '''
mOut[tidx] = sW[lane]
pipe.consumer_release(state)
'''


@pytest.mark.parametrize("cls, count, extra, expect", [
    ("PipelineAsync", 128, "", None),  # every lane arrives, 128 counted
    ("PipelineTmaAsync", 4, "", LOAD_ELECTED),  # the DSL signals from one lane per warp
    ("PipelineAsync", 4, ", elect_one_release=True", LOAD_SYNCWARP),  # __syncwarp, then one elected lane
    ("PipelineAsync", 4, ", elect_one_release=True, syncwarp_before_release=False", LOAD_ELECTED),
])
def test_pipeline_consumer_release(cls, count, extra, expect):
    src = consumer(PIPELINE_BODY, head=PIPELINE_HEAD.format(cls=cls, count=count, extra=extra))
    found = load_hits(src)
    if expect is None:
        assert found == []
    else:
        (h,) = found
        assert h["reason"] == expect and h["barrier"] == "pipe" and h["init_count"] == [count]
        assert h["arrivers"].startswith("1 (one lane per warp")


# ------------------------------------------------------------------ rules as data

def test_rule_kinds_are_data():
    assert set(rules.RULES) == {"store-raw", "load-war"}
    assert {r.hazard for r in rules.RULES.values()} == {"RAW", "WAR"}
    assert rules.rule_of(ELECTED + "/count-unknown") is rules.STORE_RAW and rules.rule_of(SYNCWARP) is rules.STORE_RAW
    with pytest.raises(LintError, match="no rule"):
        rules.rule_of("sideways")
    with pytest.raises(LintError, match="unknown rule"):
        rules.pick(["sideways"])


# ------------------------------------------------------------------ packages

def test_package_specs_must_be_exact_pins():
    assert packages.parse_spec("flash-attn-4==4.0.0b36") == ("flash-attn-4", "4.0.0b36")
    for bad in ("flash-attn-4", "quack-kernels>=0.6", "x==", "==1.0"):
        with pytest.raises(LintError, match="NAME==VERSION"):
            packages.parse_spec(bad)


def test_only_files_importing_the_dsl_are_read(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "k.py").write_text(consumer(READ_THEN_ELECTED))
    (tmp_path / "pkg" / "from_import.py").write_text("from cutlass.cute import arch\n")
    (tmp_path / "pkg" / "host.py").write_text("import torch\n# import cutlass is only a comment here\n")
    assert [f.name for f in packages.cute_files(tmp_path)] == ["from_import.py", "k.py"]


def test_lint_package_reads_the_wheel_it_names(tmp_path, monkeypatch):
    """A package from a wheel (a fake one, no index): every CuTe DSL file, the wheel's sha256, hits by rule."""
    root = tmp_path / "unpacked"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "k.py").write_text(consumer(READ_THEN_ELECTED))
    (root / "pkg" / "bad.py").write_text("import cutlass\ndef f(:\n")
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.write(root / "pkg" / "k.py", "pkg/k.py")
    monkeypatch.setattr(packages, "wheel_root", lambda name, version: (wheel, root))
    done = packages.lint_package("pkg==1.0")
    assert (done.package, done.version, done.wheel, done.sha256) == ("pkg", "1.0", wheel.name, files.sha256(wheel))
    assert done.files == ["pkg/bad.py", "pkg/k.py"] and len(done.errors) == 1 and "bad.py" in done.errors[0]
    assert [(h["rule"], h["file"]) for h in done.hits] == [("load-war", "pkg/k.py")]
    assert packages.lint_package("pkg==1.0", ["store-raw"]).hits == []


# ------------------------------------------------------------------ the command line

def test_cli_lints_a_source_tree_with_both_rules(tmp_path, capsys):
    (tmp_path / "k.py").write_text(consumer(READ_THEN_ELECTED))
    assert lint_cli.main([str(tmp_path), "--json"]) == 0
    (h,) = json.loads(capsys.readouterr().out)["hits"]
    assert h["rule"] == "load-war" and h["file"].endswith("k.py")
    assert lint_cli.main([str(tmp_path), "--rule", "store-raw", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hits"] == []
    assert lint_cli.main([str(tmp_path)]) == 0
    assert "[load-war]" in capsys.readouterr().out


def test_cli_bad_package_spec_and_rule_are_exit_2(capsys):
    assert lint_cli.main(["--package", "quack-kernels"]) == 2
    assert "NAME==VERSION" in capsys.readouterr().err
    assert lint_cli.main(["--rule", "sideways", "x.py"]) == 2


# ------------------------------------------------------------------ triage data

def test_triage_entries_are_well_formed():
    known = {lib.package for lib in lint_ecosystem.LIBRARIES}
    assert triage_ecosystem.TRIAGE
    for key, t in triage_ecosystem.TRIAGE.items():
        package, file, function, barrier, kind, line = key
        assert package in known and file.endswith(".py") and function and barrier and kind in rules.RULES
        assert isinstance(line, int) and line > 0
        assert t.verdict in triage.VERDICTS and t.why and t.readers


# ------------------------------------------------------------------ the recorded run

def _run():
    try:
        return lint_ecosystem.recorded()
    except store.StoreError as err:
        pytest.skip(f"no recorded lint-ecosystem run: {err}")


def test_recorded_run_covers_the_pinned_libraries_and_every_hit_is_triaged():
    run = _run()
    data = run.read_json("libraries.json")
    tri = run.read_json("triage.json")
    assert {p: d["version"] for p, d in data.items()} == {lib.package: lib.version for lib in lint_ecosystem.LIBRARIES}
    for package, lib in data.items():
        assert len(lib["sha256"]) == 64 and lib["files"] and lib["wheel"].endswith(".whl")
        assert len(tri[package]) == len(lib["hits"])
        for hit, entry in zip(lib["hits"], tri[package]):
            assert entry["key"] == list(triage_ecosystem.hit_key(package, hit))
            assert entry["triage"] is not None, f"untriaged hit {entry['key']}"
            assert hit["rule"] in rules.RULES and rules.rule_of(hit["reason"]).kind == hit["rule"]
    # the triage the run recorded is the module's triage now
    assert triage_ecosystem.untriaged(data) == []
    assert lint_ecosystem.triage_of(data) == tri


def test_precision_is_computed_from_the_verdicts():
    from racelab.book import elsewhere
    run = _run()
    table = elsewhere.ecosystem_precision(run)
    hits = elsewhere.ecosystem_hits(run)
    for package, row in table.iterrows():
        mine = hits[hits["package"] == package]
        assert row["hits"] == len(mine)
        assert row["true positives"] == int((mine["verdict"] == triage.TRUE).sum())
        if row["hits"]:
            assert row["precision"] == pytest.approx(row["true positives"] / row["hits"])
        else:
            assert row["precision"] != row["precision"]  # NaN: no hits, no precision


@pytest.mark.slow
@pytest.mark.parametrize("lib", lint_ecosystem.LIBRARIES, ids=lambda lib: lib.package)
def test_linting_a_cached_wheel_again_gives_the_recorded_hits(lib):
    from racelab.toolchain import wheels
    run = _run()
    unpacked = cache_dir() / "wheels" / "extracted" / f"{lib.package}-{lib.version}-{wheels.wheel_target().slug}"
    if not (unpacked / ".complete").exists():
        pytest.skip(f"{lib.spec} is not in the wheel cache (racelab lint --package {lib.spec} fetches it)")
    recorded = run.read_json("libraries.json")[lib.package]
    again = packages.lint_package(lib.spec, only=lib.files)
    if again.sha256 != recorded["sha256"]:
        pytest.skip("the cached wheel is not the recorded one")
    if run.read_text("ast_lint.py") != (rules.ast_lint.__file__ and open(rules.ast_lint.__file__).read()):
        pytest.skip("the lint's source changed since the run was recorded")
    assert again.files == recorded["files"] and again.hits == recorded["hits"]


def test_grouped_triage_of_generated_kernels_matches_each_file():
    """The frost GEMMs flashinfer generates are triaged as groups: in every file of a group the elected
    arrive the hit names follows a bar.warp.sync within a few lines, as in the file that was read."""
    from racelab.toolchain import wheels
    lib = next(lib for lib in lint_ecosystem.LIBRARIES if lib.package == "flashinfer-python")
    root = cache_dir() / "wheels" / "extracted" / f"{lib.package}-{lib.version}-{wheels.wheel_target().slug}"
    if not (root / ".complete").exists():
        pytest.skip(f"{lib.spec} is not in the wheel cache")
    checked = 0
    idioms = (triage_ecosystem.NAMED["syncwarp_ab"], triage_ecosystem.NAMED["sched_staging"])
    for (package, file, function, barrier, kind, line), t in triage_ecosystem.TRIAGE.items():
        if package != lib.package or t not in idioms:
            continue
        text = (root / file).read_text().splitlines()
        assert barrier in text[line - 1] and "mbarrier_arrive" in text[line - 1], (file, line)
        assert any("bar_warp_sync" in t_ for t_ in text[line - 6:line - 1]), (file, line)
        checked += 1
    assert checked >= 2


def test_findings_are_complete():
    table = triage.findings_table()
    assert len(table) == len(triage.FINDINGS) > 0
    for f in triage.FINDINGS:
        assert f.where and f.what and f.evidence and f.status.startswith((triage.OPEN, triage.QUESTION))
        assert all(kind.strip() in rules.RULES for kind in f.rule.split(","))
