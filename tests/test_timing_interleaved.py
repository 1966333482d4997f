"""The interleaved timing design on the CPU: A/B, B/A and A/A pairs in one seeded random order (the fake
worker), the GPU state kept before and after, the order effect, the variance test and the conservative
interval checked against numbers computed here by hand, and the null control's power."""

import csv
import io
import math
import sys

import numpy as np
import pytest
from scipy import special

from racelab import stats
from racelab.book import cost
from racelab.cli import timing as cli
from racelab.experiments.timing import load, plan, record, report
from racelab.experiments.timing import designs as timing_designs

# Student-t 0.975 quantiles from a printed table
T975 = {3: 3.182446, 4: 2.776445, 5: 2.570582, 6: 2.446912, 10: 2.228139, 14: 2.144787, 15: 2.131450}


def _plan(ab=3, ba=3, groups=2, k=4):
    return plan.Plan(ab, ba, groups, k, 0.0, 0.0, design="interleaved")


# ---- the order -----------------------------------------------------------------------------------

def test_interleaved_jobs_run_every_kind_in_a_seeded_order():
    jobs, exps = timing_designs.INTERLEAVED.schedule(_plan(), 5, "elected", "all-lanes")
    kinds = [j.order for j in jobs if j.slot == 0]
    assert sorted(kinds) == ["AA"] * 8 + ["AB"] * 3 + ["BA"] * 3
    assert [j.pair for j in jobs] == [p for p in range(14) for _ in (0, 1)]       # pair ids in run order
    assert [j.slot for j in jobs] == [0, 1] * 14
    assert kinds == timing_designs.interleaved_order(3, 3, 8, seed=5)                       # the order is the drawn one
    assert timing_designs.INTERLEAVED.schedule(_plan(), 5, "elected", "all-lanes")[0] == jobs  # reproducible
    orders = {tuple(timing_designs.interleaved_order(3, 3, 8, seed=s)) for s in range(6)}
    assert len(orders) > 1                                                        # and the seed matters
    assert any(list(o) != sorted(o, key=["AB", "BA", "AA"].index) for o in orders)  # not in blocks
    for j in jobs:
        first = j.slot == 0
        if j.order == "AB":
            assert j.label == ("elected" if first else "all-lanes")
        elif j.order == "BA":
            assert j.label == ("all-lanes" if first else "elected")
        else:
            assert j.variant == "elected" and j.label in ("elected-A1", "elected-A2")
    # which A/A label runs first alternates over the A/A pairs, as A and B do over A/B and B/A
    aa_first = [j.label for j in jobs if j.order == "AA" and j.slot == 0]
    assert aa_first == ["elected-A1", "elected-A2"] * 4
    assert len({j.seed for j in jobs}) == len(jobs)
    by_name = {e.name: e for e in exps}
    assert {j.order for j in by_name["ab"].jobs} == {"AB"} and {j.order for j in by_name["ba"].jobs} == {"BA"}
    aa_ids = [p for p, k in enumerate(kinds) if k == "AA"]
    assert by_name["aa"].groups == (tuple(aa_ids[:4]), tuple(aa_ids[4:]))           # consecutive A/A pairs
    assert (by_name["aa"].a, by_name["aa"].b) == ("elected-A1", "elected-A2")


# ---- the statistics, against numbers computed here -------------------------------------------------

def _by_hand(ab, ba, aa, aa_first):
    """The effect, order, F and intervals of stats.order_and_null, computed with numpy and a t table."""
    ab, ba, aa, aa_first = map(np.asarray, (ab, ba, aa, aa_first))
    ss_x = ((ab - ab.mean()) ** 2).sum() + ((ba - ba.mean()) ** 2).sum()
    df_x = len(ab) + len(ba) - 2
    g1, g2 = aa[aa_first], aa[~aa_first]
    ss_a = ((g1 - g1.mean()) ** 2).sum() + ((g2 - g2.mean()) ** 2).sum()
    df_a = len(aa) - 2
    s2x, s2a = ss_x / df_x, ss_a / df_a
    scale = np.sqrt(1 / len(ab) + 1 / len(ba)) / 2
    f = s2x / s2a
    cdf = special.betainc(df_x / 2, df_a / 2, df_x * f / (df_x * f + df_a))   # the F distribution's cdf
    big, df_big = (s2a, df_a) if s2a > s2x else (s2x, df_x)
    every = np.concatenate([ab, ba])
    return {"effect": (ab.mean() + ba.mean()) / 2, "order": (ab.mean() - ba.mean()) / 2,
            "half": T975[df_x] * np.sqrt(s2x) * scale, "F": f, "p": 2 * min(cdf, 1 - cdf),
            "conservative_half": T975[df_big] * np.sqrt(big) * scale, "df_big": df_big,
            "plain_half": T975[len(every) - 1] * every.std(ddof=1) / np.sqrt(len(every))}


@pytest.mark.parametrize("aa_sd, basis", [(0.04, "A/A"), (0.002, "A/B, B/A")])
def test_order_and_null_matches_a_hand_computation(aa_sd, basis):
    rng = np.random.default_rng(11)
    ab = 2.0 + 0.01 + rng.normal(0, 0.01, 8)          # effect 2.0, order +0.01
    ba = 2.0 - 0.01 + rng.normal(0, 0.01, 8)
    first = np.array([True, False] * 4)
    aa = np.where(first, 0.01, -0.01) + rng.normal(0, aa_sd, 8)
    got = stats.order_and_null(ab, ba, aa, first)
    want = _by_hand(ab, ba, aa, first)
    assert got.effect == pytest.approx(want["effect"], abs=1e-12)
    assert got.order == pytest.approx(want["order"], abs=1e-12)
    assert got.order_hi - got.order == pytest.approx(want["half"], rel=1e-5)
    assert got.effect_half == pytest.approx(want["half"], rel=1e-5)
    assert got.F == pytest.approx(want["F"], rel=1e-10) and (got.F_df_num, got.F_df_den) == (14, 6)
    assert got.F_p_two_sided == pytest.approx(want["p"], rel=1e-6)
    assert got.plain_half == pytest.approx(want["plain_half"], rel=1e-5)
    assert got.conservative_basis == basis and got.conservative_df == want["df_big"]
    assert got.conservative_half == pytest.approx(want["conservative_half"], rel=1e-5)
    assert (got.ab_n, got.ba_n, got.aa_n) == (8, 8, 8)
    assert got.ab_sd == pytest.approx(ab.std(ddof=1)) and got.aa_mean == pytest.approx(aa.mean())
    if basis == "A/A":   # the A/A pairs are the noisier: the conservative interval is the wider
        assert got.F < 1 and got.F_p_two_sided < 0.01
        assert got.conservative_half > 2 * got.effect_half and got.conservative_half > got.plain_half
    else:
        assert got.conservative_half == got.effect_half


def test_order_and_null_intervals_are_its_fields():
    rng = np.random.default_rng(3)
    got = stats.order_and_null(rng.normal(1, 0.1, 6), rng.normal(1, 0.1, 6), rng.normal(0, 0.2, 8))
    assert got.interval() == (got.effect, got.conservative_half, got.conservative_df, got.conservative_basis)
    assert got.interval("pooled")[1:3] == (got.effect_half, got.df_ab_ba)
    assert got.interval("plain")[:3] == (got.plain_mean, got.plain_half, got.plain_df)
    with pytest.raises(ValueError, match="conservative, pooled or plain"):
        got.interval("wide")
    assert got.as_dict()["effect"] == got.effect and len(got.as_dict()) == 28


def test_order_and_null_needs_two_of_each():
    with pytest.raises(stats.SamplesError):
        stats.order_and_null([1.0, 1.1], [1.0], [0.0, 0.1])


def _binom_cdf(c, n, p):
    return math.fsum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(c + 1))


@pytest.mark.parametrize("groups", [3, 20, 29, 52, 80])
def test_null_control_power_matches_the_binomial_by_hand(groups):
    got = stats.null_control_power(groups)
    c = max((c for c in range(groups + 1) if _binom_cdf(c, groups, 0.95) <= 0.05), default=-1)
    assert got["reject_at_most"] == c
    assert got["size"] == pytest.approx(_binom_cdf(c, groups, 0.95) if c >= 0 else 0.0, abs=1e-12)
    assert got["power"] == pytest.approx(_binom_cdf(c, groups, 0.85) if c >= 0 else 0.0, abs=1e-12)


def test_groups_for_power_is_the_smallest():
    got = stats.groups_for_power(0.8)
    g = got["groups"]
    assert got["power"] >= 0.8
    for smaller in range(1, g):
        c = max((c for c in range(smaller + 1) if _binom_cdf(c, smaller, 0.95) <= 0.05), default=-1)
        assert c < 0 or _binom_cdf(c, smaller, 0.85) < 0.8
    frame = cost.null_power_frame((29,))
    assert list(frame["groups"]) == [29, g] and frame["power"].iloc[0] < 0.8 <= frame["power"].iloc[1]


@pytest.mark.parametrize("sd,target", [(0.049, 0.01), (0.0096, 0.01), (0.0423, 0.01), (1.0, 0.5), (0.001, 0.01)])
def test_pairs_for_half_width_is_the_smallest_that_meets_the_target(sd, target):
    from scipy.stats import t

    n = stats.pairs_for_half_width(sd, target)
    half = lambda k: t.ppf(0.975, k - 1) * sd / math.sqrt(k)  # noqa: E731
    assert n >= 2 and half(n) <= target
    assert n == 2 or half(n - 1) > target


def test_pairs_for_half_width_refuses_what_it_cannot_answer():
    for sd, target in ((0.0, 0.01), (0.05, 0.0), (-1.0, 0.01)):
        with pytest.raises(ValueError):
            stats.pairs_for_half_width(sd, target)
    with pytest.raises(ValueError, match="more than 10 pairs"):
        stats.pairs_for_half_width(1.0, 0.01, max_pairs=10)


# ---- the GPU's state, queried ----------------------------------------------------------------------

def test_gpu_state_keeps_the_query_or_says_why_not(tmp_path):
    answer = "clocks.current.sm [MHz], clocks_event_reasons.active\\n1980 MHz, 0x0000000000000000"
    ok = record.gpu_state(tmp_path, "gpu-before", (sys.executable, "-c", f"print('{answer}')"))
    assert ok["file"] == "gpu-before.csv" and ok["returncode"] == 0
    assert (tmp_path / "gpu-before.csv").read_text().splitlines()[1] == "1980 MHz, 0x0000000000000000"
    missing = record.gpu_state(tmp_path, "gpu-after", ("racelab-no-such-program",))
    assert missing["file"] is None and "not available" in missing["missing"]
    failed = record.gpu_state(tmp_path, "gpu-x", (sys.executable, "-c", "import sys; sys.exit('no field')"))
    assert failed["file"] is None and failed["returncode"] == 1 and "no field" in failed["stderr"]
    assert not (tmp_path / "gpu-after.csv").exists() and not (tmp_path / "gpu-x.csv").exists()
    assert record.GPU_QUERY[1].startswith("--query-gpu=clocks.sm,clocks.mem,clocks.max.sm,")


# ---- a whole interleaved record, into a scratch store -----------------------------------------------

def test_record_interleaved_fake_into_the_store(tmp_path, monkeypatch, capsys):
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    argv = ["record", "--design", "interleaved", "--backend", "fake", "--pairs", "3", "--seed", "9",
            "--launches", "20", "--fake-effect", "all-lanes=0.2", "--fake-launch-sd", "0.05", "--prefetch", "2",
            "--shape", "topk=128,work=1000", "--shape", "topk=512,work=400"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    rec = store.newest(plan.INTERLEAVED_EXPERIMENT, gpu="cpu", root=tmp_path / "results")
    m = rec.read_json("plan.json")
    assert m["design"] == "interleaved" and m["seed"] == 9
    # 3 A/B + 3 B/A pairs: two A/A groups of 4 pairs (at least as many A/A pairs as the others together)
    assert (m["plan"]["ab_pairs"], m["plan"]["ba_pairs"], m["plan"]["aa_groups"], m["plan"]["aa_pairs_per_group"]) \
        == (3, 3, 2, 4)
    assert [o["kind"] for o in m["order"]] == timing_designs.interleaved_order(3, 3, 8, seed=9)
    assert [o["pair"] for o in m["order"]] == list(range(14))
    assert set(m["gpu_state"]) == {"before", "after"}
    for when in ("before", "after"):
        entry = m["gpu_state"][when]
        assert (entry["file"] == f"gpu-{when}.csv") == (f"gpu-{when}.csv" in rec.files())
        assert entry["file"] or entry.get("missing") or entry.get("stderr") is not None
    # processes.csv: one row per process and shape, in the order the processes ran
    rows = list(csv.DictReader(io.StringIO(rec.read_text("processes.csv"))))
    assert len(rows) == 28 * 2
    assert [int(r["process"]) for r in rows] == [n for n in range(28) for _ in (0, 1)]
    firsts = [r for r in rows if r["slot"] == "0" and r["shape"] == m["shapes"][0]]
    assert [(int(r["pair"]), r["pair_kind"], r["label"]) for r in firsts] == \
        [(o["pair"], o["kind"], o["first"]) for o in m["order"]]
    assert all(r["experiment"] == timing_designs.PAIR_ORDERS[r["pair_kind"]] for r in rows)
    # the statistics, read back from the raw CSVs
    summary = load.summarize_folder(rec)
    frame = cost.order_null_frame(summary)
    assert list(frame.index) == ["topk=128, 132 CTAs", "topk=512, 132 CTAs"]
    for shape in m["shapes"]:
        per = summary.shapes[shape]
        assert [per[n].test.paired.pairs for n in ("ab", "ba", "aa")] == [3, 3, 8]
        assert per["aa"].test.coverage.groups == 2
        r = load.order_null(summary)[shape]
        assert 0.1 < r.effect < 0.3 and abs(r.aa_mean) < 0.1            # the fake +0.2% and no A/A effect
        ab = [p.delta_pct for p in per["ab"].test.paired.per_pair]
        ba = [p.delta_pct for p in per["ba"].test.paired.per_pair]
        assert r.effect == pytest.approx((np.mean(ab) + np.mean(ba)) / 2)
    assert "conserv. +/-" in out and "[aa pair" in out and "recorded twin-timing-interleaved/" in out
    assert report.order_null_table(summary) in rec.read_text("table.txt")
    assert cli.main(["summary", str(rec.path)]) == 0
    assert report.order_null_table(summary) in capsys.readouterr().out
    # the chapter shows only measured runs: a fake run is none, even when recorded on an SM90 GPU
    assert load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="sm90") is None
    monkeypatch.setattr(store, "candidate_paths", lambda experiment, gpu, root, include_failed: iter([(rec, None)]))
    assert load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="sm90", backend="twin") is None
    assert load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="sm90", backend="fake") is rec


class _Ticks:
    """A clock that advances one second each time it is read."""

    def __init__(self):
        self.now = -1.0

    def __call__(self):
        self.now += 1.0
        return self.now


def test_interleaved_deadline_keeps_whole_pairs(tmp_path, monkeypatch, capsys):
    """--stop-after-s: the clock is read at the start and before each pair after the first, so at 5.5 s
    pairs 0-5 run and the rest do not; the comparisons and A/A groups keep only finished pairs."""
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    argv = ["record", "--design", "interleaved", "--backend", "fake", "--pairs", "2", "--aa-groups", "2",
            "--launches", "20", "--prefetch", "1", "--shape", "topk=128,work=1000", "--stop-after-s", "5.5"]
    assert cli.main(argv, clock=_Ticks()) == 0
    out = capsys.readouterr().out
    assert "6 of 12 planned pairs done" in out
    m = store.newest(plan.INTERLEAVED_EXPERIMENT, gpu="cpu", root=tmp_path / "results").read_json("plan.json")
    kinds = timing_designs.interleaved_order(2, 2, 8, seed=426)[:6]
    assert [o["kind"] for o in m["order"]] == kinds and m["processes"] == 12
    assert m["plan_planned"]["aa_groups"] == 2 and m["stop_after_s"] == 5.5
    for exp in m["experiments"]:
        kind = {v: k for k, v in timing_designs.PAIR_ORDERS.items()}[exp["name"]]
        assert [p["pair"] for p in exp["pairs"]] == [n for n, k in enumerate(kinds) if k == kind]
        for group in exp.get("groups") or []:
            assert len(group) == 4 and max(group) < 6
    count = {k: kinds.count(k) for k in ("AB", "BA")}
    assert (m["plan"]["ab_pairs"], m["plan"]["ba_pairs"]) == (count["AB"] * (count["AB"] >= 2),
                                                              count["BA"] * (count["BA"] >= 2))


@pytest.mark.parametrize("extra, reason", [
    ([], "needs --pairs"),
    (["--pairs", "3", "--aa-pairs", "3"], "at least 4"),
    (["--pairs", "3", "--aa-stop-after-s", "10"], "belongs to the blocks design"),
])
def test_interleaved_bad_arguments(extra, reason, capsys, tmp_path):
    assert cli.main(["record", "--design", "interleaved", "--backend", "fake", "--out", str(tmp_path / "run"),
                     *extra]) == 2
    assert reason in capsys.readouterr().err


def test_stop_after_s_is_for_the_interleaved_design(capsys, tmp_path):
    assert cli.main(["record", "--backend", "fake", "--out", str(tmp_path / "run"), "--pairs", "2",
                     "--stop-after-s", "10"]) == 2
    assert "--stop-after-s belongs to --design interleaved" in capsys.readouterr().err


def test_a_recorded_blocks_run_gives_the_same_table():
    """A run recorded in blocks (before the interleaved design) reads back with the new report too."""
    from racelab.core import store

    try:
        run = store.newest(plan.TWIN_EXPERIMENT, gpu="sm90")
    except store.StoreError:
        pytest.skip("no recorded twin-timing run in results/")
    summary = load.summarize_folder(run)
    frame = cost.order_null_frame(summary)
    assert len(frame) == len(summary.shapes)
    first = load.aa_first_is_a1(summary)
    for shape, r in load.order_null(summary).items():
        per = summary.shapes[shape]
        ab, ba, aa = ([p.delta_pct for p in per[n].test.paired.per_pair] for n in ("ab", "ba", "aa"))
        flags = [first[p.pair] for p in per["aa"].test.paired.per_pair]
        assert r.effect == pytest.approx((np.mean(ab) + np.mean(ba)) / 2)
        s2x = (np.var(ab, ddof=1) * (len(ab) - 1) + np.var(ba, ddof=1) * (len(ba) - 1)) / (len(ab) + len(ba) - 2)
        g1 = np.array([d for d, f in zip(aa, flags) if f])
        g2 = np.array([d for d, f in zip(aa, flags) if not f])
        s2a = (((g1 - g1.mean()) ** 2).sum() + ((g2 - g2.mean()) ** 2).sum()) / (len(aa) - 2)
        assert r.F == pytest.approx(s2x / s2a, rel=1e-10)


def test_interleaved_glue_of_the_recorded_run_and_of_none():
    from racelab.book import cost
    from racelab.experiments.timing import load, plan

    missing = cost.interleaved_glue(None)
    assert set(missing.values()) == {"(not recorded)"} and "il_128_effect" in missing
    run = load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="sm90", backend="twin")
    if run is None:
        pytest.skip("no interleaved run is recorded")
    summary = load.summarize_folder(run)
    glued = cost.interleaved_glue(summary)
    assert set(glued) == set(missing)
    frame = cost.order_null_frame(summary)
    assert glued["il_128_effect"] == f"{frame.iloc[0]['effect']:+.3f}%"
    assert glued["il_512_cons"] == f"± {frame.iloc[1]['conservative_half']:.3f}%"
    # the conservative interval takes the larger of the A/B, B/A and the A/A variance: never narrower than the
    # one on the A/B, B/A variance alone (the plain one, which counts an order effect as noise, may be wider)
    r = load.order_null(summary)[summary.manifest["shapes"][0]]
    assert r.conservative_half >= r.effect_half * (1 - 1e-12)


def test_pooled_order_null_of_one_run_is_the_run_and_of_a_run_twice_doubles_it():
    from racelab.experiments.timing import load, plan

    run = load.measured_run(plan.INTERLEAVED_EXPERIMENT, needs="sm90", backend="twin")
    if run is None:
        pytest.skip("no interleaved run is recorded")
    summary = load.summarize_folder(run)
    alone, twice = load.pooled_order_null([summary]), load.pooled_order_null([summary, summary])
    single = load.order_null(summary)
    assert list(alone) == list(single) == list(twice)
    for shape, r in single.items():
        a, t = alone[shape], twice[shape]
        for key in ("effect", "order", "F", "conservative_half", "ab_n", "ba_n", "aa_n"):
            assert getattr(a, key) == pytest.approx(getattr(r, key))
        per = summary.shapes[shape]["ab"].test.paired
        assert a.ab_half == pytest.approx(per.ci95_pct, rel=1e-9)  # the run's own A/B half-width
        assert a.runs == 1 and math.isnan(a.runs_p)
        assert (t.ab_n, t.ba_n, t.aa_n) == (2 * r.ab_n, 2 * r.ba_n, 2 * r.aa_n)
        assert t.effect == pytest.approx(r.effect) and t.runs == 2
        assert t.runs_p == pytest.approx(1.0)  # identical runs agree exactly
        # each delta twice: the SD becomes sd * sqrt(2(n-1)/(2n-1)), over sqrt(2n) with t at 2n-1 df
        n = r.ab_n
        ratio = (stats.t975(2 * n - 1) / stats.t975(n - 1)) * math.sqrt(2 * (n - 1) / (2 * n - 1)) / math.sqrt(2)
        assert t.ab_half == pytest.approx(a.ab_half * ratio, rel=1e-9)


class _Run:
    def __init__(self, text):
        self.text = text

    def read_text(self, name):
        assert name == "processes.csv"
        return self.text


def _processes_csv(rng, process_wide: float, own: float, n: int = 40) -> str:
    lines = ["pid,variant,shape,test_mean_ns,control_mean_ns"]
    for pid in range(n):
        variant = ("elected", "all-lanes")[pid % 2]
        common = rng.normal(0, process_wide)
        for shape, base in (("s128", 47600.0), ("s512", 45300.0)):
            base *= 1.02 if variant == "all-lanes" else 1.0
            lines.append(f"{pid},{variant},{shape},{base * (1 + common + rng.normal(0, own))},1.0")
    return "\n".join(lines) + "\n"


def test_cross_shape_correlation_tells_a_process_wide_effect_from_a_per_shape_one():
    rng = np.random.default_rng(426)
    wide = load.cross_shape_correlation(_Run(_processes_csv(rng, process_wide=1e-3, own=1e-5)))
    own = load.cross_shape_correlation(_Run(_processes_csv(rng, process_wide=0.0, own=1e-3)))
    assert wide["n"] == own["n"] == 40
    assert wide["r"] > 0.99 and wide["p"] < 1e-6
    assert abs(own["r"]) < 0.5
    one_shape = "pid,variant,shape,test_mean_ns,control_mean_ns\n1,elected,s128,1.0,1.0\n2,elected,s128,2.0,1.0\n"
    assert load.cross_shape_correlation(_Run(one_shape)) is None
