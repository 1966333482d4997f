"""The in-process timing design on the CPU: the interleaved order, each pair ONE process that times both its
builds in turn (build, control, build, control per round), its samples written under both labels, the
rounds split by position, and the runner's progress and deadline with one process a pair."""

import csv
import io

import numpy as np
import pytest

from racelab.cli import timing as cli
from racelab.experiments.timing import load, plan
from racelab.experiments.timing import designs as timing_designs
from racelab.readers.samples import KernelEvent, TimingError, split_rounds


def _plan(ab=3, ba=3, groups=2, k=4):
    return plan.Plan(ab, ba, groups, k, 0.0, 0.0, design=timing_designs.IN_PROCESS)


def test_in_process_jobs_keep_the_interleaved_order_one_process_a_pair():
    jobs, exps = timing_designs.IN_PROCESS.schedule(_plan(), 5, "elected", "all-lanes")
    two, two_exps = timing_designs.INTERLEAVED.schedule(_plan(), 5, "elected", "all-lanes")
    assert [j.pair for j in jobs] == list(range(14)) and all(j.slot == 0 for j in jobs)
    firsts = [j for j in two if j.slot == 0]
    seconds = [j for j in two if j.slot == 1]
    # the same kinds in the same order, the same build first, the other build as the partner
    assert [(j.order, j.label, j.role) for j in jobs] == [(j.order, j.label, j.role) for j in firsts]
    assert [j.partner for j in jobs] == [j.label for j in seconds]
    assert [j.variant for j in jobs] == [timing_designs.in_process_variant(a.variant, b.variant) for a, b in zip(firsts, seconds)]
    assert {j.variant for j in jobs if j.order == "AB"} == {"elected|all-lanes"}
    assert {j.variant for j in jobs if j.order == "BA"} == {"all-lanes|elected"}
    assert {j.variant for j in jobs if j.order == "AA"} == {"elected|elected"}
    assert [j.label for j in jobs if j.order == "AA"] == ["elected-A1", "elected-A2"] * 4
    assert all(j.whole_pair for j in jobs) and not any(j.whole_pair for j in two)
    assert len({j.seed for j in jobs}) == len(jobs)
    assert [(e.name, e.groups) for e in exps] == [(e.name, e.groups) for e in two_exps]
    assert {e.schedule for e in exps} == {"in-process"}
    assert _plan().processes == 14 and plan.Plan(3, 3, 2, 4, 0.0, 0.0, design="interleaved").processes == 28


@pytest.mark.parametrize("text, parts", [("elected", ("elected",)), ("elected|all-lanes", ("elected", "all-lanes"))])
def test_split_in_process(text, parts):
    assert timing_designs.split_in_process(text) == parts


@pytest.mark.parametrize("bad", ["a|b|c", "elected|", "|elected"])
def test_split_in_process_refuses(bad):
    with pytest.raises(ValueError, match="one build or two"):
        timing_designs.split_in_process(bad)


def _rounds(n, names=("twinA", "mul", "twinB", "mul")):
    return [KernelEvent(names[k % 4], 1000 * k, 100 + k) for k in range(4 * n)]


def test_split_rounds_by_position():
    got = split_rounds(_rounds(3), 3)
    assert got["first_ns"] == [100, 104, 108] and got["control_ns"] == [101, 105, 109]
    assert got["second_ns"] == [102, 106, 110] and got["control2_ns"] == [103, 107, 111]
    assert (got["first_name"], got["second_name"], got["control_name"]) == ("twinA", "twinB", "mul")
    # idle before each build: its start less the end of the kernel before it (start 1000 k, duration 100 + k)
    assert got["first_idle_ns"] == [1000 * 4 - (3000 + 103), 1000 * 8 - (7000 + 107)]
    assert got["second_idle_ns"] == [2000 - (1000 + 101), 6000 - (5000 + 105), 10000 - (9000 + 109)]
    same = split_rounds(_rounds(2, ("twin", "mul", "twin", "mul")), 2)  # two copies of one build share a name
    assert same["first_ns"] == [100, 104] and same["second_ns"] == [102, 106]


@pytest.mark.parametrize("events, reason", [
    (_rounds(3)[:-1], "expected 12 kernel launches"),
    (_rounds(3, ("twinA", "mul", "mul", "twinB")), "build, control, build, control"),
    (_rounds(3)[:4] + _rounds(2, ("twinB", "mul", "twinA", "mul")), "not in the same order"),
    (_rounds(3)[1:] + [KernelEvent("twinA", 99999, 1)], "build, control, build, control"),
])
def test_split_rounds_refuses_what_is_not_rounds(events, reason):
    with pytest.raises(TimingError, match=reason):
        split_rounds(events, 3)


def test_record_in_process_fake_into_the_store(tmp_path, monkeypatch, capsys):
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    argv = ["record", "--design", "in-process", "--backend", "fake", "--pairs", "3", "--seed", "9",
            "--launches", "20", "--fake-effect", "all-lanes=0.2", "--fake-launch-sd", "0.05",
            "--fake-process-sd", "1.0", "--prefetch", "2", "--set-up-batch", "4",
            "--shape", "topk=128,work=1000", "--shape", "topk=512,work=400"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    rec = store.newest(plan.IN_PROCESS_EXPERIMENT, gpu="cpu", root=tmp_path / "results")
    m = rec.read_json("plan.json")
    assert m["design"] == "in-process" and m["processes"] == 14
    assert [o["kind"] for o in m["order"]] == timing_designs.interleaved_order(3, 3, 8, seed=9)
    rows = list(csv.DictReader(io.StringIO(rec.read_text("processes.csv"))))
    assert len(rows) == 14 * 2 and [int(r["process"]) for r in rows] == [n for n in range(14) for _ in (0, 1)]
    assert all(r["partner"] and r["partner_mean_ns"] for r in rows)
    assert len({r["pid"] for r in rows}) == 14
    summary = load.summarize_folder(rec)
    for shape in m["shapes"]:
        per = summary.shapes[shape]
        assert [per[n].test.paired.pairs for n in ("ab", "ba", "aa")] == [3, 3, 8]
        r = load.order_null(summary)[shape]
        # the fake's process factor (SD 1 %) multiplies both builds of a process alike: it cancels in
        # the pair's delta, which keeps only the launches' noise (SD 0.05 % / sqrt(20) a mean)
        assert abs(r.effect - 0.2) < 0.05 and abs(r.aa_mean) < 0.05
        assert r.sd_ab_ba_within < 0.1 and r.sd_aa_within < 0.1
        # every pair's two builds come from one process: the partner's mean is the other label's
        ab_row = next(x for x in rows if x["pair_kind"] == "AB" and x["shape"] == shape)
        assert float(ab_row["partner_mean_ns"]) == pytest.approx(
            np.mean([p.b_mean_ns for p in per["ab"].test.paired.per_pair if p.pair == int(ab_row["pair"])]),
            abs=0.06)
    assert "(one process)" in out and f"recorded {plan.IN_PROCESS_EXPERIMENT}/" in out
    from racelab.experiments.timing import report

    assert report.order_null_table(summary) in rec.read_text("table.txt")   # the order/null table, as interleaved
    assert cli.main(["summary", str(rec.path)]) == 0
    assert report.order_null_table(summary) in capsys.readouterr().out


def test_in_process_deadline_keeps_whole_pairs(tmp_path, monkeypatch, capsys):
    """--stop-after-s with one process a pair: the clock is read at the start and before every process
    after the first, so at 5.5 s pairs 0-5 run; the comparisons keep the pairs finished."""
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))

    class Ticks:
        now = -1.0

        def __call__(self):
            self.now += 1.0
            return self.now

    argv = ["record", "--design", "in-process", "--backend", "fake", "--pairs", "2", "--aa-groups", "2",
            "--launches", "20", "--prefetch", "1", "--shape", "topk=128,work=1000", "--stop-after-s", "5.5"]
    assert cli.main(argv, clock=Ticks()) == 0
    assert "6 of 12 planned pairs done" in capsys.readouterr().out
    m = store.newest(plan.IN_PROCESS_EXPERIMENT, gpu="cpu", root=tmp_path / "results").read_json("plan.json")
    assert [o["kind"] for o in m["order"]] == timing_designs.interleaved_order(2, 2, 8, seed=426)[:6] and m["processes"] == 6


@pytest.mark.parametrize("extra, reason", [
    ([], "--design in-process needs --pairs"),
    (["--pairs", "3", "--aa-pairs", "3"], "at least 4 in the in-process design"),
])
def test_in_process_bad_arguments(extra, reason, capsys, tmp_path):
    assert cli.main(["record", "--design", "in-process", "--backend", "fake", "--out", str(tmp_path / "run"),
                     *extra]) == 2
    assert reason in capsys.readouterr().err


def test_copies_rotate_and_average_the_copy_effect(tmp_path, monkeypatch):
    """--copies K: each build loaded K times, launch i runs copy i % K. With the fake's per-copy factor
    (SD 0.5 %) and little launch noise, the A/A deltas of one process spread about sqrt(K) less with K = 8
    copies than with one (each delta averages 8 copies' factors instead of one)."""
    from racelab.core import store
    from racelab.experiments.timing.backends import Rotation

    calls = []
    rot = Rotation([lambda k=k: calls.append(k) for k in range(3)])
    for _ in range(7):
        rot()
    assert calls == [0, 1, 2, 0, 1, 2, 0] and rot.count == 7
    with pytest.raises(ValueError):
        Rotation([])

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    sds = {}
    for copies in (1, 8):
        argv = ["record", "--design", "in-process", "--backend", "fake", "--pairs", "2", "--aa-groups", "6",
                "--launches", "400", "--copies", str(copies), "--fake-copy-sd", "0.5", "--fake-launch-sd", "0.02",
                "--prefetch", "4", "--shape", "topk=128,work=1000", "--seed", "3"]
        assert cli.main(argv) == 0
        rec = store.newest(plan.IN_PROCESS_EXPERIMENT, gpu="cpu", root=tmp_path / "results")
        m = rec.read_json("plan.json")
        assert m["copies"] == copies
        assert ("8 loaded copies" in load.pooling_protocol(m)) == (copies == 8)
        sds[copies] = load.order_null(load.summarize_folder(rec))[m["shapes"][0]].sd_aa_within
    assert 0.4 < sds[1] * 2 ** -0.5 < 1.0               # one copy: a delta's SD is sqrt(2) x 0.5 %
    assert 1.5 < sds[1] / sds[8] < 5.0                   # eight: about sqrt(8) = 2.8 times less


@pytest.mark.parametrize("extra", [["--copies", "0"], ["--copies", "3", "--launches", "100"]])
def test_copies_must_divide_the_launches(extra, capsys, tmp_path):
    assert cli.main(["record", "--design", "in-process", "--backend", "fake", "--pairs", "2",
                     "--out", str(tmp_path / "run"), *extra]) == 2
    assert "--copies must be at least 1 and divide --launches" in capsys.readouterr().err


class _Launch:
    def __init__(self, share, compiled):
        self.share, self.compiled, self.calls = share, compiled, 0

    def __call__(self):
        self.calls += 1

    def check(self):
        return {"correct": True}

    def describe(self):
        return {"kernel": "stub"}


def test_twin_backend_builds_copies_on_one_set_of_tensors():
    """TwinBackend.build with a stub twin: "elected|all-lanes" with 3 copies gives two rotations of 3
    launchers, every launcher after the first on the first's tensors with a compiled function of its own,
    and one control kernel."""
    from types import SimpleNamespace

    from racelab import vocab
    from racelab.experiments.timing import twin
    from racelab.experiments.timing.backends import Rotation

    made, controls = [], []

    def timed_launcher(topk, heads, n_cta, work, arrive, pad=0, share=None, compiled=None):
        made.append(_Launch(share, compiled))
        return made[-1]

    module = SimpleNamespace(_compiled={}, timed_launcher=timed_launcher,
                             control_launcher=lambda: controls.append(_Launch(None, None)) or controls[-1])
    shape = vocab.TwinShape(128, work=8)
    backend = twin.TwinBackend(SimpleNamespace(precompile=True, copies=3))
    backend.module, backend.copies = module, 3
    backend.precompiled = [[{shape: ("K" + b, f"fn-{b}{c}", 0.1, {"pad": 0})} for c in range(3)] for b in "AB"]
    sub = backend.build("elected|all-lanes", shape)
    assert isinstance(sub.test, Rotation) and isinstance(sub.second, Rotation)
    assert len(sub.test.copies) == len(sub.second.copies) == 3 and len(controls) == 1
    first = sub.test.copies[0]
    assert first.share is None and module._compiled == {"KA": "fn-A0"}
    rest = sub.test.copies[1:] + sub.second.copies
    assert all(x.share is first for x in rest)
    assert [x.compiled for x in rest] == ["fn-A1", "fn-A2", "fn-B0", "fn-B1", "fn-B2"]
    assert sub.meta["copies"] == 3 and sub.meta["second"]["precompiled"]


def test_a_precompiled_copy_is_its_own_function_of_the_same_code():
    from racelab import vocab
    from racelab.experiments.timing import twin

    try:
        module = twin.load_twin_module()
    except Exception as err:  # noqa: BLE001
        pytest.skip(f"twin not importable: {err}")
    shape = vocab.TwinShape(128, work=4)
    first = twin.precompile_twin(module, "elected", [shape], arch="sm_90a")
    copy = twin.precompiled_copy(module, "elected", first, arch="sm_90a")
    (k1, f1, _, c1), (k2, f2, _, c2) = first[shape], copy[shape]
    assert k1 == k2 and c1 == c2 and f1 is not f2 and callable(f2)


def test_within_process_tells_launch_noise_from_a_lasting_process_effect(tmp_path, monkeypatch):
    """load.within_process on fake in-process runs: with launch noise alone the deltas spread as their
    launches allow (ratio near 1) and a process's two halves do not agree; with a factor per loaded copy
    (one copy a build) the spread is many times the launches' and the halves agree; with 4 copies the copy
    means spread by that factor, far beyond what their launches allow."""
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))

    def run(copies, copy_sd):
        argv = ["record", "--design", "in-process", "--backend", "fake", "--pairs", "4", "--aa-groups", "4",
                "--launches", "400", "--copies", str(copies), "--fake-copy-sd", str(copy_sd),
                "--fake-launch-sd", "0.3", "--fake-process-sd", "2.0", "--prefetch", "4",
                "--shape", "topk=128,work=1000", "--seed", "11"]
        assert cli.main(argv) == 0
        rows = load.within_process(store.newest(plan.IN_PROCESS_EXPERIMENT, gpu="cpu", root=tmp_path / "results"))
        return {r["arm"]: r for r in rows}

    plain = run(1, 0.0)
    assert set(plain) == {"ab", "ba", "aa"} and plain["aa"]["pairs"] == 16
    assert 0.5 < plain["aa"]["ratio"] < 1.6 and abs(plain["aa"]["halves_r"]) < 0.6
    assert plain["aa"]["launch_se"] == pytest.approx(0.3 * (2 / 400) ** 0.5, rel=0.15)
    lasting = run(1, 0.5)
    assert lasting["aa"]["ratio"] > 5 and lasting["aa"]["halves_r"] > 0.9
    four = run(4, 0.5)
    assert four["aa"]["copies"] == 4 and four["aa"]["copy_sd"] > 5 * four["aa"]["copy_launch_se"]


def test_split_rounds_with_alternating_places():
    """--alternate: odd rounds launch the second build first; split_rounds puts each build's launches back
    under its name, with the idle time before each."""
    ev = []
    for r in range(4):
        names = ("A", "mul", "B", "mul") if r % 2 == 0 else ("B", "mul", "A", "mul")
        for k, name in enumerate(names):
            ev.append(KernelEvent(name, 1000 * (4 * r + k), 10 * r + (1 if name == "A" else 2 if name == "B" else 0)))
    got = split_rounds(ev, 4, alternate=True)
    assert got["first_name"] == "A" and got["second_name"] == "B"
    assert got["first_ns"] == [1, 11, 21, 31] and got["second_ns"] == [2, 12, 22, 32]
    assert len(got["first_idle_ns"]) == 3 and len(got["second_idle_ns"]) == 4
    with pytest.raises(TimingError, match="same order"):
        split_rounds(ev, 4)  # read without alternating, the places do not hold one build each


def test_alternating_places_cancel_a_per_process_place_effect(tmp_path, monkeypatch, capsys):
    """The fake's per-process effect of a build's place in the round (SD 0.5 %): lasting A/A deltas when the
    first-named build always goes first, gone when the places alternate round by round."""
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    got = {}
    for alternate in (False, True):
        argv = ["record", "--design", "in-process", "--backend", "fake", "--pairs", "2", "--aa-groups", "6",
                "--launches", "400", "--fake-slot-sd", "0.5", "--fake-launch-sd", "0.05", "--prefetch", "4",
                "--shape", "topk=128,work=1000", "--seed", "5"] + (["--alternate"] if alternate else [])
        assert cli.main(argv) == 0
        rec = store.newest(plan.IN_PROCESS_EXPERIMENT, gpu="cpu", root=tmp_path / "results")
        assert rec.read_json("plan.json")["alternate"] is alternate
        assert ("alternating" in load.pooling_protocol(rec.read_json("plan.json"))) is alternate
        got[alternate] = {r["arm"]: r for r in load.within_process(rec)}["aa"]
    assert got[False]["ratio"] > 5 and got[True]["ratio"] < 2
    assert cli.main(["record", "--design", "interleaved", "--backend", "fake", "--pairs", "2", "--alternate",
                     "--out", str(tmp_path / "x")]) == 2
    assert "--alternate belongs to --design in-process" in capsys.readouterr().err
