"""racelab.lint.predict: racecheck's hazard-mode byte count predicted from a kernel's source. The interpreter
on small sources whose answer is known by hand; the real kernels against the figures measured on the H200
and reported by PR #426, each derived here from the shapes, not copied; and the refusals."""

import pytest

from racelab.core import store
from racelab.lint import predict
from racelab.toolchain import wheels
from racelab.vocab import PR_REPORTED, PR_SHAPES, UNPATCHED_RELEASE, WARP_SIZE

TOY = '''
from cutlass import Float32, BFloat16
WIDTH = 32


class Toy:
    WARP_SIZE = 32

    def __init__(self, n, m=64, fp32=False):
        self.n = n
        self.m = m
        self.w_dtype = Float32 if fp32 else BFloat16

    def __call__(self):
        @cute.struct
        class SharedStorage:
            sA: cute.struct.Align[cute.struct.MemRange[Float32, self.n], 128]
            sB: cute.struct.Align[cute.struct.MemRange[self.w_dtype, self.m], 128]

    def kernel(self, sA, sB):
        tidx, _, _ = cute.arch.thread_idx()
        self._load(sA, sB, Int32(0), tidx)
        cute.arch.fence_view_async_shared()
        with cute.arch.elect_one():
            cute.arch.mbarrier_arrive(mbar)

    def _load(self, sA, sB, stage, tidx):
        lane = tidx % self.WARP_SIZE
        for i in cutlass.range_constexpr((self.n + 31) // 32):
            pos = i * WIDTH + lane
            if pos < self.n:
                if seqlen > pos:
                    sA[pos] = x[pos]
                else:
                    sA[pos] = Float32(0.0)
        for i in cutlass.range_constexpr(self.m // 32):
            sB[stage * self.m + i * 32 + lane] = y[lane]
'''


def _hit(storers, line=40):
    return {"line": line, "storers": storers, "file": "toy.py", "barrier": "mbar"}


def _toy_hit():
    lines = TOY.splitlines()
    a = next(i + 1 for i, line in enumerate(lines) if "sA[pos] = x[pos]" in line)
    b = next(i + 1 for i, line in enumerate(lines) if "sB[stage" in line)
    call = next(i + 1 for i, line in enumerate(lines) if "self._load(" in line)
    return _hit(f"32 threads: sA[pos] (L{a}, called from Toy.kernel:L{call}), "
                f"sA[pos] (L{a + 2}, called from Toy.kernel:L{call}), sB[...] (L{b}, called from Toy.kernel:L{call})")


@pytest.mark.parametrize("n,m,fp32", [(128, 64, False), (100, 64, True), (20, 32, False)])
def test_the_toy_counts_what_lanes_1_to_31_store(n, m, fp32):
    pred = predict.predict(TOY, predict.Kernel("Toy", {"n": n, "m": m, "fp32": fp32}), [_toy_hit()])
    # by hand: sA element e is stored by lane e % 32; sB element e by lane e % 32
    a = sum(1 for e in range(n) if e % WARP_SIZE != 0)
    b = sum(1 for e in range(m) if e % WARP_SIZE != 0)
    per_lane = sorted({len(range(lane, n, WARP_SIZE)) for lane in range(1, min(n, WARP_SIZE))})
    assert pred["sA"] == {"bytes": 4 * a, "elements": a, "element_bytes": 4, "lanes": min(n, WARP_SIZE) - 1,
                          "per_lane": per_lane}
    assert pred["sB"]["bytes"] == (4 if fp32 else 2) * b and pred["sB"]["element_bytes"] == (4 if fp32 else 2)


def test_every_lane_arriving_leaves_nothing():
    pred = predict.predict(TOY, predict.Kernel("Toy", {"n": 128}), [_toy_hit()], arriving=tuple(range(WARP_SIZE)))
    assert all(p["bytes"] == 0 for p in pred.values())


def test_the_formula_writes_the_sum_out():
    pred = predict.predict(TOY, predict.Kernel("Toy", {"n": 128, "m": 64}), [_toy_hit()])
    assert predict.formula(pred) == "31 lanes × (4 × 4 B + 2 × 2 B)"
    uneven = predict.predict(TOY, predict.Kernel("Toy", {"n": 100, "m": 64}), [_toy_hit()])
    assert predict.formula(uneven) == "96 × 4 B + 62 × 2 B"


def test_an_index_the_shape_does_not_settle_is_refused():
    source = TOY.replace("sB[stage * self.m + i * 32 + lane]", "sB[stage * self.m + i * 32 + lane + unknown_offset]")
    with pytest.raises(predict.PredictError, match="store index"):
        predict.predict(source, predict.Kernel("Toy", {"n": 128}), [_toy_hit()])
    with pytest.raises(predict.PredictError, match="no indexed store site"):
        predict.predict(TOY, predict.Kernel("Toy", {"n": 128}), [_hit("32 threads: cute.copy(..., tSs) (L3)")])
    loop = TOY.replace("range_constexpr(self.m // 32)", "range_constexpr(runtime_m)")
    with pytest.raises(predict.PredictError, match="loop bound"):
        predict.predict(loop, predict.Kernel("Toy", {"n": 128}), [_toy_hit()])


@pytest.fixture(scope="module")
def hits():
    return store.newest("lint-releases", gpu="cpu").read_json("hits.json")


@pytest.mark.parametrize("name", sorted(PR_SHAPES))
def test_the_sm100_kernel_at_the_pr_shapes(hits, name):
    shape = PR_SHAPES[name]
    source = wheels.module_file(UNPATCHED_RELEASE, predict.SM100_W_LOADED.file).read_text()
    got = predict.predict_finding(predict.SM100_W_LOADED, source, hits[UNPATCHED_RELEASE],
                                  predict.sm100_kernel(shape.topk, shape.heads, shape.dim))
    silent = WARP_SIZE - 1  # lane 0 arrives
    grad, w = -(-shape.topk // WARP_SIZE), -(-shape.heads // WARP_SIZE)  # elements a lane stores (fp32, bf16)
    assert got["bytes"] == silent * (grad * 4 + w * 2)
    assert got["formula"] == f"{silent} lanes × ({grad} × 4 B + {w} × 2 B)"
    reported = [r["unpatched"] for r in PR_REPORTED["racecheck"] if r["shape"] == name and r["report"] == "hazard"]
    assert reported in ([], [got["bytes"]])


def test_the_fixed_release_has_no_w_loaded_hit(hits):
    source = wheels.module_file("1.27.0", predict.SM100_W_LOADED.file).read_text()
    with pytest.raises(predict.PredictError, match="no W_LOADED"):
        predict.predict_finding(predict.SM100_W_LOADED, source, hits["1.27.0"], predict.sm100_kernel(128, 64))


@pytest.mark.parametrize("release", ["1.27.0", "1.32.0"])
def test_the_forward_handoffs(hits, release):
    source = wheels.module_file(release, predict.FWD_WEIGHTS.file).read_text()
    for precision, qh, w_bytes in (("bf16", 64, 2), ("bf16", 16, 2), ("fp8", 32, 4), ("fp8", 64, 4)):
        kernel = predict.fwd_kernel(precision, qh)
        weights = predict.predict_finding(predict.FWD_WEIGHTS, source, hits[release], kernel)
        assert weights["bytes"] == (128 - 128 // WARP_SIZE) * w_bytes  # tile_m rows, lane 0's four exempt
        if precision == "fp8":
            scales = predict.predict_finding(predict.FWD_SCALES, source, hits[release], kernel)
            assert scales["hits"] == 2 and scales["bytes"] == 2 * (64 - 64 // WARP_SIZE) * 4  # two KV stages


def test_the_table_stands_beside_the_measurement(hits):
    from racelab.experiments import fwd_racecheck as fa
    runs = fa.runs_by_release()
    if not runs:
        pytest.skip("no fwd-racecheck run recorded")
    release, rec = sorted(runs.items())[-1]
    cases = fa.case_frame(rec, fa.lint_store_lines(lint_hits=hits[release])).set_index("case")
    reported = {r["shape"]: r["unpatched"] for r in PR_REPORTED["racecheck"] if r["report"] == "hazard"}
    table = predict.table(hits, sm100_release=UNPATCHED_RELEASE, sm100_shapes=PR_SHAPES, reported=reported,
                          fwd_release=release, measured=fa.measured_raw(cases))
    compared = table.dropna(subset=["measured or reported"])
    assert len(compared) == 4  # PR #426's one-CTA figure and three H200 counts
    assert (compared["predicted bytes per CTA"] == compared["measured or reported"]).all()
    only = table[table["measured or reported"].isna()]
    assert set(only["source of that number"]) == {"none: predicted only"} and len(only) == 2
    assert (table["predicted bytes, whole grid"] == table["predicted bytes per CTA"] * table["CTAs"]).all()
