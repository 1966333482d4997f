import json
import re
import textwrap
from pathlib import Path

import pytest

from racelab.cli import lint as lint_cli
from racelab.core import files
from racelab.experiments import k_tail_probe
from racelab.lint import ast_lint as lint
from racelab.lint import releases
from racelab.lint import triage as catalog
from racelab.lint.ast_lint import COUNT_UNKNOWN, ELECTED, SYNCWARP
from racelab.lint.sass_scan import sass_scan
from racelab.vocab import WARP_SIZE, ArriveMode

ROOT = Path(__file__).resolve().parents[1]


def kernel(body: str, init: str = "cute.arch.mbarrier_init(mbar + MBAR_READY, 1)") -> str:
    """A small CuTe DSL kernel: warp 0 runs `body` (lane = its lane) after the barrier init; warps 4-7 wait
    and read."""
    head = textwrap.dedent(f"""\
        import cutlass
        import cutlass.cute as cute

        MBAR_READY = 0


        class K:
            WARP_SIZE = 32

            @cute.kernel
            def kernel(self, mIn, mOut):
                tidx = cute.arch.thread_idx()[0]
                warp_idx = cute.arch.make_warp_uniform(cute.arch.warp_idx())
                storage = smem.allocate(SharedStorage)
                mbar = storage.mbar.data_ptr()
                sW = storage.sW.get_tensor(cute.make_layout((64,)))
                if warp_idx == 0:
                    with cute.arch.elect_one():
                        {init}
                cute.arch.sync_threads()
                if warp_idx == 0:
                    lane = tidx % 32
        """)
    tail = textwrap.indent(textwrap.dedent("""\
        elif warp_idx >= 4:
            cute.arch.mbarrier_wait(mbar + MBAR_READY, 0)
            mOut[tidx] = sW[tidx % 64]
        """), " " * 8)
    return head + textwrap.indent(textwrap.dedent(body).strip("\n") + "\n", " " * 12) + tail


def hits(source: str):
    return lint.lint_source(source, "k.py")


# ------------------------------------------------------------------ synthetic kernels

ELECTED_BODY = '''
sW[lane] = mIn[lane]
sW[lane + 32] = mIn[lane + 32]
cute.arch.fence_view_async_shared()
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_READY)
'''


def test_elected_arrive_after_all_lane_stores_is_a_hit():
    found = hits(kernel(ELECTED_BODY))
    assert len(found) == 1
    h = found[0]
    assert (h.function, h.barrier, h.reason, h.init_count) == ("K.kernel", "MBAR_READY", ELECTED, [1])
    assert h.storer_threads == 32 and h.arriver_threads == 1
    assert h.store_lines == sorted(h.store_lines) and len(h.store_lines) == 2
    assert "elect_one" in h.arrivers and "sW[lane]" in h.storers
    assert h.fences == ["fence_view_async_shared"]
    assert h.line == h.store_lines[-1] + 3  # the arrive, not a store


def test_all_lane_arrive_with_count_32_is_not_a_hit():
    body = ELECTED_BODY.replace("with cute.arch.elect_one():\n    cute.arch.mbarrier_arrive",
                                "cute.arch.mbarrier_arrive")
    assert "elect_one" not in body
    assert hits(kernel(body, init="cute.arch.mbarrier_init(mbar + MBAR_READY, self.WARP_SIZE)")) == []


@pytest.mark.parametrize("sync", ["cute.arch.sync_threads()",
                                  "cute.arch.barrier(barrier_id=1, number_of_threads=32)",
                                  "self.load_barrier.arrive_and_wait()"])
def test_a_thread_barrier_between_stores_and_arrive_clears_them(sync):
    body = ELECTED_BODY.replace("cute.arch.fence_view_async_shared()", f"cute.arch.fence_view_async_shared()\n{sync}")
    assert hits(kernel(body)) == []


def test_elected_arrive_after_a_single_thread_store_is_not_a_hit():
    body = '''
if lane == 0:
    sW[0] = mIn[0]
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_READY)
'''
    assert hits(kernel(body)) == []
    body = '''
with cute.arch.elect_one():
    sW[0] = mIn[0]
    cute.arch.mbarrier_arrive(mbar + MBAR_READY)
'''
    assert hits(kernel(body)) == []


def test_syncwarp_between_gets_its_own_reason():
    body = ELECTED_BODY.replace("cute.arch.fence_view_async_shared()",
                                "cute.arch.fence_view_async_shared()\ncute.arch.sync_warp()")
    (h,) = hits(kernel(body))
    (plain,) = hits(kernel(ELECTED_BODY))
    assert h.reason == SYNCWARP and plain.reason == ELECTED
    assert "__syncwarp" in h.detail and "__syncwarp" not in plain.detail
    assert h.store_lines == plain.store_lines and h.line == plain.line + 1  # the sync_warp line moved the arrive


def test_count_at_least_the_storers_is_not_a_hit_and_unknown_count_is_said():
    assert hits(kernel(ELECTED_BODY, init="cute.arch.mbarrier_init(mbar + MBAR_READY, 32)")) == []
    (h,) = hits(kernel(ELECTED_BODY, init="cute.arch.mbarrier_init(mbar + MBAR_READY, self.count)"))
    assert h.reason == ELECTED + COUNT_UNKNOWN and h.init_count == ["?"]


def test_thread_guard_lane_zero_arrive_and_one_lane_per_warp():
    body = ELECTED_BODY.replace("with cute.arch.elect_one():", "if tidx % 32 == 0:")
    (h,) = hits(kernel(body))
    assert "one lane per warp" in h.arrivers
    body = ELECTED_BODY.replace("with cute.arch.elect_one():", "if lane == 0:")
    (h,) = hits(kernel(body))
    assert h.arrivers.startswith("1 (one thread")


def test_relaxed_arrive_and_named_barrier_arrive():
    relaxed = ELECTED_BODY.replace("cute.arch.mbarrier_arrive(mbar + MBAR_READY)",
                                   "nvvm.mbarrier_arrive(mbar + MBAR_READY, relaxed=True)")
    assert hits(kernel(relaxed)) == []  # releases nothing: not a handoff
    published = ELECTED_BODY.replace("cute.arch.fence_view_async_shared()",
                                     "cute.arch.barrier_arrive(barrier_id=2, number_of_threads=160)")
    assert hits(kernel(published)) == []  # every storing lane published through the named barrier


def test_stores_in_a_callee_and_an_arrive_in_a_callee():
    src = textwrap.dedent('''
        import cutlass.cute as cute
        MBAR_A = 0
        class K:
            @cute.kernel
            def kernel(self, mIn):
                warp_idx = cute.arch.warp_idx()
                cute.arch.mbarrier_init(mbar + MBAR_A, 1)
                if warp_idx == 0:
                    self._load(sW, mIn)
                    self._signal(mbar + MBAR_A)

            @cute.jit
            def _load(self, sW, mIn):
                lane = cute.arch.lane_idx()
                sW[lane] = mIn[lane]

            @cute.jit
            def _signal(self, ptr):
                with cute.arch.elect_one():
                    cute.arch.mbarrier_arrive(ptr)
    ''')
    (h,) = hits(src)
    assert h.function == "K._signal" and h.barrier == "MBAR_A" and h.init_count == [1]
    assert h.via == "K.kernel:L11" and "called from K.kernel" in h.storers and h.storer_threads == 32


def test_const_expr_arms_and_warp_roles_are_kept_apart():
    src = textwrap.dedent('''
        import cutlass.cute as cute
        MBAR_A = 0
        class K:
            @cute.kernel
            def kernel(self, mIn):
                warp_idx = cute.arch.warp_idx()
                cute.arch.mbarrier_init(mbar + MBAR_A, 1)
                if warp_idx == 0:
                    sW[warp_idx] = mIn[0]
                if warp_idx == 4:
                    with cute.arch.elect_one():
                        cute.arch.mbarrier_arrive(mbar + MBAR_A)
                if cutlass.const_expr(self.fast):
                    sX[warp_idx] = mIn[1]
                if cutlass.const_expr(self.fast):
                    cute.arch.sync_threads()
                with cute.arch.elect_one():
                    cute.arch.mbarrier_arrive(mbar + MBAR_A)
    ''')
    assert hits(src) == []  # warp 0's stores are not warp 4's; the stores of the fast trace are synced


def test_register_fragments_and_tma_copies_are_not_shared_stores():
    body = '''
tSrS = cute.make_fragment(layout, cutlass.Float32)
tSrS[0] = mIn[lane]
cute.copy(tma_atom, gX, sW, tma_bar_ptr=mbar + MBAR_READY)
with cute.arch.elect_one():
    cute.arch.mbarrier_arrive(mbar + MBAR_READY)
'''
    assert hits(kernel(body)) == []


def test_syntax_error_is_a_lint_error(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import cutlass\ndef f(:\n")
    with pytest.raises(lint.LintError, match="cannot parse"):
        lint.lint_paths([bad])
    with pytest.raises(lint.LintError, match="no such file"):
        lint.lint_paths([tmp_path / "missing.py"])


# ------------------------------------------------------------------ the command line

def test_cli_unknown_release_is_exit_2(capsys):
    assert lint_cli.main(["--release", "9.9.9"]) == 2
    err = capsys.readouterr().err
    assert "unknown release '9.9.9'" in err and "1.26.0" in err


def test_cli_no_arguments_is_exit_2(capsys):
    assert lint_cli.main([]) == 2
    assert "give PATH" in capsys.readouterr().err


def test_cli_json_on_a_path(tmp_path, capsys):
    f = tmp_path / "k.py"
    f.write_text(kernel(ELECTED_BODY))
    assert lint_cli.main([str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (h,) = out["hits"]
    assert set(h) >= {"file", "function", "line", "barrier", "storers", "arrivers", "reason"}
    assert h["file"] == str(f) and h["reason"] == ELECTED


def test_cli_missing_path_is_exit_2(capsys):
    assert lint_cli.main(["/nonexistent/kernel.py"]) == 2
    assert "no such file" in capsys.readouterr().err


# ------------------------------------------------------------------ the project's own kernels

def test_project_kernels():
    """The twin and the probe: one elected-arrive arm each (both arms are const_expr choices of one file)."""
    (twin_hit,) = lint.lint_paths([ROOT / "kernels" / "handoff_twin_sm90.py"])
    assert twin_hit.storer_threads == 32 and twin_hit.reason.startswith(ELECTED)
    (probe_hit,) = lint.lint_paths([ROOT / "kernels" / "probe_k_tail_sm90.py"])
    assert probe_hit.function == "KTailProbeSm90._produce" and probe_hit.storer_threads == 128
    assert any("cute.copy" in s for s in probe_hit.storers.split("), ")) and ".fill" in probe_hit.storers


# ------------------------------------------------------------------ SASS

LISTING = """\t.headerflags\t@"EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
\t.section\t.text.k,"ax",@progbits
\t.type\tk,@function
k:
        /*0000*/                   S2R R5, SR_TID.X ;
        /*0010*/                   LOP3.LUT R5, R5, 0x1f, RZ, 0xc0, !PT ;
        /*0020*/                   ISETP.NE.AND P0, PT, R5, RZ, PT ;
        /*0030*/                   STS [R0], R3 ;
{between}        /*0050*/               @P0 EXIT ;
        /*0060*/                   SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR4], RZ ;
        /*0070*/                   EXIT ;
"""


@pytest.mark.parametrize("between, reason, membar", [
    ("", ELECTED, False),
    ("        /*0040*/                   WARPSYNC.ALL ;\n", SYNCWARP, False),
    ("        /*0040*/                   MEMBAR.ALL.CTA ;\n", ELECTED, True),
    ("        /*0040*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;\n", None, None),
])
def test_sass_scan_lane_zero_gate(between, reason, membar):
    found = sass_scan(LISTING.format(between=between))
    if reason is None:
        assert found == []
    else:
        (h,) = found
        assert (h.reason, h.membar, len(h.stores)) == (reason, membar, 1) and "ISETP" in h.elect


def test_sass_scan_elect_predicate_and_all_lane_arrive():
    elected = LISTING.format(between="").replace(
        "        /*0050*/               @P0 EXIT ;\n        /*0060*/                   SYNCS",
        "        /*0050*/                   ELECT P1, URZ, PT ;\n        /*0060*/               @P1 SYNCS")
    (h,) = sass_scan(elected)
    assert h.elect.endswith("ELECT P1, URZ, PT") and h.arrive.startswith("/*0060*/ @P1 SYNCS")
    all_lanes = LISTING.format(between="").replace("        /*0050*/               @P0 EXIT ;\n", "")
    assert sass_scan(all_lanes) == []


def _load_probe():
    pytest.importorskip("cutlass")
    return k_tail_probe.kernel()


def test_probe_settings_and_expected_bytes():
    probe = _load_probe()
    tail = probe.Tail(200, 64)
    assert (tail.block, tail.valid_rows, tail.zero_rows) == (3, 8, 56)
    assert probe.Tail(256, 64).valid_rows == 64 and probe.Tail(256, 64).zero_rows == 0
    elected = k_tail_probe.Case("hazard", 200, 1, ArriveMode.ELECTED)
    # 64 x 64 bf16 = 8192 bytes; thread 0 writes 4 rows x one 16-byte chunk; everything else is unreleased
    assert elected.expected_racy_bytes() == 8192 - 64
    assert k_tail_probe.Case("hazard", 200, 1, ArriveMode.ALL_LANES).expected_racy_bytes() == 0
    assert probe.arrive_count(ArriveMode.ELECTED) == 1 and probe.arrive_count("all-threads") == 128
    ok, why = probe.KTailProbeSm90.can_implement(60, 64)
    assert not ok and "multiple of 16" in why
    assert probe.main(["--block-i", "60"]) == 2
    assert probe.main(["--arrive", "sideways"]) == 2


def test_the_probe_stands_alone_with_the_package_s_arrives():
    probe = _load_probe()
    assert "racelab" not in open(probe.__file__).read().split('"""', 2)[2]  # no import of the package
    assert [a.value for a in probe.Arrive] == [a.value for a in ArriveMode]
    for spelling in ("elected", "all", "all-threads", "all_lanes", ArriveMode.ALL_LANES):
        assert probe.Arrive.parse(spelling).value == ArriveMode.parse(spelling).value
    assert probe.WARP_SIZE == WARP_SIZE


def test_probe_case_names_read_like_the_recorded_runs():
    names = {c.name for c in k_tail_probe.default_cases()}
    assert "hazard-sk200-bi64-d64-ctas1-all-threads" in names and "analysis-sk200-bi64-d64-ctas132-elected" in names
    case = k_tail_probe.Case("hazard", 256, 1, ArriveMode.ALL_LANES)
    assert case.kernel_args()[-2:] == ["--arrive", "all-threads"] and ArriveMode.parse("all-threads") is case.arrive


def test_probe_log_is_read_once_with_its_named_causes():
    """The K-tail log where racecheck names a cause: the one reader's counts, and the records it names."""
    data = files.read_bytes(ROOT / "tests" / "fixtures" / "racecheck" / "k-tail-probe-hazard-sk256-elected.log.xz")
    report, causes = k_tail_probe.read_log(data)
    assert report.records == report.summary["hazards"] == 8128
    assert set(causes) == {"invalid memcpy_async synchronization"}
    assert 0 < causes["invalid memcpy_async synchronization"] < report.records
    # the grammar's count against a plain count of the words racecheck writes
    assert causes["invalid memcpy_async synchronization"] == data.count(b"detected (invalid memcpy_async synchronization)")


@pytest.mark.slow
def test_probe_compiles_for_sm90a_and_sass_agrees():
    probe = _load_probe()
    out = probe.compile_only(arrive="elected", keep=True)
    assert out["cubin"][:4] == b"\x7fELF"
    (h,) = sass_scan(k_tail_probe.sass(arrive=ArriveMode.ELECTED))
    assert h.reason == ELECTED and h.membar and "ELECT" in h.elect
    assert any("LDGSTS" in s for s in h.stores) and any("STS.128" in s for s in h.stores)
    assert sass_scan(k_tail_probe.sass(arrive=ArriveMode.ALL_LANES)) == []


# ------------------------------------------------------------------ the releases (fetch wheels from PyPI)

@pytest.mark.slow
def test_releases_constant_matches_the_index():
    try:
        available = releases.available_releases(timeout=60)
    except Exception as err:  # no index reachable from here
        pytest.skip(f"package index not reachable: {err}")
    assert tuple(available[:len(releases.RELEASES)]) == releases.RELEASES, (
        f"new nvidia-cudnn-frontend releases on the index: {available[len(releases.RELEASES):]}")


@pytest.mark.slow
def test_the_pr426_site_is_flagged_before_the_fix_and_not_after():
    # the book lints the same two releases: the cache (keyed by the lint's source) makes it one lint each
    before = releases.lint_release("1.26.0")
    after = releases.lint_release("1.27.0")
    key = catalog.W_LOADED
    (h,) = [h for h in before if h.key == key]
    assert h.reason == ELECTED and h.init_count == [1] and h.storer_threads == 32
    assert re.search(r"sGradSignal\[pos\].*sW\[idx\]", h.storers)
    assert key not in {h.key for h in after}
    # every hit in both releases has a triage entry
    data = {"1.26.0": [h.to_dict() for h in before], "1.27.0": [h.to_dict() for h in after]}
    assert catalog.untriaged(data) == []


# ------------------------------------------------------------------ the catalog

def test_catalog_entries_are_complete():
    assert len({f.ref for f in catalog.CATALOG}) == len(catalog.CATALOG)
    for f in catalog.CATALOG:
        assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+/(pull|issues)/\d+", f.url)
        assert f.broke and f.fix and f.read and f.relation in ("same class", "neighbour")
    table = catalog.catalog_table()
    assert list(table["fix"])[0] == "NVIDIA/cudnn-frontend#426"


def test_triage_entries_are_well_formed():
    for key, t in catalog.TRIAGE.items():
        assert len(key) == 3 and key[0].startswith("cudnn/")
        assert t.verdict in catalog.VERDICTS and t.why and t.sm in (90, 100, 107)
    w = catalog.TRIAGE[catalog.W_LOADED]
    assert w.verdict == catalog.TRUE and w.fixed_in == "1.27.0" and w.racecheck_can_see


# ------------------------------------------------------------------ the release cache

def test_a_release_is_linted_once_per_lint_source(tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_CACHE", str(tmp_path))
    made = []

    def fake_lint(version):
        made.append(version)
        return lint.lint_source(kernel(ELECTED_BODY), f"cudnn/{version}/k.py")

    monkeypatch.setattr(releases, "_lint", fake_lint)
    first = releases.lint_release("1.26.0")
    again = releases.lint_release("1.26.0")
    assert made == ["1.26.0"] and [h.to_dict() for h in again] == [h.to_dict() for h in first] and len(first) == 1
    (cached,) = (tmp_path / "lint").glob("1.26.0-*.json")
    assert releases.lint_fingerprint() in cached.name
    releases.lint_release("1.26.0", cached=False)
    assert made == ["1.26.0", "1.26.0"]
    with pytest.raises(lint.LintError, match="unknown release"):
        releases.lint_release("9.9.9")
