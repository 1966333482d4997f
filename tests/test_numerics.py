"""racelab.experiments.sm90_numerics on the CPU: the per-element deviation of one output from another (ulps
from the float bits, sign-aware), the replay table's deviation fields, the atomic adds found in a kernel's
source, and chapter 05's reading of runs with and without those fields."""

import math

import pytest

torch = pytest.importorskip("torch")

from racelab.book import cost  # noqa: E402
from racelab.core import store  # noqa: E402
from racelab.experiments import sm90_numerics as numerics  # noqa: E402


def _step(t, ulps: int):
    """t with every element moved by `ulps` units in the last place away from zero (through its bits)."""
    int_type = {torch.float32: torch.int32, torch.bfloat16: torch.int16}[t.dtype]
    return (t.view(int_type) + ulps).view(t.dtype)


def test_deviation_counts_ulps_from_the_bits_in_fp32():
    ref = torch.tensor([1.0, -1.0, 3.0, 0.0, 2.0])
    x = ref.clone()
    x[0] = _step(ref[0:1], 1)[0]
    x[1] = _step(ref[1:2], 3)[0]  # -1 moved three ulps away from zero
    d = numerics.deviation(ref, x)
    assert d["compared_as"] == "float32" and d["elements"] == 5
    assert d["max_ulps"] == 3 and d["elements_differing"] == 2 and d["zero_ref_differing"] == 0
    assert d["max_abs"] == pytest.approx(3 * 2.0 ** -23)
    assert d["max_rel"] == pytest.approx(3 * 2.0 ** -23)
    assert d["max_rel_normwise"] == pytest.approx(3 * 2.0 ** -23 / 3.0)


def test_deviation_is_sign_aware_and_keeps_zero_refs_apart():
    ref = torch.tensor([0.0, 2.0, 0.0])
    x = torch.tensor([-0.0, -2.0, 1e-45])  # -0 equals +0; 2 -> -2 crosses zero; a denormal where ref is 0
    d = numerics.deviation(ref, x)
    assert d["max_ulps"] == 2 * 0x40000000  # 2.0 is 0x40000000 ulps above zero on either side
    assert d["elements_differing"] == 2 and d["zero_ref_differing"] == 1
    assert d["max_rel"] == 2.0  # |(-2) - 2| / |2|; the zero-ref element is not divided by zero
    assert numerics.deviation(ref, ref)["elements_differing"] == 0


def test_deviation_in_bf16_and_across_dtypes():
    ref = torch.tensor([1.0, 0.5, -4.0]).bfloat16()
    x = ref.clone()
    x[2] = _step(ref[2:3], 2)[0]
    d = numerics.deviation(ref, x)
    assert (d["compared_as"], d["max_ulps"], d["elements_differing"]) == ("bfloat16", 2, 1)
    assert d["max_abs"] == pytest.approx(2 * 2.0 ** -5)  # bf16 has 7 fraction bits; 4.0 -> ulp 2**-5
    wide = torch.tensor([1.0 + 2.0 ** -12, 0.5, -4.0])  # rounds to 1.0 in bf16
    cross = numerics.deviation(wide, ref)
    assert cross["compared_as"] == "bfloat16" and cross["elements_differing"] == 0
    assert numerics.deviation(ref, wide)["compared_as"] == "bfloat16"
    with pytest.raises(numerics.NumericsError):
        numerics.deviation(torch.zeros(2), torch.zeros(3))


def test_rel_dev_compares_bf16_values_not_bit_patterns():
    ref = torch.tensor([3.0, 1.0]).bfloat16()
    x = ref.clone()
    x[0] = _step(ref[0:1], 1)[0]  # one bf16 ulp at 3.0 is 2**-6
    d = numerics.rel_dev(ref, x)
    assert d["max_rel_dev"] == pytest.approx(2.0 ** -6 / 3.0)
    assert d["max_rel_dev"] == pytest.approx(numerics.deviation(ref, x)["max_rel"])
    assert d["max_abs_dev"] == 2.0 ** -6


def test_replay_table_records_the_deviation_of_every_output():
    torch.manual_seed(0)
    dq, dk = torch.randn(4, 8).bfloat16(), torch.randn(16, 8)
    dw = torch.randn(4, 64).bfloat16()
    moved = dw.clone()
    moved[1, 3] = _step(dw[1, 3:4], 1)[0]
    reps = [{"d_index_q": dq, "d_weights": moved if i == 2 else dw, "d_index_k": dk * (1 + 1e-7 * i)}
            for i in range(4)]
    other = {"d_index_q": dq, "d_weights": dw, "d_index_k": dk.bfloat16()}
    table = numerics.replay_table(reps, other_first=other)
    s = table["summary"]
    w = s["d_weights"]["from_first"]
    assert (w["max_ulps"], w["elements_differing"], w["replays_differing"]) == (1, 1, 1)
    assert s["d_weights"]["distinct_sha256"] == 2 and s["d_weights"]["identical_to_first"] == 3
    assert s["d_index_q"]["from_first"]["max_ulps"] == 0 and s["d_index_q"]["from_other"]["max_abs"] == 0.0
    assert s["d_index_k"]["from_other"]["compared_as"] == "bfloat16"
    assert s["d_index_k"]["from_first"]["replays_differing"] >= 1 and "max_rel_dev" in s["d_index_k"]
    assert "ref != 0" in s["rel_rule"]
    assert table["rows"][2]["d_weights_from_first_max_ulps"] == 1
    assert "d_weights_from_other_elements_differing" in numerics.replay_rows_csv(table).splitlines()[0]
    assert "from_other" not in numerics.replay_table(reps)["summary"]["d_weights"]


def test_atomic_lines_find_calls_that_name_the_output():
    source = "\n".join([
        '"""dW merged via atomicAdd (a docstring, not a call)"""',
        "# dW: flush to sDwPartial",
        "cute.arch.atomic_add(part.iterator, acc0)",
        "copy_ops.cpasync_reduce_bulk_add_f32(",
        "    sdK_staging.iterator,",
        ")",
        "x = shared.value  # atomic_add(dw) in a comment",
        "cute.arch.atomic_add(dq_acc, 1)",
    ])
    assert [f["line"] for f in numerics.atomic_lines(source, "d_weights")] == [3]
    assert [f["line"] for f in numerics.atomic_lines(source, "d_index_k")] == [4]
    assert [f["line"] for f in numerics.atomic_lines(source, "d_index_q")] == [8]


def test_atomic_lines_in_the_released_sm90_kernel():
    """nvidia-cudnn-frontend 1.27.0's SM90 indexer backward, where its unpacked wheel is in the cache."""
    from racelab.core.paths import cache_dir

    found = sorted((cache_dir() / "wheels" / "extracted").glob(f"nvidia-cudnn-frontend-{numerics.RELEASE}*/"
                                                                  + numerics.KERNEL_SOURCE))
    if not found:
        pytest.skip(f"nvidia-cudnn-frontend {numerics.RELEASE} is not unpacked in the cache")
    lines = numerics.atomic_lines(found[0].read_text(), "d_weights")
    assert lines and all("atomic_add" in f["text"] for f in lines)
    assert numerics.atomic_lines(found[0].read_text(), "d_index_q") == []


def _recorded():
    try:
        return numerics.load_recorded(store.newest(numerics.EXPERIMENT, gpu="sm90"))
    except store.StoreError:
        pytest.skip("no sm90-numerics run recorded")


def test_recorded_run_without_deviation_reads_not_measured():
    """The run recorded before per-element deviations existed: d_weights' deviation is not measured, and
    nothing shows it as zero."""
    older = [numerics.load_recorded(r) for r in store.all_runs(numerics.EXPERIMENT, gpu="sm90")]
    older = [r for r in older if "from_first" not in r["upstream_fp32"]["summary"]["d_weights"]]
    if not older:
        pytest.skip("no run recorded before the per-element deviations")
    result = older[0]  # read through racelab.core.formats, as every page reads it
    frame = cost.upstream_frame(result).set_index(["series", "output"])
    dw = frame.xs("d_weights", level="output")
    assert set(dw["max rel. deviation"]) == {cost.NOT_MEASURED}
    assert set(dw["max deviation / max |x|"]) == {cost.NOT_MEASURED}
    assert not any("vs replay 0" in c for c in frame.columns)
    dq = frame.xs("d_index_q", level="output")
    assert set(dq["max rel. deviation"]) == {cost.IDENTICAL}  # 30 of 30 replays byte-identical
    assert frame.loc[("d_index_k in fp32", "d_index_k"), "max rel. deviation"] == "7.5e-03"
    # its bf16 d_index_k figures were taken on bit patterns read as integers: not a deviation of values
    assert frame.loc[("d_index_k in bf16", "d_index_k"), "max rel. deviation"] == cost.NOT_MEASURED
    glued = cost.numerics_glue(result)
    assert glued["num_fp32_dw_max_ulps"] == cost.NOT_MEASURED and glued["num_dw_atomics"] == "not recorded"
    assert glued["num_fp32_dik_max_rel_dev"] == "7.5e-03"
    assert glued["num_bf16_dik_max_rel_dev"] == glued["num_bf16_dik_normwise"] == cost.NOT_MEASURED


def test_new_result_shows_the_deviation_columns():
    dw = torch.tensor([1.0, 2.0, 0.25]).bfloat16()
    moved = dw.clone()
    moved[0] = _step(dw[0:1], 2)[0]
    k = torch.randn(8, 4)
    reps = [{"d_index_q": dw, "d_weights": moved if i == 1 else dw, "d_index_k": k} for i in range(3)]
    reps16 = [{**r, "d_index_k": r["d_index_k"].bfloat16()} for r in reps]
    result = {"upstream_fp32": numerics.replay_table(reps, other_first=reps16[0]),
              "upstream_bf16": numerics.replay_table(reps16, other_first=reps[0]),
              "kernel_atomics": {"source": numerics.KERNEL_SOURCE, "found": True,
                                 "atomic_lines": {"d_weights": [{"line": 1005, "text": "atomic_add(dw)"}]}}}
    frame = cost.upstream_frame(result).set_index(["series", "output"])
    row = frame.loc[("d_index_k in fp32", "d_weights")]
    assert row["max ulps vs replay 0"] == "2" and row["elements differing vs replay 0"] == "1"
    assert row["max rel. deviation"] == f"{2 * 2.0 ** -7:.1e}"
    assert frame.loc[("d_index_k in bf16", "d_weights"), "max ulps vs other series' replay 0"] == "2"  # replay 1
    assert frame.loc[("d_index_k in bf16", "d_index_q"), "max ulps vs other series' replay 0"] == "0"
    assert cost.NOT_MEASURED not in set(frame.drop(columns=["non-finite values"]).to_numpy().ravel())
    glued = cost.numerics_glue({**result, "twin": {}, "upstream_meta": {}})
    assert glued["num_fp32_dw_max_ulps"] == "2" and glued["num_bf16_dw_other_differing"] == "1"
    assert glued["num_dw_atomics"] == "line 1005 of indexer_backward_sm90.py"
    assert "max ulps 2" in numerics.format_tables({"twin": {}, "upstream_meta": {"shape": "s"}, **result})
    assert not math.isnan(result["upstream_fp32"]["summary"]["d_index_k"]["from_other"]["max_abs"])
