import re

import pytest

import fakes
from fakes import H200, fake_gpu, forget_gpus
from racelab.book import breakdown
from racelab.cli import twin as twin_cli
from racelab.experiments import twin_racecheck as twin
from racelab.model.events import ModelError
from racelab.model.programs import predicted_hazard_bytes
from racelab.vocab import WARP_SIZE, ArriveMode, TwinHandoff, TwinLayout

BASE = 0x400  # where the shared window's user data starts on SM90 (the twin reports its own)


# ------------------------------------------------------------------ the prediction

def test_prediction_matches_the_store_pattern():
    for topk, heads in ((128, 64), (512, 64)):
        layout = TwinLayout(topk, heads)
        idle = WARP_SIZE - len(ArriveMode.ELECTED.arriving_lanes)
        per_lane = layout.grad_stores_per_lane * layout.grad_bytes + layout.w_stores_per_lane * layout.w_bytes
        assert predicted_hazard_bytes(topk, heads) == idle * per_lane
    assert predicted_hazard_bytes(128, 64) == 620 == 4 * 31 * 4 + 2 * 31 * 2
    assert predicted_hazard_bytes(512, 64) == 2108 == 16 * 31 * 4 + 2 * 31 * 2
    assert predicted_hazard_bytes(128, 64, arrive=ArriveMode.ALL_LANES) == 0
    assert predicted_hazard_bytes(512, 64, arrive="all-lanes") == 0


def test_prediction_on_ragged_shapes():
    # topk=100: lane 0 stores elements 0, 32, 64, 96 -> 96 unreleased; heads=40: lane 0 stores 0, 32 -> 38
    assert predicted_hazard_bytes(100, 40) == 96 * 4 + 38 * 2
    with pytest.raises(ModelError, match="unknown arrive mode"):
        predicted_hazard_bytes(128, 64, arrive="sometimes")


# ------------------------------------------------------------------ the layout

def test_layout_offsets_and_sites():
    layout = TwinLayout(128, 64)
    assert layout.offsets() == {"mbar": 0, "sGradSignal": 128, "sW": 640}
    assert layout.size == 768
    assert (layout.grad_stores_per_lane, layout.w_stores_per_lane) == (4, 2)
    site = layout.locate(128 + 4 * 33 + 2)  # sGradSignal[33], third byte
    assert (site.array, site.element, site.byte, site.lane, site.store, site.lane_store) == (
        "sGradSignal", 33, 2, 1, 1, 1)
    site = layout.locate(640 + 2 * 63 + 1)  # sW[63]
    assert (site.array, site.element, site.lane, site.store, site.lane_store) == ("sW", 63, 31, 1, 5)
    assert site.label == "sW store wi=1"
    assert layout.locate(0) is None and layout.locate(127) is None and layout.locate(640 + 128) is None
    assert layout.store_labels()[0] == "sGradSignal store si=0" and len(layout.store_labels()) == 6
    assert TwinLayout(512, 64).w_offset == 128 + 2048


def test_arrive_mode():
    assert ArriveMode.ELECTED.count == 1 and ArriveMode.ALL_LANES.count == 32
    assert ArriveMode.parse("ALL_LANES") is ArriveMode.ALL_LANES is ArriveMode.parse("all-lanes")
    with pytest.raises(ValueError, match="unknown arrive mode"):
        ArriveMode.parse("bogus")


def test_default_cases_are_the_chapter_s():
    names = [c.name for c in twin.default_cases()]
    assert len(names) == 10 and len(set(names)) == 10
    assert "hazard-topk128-heads64-ctas1-elected" in names
    assert "analysis-topk128-heads64-ctas512-all-lanes" in names
    assert twin.Case("hazard", 512, 64, 1, ArriveMode.ELECTED).kernel_args() == [
        "--topk", "512", "--heads", "64", "--ctas", "1", "--arrive", "elected"]


# ------------------------------------------------------------------ the breakdown, on a synthetic report

KERNEL = "kernel_cutlass_kernel_handoff_twin_sm90HandoffTwinSm90_0"
SRC = "/work/main/kernels/handoff_twin_sm90.py"


def synthetic_log(topk=128, heads=64, arrive=ArriveMode.ELECTED, report="hazard", ctas=1, base=BASE) -> str:
    """What racecheck prints for the twin, built from the layout. Hazard mode: one RAW record per byte stored
    by a lane that does not arrive, read by compute thread 128 + (element % 128). Analysis mode: one report
    per array, its count summed over the CTAs."""
    layout = TwinLayout(topk, heads)
    arrays = (("sGradSignal", layout.grad_offset, topk, layout.grad_bytes, "0x2e0", 138, "0x500", 160),
              ("sW", layout.w_offset, heads, layout.w_bytes, "0x320", 142, "0x580", 168))
    lines = ["========= COMPUTE-SANITIZER"]
    shown = 0
    for array, start, count, width, wpc, wline, rpc, rline in arrays:
        unreleased = [e for e in range(count) if e % 32 not in arrive.arriving_lanes]
        if report == "analysis":
            if unreleased:
                lines += [f"========= Error: Race reported between Write access at {KERNEL}+{wpc} in {SRC}:{wline}",
                          f"=========     and Read access at {KERNEL}+{rpc} in {SRC}:{rline} "
                          f"[{len(unreleased) * width * ctas} hazards]", "========="]
                shown += 1
            continue
        for element in unreleased:
            for byte in range(width):
                lines += [f"========= Error: Potential RAW hazard detected at __shared__ "
                          f"{hex(base + start + element * width + byte)} in block (0,0,0) :",
                          f"=========     Write Thread ({element % 32},0,0) at {KERNEL}+{wpc} in {SRC}:{wline}",
                          f"=========     Read Thread ({128 + element % 128},0,0) at {KERNEL}+{rpc} in {SRC}:{rline}",
                          "=========     Current Value : 0, Incoming Value : 1065353216", "========="]
                shown += 1
    lines.append(f"========= RACECHECK SUMMARY: {shown} hazards displayed ({shown} errors, 0 warnings)")
    return "\n".join(lines) + "\n"


def parsed_records(**kw):
    import io

    from racelab.readers import racecheck_log
    return racecheck_log.parse(io.BytesIO(synthetic_log(**kw).encode()), keep_records=True).record_list


@pytest.mark.parametrize("topk", [128, 512])
def test_breakdown_of_a_synthetic_report(topk):
    layout = TwinLayout(topk, 64)
    records = parsed_records(topk=topk)
    assert len(records) == predicted_hazard_bytes(topk, 64)
    df = breakdown.hazard_frame(records, layout, base=BASE)
    assert len(df) == len(records) and df["writer_is_layout_lane"].all()
    sites = breakdown.by_site(df, layout)
    grad = sites[sites["site"].str.startswith("sGradSignal")]
    w = sites[sites["site"].str.startswith("sW")]
    assert list(grad["hazard bytes"]) == [31 * 4] * layout.grad_stores_per_lane
    assert list(w["hazard bytes"]) == [31 * 2] * 2
    assert (sites["lanes"] == 31).all()
    lanes = breakdown.by_writer_lane(df)
    assert lanes["hazard bytes"].iloc[0] == 0
    assert set(lanes["hazard bytes"].iloc[1:]) == {layout.grad_stores_per_lane * 4 + 2 * 2}
    assert df["reader_thread"].between(128, 255).all()
    assert not df["offset"].duplicated().any()  # one record per byte
    assert set(df["writer_site"]) == {f"{KERNEL}+0x2e0 in {SRC}:138", f"{KERNEL}+0x320 in {SRC}:142"}


def test_base_is_inferred_without_the_probe():
    layout = TwinLayout(128, 64)
    records = parsed_records(base=0x400)
    addresses = [r.address for r in records]
    assert breakdown.infer_base(addresses, layout) == 0x400
    assert breakdown.infer_base(addresses, layout, candidates=[0x999, 0x400]) == 0x400
    df = breakdown.hazard_frame(records, layout)
    assert (df["offset"] == df["address"] - 0x400).all()
    with pytest.raises(breakdown.BreakdownError):
        breakdown.infer_base([0x400 + 4], layout)  # a byte before the arrays: nothing fits
    with pytest.raises(breakdown.BreakdownError, match="neither array"):
        breakdown.hazard_frame(records, layout, base=0x400 + 512)


def test_fixed_kernel_breaks_down_to_nothing():
    layout = TwinLayout(128, 64)
    assert parsed_records(arrive=ArriveMode.ALL_LANES) == []
    df = breakdown.hazard_frame([], layout, base=BASE)
    assert len(df) == 0
    assert breakdown.by_site(df, layout)["hazard bytes"].sum() == 0
    assert breakdown.by_writer_lane(df)["hazard bytes"].sum() == 0


def test_predicted_vs_measured_table():
    table = breakdown.predicted_vs_measured([{"topk": 128, "heads": 64, "arrive": "elected", "measured": 620},
                                             {"topk": 128, "heads": 64, "arrive": "all-lanes", "measured": 0},
                                             {"topk": 512, "heads": 64, "arrive": "elected", "measured": 2000}])
    assert list(table["predicted"]) == [620, 0, 2108]
    assert list(table["agrees"]) == [True, True, False]


def test_figures_have_alt_text():
    from racelab import style
    layout = TwinLayout(128, 64)
    df = breakdown.hazard_frame(parsed_records(), layout, base=BASE)
    bar = breakdown.plot_store_sum(df, layout)
    assert "620 hazard bytes" in style.alt_text(bar)
    heat = breakdown.plot_lane_address_heatmap(df, layout)
    assert "lane 0's row is empty" in style.alt_text(heat)
    grid, start = breakdown.lane_offset_grid(df, layout)
    assert start == 128 and grid.sum() == 620 and grid[0].sum() == 0


# ------------------------------------------------------------------ the kernel, compiled here for sm_90a

@pytest.fixture(scope="module")
def kernel():
    pytest.importorskip("cutlass")
    return twin.kernel_module()


def test_can_implement_rejects_bad_settings(kernel):
    K = kernel.HandoffTwinSm90
    assert K.can_implement(128, 64, ArriveMode.ELECTED, 1, 132) == (True, "")
    assert K.can_implement(128, 64, ArriveMode.ELECTED, 1, 132, 8) == (True, "")  # 128 bytes: the same alignment
    for args, words in [((0, 64), "topk"), ((128, -1), "heads"), ((128, 64, "maybe"), "twin handoff"),
                        ((128, 64, "elected", 0), "work"), ((20000, 64), "shared memory"),
                        ((128, 64, "elected", 1, 0), "n_cta"), ((128.0, 64), "topk"),
                        ((128, 64, "elected", 1, None, 9), "pad"), ((128, 64, "elected", 1, None, -1), "pad"),
                        ((130, 64, "bulk-copy"), "bulk copy"), ((128, 60, "bulk-copy"), "bulk copy")]:
        ok, reason = K.can_implement(*args)
        assert not ok and words in reason, (args, reason)
    with pytest.raises(ValueError, match="topk"):
        K(0, 64)


def test_the_kernel_file_agrees_with_the_package_s_nouns(kernel):
    """The kernel stands alone (CuTe DSL, torch, the standard library): its handoffs and its shared-memory
    layout must be the package's TwinHandoff and TwinLayout, which the breakdown reads addresses with."""
    import ast
    source = ast.parse(open(kernel.__file__).read())
    imported = {a.name.split(".")[0] for n in ast.walk(source) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(source) if isinstance(n, ast.ImportFrom) and n.module}
    assert "racelab" not in imported and imported <= {"argparse", "enum", "hashlib", "importlib", "json", "sys",
                                                     "tempfile", "time", "dataclasses", "pathlib", "cuda",
                                                     "cutlass", "torch", "__future__"}, imported
    assert [(h.value, h.count, h.fence) for h in kernel.Handoff] == \
        [(h.value, h.count, h.fence) for h in TwinHandoff]
    for h in TwinHandoff:
        assert kernel.Handoff.parse(h).value == h.value
    for spelling in ("all", "all_lanes", "all-threads", "ELECTED"):
        assert kernel.Handoff.parse(spelling).value == TwinHandoff.parse(spelling).value
    for topk, heads in ((128, 64), (512, 64), (100, 30), (2048, 128), (1, 1)):
        mine, theirs = kernel.SmemLayout(topk, heads), TwinLayout(topk, heads)
        assert mine.offsets() == theirs.offsets() and mine.size == theirs.size
        assert (mine.grad_stores_per_lane, mine.w_stores_per_lane) == \
            (theirs.grad_stores_per_lane, theirs.w_stores_per_lane)
    assert kernel.WARP_SIZE == WARP_SIZE and kernel.MAX_PAD * kernel.PAD_BYTES == kernel.FETCH_ALIGN


def test_reference_is_the_cyclic_sum(kernel):
    import torch
    g, w = kernel.make_inputs(8, 4, 3, seed=1)
    assert (g != 0).all() and ((g * 4).round() == g * 4).all() and (g.abs() <= 2).all()
    for work in (1, 3, 8, 13):
        want_g = torch.stack([sum(g[:, (j + r) % 8] for r in range(work)) for j in range(8)], dim=1)
        want_w = torch.stack([sum(w.float()[:, (h + r) % 4] for r in range(work)) for h in range(4)], dim=1)
        assert torch.equal(kernel.reference(g, w, work), torch.cat([want_g, want_w], dim=1))


def _sass_lines(text):
    return [ln.split("*/", 1)[1].strip().rstrip(";").strip() for ln in text.splitlines()
            if ln.strip().startswith("/*") and "*/" in ln and ln.split("*/", 1)[1].strip()]


@pytest.mark.parametrize("arrive", list(ArriveMode))
def test_compiles_for_sm90a_with_the_expected_sass(kernel, arrive):
    from racelab.experiments.calibration import sass_before_arrive
    out = kernel.compile_only(128, 64, arrive, arch="sm_90a", keep=True)
    assert out["cubin"][:4] == b"\x7fELF" and ".target sm_90a" in out["ptx"]
    text = twin.kernel_sass(128, 64, arrive, arch="sm_90a")
    site = sass_before_arrive(text)
    assert site["between"] == ["MEMBAR.ALL.CTA", "FENCE.VIEW.ASYNC.S"]
    assert site["predicated"] is (arrive is ArriveMode.ELECTED)
    lines = _sass_lines(text)
    arrive_at = next(i for i, ln in enumerate(lines) if "SYNCS.ARRIVE" in ln)
    stores = [ln for ln in lines[:arrive_at] if ln.split()[0].startswith("STS")]
    # upstream's pattern at topk=128, heads=64: 4 fp32 stores and 2 bf16 stores a lane, at the layout's offsets
    assert [ln.split()[0] for ln in stores] == ["STS"] * 4 + ["STS.U16"] * 2
    offsets = [int(m, 16) for ln in stores for m in re.findall(r"\+(0x[0-9a-f]+)\]", ln)]
    assert offsets == [0x80, 0x100, 0x180, 0x200, 0x280, 0x2C0]
    if arrive is ArriveMode.ELECTED:
        assert any(ln.startswith("ELECT") for ln in lines[:arrive_at])
    assert sum("SYNCS.ARRIVE" in ln for ln in lines) == 1
    assert any("SYNCS.PHASECHK" in ln for ln in lines)  # the compute warpgroup's wait


def test_topk512_and_work_variants_compile(kernel):
    text = twin.kernel_sass(512, 64, ArriveMode.ELECTED, arch="sm_90a")
    lines = _sass_lines(text)
    arrive_at = next(i for i, ln in enumerate(lines) if "SYNCS.ARRIVE" in ln)
    stores = [ln.split()[0] for ln in lines[:arrive_at] if ln.split()[0].startswith("STS")]
    assert stores.count("STS") == 16 and stores.count("STS.U16") == 2
    timed = _sass_lines(twin.kernel_sass(128, 64, ArriveMode.ALL_LANES, work=256, arch="sm_90a"))
    assert sum(ln.split()[0] in ("LDS", "LDS.U16") for ln in timed) == 2 + 2  # one before and one in each loop
    assert any(ln.startswith("@P") and "BRA" in ln for ln in timed)


def test_compile_key_is_frozen_and_fingerprinted(kernel):
    key = kernel.compile_only(128, 64, "elected")["key"]
    assert key.arch == "sm_90a" and key.fake and len(key.fingerprint) == 16
    with pytest.raises(Exception):
        key.topk = 3
    assert hash(key) == hash(kernel.CompileKey(**{f: getattr(key, f) for f in key.__dataclass_fields__}))


def test_precompile_serves_the_launch_key_until_dropped(kernel):
    """What a timing worker does before any CUDA context exists: compile from fake tensors and leave the
    result where a launch of the same settings on that arch will look."""
    args = dict(topk=128, heads=64, arrive="all-lanes", work=2, arch="sm_90a")
    key = kernel.launch_key(**args)
    assert not key.fake and key.arrive is kernel.Handoff.ALL_LANES and key.fingerprint == kernel.fingerprint()
    kernel.drop_compiled(**args)
    assert kernel.precompile(**args) > 0
    assert callable(kernel._compiled[key])
    assert kernel.drop_compiled(**args) and key not in kernel._compiled
    assert not kernel.drop_compiled(**args)


def test_the_kernel_file_imports_no_package_but_the_vocabulary():
    import ast
    tree = ast.parse(twin.kernel_path().read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert {n for n in names if n.split(".")[0] == "racelab"} <= {"racelab", "racelab.vocab"}


def _sm90_gpu():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        pytest.skip("needs an SM90 GPU (H100/H200)")


@pytest.mark.gpu
@pytest.mark.parametrize("arrive", list(ArriveMode))
def test_runs_correctly_on_an_sm90_gpu(kernel, arrive):
    _sm90_gpu()
    out = kernel.run(topk=128, heads=64, n_cta=4, arrive=arrive, work=3)
    layout = TwinLayout(128, 64)
    assert out["correct"] and out["mismatches"] == 0
    assert out["smem_offsets_seen"] == {"sGradSignal": layout.grad_offset, "sW": layout.w_offset}


# ------------------------------------------------------------------ `racelab twin record`, end to end with fakes

FAKE_SANITIZER = """# stands in for compute-sanitizer: writes the synthetic log for the twin case it is given and prints what
# the twin would print; never runs the command
import argparse, json, sys
sys.path.insert(0, {tests!r})
from test_twin import synthetic_log
from racelab.vocab import TwinHandoff
args = sys.argv[1:]
opts, i = {{}}, 0
while args[i].startswith("--"):
    opts[args[i]] = args[i + 1]
    i += 2
p = argparse.ArgumentParser()
for name in ("--topk", "--heads", "--ctas"):
    p.add_argument(name, type=int)
p.add_argument("--arrive")
p.add_argument("--json", action="store_true")
k = p.parse_args(args[i + 2:])
arrive = TwinHandoff.parse(k.arrive).arrive  # the log of the arrive the handoff ends with
with open(opts["--log-file"], "w") as f:
    f.write(synthetic_log(k.topk, k.heads, arrive, opts["--racecheck-report"], k.ctas))
print(json.dumps({{"correct": True, "smem_probe": {{"mbar": 0x400, "sGradSignal": 0x480, "sW": 0x680}},
                  "arrive": k.arrive, "n_cta": k.ctas}}))
"""


@pytest.fixture
def fake_h200(tool_dir, tmp_path):
    """A fake H200, and a compute-sanitizer that writes the racecheck log the twin's case would."""
    import sys
    from pathlib import Path
    fake_gpu(tool_dir, H200)
    fakes.script(tool_dir, "compute-sanitizer", FAKE_SANITIZER.format(tests=str(Path(__file__).parent)),
                 interpreter=sys.executable)
    return tmp_path / "results"


class FakeKernel:
    """The kernel module's GPU entry points, as record() uses them."""

    calls: list = []

    @staticmethod
    def run(topk, heads, n_cta, arrive, work=1, check=True):
        FakeKernel.calls.append((topk, heads, n_cta, arrive))
        return {"topk": topk, "heads": heads, "n_cta": n_cta, "arrive": arrive.value, "correct": True,
                "compile_s": 0.1}

    @staticmethod
    def device_arch():
        return "sm_90a"

    @staticmethod
    def fingerprint():
        return "0123456789abcdef"


def test_record_writes_one_run_the_chapter_can_read(fake_h200, monkeypatch):
    from racelab.core import store
    monkeypatch.setattr(twin, "kernel_module", lambda: FakeKernel)
    monkeypatch.setattr(twin, "kernel_sass", lambda topk, heads, arrive, work=1, arch="sm_90a":
                        f"fake SASS {topk} {heads} {arrive.value} {arch}\n")
    FakeKernel.calls.clear()
    lines = []
    recorded = twin.record(timeout_s=60, jobs=3, log=lines.append)
    assert recorded.experiment == "twin-racecheck"
    assert len(FakeKernel.calls) == 8  # one plain run per distinct (topk, heads, CTAs, variant)
    assert any("recorded twin-racecheck/" in ln for ln in lines)
    rec = store.newest("twin-racecheck", gpu="sm90", root=fake_h200)
    assert rec.id == recorded.id
    files = rec.files()
    assert "racecheck-hazard-topk128-heads64-ctas1-elected.log.xz" in files
    assert "sass-topk128-heads64-elected.txt.xz" in files and "handoff_twin_sm90.py" in files
    run = breakdown.TwinRun(rec)
    assert run.measured("hazard", 128, arrive="elected") == 620
    assert run.measured("hazard", 128, arrive="all-lanes") == 0
    assert run.measured("hazard", 512, arrive="elected") == 2108
    assert run.reports(132) == 2 and run.reports(132, "all-lanes") == 0
    assert run.measured("analysis", ctas=512) == 512 * 620
    counts = run.counts()
    assert len(counts) == 10 and (counts["status"] == "ok").all() and counts["output correct"].all()
    assert (counts["byte hazards"] == counts["predicted byte hazards"]).all()
    assert run.comparison()["agrees"].all()
    df = run.hazard_frame(128, 64, "elected")
    assert len(df) == 620 and (df["offset"] == df["address"] - 0x400).all()
    assert len(run.hazard_frame(128, 64, "all-lanes")) == 0
    # the figure's records and the recorded count come from one log: a summary that disagrees is refused
    run.case("hazard", 128, 64, 1, "elected").parsed["hazard_bytes"] = 619
    with pytest.raises(breakdown.BreakdownError, match="holds 620 byte hazards; its summary.json recorded 619"):
        run.hazard_frame(128, 64, "elected")


def test_record_refuses_a_machine_without_a_gpu(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    forget_gpus()
    from racelab.toolchain import sanitizer
    with pytest.raises(sanitizer.RacecheckError, match="no NVIDIA GPU"):
        twin.record()
    assert twin_cli.main(["record"]) == 3  # the hardware is absent


def test_cli_cases_and_layout(capsys):
    assert twin_cli.main(["cases"]) == 0
    assert len(capsys.readouterr().out.split()) == 10
    assert twin_cli.main(["layout", "--topk", "512"]) == 0
    import json
    out = json.loads(capsys.readouterr().out)
    assert out["predicted_hazard_bytes"] == {"elected": 2108, "all-lanes": 0} and out["sW"] == 2176
    assert twin_cli.main(["layout", "--topk", "0"]) == 2
    assert twin_cli.main(["record", "--only", "nothing-like-this"]) == 2
    assert twin_cli.main(["nonsense"]) == 2


def test_script_without_a_gpu_says_so_in_json(kernel):
    import json
    import subprocess
    import sys
    script = str(twin.kernel_path())
    bad = subprocess.run([sys.executable, script, "--topk", "0"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "topk must be a positive int" in json.loads(bad.stdout)["error"]
    import torch
    if torch.cuda.is_available():
        pytest.skip("a GPU is present: the script would run the kernel")
    none = subprocess.run([sys.executable, script, "--ctas", "4"], capture_output=True, text=True, timeout=300)
    assert none.returncode == 3 and "no CUDA GPU" in json.loads(none.stdout)["error"]


def test_reader_cases_read_every_element_twice_and_keep_the_old_names_apart():
    cases = twin.reader_cases(2)
    assert [c.name for c in cases] == ["hazard-topk128-heads64-ctas1-work2-elected",
                                       "hazard-topk128-heads64-ctas1-work2-all-lanes"]
    assert cases[0].kernel_args()[-2:] == ["--work", "2"]
    assert "--work" not in twin.default_cases()[0].kernel_args()  # the recorded cases' command lines
    assert all(c.name in {r["case"] for r in store_cases()} for c in twin.default_cases() if c.report == "hazard"
               and c.topk == 128)


def store_cases():
    from racelab.core import store
    return store.newest(twin.EXPERIMENT, "sm90").read_json("summary.json")["cases"]

