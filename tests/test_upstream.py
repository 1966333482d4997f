"""Loading upstream's kernel from the wheel: variants, the fix-reverting transform, the barrier layout,
the cubin cache key, module isolation. The wheels come from racelab.toolchain.wheels (pip download, cached);
tests that need one skip when it cannot be fetched."""

import dataclasses
import difflib
import sys

import pytest

from racelab.toolchain import loaders, upstream, wheels


def _source(release: str) -> str:
    try:
        return upstream.wheel_source(release)[1]
    except upstream.UpstreamError as exc:
        pytest.skip(f"cannot fetch nvidia-cudnn-frontend {release}: {exc}")


def _changed(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines removed from `before` and added in `after`, by a line diff."""
    removed, added = [], []
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed += before.splitlines()[i1:i2]
            added += after.splitlines()[j1:j2]
    return removed, added


# ----------------------------------------------------------------------------------------- transform

def test_revert_fix_changes_exactly_the_two_lines_of_release_1_27_0():
    before = _source("1.27.0")
    after = upstream.revert_fix(before)
    removed, added = _changed(before, after)
    assert [ln.strip() for ln in removed] == ["cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)",
                                              "cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)"]
    assert sorted(ln.strip() for ln in added) == sorted([
        "cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, 1)",
        "with cute.arch.elect_one():",
        "cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)",
    ])
    # the re-inserted arrive is indented one level under the elect_one block
    lines = after.splitlines()
    i = lines.index(next(ln for ln in lines if ln.strip() == "with cute.arch.elect_one():"
                         and "mbarrier_arrive(mbar + MBAR_W_LOADED)" in lines[lines.index(ln) + 1]))
    assert len(lines[i + 1]) - len(lines[i + 1].lstrip()) == len(lines[i]) - len(lines[i].lstrip()) + 4
    assert len(after.splitlines()) == len(before.splitlines()) + 1
    compile(after, "reverted.py", "exec")  # still Python


def test_reverted_source_matches_the_unpatched_release_where_it_matters():
    reverted = upstream.barrier_layout(upstream.revert_fix(_source("1.27.0")))
    unpatched = upstream.barrier_layout(_source("1.26.0"))
    w = unpatched.index("MBAR_W_LOADED")
    assert reverted.init_counts[w] == unpatched.init_counts[w] == 1


def test_revert_fix_on_a_synthetic_source():
    before = ("class K:\n"
              "    def init(self):\n"
              "        cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)\n"
              "    def load(self):\n"
              "        x = 1\n"
              "        cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)\n")
    after = upstream.revert_fix(before)
    assert after == ("class K:\n"
                     "    def init(self):\n"
                     "        cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, 1)\n"
                     "    def load(self):\n"
                     "        x = 1\n"
                     "        with cute.arch.elect_one():\n"
                     "            cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)\n")


@pytest.mark.parametrize("source, message", [
    ("cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)\n", "W_LOADED init with count self.WARP_SIZE, found 0"),
    ("cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)\n", "all-lane W_LOADED arrive, found 0"),
    ("cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)\n"
     "cute.arch.mbarrier_init(mbar + MBAR_W_LOADED, self.WARP_SIZE)\n"
     "cute.arch.mbarrier_arrive(mbar + MBAR_W_LOADED)\n", "found 2"),
])
def test_revert_fix_refuses_sources_it_does_not_recognise(source, message):
    with pytest.raises(upstream.TransformError, match=message):
        upstream.revert_fix(source)


def test_revert_fix_refuses_the_unpatched_release():
    with pytest.raises(upstream.TransformError):
        upstream.revert_fix(_source("1.26.0"))


# ------------------------------------------------------------------------------------------ variants

@pytest.mark.parametrize("name, release, transform", [
    ("release-1.26.0", "1.26.0", None),
    ("release-1.27.0", "1.27.0", None),
    ("1.27.0-fix-reverted", "1.27.0", "revert_fix"),
    ("release-1.32.0", "1.32.0", None),
])
def test_variant_names(name, release, transform):
    v = upstream.variant(name)
    assert (v.name, v.release, v.transform) == (name, release, transform)
    assert v.description


@pytest.mark.parametrize("name", ["1.26.0", "release-1.26", "release-1.26.0-rc1", "fix-reverted", ""])
def test_bad_variant_names(name):
    with pytest.raises(upstream.UpstreamError, match="unknown variant"):
        upstream.variant(name)


def test_roles_name_the_variants_and_their_arrive():
    from racelab.vocab import ArriveMode, UpstreamVariant, VocabError
    roles = {r: UpstreamVariant.of_role(r) for r in ("unpatched", "patched", "fix-reverted")}
    assert {r: v.name for r, v in roles.items()} == {"unpatched": "release-1.26.0", "patched": "release-1.27.0",
                                                     "fix-reverted": "1.27.0-fix-reverted"}
    assert [roles[r].arrive for r in roles] == [ArriveMode.ELECTED, ArriveMode.ALL_LANES, ArriveMode.ELECTED]
    assert roles["unpatched"].dsl == "4.5.0" and roles["patched"].dsl is None
    assert upstream.variant("release-1.32.0").arrive is ArriveMode.ALL_LANES
    with pytest.raises(VocabError, match="is a role"):
        UpstreamVariant.parse("patched")
    with pytest.raises(VocabError, match="unknown upstream role"):
        UpstreamVariant.of_role("release-1.26.0")


def test_kernel_source_applies_the_transform():
    reverted = upstream.kernel_source(upstream.variant("1.27.0-fix-reverted"))
    assert reverted == upstream.revert_fix(_source("1.27.0"))
    assert upstream.kernel_source(upstream.variant("release-1.27.0")) == _source("1.27.0")


# ------------------------------------------------------------------------------------ barrier layout

@pytest.mark.parametrize("release, w_loaded_count", [("1.26.0", 1), ("1.27.0", 32)])
def test_barrier_layout_from_the_source(release, w_loaded_count):
    layout = upstream.barrier_layout(_source(release))
    w = layout.index("MBAR_W_LOADED")
    assert w == 14 and layout.num_barriers == 16 and layout.q_mbar_size == 2
    assert layout.offset(w) == 0x80  # 2 Q_mbar words, then 14 barriers of 8 bytes
    assert layout.init_counts[w] == w_loaded_count
    assert layout.init_counts[layout.index("MBAR_DS_READY_0")] == 128  # a warpgroup
    assert set(layout.init_counts) == set(range(16))


def test_barrier_layout_refuses_an_unexpected_struct():
    with pytest.raises(upstream.UpstreamError, match="cannot be derived|no class"):
        upstream.barrier_layout("NUM_BARRIERS = 16\nclass IndexerBackwardSm100:\n    pass\n")


# ------------------------------------------------------------------------------------------- caching

def test_cubin_key_fingerprints_what_changes_the_code():
    spec = upstream.Specialization()
    base = upstream.make_key("release-1.26.0", spec, "4.6.1")
    assert base.source_sha256 == upstream.source_sha256(_source("1.26.0"))
    others = [
        upstream.make_key("release-1.27.0", spec, "4.6.1"),
        upstream.make_key("1.27.0-fix-reverted", spec, "4.6.1"),
        upstream.make_key("release-1.26.0", upstream.Specialization(topk=512), "4.6.1"),
        upstream.make_key("release-1.26.0", spec, "4.5.0"),
        upstream.make_key("release-1.26.0", spec, "4.6.1", arch="sm_103a"),
    ]
    digests = {base.digest()} | {k.digest() for k in others}
    assert len(digests) == 1 + len(others)
    assert base == upstream.make_key("release-1.26.0", upstream.Specialization(), "4.6.1")  # stable
    assert base.dirname().startswith("release-1.26.0-dsl4.6.1-d128-h64-b128-k128-sm_100a-")
    with pytest.raises(dataclasses.FrozenInstanceError):
        base.dsl = "4.8.1"


def test_dsl_paths():
    assert upstream.dsl_paths(upstream.venv_dsl_version()) == []
    with pytest.raises(upstream.UpstreamError, match="not a version"):
        upstream.dsl_paths("latest")


def test_unknown_release_format():
    with pytest.raises(upstream.UpstreamError, match="not a version"):
        upstream.wheel_source("1.26")


def test_a_cache_hit_imports_no_compiler(monkeypatch):
    key = upstream.make_key("release-1.26.0")
    if upstream.lookup(key) is None:
        pytest.skip("release-1.26.0 is not compiled yet (the slow tests compile it)")
    monkeypatch.setattr(upstream, "_worker_env", lambda dump: pytest.fail("a cache hit must not compile"))
    assert upstream.build("release-1.26.0").cached


# ---------------------------------------------------------------------------------------- isolation

@pytest.mark.slow
def test_two_releases_load_side_by_side_without_leaking_cudnn():
    pytest.importorskip("cutlass")
    before = {k: v for k, v in sys.modules.items() if k == "cudnn" or k.startswith("cudnn.")}
    files = {}
    for release in ("1.26.0", "1.27.0"):
        wheel_dir = wheels.extracted(release)
        name = upstream.module_name(f"release-{release}", "test")
        with loaders.upstream_module(release, upstream.KERNEL_MODULE, name=name, native=None) as module:
            assert sys.modules["cudnn"].__path__ == [str(wheel_dir / "cudnn")]
            assert sys.modules["cudnn.deepseek_sparse_attention.utils.compiler"].__file__.startswith(str(wheel_dir))
            assert not any(k.startswith("cudnn._compiled_module") for k in sys.modules)  # no native bindings
            assert module.MBAR_W_LOADED == 14
            obj = module.IndexerBackwardSm100(head_dim=128, heads=64, block_I=128, topk=128,
                                              topk_indices_global=False)
            assert obj.num_topk_blocks == 1
            files[release] = module.__file__
        assert name not in sys.modules
    assert files["1.26.0"] != files["1.27.0"]
    after = {k: v for k, v in sys.modules.items() if k == "cudnn" or k.startswith("cudnn.")}
    assert after == before  # whatever cudnn was imported before (usually none) is back, nothing else


@pytest.mark.slow
def test_the_kernel_rejects_a_bad_specialization():
    with pytest.raises(upstream.SpecializationRejected, match="topk % block_I"):
        upstream.build("release-1.26.0", upstream.Specialization(topk=100))


# ------------------------------------------------------------------------------------------- loaders

def _fake_release(root, init="__version__ = '9.9.9'\n"):
    """A wheel folder: cudnn/ with an api module that imports a kernel module relatively."""
    pkg = root / "cudnn" / "deepseek_sparse_attention"
    pkg.mkdir(parents=True)
    (root / "cudnn" / "__init__.py").write_text(init)
    (pkg / "__init__.py").write_text("")
    (pkg / "kern.py").write_text("VALUE = 1\n")
    (pkg / "api.py").write_text("from .kern import VALUE\nfrom . import kern\n")
    return root


def test_upstream_module_replaces_a_module_and_restores_everything(tmp_path, monkeypatch):
    release = _fake_release(tmp_path / "wheel")
    monkeypatch.setattr(wheels, "extracted", lambda version: release)
    monkeypatch.setenv("RACELAB_CACHE", str(tmp_path / "cache"))
    path_before, cudnn_before = list(sys.path), {k for k in sys.modules if k.split(".")[0] == "cudnn"}
    kern = "cudnn.deepseek_sparse_attention.kern"
    with loaders.upstream_module("9.9.9", "cudnn.deepseek_sparse_attention.api", replace={kern: "VALUE = 2\n"}) as api:
        assert api.VALUE == 2 and sys.modules["cudnn"].__version__ == "9.9.9"
        assert api.kern.__file__.startswith(str(tmp_path / "cache" / "upstream-src" / "9.9.9-"))
        assert api.kern.__file__.endswith("/kern.py")  # upstream's file name, for file:line reports
        assert sys.path[0] == str(release)
    assert sys.path == path_before
    assert {k for k in sys.modules if k.split(".")[0] == "cudnn"} == cudnn_before
    with loaders.upstream_module("9.9.9", "cudnn.deepseek_sparse_attention.api") as api:
        assert api.VALUE == 1  # the replacement was for that block only


def test_upstream_module_can_skip_the_package_init_and_rename_the_module(tmp_path, monkeypatch):
    release = _fake_release(tmp_path / "wheel", init="raise ImportError('native bindings')\n")
    monkeypatch.setattr(wheels, "extracted", lambda version: release)
    with pytest.raises(ImportError, match="native bindings"):
        with loaders.upstream_module("9.9.9", "cudnn.deepseek_sparse_attention.api"):
            pass
    with loaders.upstream_module("9.9.9", "cudnn.deepseek_sparse_attention.api", native=False,
                                 name="racelab_test_api") as api:
        assert api.__name__ == "racelab_test_api" and api.VALUE == 1
        assert sys.modules["cudnn"].__path__ == [str(release / "cudnn")]
    assert "racelab_test_api" not in sys.modules and "cudnn" not in sys.modules


def test_upstream_module_names_a_missing_release(monkeypatch):
    def unavailable(version):
        raise wheels.WheelError("no network")
    monkeypatch.setattr(wheels, "extracted", unavailable)
    with pytest.raises(loaders.LoaderError, match="9.9.9 is not available as a wheel") as err:
        with loaders.upstream_module("9.9.9", "cudnn"):
            pass
    assert "make fetch" in str(err.value) and "wheels" in str(err.value)  # says how to bring it offline


def test_load_kernel_caches_and_forgets_a_failed_import(tmp_path):
    good = tmp_path / "racelab_test_good.py"
    good.write_text("X = object()\n")
    first = loaders.load_kernel("racelab_test_good", good)
    assert loaders.load_kernel("racelab_test_good", good) is first
    with pytest.raises(loaders.LoaderError, match="already imported from"):
        loaders.load_kernel("racelab_test_good", tmp_path / "elsewhere.py")
    del sys.modules["racelab_test_good"]
    bad = tmp_path / "racelab_test_bad.py"
    bad.write_text("raise RuntimeError('half way')\n")
    for _ in range(2):  # the second attempt runs the file again: nothing half-imported was kept
        with pytest.raises(RuntimeError, match="half way"):
            loaders.load_kernel("racelab_test_bad", bad)
        assert "racelab_test_bad" not in sys.modules
    with pytest.raises(loaders.LoaderError, match="no kernel file"):
        loaders.load_kernel("racelab_test_none", tmp_path / "none.py")
    with pytest.raises(loaders.LoaderError, match="not a module name"):
        loaders.load_kernel("../etc")


def test_the_probe_output_numbers_count_wrong_tiles_per_arrive():
    import pandas as pd

    from racelab.book import elsewhere

    def row(run, report, arrive, correct, wrong=0, war=0, hazard=8128, s_k=256):
        return {"run": run, "report": report, "s_k": s_k, "CTAs": 1, "arrive": arrive, "output correct": correct,
                "wrong elements": wrong, "RAW bytes": hazard - war, "WAR bytes": war, "hazard bytes": hazard}

    frame = pd.DataFrame([row("r1", "plain", "elected", True), row("r1", "plain", "all-threads", True),
                          row("r1", "hazard", "elected", True), row("r1", "hazard", "all-threads", True, hazard=0),
                          row("r2", "hazard", "elected", False, wrong=192, war=384),
                          row("r2", "hazard", "all-threads", True, hazard=0), row("r2", "hazard", "elected", None)])
    o = elsewhere.probe_output_numbers(frame)
    assert (o["runs"], o["plain"], o["plain_right"], o["elected"], o["elected_right"], o["all"], o["all_right"]) == \
        (2, 2, 2, 2, 1, 2, 2)  # the unchecked case (None) is counted nowhere
    assert o["wrong"] == [{"run": "r2", "s_k": 256, "ctas": 1, "elements": 192, "war": 384, "hazard": 8128}]
    assert o["hazard_right"] == 1 and o["only_raw"]
