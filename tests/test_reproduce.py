"""The reproduce chapter's figures: a step's time comes only from a successful step or a valid run (never a
failed one), a missing time reads "not recorded yet", the per-case figures are PR #426's, the disk sizes are
measured."""

import json

import pytest

from racelab.book import reproduce
from racelab.core import provenance, store
from racelab.experiments import registry
from racelab.toolchain import wheels

H200 = {"name": "NVIDIA H200", "sm": 90, "compute_capability": "9.0", "driver": "580.159.04", "memory": "143771 MiB"}


@pytest.fixture(autouse=True)
def scratch_store(monkeypatch, tmp_path):
    """An H200 here, no tool probing, a scratch store."""
    monkeypatch.setattr(provenance, "gpus", lambda: [dict(H200)])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    return tmp_path / "results"


def record(experiment, summary=None, command=("test",)):
    with store.new_run(experiment, command=list(command)) as run:
        run.write_json("summary.json", summary if summary is not None else {"complete": True})
    return run.recorded


def step(experiment, seconds, ok=True, recorded=(), **extra):
    return {"experiment": experiment, "needs": "sm90", "command": "x", "started_utc": "2026-12-01T00:00:00+00:00",
            "seconds": seconds, "returncode": 0 if ok else 1, "timed_out": False, "recorded": list(recorded),
            "ok": ok, **extra}


def session(steps):
    return registry.record_session(H200, steps, sum(s["seconds"] for s in steps), [])


def test_a_failed_step_never_times_anything(scratch_store):
    """Newest session: the step failed (500 s). Older session: it succeeded (120 s). The older one counts."""
    good = record("real-racecheck")
    session([step("real-racecheck", 120.0, recorded=[good.id])])
    session([step("real-racecheck", 500.0, ok=False)])
    t = reproduce.step_time("real-racecheck", 90)
    assert t.seconds == 120.0 and t.source.startswith("make-live session")


def test_a_step_whose_run_failed_is_a_failed_step(scratch_store):
    """`ok` in the session, but the run it recorded says complete: false (a recorder that exited 0)."""
    bad = record("real-numerics", {"complete": False, "failed": ["multi-block/1.27.0"]})
    session([step("real-numerics", 300.0, recorded=[bad.id])])
    assert reproduce.step_failure(step("real-numerics", 300.0, recorded=[bad.id])).startswith(f"run {bad.id} failed")
    t = reproduce.step_time("real-numerics", 90)
    assert t.seconds is None and t.source == reproduce.NOT_RECORDED
    for why, s in (("timed out", step("x", 1.0, timed_out=True)), ("no run recorded", step("x", 1.0)),
                   ("not ok", step("x", 1.0, ok=False)), ("status failed", step("x", 1.0, status="failed",
                                                                                   recorded=["r"]))):
        assert reproduce.step_failure(s) == why


def test_a_failed_run_is_passed_over_for_the_runs_own_time(scratch_store):
    """No session: the experiment's newest valid run gives the time, never a failed one."""
    record("real-timing", {"complete": True, "wall_s": 200.0})
    record("real-timing", {"complete": False, "wall_s": 9.0, "failed_cases": ["a"]})
    t = reproduce.step_time("real-timing", 90)
    assert t.seconds == 200.0 and "lower bound" in t.source
    assert reproduce.step_time("real-timing", 100).seconds is None  # nothing on a B200


def test_totals_read_not_recorded_yet_without_a_time(scratch_store):
    rows = reproduce.reproduce_rows()
    facts = reproduce.reproduce_facts(rows)
    assert facts["repro_h200_total"] == facts["repro_b200_total"] == "not recorded yet"
    assert facts["repro_h200_missing"] == sum(1 for e in registry.REGISTRY if e.runs_on(90))
    duration = reproduce.duration_facts(rows)
    assert duration["repro_real_h200_total"] == "not recorded yet"
    assert "real-racecheck not recorded yet" in duration["repro_real_h200"]
    assert "not recorded yet" in reproduce.reproduce_markdown(rows)
    assert reproduce.session_facts() == {"repro_session": "not recorded yet", "repro_session_total": "not recorded yet",
                                         "repro_session_budget": "not recorded yet", "repro_session_parts": 0,
                                         "repro_session_added": "not recorded yet"}


def test_the_real_steps_sum_only_when_each_is_recorded(scratch_store):
    names = [e.name for e in reproduce.real_steps()]
    assert names and all(n.startswith("real-") for n in names)
    for n in names[:-1]:
        record(n, {"complete": True, "wall_s": 60.0})
    assert reproduce.duration_facts(reproduce.reproduce_rows())["repro_real_h200_total"] == "not recorded yet"
    record(names[-1], {"complete": True, "wall_s": 60.0})
    facts = reproduce.duration_facts(reproduce.reproduce_rows())
    assert facts["repro_real_h200_total"] == reproduce.fmt_seconds(60.0 * len(names))


def whole_plan(seconds=10.0, **changed):
    """A step for every experiment the registry plans on an H200 (10 s each), ok and recording a run; `changed`
    maps an experiment to the step that replaces its own (None: leave it out)."""
    steps = []
    for name in dict.fromkeys(e.name for e in registry.plan(90)):
        if name in changed:
            if changed[name] is not None:
                steps.append(changed[name])
            continue
        steps.append(step(name, seconds, recorded=[record(name).id]))
    return steps


def test_the_session_shown_is_the_newest_complete_one(scratch_store):
    """Newest first: a session with a failed step, then one run with --only (one step), then a whole one: the
    whole one is shown."""
    ok = session(whole_plan())
    n = len(whole_plan())
    session([step("real-racecheck", 100.0, recorded=[record("real-racecheck").id])])
    session(whole_plan(**{"real-timing": step("real-timing", 50.0, ok=False)}))
    facts = reproduce.session_facts()
    assert ok.id in facts["repro_session"] and f"{n} steps)" in facts["repro_session"]
    assert facts["repro_session_total"] == reproduce.fmt_seconds(10.0 * n)


def test_a_session_that_skipped_a_step_for_its_budget_is_complete_and_one_that_left_it_out_is_not(scratch_store):
    skipped = step("twin-timing", 0.0, skipped=True, deadline_s=0.0)
    skipped["ok"] = True
    shown = session(whole_plan(**{"twin-timing": skipped}))
    missing = session(whole_plan(**{"twin-timing": None}))
    assert reproduce.session_missing([missing]) == ["twin-timing"] and reproduce.session_missing([shown]) == []
    assert [p.id for p in reproduce.session_parts()] == [shown.id]


def test_the_figures_to_expect_are_the_prs():
    facts = reproduce.expected_facts()
    assert (facts["repro_pr_one_cta"], facts["repro_pr_512_cta"], facts["repro_pr_multi_block"]) == \
        ("620/0", "12/0", "18/0")
    assert (facts["repro_pr_topk128"], facts["repro_pr_big"]) == ("−0.014 %", "+0.218 %")
    table = reproduce.expected_markdown()
    assert "| 620 | 0 |" in table and "−0.014 % ± 0.017 %" in table and "+0.218 % ± 0.016 %" in table


def test_the_interpreters_and_machines_are_the_wheels(monkeypatch):
    facts = reproduce.requirements_facts()
    assert facts["repro_python"] == "3.11, 3.12 or 3.13" and tuple(wheels.PYTHONS) == ((3, 11), (3, 12), (3, 13))
    assert facts["repro_machines"] == "aarch64 and x86_64"
    assert "`cp312-aarch64`" in facts["repro_wheel_tags"] and "`cp313-x86_64`" in facts["repro_wheel_tags"]
    monkeypatch.setattr(wheels, "wheel_target", lambda: (_ for _ in ()).throw(wheels.WheelError("Python 3.10")))
    assert reproduce.requirements_facts()["repro_wheel_here"] == "`none (Python 3.10)`"


def test_disk_is_measured(monkeypatch, tmp_path):
    venv, cache = tmp_path / "venv", tmp_path / "cache"
    (venv / "lib").mkdir(parents=True)
    (venv / "lib" / "a.bin").write_bytes(b"x" * 3000)
    (venv / "b.bin").write_bytes(b"y" * 1000)
    (cache / "wheels").mkdir(parents=True)
    (cache / "wheels" / "w.whl").write_bytes(b"z" * 500)
    monkeypatch.setattr(reproduce.sys, "prefix", str(venv))
    monkeypatch.setattr(reproduce, "cache_dir", lambda: cache)
    rows = reproduce.disk_rows()
    assert [r["bytes"] for r in rows] == [4000, 500, None]  # no DSL cache: not measured, not zero
    assert "not measured: `make fetch` has not run" in reproduce.disk_markdown(rows)
    assert reproduce.disk_facts(rows)["repro_disk_total"].startswith(f"{4500 / 2 ** 30:.1f} GiB without what")


def test_recorded_files_skip_failed_runs(scratch_store):
    good = record("real-racecheck")
    record("real-racecheck", {"complete": False})
    assert reproduce.recorded_files("real-racecheck")["run"] == good.id
    assert json.loads((good.path / "summary.json").read_text()) == {"complete": True}



def test_recorded_files_prefer_the_registry_protocol_over_a_newer_run_of_another(scratch_store):
    """The page says what `make live` records: for a timing step, a newer run of another protocol (what its
    plan.json recorded, not its command line) is shown only where no run of the registry's protocol exists;
    elsewhere the newest valid run."""
    entry = next(e for e in registry.REGISTRY if e.name == "twin-timing-layouts")

    def timing_run(protocol, command):
        with store.new_run(entry.name, command=command) as run:
            run.write_json("summary.json", {"complete": True})
            run.write_json("plan.json", {"protocol": protocol})
        return run.recorded

    current = timing_run(entry.protocol, ["racelab", "timing", "layouts", "--edited-flag"])
    older_protocol = timing_run("layouts/K1/L1000/P1", list(entry.command))
    assert older_protocol.id > current.id
    assert reproduce.recorded_files(entry.name)["run"] == current.id
    first = record("real-racecheck", command=["racelab", "real", "record"])
    newer = record("real-racecheck", command=["racelab", "real", "record", "--by-hand"])
    assert newer.id > first.id and reproduce.recorded_files("real-racecheck")["run"] == newer.id

# ------------------------------------------------------------------ make lab and make book, as the runbook says

def _make(target, tmp_path, uid):
    """Run `make TARGET` with VENV pointing at a fake environment whose jupyter, jupyter-book and racelab
    print their arguments and RACELAB_MODE, and an `id` that reports `uid`."""
    import hashlib
    import os
    import stat
    import subprocess

    from racelab.core.paths import repo_root

    root = repo_root()
    venv, bin_ = tmp_path / "venv", tmp_path / "venv" / "bin"
    fakes = tmp_path / "fakes"
    bin_.mkdir(parents=True)
    fakes.mkdir()
    stamp = hashlib.sha256((root / "requirements.lock").read_bytes() + (root / "pyproject.toml").read_bytes())
    (venv / f".installed-{stamp.hexdigest()[:12]}").touch()
    scripts = {bin_ / "jupyter": 'echo "jupyter $* RACELAB_MODE=$RACELAB_MODE"',
               bin_ / "jupyter-book": 'echo "jupyter-book $* RACELAB_MODE=$RACELAB_MODE"',
               bin_ / "racelab": "true", bin_ / "python": "true", fakes / "id": f"echo {uid}"}
    for path, body in scripts.items():
        path.write_text(f"#!/bin/bash\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env.update(PATH=f"{fakes}:{os.environ['PATH']}", RACELAB_MODE="auto")
    done = subprocess.run(["make", "--no-print-directory", "-C", str(root), target, f"VENV={venv}"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line.startswith("jupyter")]  # what the fakes printed


def test_make_lab_measures_live_and_starts_as_root(tmp_path):
    assert _make("lab", tmp_path / "root", 0) == ["jupyter lab notebooks/ --allow-root RACELAB_MODE=live"]
    assert _make("lab", tmp_path / "user", 1000) == ["jupyter lab notebooks/ RACELAB_MODE=live"]


def test_make_book_replays_whatever_the_shell_says(tmp_path):
    [build] = _make("book", tmp_path, 1000)  # the shell says RACELAB_MODE=auto
    assert build.startswith("jupyter-book build . ") and build.endswith(" RACELAB_MODE=replay")


def test_a_session_split_over_calls_is_shown_whole(scratch_store):
    """Two parts tagged "s1" (100 s for every step but one, then 300 s for a timing step given a deadline)
    make one session of 400 s, shown once both are recorded; a later untagged session with a failed step is
    passed over."""
    timed = record("twin-timing")
    rest = whole_plan(**{"twin-timing": None})
    first = registry.record_session(H200, rest, 100.0, [], "s1", 900.0)
    assert reproduce.session_parts() == []  # its second part is not recorded yet
    second = registry.record_session(H200, [step("twin-timing", 300.0, recorded=[timed.id], deadline_s=250.0)],
                                     300.0, [], "s1", 900.0)
    session([step("real-timing", 50.0, ok=False)])
    parts = reproduce.session_parts()
    assert [p.id for p in parts] == [first.id, second.id]
    facts = reproduce.session_facts()
    assert facts["repro_session_total"] == reproduce.fmt_seconds(400.0) and facts["repro_session_parts"] == 2
    assert facts["repro_session_budget"] == reproduce.fmt_seconds(900.0)
    table = reproduce.session_markdown(parts)
    assert "| 2 | twin-timing | 5.0 min | 4.2 min | ok |" in table
    assert reproduce.session_markdown([]).startswith("*No `make live` session")


def test_a_budget_shortened_step_does_not_time_the_registry_command(scratch_store):
    full = record("twin-timing-interleaved", {"complete": True, "wall_s": 400.0})
    import os
    os.environ["RACELAB_SHORTENED"] = "make live's budget gave ..."
    try:
        short = record("twin-timing-interleaved", {"complete": True, "wall_s": 60.0})
    finally:
        del os.environ["RACELAB_SHORTENED"]
    session([step("twin-timing-interleaved", 70.0, recorded=[short.id], shortened="make live's budget gave ...")])
    got = reproduce.step_time("twin-timing-interleaved", 90)
    assert got.seconds == 400.0 and full.id in got.source


def test_the_time_box_gives_one_estimate_per_b200_step_the_rebuild_and_the_total():
    """The runbook's time box: every step a B200 runs once, the PR-protocol timing step at the one estimate the
    page gives (its processes at the H200's wall time a process, capped by its deadline), the rebuild's bound,
    and a total that adds them."""
    from racelab.book.build_bench import TARGETS_S
    from racelab.book.inventory import fmt_seconds
    from racelab.experiments import registry

    rows = reproduce.reproduce_rows()
    box = reproduce.time_box(rows)
    b200 = [r for r in rows if r.b200 is not None]
    assert [r.experiment for r in b200] == [e.name for e in registry.REGISTRY if e.runs_on(100)]
    for r in b200:
        assert f"| `{r.experiment}` |" in box["repro_box_table"]
    timing = next(r for r in b200 if r.experiment == "real-timing")
    estimate = reproduce.protocol_estimate_s()
    if estimate is not None:  # an H200 real-timing run is recorded
        assert timing.b200.seconds == estimate and timing.b200_estimated
        entry = next(e for e in registry.REGISTRY if e.name == "real-timing" and e.runs_on(100))
        assert estimate <= entry.nominal_s + registry.step_overhead(entry)
        assert reproduce.real_timing_protocol_estimate()["repro_protocol_wall"] == fmt_seconds(estimate)
    known = [r.b200.seconds for r in b200 if r.b200.seconds is not None]
    assert box["repro_box_total"].startswith(f"about {fmt_seconds(sum(known) + TARGETS_S['cold'])}")


def test_the_disk_table_says_what_was_not_fetched_instead_of_absent(monkeypatch, tmp_path):
    monkeypatch.setattr(reproduce, "cache_dir", lambda: tmp_path / "empty-cache")
    rows = reproduce.disk_rows()
    assert rows[1]["bytes"] is None and rows[2]["bytes"] is None
    table = reproduce.disk_markdown(rows)
    assert "absent here" not in table and "`make fetch` has not run on the machine that built this page" in table
    assert reproduce.disk_facts(rows)["repro_disk_total"].endswith("without what `make fetch` downloads (not run "
                                                                   "where this page was built)")


def test_the_calibrations_expected_count_is_what_the_recorded_runs_measured():
    """The runbook's calibration row is a prediction (every lane but the arriving one stores one float); the
    recorded runs measured exactly that for V0 and none for V2, so the prediction is not a number typed to fit."""
    from racelab.core import store
    from racelab.experiments import calibration

    row = next(r for r in reproduce.expected_rows() if r["case"].startswith("calibration"))
    predicted = int(row["before the fix"].split()[0])
    for run in store.all_runs(calibration.EXPERIMENT):
        table = calibration.table(run)
        assert int(table.loc["V0", "hazards"]) == predicted and int(table.loc["V2", "hazards"]) == 0, run.id


def test_the_toolchain_table_counts_every_recorded_gpu_run():
    from pathlib import Path

    from racelab.book import inventory

    rows = inventory.inventory(root=Path(__file__).resolve().parents[1] / "results")  # the repository's runs
    gpu_runs = [r for r in rows if r.ok and r.sm is not None]
    table = reproduce.toolchains_markdown(rows)
    counted = sum(int(line.split("|")[-3]) for line in table.splitlines()[2:])
    assert counted == len(gpu_runs) > 0
