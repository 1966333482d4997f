"""Upstream's kernels with their code moved (variants "...+padN"): the names, the transform, the SM90 compile
path on this CPU, and the SASS check that a padded build is its natural build moved and nothing else."""

import difflib

import pytest

from racelab.experiments import code_layout
from racelab.toolchain import real_kernel, transforms, upstream
from racelab.toolchain.real_kernel import SM90, SM100
from racelab.vocab import UPSTREAM_PAD_BYTES, UpstreamVariant, VocabError

SM90_PATH, _ = upstream.KERNEL_FILES["sm90"]


@pytest.mark.parametrize("name,pad,unpadded", [
    ("1.27.0-pad16", 16, "release-1.27.0"),
    ("1.27.0-k-consumed-all+pad112", 112, "1.27.0-k-consumed-all"),
    ("1.27.0-k-consumed-all+dk-staging-barriers+pad48", 48, "1.27.0-k-consumed-all+dk-staging-barriers"),
    ("release-1.27.0", 0, "release-1.27.0"),
])
def test_padded_names_and_their_variant(name, pad, unpadded):
    var = UpstreamVariant.parse(name)
    assert (var.pad_bytes, var.unpadded) == (pad, unpadded)
    assert UpstreamVariant.parse(unpadded).padded(pad) == name
    assert var.transforms[-1:] == ((f"pad_entry_{pad}",) if pad else var.transforms[-1:])


@pytest.mark.parametrize("name", ["1.27.0-pad16+k-consumed-all", "1.27.0-pad24", "1.27.0-pad16+pad32"])
def test_bad_padded_names(name):
    with pytest.raises(VocabError):
        UpstreamVariant.parse(name)


def test_a_pad_that_is_not_an_offset_is_refused():
    with pytest.raises(VocabError, match="no code offset of 24"):
        UpstreamVariant.parse("release-1.27.0").padded(24)


def test_targets_accept_their_variants_moved_and_label_them():
    assert SM90.check_variant("1.27.0-k-consumed-all+pad32").pad_bytes == 32
    assert SM90.label("1.27.0-pad32") == SM90.labels["release-1.27.0"] + ", code moved 32 B"
    with pytest.raises(real_kernel.VariantError, match="not one of the sm90"):
        SM90.check_variant("1.27.0-fix-reverted+pad16")
    with pytest.raises(real_kernel.VariantError):
        SM100.check_variant("1.27.0-pad-16")


def test_the_transform_adds_the_pads_after_the_last_cta_barrier_and_nothing_else():
    before = upstream.kernel_source(UpstreamVariant.parse("release-1.27.0"), SM90_PATH)
    after = transforms.pad_kernel_entry(before, 48)
    added = [ln[1:] for ln in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0, lineterm="")
             if ln.startswith("+") and not ln.startswith("+++")]
    removed = [ln for ln in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0, lineterm="")
               if ln.startswith("-") and not ln.startswith("---")]
    assert not removed and len(added) == 3
    assert added[0] == "from cutlass._mlir.dialects import llvm as _racelab_pad_llvm"
    assert added[1].strip() == "for _ in cutlass.range_constexpr(3):" and "nanosleep.u32 0;" in added[2]
    lines = after.splitlines()
    at = lines.index(added[1])
    assert lines[at - 1].strip() == "cute.arch.sync_threads()"


@pytest.mark.parametrize("source,message", [
    ("import cutlass\nclass Other:\n    pass\n", "expected one @cute.kernel method"),
    ("import cutlass\nclass IndexerX:\n    @cute.kernel\n    def kernel(self):\n        x = 1\n", "no cute.arch.sync_threads"),
    ("class IndexerX:\n    @cute.kernel\n    def kernel(self):\n        cute.arch.sync_threads()\n", "does not `import cutlass`"),
])
def test_the_transform_refuses_sources_it_does_not_recognise(source, message):
    with pytest.raises(transforms.TransformError, match=message):
        transforms.pad_kernel_entry(source, 16)
    with pytest.raises(transforms.TransformError, match="multiple of 16"):
        transforms.pad_kernel_entry(source, 24)


def test_every_offset_has_its_transform():
    assert all(f"pad_entry_{n}" in transforms.TRANSFORMS for n in UPSTREAM_PAD_BYTES)
    assert code_layout.OFFSETS == (16, 32, 48, 64, 80, 96, 112)


_NATURAL = """
        .section        .text.k,"ax",@progbits
        .type           k,@function
k:
.text.k:
        /*0000*/                   S2R R2, SR_TID.X ;
        /*0010*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
        /*0020*/                   IADD3 R2, R2, 0x1, RZ ;
.L_x_0:
        /*0030*/                   IADD3 R2, R2, -0x1, RZ ;
        /*0040*/                   ISETP.NE.AND P0, PT, R2, RZ, PT ;
        /*0050*/               @P0 BRA `(.L_x_0) ;
        /*0060*/                   EXIT ;
        /*0070*/                   NOP ;
"""


def _padded(pads: int, extra: str = "") -> str:
    lines = _NATURAL.strip("\n").splitlines()
    head, body = lines[:6], lines[6:-1]  # up to the barrier; the rest without the trailing NOP
    out = head[:]
    addr = 0x20
    for _ in range(pads):
        out.append(f"        /*{addr:04x}*/                   NANOSLEEP RZ ;")
        addr += 16
    for line in body + ([extra] if extra else []):
        if "/*" in line:
            text = line.split("*/", 1)[1]
            out.append(f"        /*{addr:04x}*/{text}")
            addr += 16
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def test_compare_passes_a_build_moved_by_its_pads():
    got = code_layout.compare(_NATURAL, _padded(2), 32)
    assert got["ok"], got["checks"]
    assert got["loop_heads"] == ["0x0050"] and got["heads_mod_128"] == [0x50] and got["moved_in_prologue"] == 0


def test_compare_fails_a_build_with_the_wrong_pads_or_other_code():
    assert not code_layout.compare(_NATURAL, _padded(1), 32)["checks"]["pads"]
    other = code_layout.compare(_NATURAL, _padded(2).replace("-0x1", "-0x2"), 32)
    assert not other["checks"]["same_instructions"] and not other["ok"]


@pytest.mark.slow
def test_the_sm90_kernel_compiles_here_and_its_padded_build_passes():
    rows = code_layout.check_variant("sm90", "release-1.27.0", "topk=128", offsets=(48,))
    natural, moved = rows
    assert natural["instructions"] > 1000 and natural["arch"] == "sm_90a"
    assert moved["variant"] == "1.27.0-pad48" and moved["ok"], moved["checks"]
    assert moved["pads_found"] == 3 and moved["instructions"] >= natural["instructions"] - 3


@pytest.mark.slow
def test_the_gate_passes_sm90_builds_and_refuses_the_forward_s():
    code_layout.gate("sm90", ("1.27.0-pad48", "release-1.27.0"), ("topk=128",))
    with pytest.raises(code_layout.PaddedBuildError, match="release\\+pad16 at bf16 qh64 is not its natural build moved"):
        code_layout.gate("fwd", ("release+pad16",), ("bf16 qh64",))


def test_forward_variants_may_carry_a_code_offset():
    from racelab.experiments import fwd_racecheck as fa

    assert fa.split_variant("all-lanes+pad32") == ("all-lanes", 32)
    assert fa.Case.parse("bf16-qh64-sk512-release+pad16").variant == "release+pad16"
    for bad in ("all-lanes+pad24", "none+pad16", "release+pad"):
        with pytest.raises(ValueError, match="optionally '\\+padN'"):
            fa.split_variant(bad)


def test_the_recorded_runs_say_what_the_evidence_page_says():
    """The SM90 backward's moved builds are all layout-only, the SM100 kernel's and the forward's none (each
    run's own verdicts, read as the page reads them)."""
    from racelab.book import real_results

    got = real_results.code_layout_glue()
    assert got["cl_sm90_passed"] == got["cl_sm90_checked"] == "28"
    assert got["cl_sm100_passed"] == got["cl_fwd_passed"] == "0"
    summary, builds = real_results.code_layout_frames(real_results.code_layout_run("sm90"))
    assert len(summary) == 4 and len(builds) == 32 and set(builds["layout-only"]) == {"natural", "yes"}


def test_with_no_run_recorded_the_pages_say_so(tmp_path):
    from racelab.book import real_results

    (tmp_path / "results").mkdir()
    got = real_results.code_layout_glue(tmp_path / "results")
    assert got["cl_sm90_passed"] == got["cl_offsets"] == real_results.NOT_RECORDED
    assert got["cl_timed"].startswith("No timing run of the moved builds is recorded yet")
