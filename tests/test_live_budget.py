"""`make live` under a time budget: the timing steps share what the other steps leave, each at most its
registry deadline; a session split over several calls counts its earlier parts; on an H200 the default
budget is 15 minutes."""

import dataclasses
import os

import pytest

from racelab.cli import EXIT_USAGE
from racelab.cli import live as live_cli
from racelab.core import provenance, store
from racelab.book import banner as banners
from racelab.experiments import registry

H200 = {"name": "NVIDIA H200", "sm": 90, "compute_capability": "9.0", "driver": "580.159.04", "memory": "143771 MiB"}


def timing(name, seconds, flag="--stop-after-s"):
    code = ("import os, sys; print('deadline', sys.argv[sys.argv.index('%s') + 1], "
            "os.environ.get('RACELAB_SHORTENED'))" % flag)
    return registry.Step(name, "cpu", ("-c", code, flag, str(seconds)), "a timing step", deadline=flag)


def test_every_timing_entry_names_a_deadline_its_command_carries():
    timed = [e for e in registry.REGISTRY if e.deadline]
    assert {e.name for e in timed} >= {"twin-timing", "twin-timing-interleaved", "twin-timing-variants",
                                       "twin-timing-null"}
    for e in timed:
        assert e.nominal_s > 0 and e.with_deadline(42).nominal_s == 42
        assert e.with_deadline(42).command[:e.command.index(e.deadline) + 1] == e.command[:e.command.index(e.deadline) + 1]
    # on an H200 every timing step runs after every other step (they share what the others leave)
    plan = registry.plan(90)
    first_timed = min(i for i, e in enumerate(plan) if e.deadline)
    assert all(e.deadline for e in plan[first_timed:])


def test_the_share_is_proportional_capped_and_floored():
    a, b = timing("a", 300), timing("b", 100)
    overhead = registry.STEP_OVERHEAD_S
    # plenty of time: each gets its own deadline, never more
    assert registry.deadline_share(a, [a, b], 10_000) == 300
    # (200 - 2 overheads) shared 3:1
    usable = 200 - 2 * overhead
    assert registry.deadline_share(a, [a, b], 200) == pytest.approx(usable * 0.75)
    assert registry.deadline_share(b, [a, b], 200) == pytest.approx(usable * 0.25)
    # nothing left: the floor
    assert registry.deadline_share(a, [a, b], 0) == registry.MIN_DEADLINE_S
    # a step whose design spends more outside its deadline takes that off the time shared
    heavy = dataclasses.replace(b, overhead_s=100.0)
    assert registry.deadline_share(a, [a, heavy], 400) == pytest.approx((400 - overhead - 100) * 0.75)
    # a later step whose share would fall under its floor will be skipped, so it takes no share
    big = dataclasses.replace(timing("big", 1200), floor_s=600.0)
    assert registry.deadline_share(a, [a, b, big], 400) == pytest.approx((400 - 2 * overhead) * 0.75)
    assert registry.deadline_share(a, [a, b, big], 100_000) == 300  # with time for it, it keeps its place


def test_the_null_control_counts_its_pairs_before_the_deadline_as_overhead():
    """twin-timing-null's deadline bounds its A/A groups only; its A/B and B/A pairs run first (about 80 s
    beyond a 77 s deadline in session h200-1202b), so its overhead is larger than the default."""
    null = registry.by_name("twin-timing-null")
    assert null.deadline == "--aa-stop-after-s" and registry.step_overhead(null) > registry.STEP_OVERHEAD_S


def test_the_orchestrator_gives_each_timing_step_its_share(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    a, b = timing("a", 300), timing("b", 100, "--aa-stop-after-s")
    steps, wall, rc = live_cli.orchestrate([a, b], timeout_s=60, env=dict(os.environ), budget_s=200)
    out = capsys.readouterr().out
    assert rc == 1  # they record no run: not ok, and said so
    first = steps[0]["deadline_s"]
    assert first == pytest.approx((200 - 2 * registry.STEP_OVERHEAD_S) * 0.75, abs=1.0)
    assert f"deadline {int(first)}" in out
    assert steps[1]["deadline_s"] <= 100 and "--aa-stop-after-s" in steps[1]["command"]
    # the shortened step is told so (its run records it); a step given its full deadline is not
    assert "budget gave --stop-after-s" in steps[0]["shortened"] and "budget gave --stop-after-s" in out
    assert "shortened" not in steps[1]
    # without a budget the registry's own deadlines run
    steps, _, _ = live_cli.orchestrate([a], timeout_s=60, env=dict(os.environ))
    assert steps[0]["deadline_s"] == 300


def test_a_split_session_counts_its_earlier_parts(tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(provenance, "gpus", lambda: [dict(H200)])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    registry.record_session(H200, [], 100.0, ["--session", "s1"], "s1", 900.0)
    registry.record_session(H200, [], 250.0, ["--session", "s1"], "s1", 900.0)
    registry.record_session(H200, [], 999.0, [], None, None)
    assert registry.session_elapsed("s1") == pytest.approx(350.0)
    assert registry.session_elapsed("other") == 0.0
    summary = store.RecordedRun(store.runs(registry.SESSION)[0]).read_json(store.SUMMARY)
    assert summary["session"] == "s1" and summary["budget_s"] == 900.0


def test_a_part_shares_with_the_timing_steps_later_parts_run(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(provenance, "gpus", lambda: [dict(H200)])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    timed = [e for e in registry.plan(90) if e.deadline]
    first, rest = timed[:1], timed[1:]
    # an earlier part ran the first timing step: only the others are still to come
    registry.record_session(H200, [{"experiment": first[0].name, "ok": True}], 60.0, [], "s2", 900.0)
    assert first[0].name in registry.session_done("s2") and registry.session_done("other") == set()
    assert registry.later_timing(90, [], registry.session_done("s2")) == rest
    assert registry.later_timing(90, rest[:1], registry.session_done("s2")) == rest[1:]
    # this part runs one timing step; the later ones still wait, so it gets what an unsplit session gives it
    a = timing("a", 300)
    later = [timing("b", 300), timing("c", 600)]
    steps, _, _ = live_cli.orchestrate([a], timeout_s=60, env=dict(os.environ), budget_s=500, later=later)
    assert steps[0]["deadline_s"] == pytest.approx((500 - 3 * registry.STEP_OVERHEAD_S) * 300 / 1200, abs=1.0)
    alone, _, _ = live_cli.orchestrate([a], timeout_s=60, env=dict(os.environ), budget_s=500)
    assert alone[0]["deadline_s"] == 300
    capsys.readouterr()


def test_live_refuses_a_negative_budget(capsys):
    assert live_cli.main(["--budget-min", "-1"]) == EXIT_USAGE
    assert "--budget-min" in capsys.readouterr().err


def test_an_h200_gets_fifteen_minutes_by_default():
    assert registry.DEFAULT_BUDGET_MIN == {90: 15.0}


def test_pages_prefer_a_run_no_budget_shortened(tmp_path, monkeypatch):
    """A shortened run newer than a full one: `newest` gives the full one, and the shortened one only
    where it is all there is; the banner says it was shortened."""
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(provenance, "gpus", lambda: [dict(H200)])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    with store.new_run("exp", command=["full"]) as run:
        run.write_text("x.txt", "full")
    full = run.recorded
    monkeypatch.setenv(provenance.SHORTENED_ENV, "make live's budget gave --stop-after-s 30 of the registry's 300 s")
    with store.new_run("exp", command=["short"]) as run:
        run.write_text("x.txt", "short")
    short = run.recorded
    monkeypatch.delenv(provenance.SHORTENED_ENV)
    assert store.shortened(short) and not store.shortened(full)
    assert store.newest("exp", gpu="sm90").id == full.id
    assert [r.id for r in store.all_runs("exp", gpu="sm90")] == [full.id, short.id]
    assert "shortened: make live" in banners.banner(short, "replay")._repr_html_()
    import shutil
    shutil.rmtree(full.path)
    assert store.newest("exp", gpu="sm90").id == short.id


def test_a_step_whose_design_cannot_fit_is_skipped_not_failed(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    big = registry.Step("big", "cpu", ("-c", "print('ran')", "--budget-s", "330"), "blocks", deadline="--budget-s",
                              floor_s=200.0)
    steps, _, rc = live_cli.orchestrate([big], timeout_s=60, env=dict(os.environ), budget_s=100)
    out = capsys.readouterr().out
    assert rc == 0 and steps[0]["ok"] and "racelab live --only big" in steps[0]["skipped"]
    assert "ran" not in out and "SKIPPED" in out


def test_racecheck_only_steps_run_two_at_a_time_and_report_in_order(tmp_path, monkeypatch, capsys):
    """Two steps that share the GPU, each sleeping 2 s, take about 2 s side by side; their output comes in
    plan order; a timed step after them runs alone."""
    import time as _time

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    sleepy = [registry.Step(n, "cpu", ("-c", f"import time; time.sleep(2); print('{n} done')"), n,
                                  shares_gpu=True) for n in ("first", "second")]
    alone = registry.Step("alone", "cpu", ("-c", "print('alone done')"), "alone")
    t0 = _time.monotonic()
    steps, _, _ = live_cli.orchestrate([*sleepy, alone], timeout_s=60, env=dict(os.environ), jobs=2)
    wall = _time.monotonic() - t0
    out = capsys.readouterr().out
    assert [s["experiment"] for s in steps] == ["first", "second", "alone"]
    assert steps[0]["beside"] == 2 and "beside" not in steps[2]
    assert out.index("first done") < out.index("second done") < out.index("alone done")
    assert wall < 3.8  # side by side (about 2.3 s), not one after the other (4.3 s or more)


def test_live_refuses_zero_jobs(capsys):
    assert live_cli.main(["--jobs", "0"]) == EXIT_USAGE


def test_a_commit_passed_in_the_environment_must_be_a_full_hash(monkeypatch, capsys):
    """A copied tree on a lent GPU passes its commit as RACELAB_GIT_COMMIT; an abbreviated one is refused
    before anything runs (every run records it)."""
    monkeypatch.setenv("RACELAB_GIT_COMMIT", "e3a1f1d5")
    assert live_cli.main(["--list"]) == EXIT_USAGE
    assert "not a full commit hash" in capsys.readouterr().err
    monkeypatch.setenv("RACELAB_GIT_COMMIT", "e3a1f1d5e3f0ba6c3ae4ac9c5ffde2e5e8d5ed64")
    assert live_cli.main(["--list"]) == live_cli.EXIT_OK
