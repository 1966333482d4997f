"""The SASS reader: line types, the parser, mbarrier operations and the W_LOADED site.

Unit tests run on two real nvdisasm excerpts kept below (produced by this project's own compiles):
FIXTURE_W_LOADED is release 1.26.0's kernel_gemm (DSL 4.6.1, topk=128, sm_100a) cut to the barrier
inits and the load warp; FIXTURE_CALIBRATION is the calibration kernel V3 for sm_90a, with -g line info.
The end-to-end tests compile upstream's kernel (about 5 s per build on 2 cores, then cached)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from racelab.experiments import sass_matrix
from racelab.readers import ptx, sass
from racelab.toolchain import nvidia, upstream
from racelab.experiments.arrive_site import upstream_site


def test_every_line_type_example_is_classified_as_itself():
    for kind in sass.LineType:
        got, _ = sass.classify(kind.example, 1)
        assert got is kind, (kind, kind.example)
        assert kind.example in sass.LineType.__doc__ or kind is sass.LineType.BLANK


def test_unknown_line_is_an_error_with_its_number():
    text = FIXTURE_CALIBRATION + "this is not nvdisasm output\n"
    with pytest.raises(sass.ParseError, match=rf"line {len(text.splitlines())}:"):
        sass.parse(text)


def test_an_instruction_outside_a_text_section_is_an_error():
    with pytest.raises(sass.ParseError, match="line 1: an instruction outside"):
        sass.parse("        /*0000*/                   NOP ;\n")


def test_parse_fields_of_the_elected_arrive():
    dis = sass.parse(FIXTURE_W_LOADED)
    assert dis.arch == "sm_100a"
    insns = dis.function()
    arrive = next(i for i in insns if i.address == 0x0AC0)
    assert arrive.predicate == "P0"
    assert arrive.opcode == "SYNCS.ARRIVE.TRANS64.A1T0"
    assert arrive.base == "SYNCS" and arrive.modifiers == ("ARRIVE", "TRANS64", "A1T0")
    assert arrive.operands == ("RZ", "[UR9+0x80]", "RZ")
    assert arrive.function.startswith("kernel_cutlass_kernel_gemm_")
    assert arrive.text == "@P0 SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR9+0x80], RZ"
    assert FIXTURE_W_LOADED.splitlines()[arrive.line - 1].strip().startswith("/*0ac0*/")
    nop = next(i for i in insns if i.opcode == "NOP")
    assert nop.operands == () and nop.predicate is None
    never = next(i for i in insns if i.predicate == "!PT")
    assert never.opcode == "LDS"
    # every instruction line of the excerpt became an Instruction
    n_lines = sum(sass.classify(ln)[0] is sass.LineType.INSTRUCTION for ln in FIXTURE_W_LOADED.splitlines())
    assert len(insns) == n_lines == dis.line_types[sass.LineType.INSTRUCTION]


def test_line_info_is_attached_to_instructions():
    dis = sass.parse(FIXTURE_CALIBRATION)
    insns = dis.function("_Z19calibration_handoffPKfPf")
    membar = next(i for i in insns if i.opcode == "MEMBAR.ALL.CTA")
    assert membar.source is not None and membar.source[0].endswith("mbar_calib.cu")
    assert dis.line_types[sass.LineType.LINE_INFO] > 5


@pytest.mark.parametrize("text, expected", [
    ("RZ, [UR9+0x80], RZ", ("RZ", "[UR9+0x80]", "RZ")),
    ("gdesc[UR26], gdesc[UR28], tmem[UR11], idesc[UR25], UP1", ("gdesc[UR26]", "gdesc[UR28]", "tmem[UR11]", "idesc[UR25]", "UP1")),
    ("`(.L_x_4)", ("`(.L_x_4)",)),
    ("R8, -RZ, RZ, 0, 5.9604644775390625e-08", ("R8", "-RZ", "RZ", "0", "5.9604644775390625e-08")),
    (None, ()),
])
def test_split_operands(text, expected):
    assert sass.split_operands(text) == expected


@pytest.mark.parametrize("operand, regs, offset", [
    ("[UR9+0x80]", ("UR9",), 0x80),
    ("[R7+URZ+0x80]", ("R7",), 0x80),
    ("[UR9]", ("UR9",), 0),
    ("[R2+-0x10]", ("R2",), -0x10),
])
def test_shared_address(operand, regs, offset):
    addr = sass.SharedAddress.parse(operand)
    assert (addr.registers, addr.offset) == (regs, offset)
    assert sass.SharedAddress.parse("c[0x0][0x348]") is None


def test_init_counts_decode_to_the_source_counts():
    # SharedStorage: Q_mbar[2] (counts 1, 1) then mbar[16] with release 1.26.0's counts.
    dis = sass.parse(FIXTURE_W_LOADED)
    insns = dis.function()
    flow = sass.Flow(insns, dis.labels[insns[0].function])
    inits = [op for op in sass.barrier_ops(insns) if op.kind is sass.MbarOp.INIT]
    assert [op.address.offset for op in inits] == list(range(0, 0x90, 8))
    counts = [sass.init_count(flow, op) for op in inits]
    wg = 128
    assert counts == [1, 1,  1, 1, wg, wg, 1, 1, wg, wg, wg, wg, wg, 1, 1, 1, 1, 1]


def test_flow_values_follow_branches_and_refuse_what_they_cannot_follow():
    dis = sass.parse(FIXTURE_W_LOADED)
    insns = dis.function()
    flow = sass.Flow(insns, dis.labels[insns[0].function])
    arrive = next(j for j, i in enumerate(insns) if i.address == 0x0AC0)
    # UR9 = (SR_CgaCtaId << 24) + 0x400: the CTA's shared window; the arrive sits behind two branches
    assert flow.value(arrive, "UR9") == sass.Linear.of(0x400, {"SR_CgaCtaId": 1 << 24})
    assert flow.sources  # the excerpt's BRA targets were found through its labels
    with pytest.raises(sass.SassError, match="cannot evaluate R13"):
        flow.value(arrive, "R13")  # R13 comes from a LOP3.LUT


def test_w_loaded_site_in_the_unpatched_excerpt():
    dis = sass.parse(FIXTURE_W_LOADED)
    site = sass.find_arrive_site(dis, 0x80)
    assert site.predicated and site.arrive.predicate == "P0"
    assert site.predicate_setter.opcode == "ELECT" and site.elected
    assert site.init_count == 1
    assert site.last_store.opcode == "STS.U16"
    ops = [i.opcode for i in site.before_arrive]
    assert ops == ["STS.U16", "LDS", "LDS", "LDS", "LDS", "MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S",
                   "SYNCS.ARRIVE.TRANS64.A1T0"]
    # the fence pair runs on every lane; the arrive on the elected lane only
    lanes = {i.opcode: sass.lanes_executing(site, i) for i in site.before_arrive}
    assert lanes["MEMBAR.ALL.CTA"] == frozenset(range(32))
    assert lanes["LDS"] == frozenset()  # @!PT: never executed
    assert lanes["SYNCS.ARRIVE.TRANS64.A1T0"] == frozenset({0})
    assert site.stream[0].opcode == "NOP" and site.stream[-1].opcode.startswith("SYNCS.PHASECHK")
    j = site.to_json()
    assert j["arrive"] == {"offset": "0x80", "address": "0x0ac0", "predicated": True, "predicate": "P0",
                           "text": "@P0 SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR9+0x80], RZ"}
    assert j["before_arrive"][1] == "@!PT LDS" and j["membar_before_arrive"]


def test_missing_barrier_is_an_error_naming_the_offset():
    dis = sass.parse(FIXTURE_W_LOADED)
    with pytest.raises(sass.BarrierNotFound, match=r"at shared offset 0x98"):
        sass.find_arrive_site(dis, 0x98, what="W_LOADED")
    with pytest.raises(sass.BarrierNotFound, match=r"one SYNCS.ARRIVE on the barrier at shared offset 0x88 .*found 0"):
        sass.find_arrive_site(dis, 0x88)  # DQ_DONE: initialised, but its arrive is not in the excerpt
    # a second function whose arrive was edited out: the error names it and the count found
    twin = FIXTURE_CALIBRATION.replace("_Z19calibration_handoffPKfPf", "_Z5twin")
    twin = twin.replace("SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR4], RZ ;", "NOP ;")
    calib = sass.parse(FIXTURE_CALIBRATION + twin)
    with pytest.raises(sass.BarrierNotFound, match="exactly one mbarrier arrive in _Z5twin, found 0"):
        sass.find_arrive_site(calib, None, "_Z5twin")
    site = sass.find_arrive_site(calib, None, "_Z19calibration_handoffPKfPf")
    assert site.function == "_Z19calibration_handoffPKfPf"


def test_calibration_excerpt_single_barrier():
    site = sass.find_arrive_site(sass.parse(FIXTURE_CALIBRATION), None)
    assert site.init_count == 1 and not site.predicated
    ops = [i.opcode for i in site.before_arrive]
    assert ops[:3] == ["STS", "MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"]
    assert "EXIT" in ops  # `if (lane == 0)`: the other 31 lanes leave before the arrive


def test_ordering_before_the_arrive():
    calib = sass.find_arrive_site(sass.parse(FIXTURE_CALIBRATION), None)
    assert sass.ordering_before_arrive(calib) == ("MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S")
    gemm = sass.find_arrive_site(sass.parse(FIXTURE_W_LOADED), 0x80)
    assert [i.opcode for i in gemm.between] == ["LDS"] * 4 + ["MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"]
    assert sass.ordering_before_arrive(gemm) == ("MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S")
    assert [sass.opcode_role(i.opcode) for i in gemm.before_arrive] == (
        ["store"] + ["other"] * 4 + ["fence", "fence", "arrive"])


def test_listing_lines_read_back_as_the_instructions_that_wrote_them():
    site = sass.find_arrive_site(sass.parse(FIXTURE_W_LOADED), 0x80)
    back = sass.parse_listing(sass_matrix.neighbourhood(site))
    assert [(i.address, i.predicate, i.opcode, i.operands) for i in back] == [
        (i.address, i.predicate, i.opcode, i.operands) for i in site.stream]
    assert sass.store_count(back) == sass.store_count(site.stream) == 6
    with pytest.raises(sass.ParseError, match="line 2: not an instruction listing line"):
        sass.parse_listing("/*0a50*/ STS [R2], R11 ;\n.L_x_339:\n")


def test_branch_targets_are_labels():
    insns = sass.parse(FIXTURE_CALIBRATION).function()
    targets = {sass.branch_target(i) for i in insns if i.base == "BRA"}
    assert targets == {".L_x_0", ".L_x_1", ".L_x_2", ".L_x_3"}
    assert sass.branch_target(next(i for i in insns if i.base == "EXIT")) is None


def _row(release, dsl, topk, predicated, before, compile_s=2.0, hit=0.5, stores=6):
    arrive = ("@P0 " if predicated else "") + "SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR9+0x80], RZ"
    return {"release": release, "dsl": dsl, "topk": topk, "ok": True, "ptxas": "13.3", "predicated": predicated,
            "membar_before_arrive": "MEMBAR.ALL.CTA" in before, "before_arrive": before, "arrive": arrive,
            "init_count": 1 if predicated else 32, "compile_s": compile_s, "cache_hit_s": hit, "stores": stores}


def test_matrix_facts_and_the_live_comparison():
    fence = ["STS.U16", "@!PT LDS", "MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S", "@P0 SYNCS.ARRIVE.TRANS64.A1T0"]
    extra = ["STS.U16", "MOV", "@!PT LDS", "MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S", "SYNCS.ARRIVE.TRANS64.A1T0"]
    rows = [_row("1.26.0", "4.6.1", 128, True, fence, compile_s=1.5),
            _row("1.27.0", "4.6.1", 128, False, extra, hit=1.25),
            _row("1.27.0", "4.6.1", 512, False, fence[:2] + fence[4:], compile_s=43.0, stores=18),
            {"release": "1.26.0", "dsl": "4.5.0", "topk": 128, "ok": False, "error": "no"}]
    facts = sass_matrix.facts(rows)
    assert (facts["cells"], facts["ok"], facts["membar"]) == (4, 3, 2)
    assert (facts["old"], facts["predicated_old"], facts["new"], facts["predicated_new"]) == (1, 1, 2, 0)
    assert facts["extra"] == ["MOV"] and facts["extra_builds"] == 1
    assert facts["stores"] == {128: [6], 512: [18]}
    assert (facts["compile_min_s"], facts["compile_max_s"], facts["cache_hit_max_s"]) == (1.5, 43.0, 1.25)
    live = {"variant": "release-1.26.0", "release": "1.26.0", "dsl": "4.6.1", "specialization": {"topk": 128},
            "arrive": {"text": rows[0]["arrive"]}, "init_count": 1, "before_arrive": fence}
    other = {**live, "variant": "release-1.27.0", "release": "1.27.0", "init_count": 1}
    missing = {**live, "dsl": "9.9.9"}
    assert [c["same"] for c in sass_matrix.compare_live(rows, [live, other, missing])] == [True, False, None]


def test_a_missing_tool_names_where_it_was_looked_for(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CUDA_HOME", str(tmp_path / "cuda"))
    with pytest.raises(nvidia.ToolMissing, match=r"racelab-no-such-tool not found.*cuda/bin/racelab-no-such-tool"):
        nvidia.find("racelab-no-such-tool")
    with pytest.raises(nvidia.ToolError, match="no cubin at"):
        nvidia.disassemble(tmp_path / "missing.cubin")


def test_ptx_region_finds_the_arrive_through_add_chains():
    text = "\n".join([
        ".version 9.3", ".target sm_100a",
        "\tmbarrier.init.shared.b64 \t[%r1], %r155;",
        "\tadd.s32 \t%r7, %r1, 16;",
        "$L__BB0_12:",
        "\tsetmaxnreg.dec.sync.aligned.u32 \t40;",
        "\tst.shared.b32 \t[%r2286+148480], %r2283;",
        "\tfence.proxy.async.shared::cta;",
        "\telect.sync \t%r2293|%p205, -1;",
        "\tmbarrier.arrive.shared.b64 %rd839, [%r7+112], %r2294;",
        "$L__BB0_15:",
        "\tmbarrier.arrive.shared.b64 %rd840, [%r1+8], %r2294;",
    ])
    region = ptx.ptx_region(text, 0x80)
    assert region[0][1].strip().startswith("setmaxnreg.dec")
    assert region[-1][1] == "$L__BB0_15:"
    assert any("fence.proxy.async" in t for _, t in region)
    assert ptx.ptx_header(text) == {"version": "9.3", "target": "sm_100a"}
    with pytest.raises(sass.BarrierNotFound):
        ptx.ptx_region(text, 0x90)


def test_nvdisasm_is_found():
    path = nvidia.nvdisasm_path()
    assert path.name == "nvdisasm" and os.access(path, os.X_OK)


# ---------------------------------------------------------------------------------------- end to end

def _racelab(*args, timeout=900):
    env = {**os.environ, "PYTHONPATH": str(Path(sass.__file__).resolve().parents[2])}
    return subprocess.run([sys.executable, "-m", "racelab.cli", "sass", *args], capture_output=True, text=True,
                          env=env, timeout=timeout)


@pytest.mark.slow
def test_unpatched_and_patched_sites_end_to_end():
    sites = {}
    for release in ("1.26.0", "1.27.0"):
        proc = _racelab("--release", release, "--topk", "128", "--json")
        assert proc.returncode == 0, proc.stderr
        sites[release] = json.loads(proc.stdout)
    old, new = sites["1.26.0"], sites["1.27.0"]
    assert old["arrive"]["predicated"] and old["elect"]["text"].startswith("ELECT " + old["arrive"]["predicate"])
    assert old["init_count"] == 1
    assert not new["arrive"]["predicated"] and new["elect"] is None
    assert new["init_count"] == 32
    for s in (old, new):
        assert s["arrive"]["offset"] == "0x80" and s["barrier"]["index"] == 14
        assert "MEMBAR.ALL.CTA" in s["before_arrive"]
        assert s["before_arrive"].index("MEMBAR.ALL.CTA") < s["before_arrive"].index("FENCE.VIEW.ASYNC.S")
        assert s["before_arrive"][0].startswith("STS") and "SYNCS.ARRIVE" in s["before_arrive"][-1]
        assert s["ptxas"] == sass.cubin_notes(s["cubin"]).version and s["dsl"] == upstream.venv_dsl_version()


@pytest.mark.slow
def test_fix_reverted_variant_looks_unpatched():
    out = upstream_site("1.27.0-fix-reverted")
    assert out["release"] == "1.27.0" and out["arrive"]["predicated"] and out["init_count"] == 1


@pytest.mark.slow
def test_warm_sass_imports_no_cutlass():
    upstream_site("release-1.26.0")  # make sure it is cached
    code = ("import sys; from racelab import cli; "
            "rc = cli.main(['sass', '--release', '1.26.0', '--topk', '128', '--json']); "
            "assert rc == 0; assert 'cutlass' not in sys.modules and 'torch' not in sys.modules, 'heavy import'")
    env = {**os.environ, "PYTHONPATH": str(Path(sass.__file__).resolve().parents[2])}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["cached"] is True


# ---------------------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("args, message", [
    (["--release", "1.26"], "release '1.26' is not a version"),
    (["--variant", "release-1.27.0", "--release", "1.26.0"], "not --release 1.26.0"),
    (["--variant", "1.27.0-fixed"], "unknown variant '1.27.0-fixed'"),
    (["--variant", "1.26.0-fix-reverted"], "expected exactly one line with the W_LOADED init"),
    (["--release", "1.26.0", "--dsl", "four"], "DSL version 'four'"),
    ([], "say which kernel"),
])
def test_bad_input_exits_2_with_a_message(args, message):
    proc = _racelab(*args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert proc.stdout == ""


@pytest.mark.slow
def test_unknown_release_exits_2():
    proc = _racelab("--release", "9.99.0")
    assert proc.returncode == 2 and "9.99.0" in proc.stderr and proc.stdout == ""


@pytest.mark.slow
def test_rejected_specialization_exits_2():
    proc = _racelab("--release", "1.26.0", "--topk", "100")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "the kernel rejects" in proc.stderr and "k100" in proc.stderr and "topk % block_I" in proc.stderr


@pytest.mark.slow
def test_uninstallable_dsl_exits_2():
    proc = _racelab("--release", "1.26.0", "--dsl", "0.0.1")
    assert proc.returncode == 2 and "nvidia-cutlass-dsl==0.0.1" in proc.stderr and proc.stdout == ""


def _dsl_installed(version):
    try:
        upstream.dsl_paths(version, install=False)
        return True
    except upstream.UpstreamError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not _dsl_installed("4.5.0"), reason="nvidia-cutlass-dsl 4.5.0 is not under .cache/dsl")
def test_a_dsl_too_old_for_the_release_exits_2():
    proc = _racelab("--release", "1.32.0", "--dsl", "4.5.0")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "DSL 4.5.0 cannot build variant release-1.32.0" in proc.stderr


@pytest.mark.slow
@pytest.mark.skipif(not _dsl_installed("4.8.1"), reason="nvidia-cutlass-dsl 4.8.1 is not under .cache/dsl")
def test_any_release_by_name():
    out = upstream_site("release-1.32.0", dsl="4.8.1")
    assert out["init_count"] == 32 and not out["arrive"]["predicated"] and out["ptxas"] == "13.4"


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="needs nvcc to build a cubin without an mbarrier")
def test_cubin_without_the_barrier_exits_2(tmp_path):
    src = tmp_path / "plain.cu"
    src.write_text("__global__ void k(float* x) { x[threadIdx.x] *= 2.0f; }\n")
    cubin = nvidia.compile_cu(src, tmp_path / "plain.cubin", arch="sm_90a")
    assert not (tmp_path / "plain.cubin.tmp").exists()
    proc = _racelab("--cubin", str(cubin))
    assert proc.returncode == 2 and "plain.cubin" in proc.stderr and "found 0" in proc.stderr
    proc = _racelab("--cubin", str(cubin), "--offset", "0x80")
    assert proc.returncode == 2 and "0x80" in proc.stderr


def test_not_a_cubin_exits_2(tmp_path):
    bogus = tmp_path / "bogus.cubin"
    bogus.write_bytes(b"not an elf")
    proc = _racelab("--cubin", str(bogus))
    assert proc.returncode == 2 and proc.stdout == ""


# ---------------------------------------------------------------------------------------------------- fixtures (real nvdisasm output)

FIXTURE_W_LOADED = r'''	.target	sm_100a

	.elftype	@"ET_EXEC"

//--------------------- .text.kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0 --------------------------
	.section	.text.kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0,"ax",@progbits
	.align	128
        .global         kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0
        .type           kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0,@function
        .size           kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0,(.L_x_370 - kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0)
        .other          kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0,@"STO_CUDA_ENTRY STV_DEFAULT"
kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0:
.text.kernel_cutlass_kernel_gemm_racelab_upstream_release_1_26_0_25cb1910f88dIndexerBackwardSm100_object_at__tensor0000_o_11101213_tensorptrbf16_gmem_align16_o_i641i64_tensorptrbf16_gmem_align1_0:
        /*0000*/                   LDC R1, c[0x0][0x37c] ;
        /*0010*/                   IADD3 R1, PT, PT, R1, -0x40, RZ ;
        /*0020*/                   S2R R2, SR_TID.X ;
        /*0030*/                   LDC.64 R8, c[0x0][0x460] ;
        /*0040*/                   UMOV UR6, 0x400 ;
        /*0050*/                   LDCU.64 UR4, c[0x0][0x358] ;
        /*0060*/                   S2UR UR12, SR_CTAID.X ;
        /*0070*/                   LDC.64 R6, c[0x0][0x468] ;
        /*0080*/                   S2UR UR13, SR_CTAID.Y ;
        /*0090*/                   ISETP.GT.U32.AND P2, PT, R2, 0x7f, PT ;
        /*00a0*/                   S2UR UR9, SR_CgaCtaId ;
        /*00b0*/                   SHF.R.U32.HI R0, RZ, 0x5, R2 ;
        /*00c0*/                   ISETP.NE.U32.AND P4, PT, R0, RZ, PT ;
        /*00d0*/              @!P2 LDC.64 R4, c[0x0][0x448] ;
        /*00e0*/              @!P2 MOV R3, RZ ;
        /*00f0*/              @!P2 IMAD.WIDE.U32 R10, R8, UR12, R2 ;
        /*0100*/              @!P2 IMAD R11, R9, UR12, R11 ;
        /*0110*/                   ULEA UR9, UR9, UR6, 0x18 ;
        /*0120*/              @!P2 IMAD.WIDE.U32 R10, R6, UR13, R10 ;
        /*0130*/              @!P2 IMAD R6, R7, UR13, R11 ;
        /*0140*/              @!P2 LEA R14, P0, R10, R4, 0x2 ;
        /*0150*/              @!P2 LEA.HI.X R15, R10, R5, R6, 0x2, P0 ;
        /*0160*/               @P4 BRA `(.L_x_0) ;
        /*0170*/                   LDCU.64 UR6, c[0x0][0x348] ;
        /*0180*/                   UIADD3 UR14, UP1, UPT, UR6, 0x180, URZ ;
        /*0190*/                   UIADD3 UR10, UP0, UPT, UR6, 0x200, URZ ;
        /*01a0*/                   UIADD3.X UR15, UPT, UPT, URZ, UR7, URZ, UP1, !UPT ;
        /*01b0*/                   UMOV UR6, 0x1 ;
        /*01c0*/                   UIADD3.X UR11, UPT, UPT, URZ, UR7, URZ, UP0, !UPT ;
        /*01d0*/                   UIADD3 UR6, UPT, UPT, -UR6, 0x100000, URZ ;
        /*01e0*/                   USHF.L.U32 UR7, UR6, 0xb, URZ ;
        /*01f0*/                   USHF.L.U32 UR6, UR6, 0x1, URZ ;
        /*0200*/                   UTMACCTL.PF [UR14] ;
        /*0210*/                   UTMACCTL.PF [UR10] ;
        /*0220*/                   FENCE.VIEW.ASYNC.S ;
.L_x_321:
        /*0230*/                   SYNCS.EXCH.64 URZ, [UR9], UR6 ;
        /*0240*/                   NOP ;
.L_x_0:
        /*0250*/               @P4 BRA `(.L_x_1) ;
        /*0260*/                   UMOV UR6, 0x1 ;
        /*0270*/                   UIADD3 UR6, UPT, UPT, -UR6, 0x100000, URZ ;
        /*0280*/                   USHF.L.U32 UR7, UR6, 0xb, URZ ;
        /*0290*/                   USHF.L.U32 UR6, UR6, 0x1, URZ ;
        /*02a0*/                   FENCE.VIEW.ASYNC.S ;
.L_x_322:
        /*02b0*/                   SYNCS.EXCH.64 URZ, [UR9+0x8], UR6 ;
        /*02c0*/                   NOP ;
.L_x_1:
        /*02d0*/                   NOP ;
        /*02e0*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
        /*02f0*/               @P4 BRA `(.L_x_2) ;
        /*0300*/                   UMOV UR7, 0x1 ;
        /*0310*/                   UMOV UR6, 0x80 ;
        /*0320*/                   UIADD3 UR10, UPT, UPT, -UR7, 0x100000, URZ ;
        /*0330*/                   USHF.L.U32 UR11, UR10, 0xb, URZ ;
        /*0340*/                   USHF.L.U32 UR10, UR10, 0x1, URZ ;
        /*0350*/                   UIADD3 UR6, UPT, UPT, -UR6, 0x100000, URZ ;
        /*0360*/                   USHF.L.U32 UR7, UR6, 0xb, URZ ;
        /*0370*/                   USHF.L.U32 UR6, UR6, 0x1, URZ ;
        /*0380*/                   FENCE.VIEW.ASYNC.S ;
.L_x_323:
        /*0390*/                   SYNCS.EXCH.64 URZ, [UR9+0x10], UR10 ;
.L_x_324:
        /*03a0*/                   SYNCS.EXCH.64 URZ, [UR9+0x18], UR10 ;
.L_x_325:
        /*03b0*/                   SYNCS.EXCH.64 URZ, [UR9+0x20], UR6 ;
.L_x_326:
        /*03c0*/                   SYNCS.EXCH.64 URZ, [UR9+0x28], UR6 ;
.L_x_327:
        /*03d0*/                   SYNCS.EXCH.64 URZ, [UR9+0x30], UR10 ;
.L_x_328:
        /*03e0*/                   SYNCS.EXCH.64 URZ, [UR9+0x38], UR10 ;
.L_x_329:
        /*03f0*/                   SYNCS.EXCH.64 URZ, [UR9+0x40], UR6 ;
.L_x_330:
        /*0400*/                   SYNCS.EXCH.64 URZ, [UR9+0x48], UR6 ;
.L_x_331:
        /*0410*/                   SYNCS.EXCH.64 URZ, [UR9+0x50], UR6 ;
.L_x_332:
        /*0420*/                   SYNCS.EXCH.64 URZ, [UR9+0x58], UR6 ;
.L_x_333:
        /*0430*/                   SYNCS.EXCH.64 URZ, [UR9+0x60], UR6 ;
.L_x_334:
        /*0440*/                   SYNCS.EXCH.64 URZ, [UR9+0x68], UR10 ;
.L_x_335:
        /*0450*/                   SYNCS.EXCH.64 URZ, [UR9+0x70], UR10 ;
.L_x_336:
        /*0460*/                   SYNCS.EXCH.64 URZ, [UR9+0x78], UR10 ;
.L_x_337:
        /*0470*/                   SYNCS.EXCH.64 URZ, [UR9+0x80], UR10 ;
.L_x_338:
        /*0480*/                   SYNCS.EXCH.64 URZ, [UR9+0x88], UR10 ;
        /*0490*/                   NOP ;
.L_x_2:
        /*04a0*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
        /*07a0*/               @P4 BRA `(.L_x_3) ;
        /*07b0*/                   NOP ;
        /*07c0*/                   USETMAXREG.DEALLOC.CTAPOOL 0x28 ;
        /*07d0*/                   LDC.64 R10, c[0x0][0x438] ;
        /*07e0*/                   LOP3.LUT R12, R2, 0x1f, RZ, 0xc0, !PT ;
        /*07f0*/                   LDCU.64 UR10, c[0x0][0x420] ;
        /*0800*/                   IMAD.MOV.U32 R13, RZ, RZ, RZ ;
        /*0810*/                   LDCU.64 UR6, c[0x0][0x390] ;
        /*0820*/                   LDC.64 R6, c[0x0][0x3a8] ;
        /*0830*/                   LDC.64 R8, c[0x0][0x440] ;
        /*0840*/                   LDC.64 R4, c[0x0][0x3b0] ;
        /*0850*/                   IMAD.WIDE.U32 R14, R10, UR12, R12 ;
        /*0860*/                   IMAD R15, R11, UR12, R15 ;
        /*0870*/                   IMAD.WIDE.U32 R12, R6, UR12, R12 ;
        /*0880*/                   IMAD R13, R7, UR12, R13 ;
        /*0890*/                   IMAD.WIDE.U32 R6, R8, UR13, R14 ;
        /*08a0*/                   IMAD R9, R9, UR13, R7 ;
        /*08b0*/                   LEA R8, P1, R6, UR10, 0x2 ;
        /*08c0*/                   IMAD.WIDE.U32 R10, R4, UR13, R12 ;
        /*08d0*/                   LEA.HI.X R9, R6, UR11, R9, 0x2, P1 ;
        /*08e0*/                   IMAD R5, R5, UR13, R11 ;
        /*08f0*/                   LEA R4, P0, R10, UR6, 0x1 ;
        /*0900*/                   LDG.E R6, desc[UR4][R8.64] ;
        /*0910*/                   LEA.HI.X R5, R10, UR7, R5, 0x1, P0 ;
        /*0920*/                   LDG.E R3, desc[UR4][R8.64+0x80] ;
        /*0930*/                   LDG.E R0, desc[UR4][R8.64+0x100] ;
        /*0940*/                   LDG.E R10, desc[UR4][R8.64+0x180] ;
        /*0950*/                   LDG.E.U16 R7, desc[UR4][R4.64] ;
        /*0960*/                   LDG.E.U16 R11, desc[UR4][R4.64+0x40] ;
        /*0970*/                   IMAD.SHL.U32 R12, R2.reuse, 0x4, RZ ;
        /*0980*/                   SHF.L.U32 R2, R2, 0x1, RZ ;
        /*0990*/                   LOP3.LUT R13, R12, 0x7c, RZ, 0xc0, !PT ;
        /*09a0*/                   LOP3.LUT R2, R2, 0x3e, RZ, 0xc0, !PT ;
        /*09b0*/                   VIADD R15, R13, UR9 ;
        /*09c0*/                   IADD3 R2, PT, PT, R15, -R2, RZ ;
        /*09d0*/                   ELECT P0, URZ, PT ;
        /*09e0*/                   HFMA2 R8, -RZ, RZ, 0, 5.9604644775390625e-08 ;
        /*09f0*/                   SHF.L.U32 R8, R8, 0x1f, RZ ;
        /*0a00*/                   STS [R13+UR9+0x24400], R6 ;
        /*0a10*/                   STS [R13+UR9+0x24480], R3 ;
        /*0a20*/                   STS [R13+UR9+0x24500], R0 ;
        /*0a30*/                   STS [R13+UR9+0x24580], R10 ;
        /*0a40*/                   STS.U16 [R2+0x38b00], R7 ;
        /*0a50*/                   STS.U16 [R2+0x38b40], R11 ;
        /*0a60*/              @!PT LDS RZ, [RZ] ;
        /*0a70*/              @!PT LDS RZ, [RZ] ;
        /*0a80*/              @!PT LDS RZ, [RZ] ;
        /*0a90*/              @!PT LDS RZ, [RZ] ;
        /*0aa0*/                   MEMBAR.ALL.CTA ;
        /*0ab0*/                   FENCE.VIEW.ASYNC.S ;
.L_x_339:
        /*0ac0*/               @P0 SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR9+0x80], RZ ;
.L_x_340:
        /*0ad0*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR9+0x8], R8 ;
        /*0ae0*/              @!P0 BRA `(.L_x_4) ;
'''

FIXTURE_CALIBRATION = r'''	.target	sm_90a

	.elftype	@"ET_EXEC"

//--------------------- .text._Z19calibration_handoffPKfPf --------------------------
	.section	.text._Z19calibration_handoffPKfPf,"ax",@progbits
	.align	128
        .global         _Z19calibration_handoffPKfPf
        .type           _Z19calibration_handoffPKfPf,@function
        .size           _Z19calibration_handoffPKfPf,(.L_x_14 - _Z19calibration_handoffPKfPf)
        .other          _Z19calibration_handoffPKfPf,@"STO_CUDA_ENTRY STV_DEFAULT"
_Z19calibration_handoffPKfPf:
.text._Z19calibration_handoffPKfPf:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 50
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 53
        /*0010*/                   S2R R5, SR_TID.X ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 32
        /*0020*/                   S2UR UR8, SR_CgaCtaId ;
        /*0030*/                   UMOV UR7, 0x400 ;
        /*0040*/                   UMOV UR4, 0x1 ;
        /*0050*/                   ULDC.64 UR10, c[0x0][0x208] ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 56
        /*0060*/                   ISETP.NE.AND P0, PT, R5, RZ, PT ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 54
        /*0070*/                   SHF.R.U32.HI R2, RZ, 0x5, R5 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 53
        /*0080*/                   LOP3.LUT R5, R5, 0x1f, RZ, 0xc0, !PT ;
.L_x_4:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 32
        /*0090*/                   VOTEU.ALL UP0, P0 ;
        /*00a0*/                   @!UP0 UIADD3 UR6, UR7, 0x80, URZ ;
        /*00b0*/                   @!UP0 UIADD3 UR4, -UR4, 0x100000, URZ ;
        /*00c0*/                   @!UP0 USHF.L.U32 UR5, UR4, 0xb, URZ ;
        /*00d0*/                   @!UP0 USHF.L.U32 UR4, UR4, 0x1, URZ ;
        /*00e0*/                   @!UP0 ULEA UR6, UR8, UR6, 0x18 ;
.L_x_5:
        /*00f0*/                   VOTEU.ALL UP0, P0 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 59
        /*0100*/                   ISETP.NE.AND P0, PT, R2, RZ, PT ;
.L_x_6:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 32
        /*0110*/                   @!UP0 SYNCS.EXCH.64 URZ, [UR6], UR4 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 60
        /*0120*/                   ULEA UR4, UR8, UR7, 0x18 ;
        /*0130*/                   LEA R0, R5, UR4, 0x2 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 57
        /*0140*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 59
        /*0150*/              @!P0 BRA `(.L_x_0) ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 66
        /*0160*/                   ISETP.NE.AND P0, PT, R2, 0x1, PT ;
.L_x_10:
        /*0170*/               @P0 EXIT ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 53
        /*0180*/                   S2R R3, SR_CgaCtaId ;
        /*0190*/                   UIADD3 UR4, UR7, 0x80, URZ ;
        /*01a0*/                   SHF.L.U32 R2, RZ, 0x1f, RZ ;
        /*01b0*/                   IMAD.U32 R4, RZ, RZ, UR4 ;
        /*01c0*/                   LEA R3, R3, R4, 0x18 ;
.L_x_7:
        /*01d0*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [R3+URZ], R2 ;
        /*01e0*/              @!P0 BRA `(.L_x_1) ;
.L_x_2:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 68
        /*01f0*/                   LDS R7, [R0] ;
        /*0200*/                   LDC.64 R2, c[0x0][0x218] ;
        /*0210*/                   IMAD.WIDE.U32 R2, R5, 0x4, R2 ;
        /*0220*/                   STG.E desc[UR10][R2.64], R7 ;
.L_x_11:
        /*0230*/                   EXIT ;
.L_x_0:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 60
        /*0240*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0250*/                   IMAD.WIDE.U32 R2, R5, 0x4, R2 ;
        /*0260*/                   LDG.E R3, desc[UR10][R2.64] ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 65
        /*0270*/                   ISETP.NE.AND P0, PT, R5, RZ, PT ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 60
        /*0280*/                   STS [R0], R3 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 62
        /*0290*/                   MEMBAR.ALL.CTA ;
        /*02a0*/                   FENCE.VIEW.ASYNC.S ;
.L_x_12:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 65
        /*02b0*/               @P0 EXIT ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 37
        /*02c0*/                   UIADD3 UR4, UR7, 0x80, URZ ;
        /*02d0*/                   ULEA UR4, UR8, UR4, 0x18 ;
.L_x_8:
        /*02e0*/                   SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR4], RZ ;
.L_x_13:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 70
        /*02f0*/                   EXIT ;
.L_x_1:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 53
        /*0300*/                   YIELD ;
.L_x_9:
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 46
        /*0310*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [R3+URZ], R2 ;
	//## File "/work/main/kernels/calibration/mbar_calib.cu", line 43
        /*0320*/              @!P0 BRA `(.L_x_1) ;
        /*0330*/                   BRA `(.L_x_2) ;
.L_x_3:
        /*0340*/                   BRA `(.L_x_3);
        /*0350*/                   NOP;
        /*0360*/                   NOP;
        /*0370*/                   NOP;
        /*0380*/                   NOP;
        /*0390*/                   NOP;
        /*03a0*/                   NOP;
        /*03b0*/                   NOP;
        /*03c0*/                   NOP;
        /*03d0*/                   NOP;
        /*03e0*/                   NOP;
        /*03f0*/                   NOP;
.L_x_14:
'''
