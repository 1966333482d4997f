"""The calibration repro: SASS built here, and the recorded H200 run replayed."""

import shutil

import pytest

from racelab.cli import calibration as cli_calibration
from racelab.experiments import calibration
from racelab.core import store
from racelab.experiments.calibration import CalibrationError, Variant
from racelab.vocab import WARP_SIZE, CalibrationVariant

needs_nvcc = pytest.mark.skipif(not shutil.which("nvcc"), reason="nvcc not installed")


@needs_nvcc
@pytest.mark.parametrize("arch", calibration.ARCHS)
def test_fences_lower_to_membar_before_the_arrive(arch):
    rows = {row["variant"]: row for row in calibration.sass_table(archs=(arch,))}
    assert rows["V0"]["between"] == []
    assert rows["V1"]["between"] == ["WARPSYNC.ALL"]
    assert rows["V2"]["between"] == []
    assert rows["V3"]["between"] == ["MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"]
    assert rows["V4"]["between"] == ["MEMBAR.ALL.CTA"]
    assert rows["V5"]["between"] == ["MEMBAR.ALL.CTA", "WARPSYNC.ALL"]
    assert rows["V6"]["between"] == ["BAR.SYNC.DEFER_BLOCKING"]  # a named barrier: no MEMBAR
    assert rows["V7"]["between"] == ["MEMBAR.ALL.CTA"]  # from st.release; lane 0's acquires are plain LDS
    assert [v for v, r in rows.items() if r["address_order"]] == ["V6", "V7"]


def test_unknown_arch_is_refused():
    with pytest.raises(CalibrationError, match="unknown arch"):
        calibration.build(Variant.V0, "sm_80")


SECTION = '\t.section\t.text.k,"ax",@progbits\n'


def test_sass_without_an_arrive_is_refused():
    with pytest.raises(CalibrationError, match="exactly one mbarrier arrive in k, found 0"):
        calibration.sass_before_arrive(SECTION + "        /*0000*/                   STS [R5], R2 ;\n")
    with pytest.raises(CalibrationError, match="no STS before the arrive in k"):
        calibration.sass_before_arrive(SECTION + "        /*0000*/                   SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR4], RZ ;\n")
    with pytest.raises(CalibrationError, match="line 1: an instruction outside any .text section"):
        calibration.sass_before_arrive("        /*0000*/                   STS [R5], R2 ;\n")


def test_the_variants_are_the_vocabulary_s():
    assert calibration.Variant is CalibrationVariant
    assert [v.arrive_count for v in Variant] == [1, 1, 32, 1, 1, 1, 1, 1]  # only V2 is the fix


def test_record_without_a_gpu_says_so(monkeypatch, capsys):
    monkeypatch.setattr("racelab.core.provenance.gpus", lambda: [])
    with pytest.raises(CalibrationError, match="no NVIDIA GPU"):
        calibration.record()
    assert cli_calibration.main(["record"]) == 3
    assert "no NVIDIA GPU" in capsys.readouterr().err


def test_recorded_h200_run_replays_to_the_expected_counts():
    run = store.newest(calibration.EXPERIMENT, "sm90")
    table = calibration.table(run)
    # racecheck credits each arriving thread's own accesses only: lanes 1-31 each stored one 4-byte word
    # (V7: and one 4-byte flag); when every lane arrives (V2) nothing is left over
    word, lanes = 4, WARP_SIZE - 1
    expected = {v.name: 0 if v.arrive_count == WARP_SIZE else lanes * word * (2 if v.name == "V7" else 1)
                for v in Variant if v.name in table.index}
    assert table["hazards"].to_dict() == expected
    assert table.loc["V0", "writer lanes"] == "1–31"
    assert table.loc["V0", "bytes per writer lane"] == "4"
    assert (table["wrong values read"] == 0).all()
    assert table.loc["V3", "sm_90a"] == "MEMBAR.ALL.CTA; FENCE.VIEW.ASYNC.S"


def test_recorded_sites_are_read_by_the_one_reader():
    run = store.newest(calibration.EXPERIMENT, "sm90")
    table = calibration.table(run)
    assert list(table.index) == [v.name for v in Variant][:len(table)]  # a run holds a prefix of the variants
    for variant in (Variant[name] for name in table.index):
        for arch in calibration.ARCHS:
            site = calibration.recorded_site(run, variant, arch)
            assert site.init_count == variant.arrive_count
            assert not site.predicated  # `if (lane == 0)` compiles to @P0 EXIT for the other lanes
            between = calibration.sass_before_arrive(run.read_text(f"sass-{variant.name}-{arch}.txt"))["between"]
            assert ("; ".join(between) or "nothing") == table.loc[variant.name, arch]
