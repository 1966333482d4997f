"""The checker's semantics of barrier instances, mbarrier phases and bar.warp.sync, on catalogue programs and
variants of them whose verdicts follow from the PTX ISA's text (§8.9.4's synchronizes-with list; the mbarrier
instruction descriptions): each would have come out wrong if the checker merged barrier instances, ignored
phases, or treated a barrier as a fence."""

import pytest

from racelab.model import catalogue, checker

TWO_BARRIERS = catalogue.by_name()["MP+bar.sync-twice"].text

LOOP = """
name: bar.sync-reused-in-a-loop
thread T0 cta=0 warp=0
  st.weak x 1
  bar.sync 1
  r0 = ld.weak y
  bar.sync 1
  st.weak x 2
thread T1 cta=0 warp=1
  st.weak y 1
  bar.sync 1
  r1 = ld.weak x
  bar.sync 1
exists: T0:r0=0
"""

TWO_PHASES = catalogue.by_name()["MP+mbarrier-two-phases"].text

WARP_SYNC_NOT_A_FENCE = catalogue.by_name()["MP+bar.warp.sync-no-fence"].text

ONE_THREAD_BAR = WARP_SYNC_NOT_A_FENCE.replace("bar.warp.sync", "bar.sync 2")


@pytest.mark.parametrize("rules", checker.RULE_SETS)
def test_every_execution_of_a_barrier_is_its_own_instance(rules):
    assert checker.check(checker.parse(TWO_BARRIERS), rules).verdict == "forbidden"
    assert checker.check(checker.parse(LOOP), rules).verdict == "forbidden"


def test_a_barrier_one_thread_never_reaches_deadlocks():
    program = checker.parse(TWO_BARRIERS.replace("  bar.sync 0\n  r0", "  r0"))
    assert checker.check(program, "ptx-formal").verdict == "deadlock"


@pytest.mark.parametrize("rules", checker.RULE_SETS)
def test_a_wait_waits_for_the_phase_it_names(rules):
    verdict = checker.check(checker.parse(TWO_PHASES), rules)
    assert verdict.verdict == "forbidden"
    assert {(("C", "r0", 1), ("C", "r1", 2))} == set(verdict.outcomes)  # the only outcome: each phase's value


def test_a_second_phase_with_no_second_arrive_deadlocks():
    program = checker.parse(TWO_PHASES.replace("  st.weak x 2\n  mbarrier.arrive full\n", "  st.weak x 2\n"))
    assert checker.check(program, "ptx-formal").verdict == "deadlock"


@pytest.mark.parametrize("text", [WARP_SYNC_NOT_A_FENCE, ONE_THREAD_BAR])
@pytest.mark.parametrize("rules", checker.RULE_SETS)
def test_a_barrier_is_no_fence(text, rules):
    """T1 is in another warp: nothing in §8.9.4 synchronizes it with T0's barrier, and a barrier is not a
    release pattern (§8.8), so the relaxed store publishes nothing."""
    assert checker.check(checker.parse(text), rules).verdict == "allowed"


def test_races_are_reported_per_execution_not_per_outcome():
    """§8.7.1 defines a data race on an execution. MP+rel-acq's stale outcome is forbidden, yet in the
    executions where the flag reads 0 the weak accesses to x race; the fix of the handoff is race-free."""
    from racelab.model import catalogue

    tests = catalogue.by_name()
    mp = checker.check(tests["MP+rel-acq"].program(), "ptx-formal")
    assert mp.verdict == "forbidden" and not mp.race_free
    assert mp.races == (("T0: st.weak x 1", "T1: r1 = ld.weak x"),)
    assert ("T1", "r0", 0) in mp.race_witness  # the witness execution read the flag's old value
    fixed = checker.check(tests["W_LOADED-all-lanes"].program(), "ptx-formal")
    assert fixed.race_free and fixed.race_witness is None
    elected = checker.check(tests["W_LOADED-elected"].program(), "ptx-formal")
    assert elected.races == (("L1: st.weak w1 1", "C: r1 = ld.weak w1"),)


def test_the_cli_says_race_free_or_names_the_races(tmp_path, capsys):
    from racelab.cli import model as cli

    path = tmp_path / "mp.litmus"
    path.write_text(TWO_PHASES)
    assert cli.main(["check", str(path), "--rules", "ptx-formal"]) == 0
    assert "race-free" in capsys.readouterr().out
    path.write_text(WARP_SYNC_NOT_A_FENCE)
    assert cli.main(["check", str(path), "--rules", "ptx-formal"]) == 0
    out = capsys.readouterr().out
    assert "data races (§8.7.1)" in out and "T0: st.weak x 1  <->  T1: r1 = ld.weak x" in out


def test_a_forbidden_outcome_names_its_axiom_and_an_allowed_one_a_witness(tmp_path, capsys):
    from racelab.model import catalogue

    mp = catalogue.by_name()["MP+rel-acq"].program()
    forbidden = checker.check(mp, "ptx-formal")
    assert forbidden.ruled_out_by == (("causality", 1),) and forbidden.witness == ()
    two = checker.check(checker.parse(TWO_PHASES), "ptx-formal")
    assert dict(two.ruled_out_by).get("incomplete") or dict(two.ruled_out_by).get("causality")
    allowed = checker.check(checker.parse(WARP_SYNC_NOT_A_FENCE), "ptx-formal")
    assert allowed.ruled_out_by == ()
    assert "T1: r0 = ld.acquire.cta y reads T0: st.relaxed.cta y 1" in allowed.witness
    assert "T1: r1 = ld.weak x reads the initial value" in allowed.witness
    from racelab.cli import model as cli
    path = tmp_path / "mp.litmus"
    path.write_text(catalogue.by_name()["MP+rel-acq"].text)
    assert cli.main(["check", str(path), "--rules", "ptx-formal"]) == 0
    assert "forbidden by: the causality axiom of §8.10 (1 candidate execution with the outcome)" in capsys.readouterr().out


# the graded path's verdicts, as the sections each rests on predict (ptx-formal, ptx+warpsync)
PATH_VERDICTS = {
    "1-MP": ("allowed", "allowed"), "2-MP-scopes": ("allowed", "allowed"),
    "2b-MP-gpu-scope": ("forbidden", "forbidden"), "3-ISA2": ("forbidden", "forbidden"),
    "4a-W_LOADED-elected": ("allowed", "allowed"), "4b-W_LOADED-syncwarp": ("allowed", "forbidden"),
    "4c-W_LOADED-named-barrier": ("forbidden", "forbidden"), "4d-W_LOADED-all-lanes": ("forbidden", "forbidden"),
    "5-two-phases": ("forbidden", "forbidden"), "6a-K_CONSUMED-elected": ("allowed", "allowed"),
    "6b-K_CONSUMED-all-readers": ("forbidden", "forbidden"),
    "1b-SB": ("allowed", "allowed"), "1c-SB-fence.sc": ("forbidden", "forbidden"), "1d-LB": ("allowed", "allowed"),
    "1e-CoRR-weak": ("allowed", "allowed"), "1f-CoRR": ("forbidden", "forbidden"), "1g-IRIW": ("forbidden", "forbidden"),
    "3b-fence-scopes": ("allowed", "allowed"), "7a-RMW-counter": ("forbidden", "forbidden"),
    "7b-lost-update": ("allowed", "allowed"), "8-V7-spin": ("forbidden", "forbidden"),
    "9a-cluster-barrier": ("forbidden", "forbidden"), "9b-cluster-barrier-relaxed": ("allowed", "allowed"),
    "10a-TMA-load": ("forbidden", "forbidden"), "10b-TMA-load-no-expect": ("allowed", "allowed"),
    "11a-TMA-store": ("allowed", "allowed"), "11b-TMA-store-fence": ("forbidden", "forbidden"),
}
# an allowed outcome of strong accesses only (no weak access to race), and forbidden outcomes of programs whose
# other executions race (the flag read as 0)
ALLOWED_WITHOUT_RACE = {"1b-SB", "1d-LB", "7b-lost-update"}
FORBIDDEN_WITH_RACE = {"2b-MP-gpu-scope", "3-ISA2"}


def test_the_graded_litmus_path():
    from racelab.model import litmus_exercises

    assert sorted(e.key for e in litmus_exercises.PATH) == sorted(PATH_VERDICTS)
    for e in litmus_exercises.PATH:
        got = litmus_exercises.answer(e)
        assert (got["ptx-formal"]["verdict"], got["ptx+warpsync"]["verdict"]) == PATH_VERDICTS[e.key], e.key
        for rules, a in got.items():  # an allowed outcome comes with a race unless every access is strong; a forbidden one names its axiom
            expect_race = (a["verdict"] == "allowed") != (e.key in ALLOWED_WITHOUT_RACE | FORBIDDEN_WITH_RACE)
            assert bool(a["races"]) == expect_race, (e.key, rules)
            assert (a["verdict"] == "forbidden") == bool(a["ruled_out_by"]), (e.key, rules)
            assert "incomplete" not in a["ruled_out_by"], (e.key, rules)


def test_dot_draws_the_execution_and_the_cycle_that_rules_it_out(tmp_path, capsys):
    """`racelab model check --dot`: MP+rel-acq's stale read is drawn with the edges of its causality cycle
    (fr; po; sw; po) and titled with the axiom; without the release and acquire it is allowed, drawn with its
    race."""
    from racelab.cli import model as model_cli

    mp = catalogue.by_name()["MP+rel-acq"]
    path = tmp_path / "mp.litmus"
    path.write_text(mp.text)
    assert model_cli.main(["check", str(path), "--rules", "ptx-formal", "--dot"]) == 0
    dot = capsys.readouterr().out
    assert dot.startswith("digraph execution {") and "ruled out by causality" in dot
    for edge in ("label=po", "label=rf", "label=fr", "label=sw"):
        assert edge in dot, edge
    assert '"fr (cycle)"' in dot and '"cause (cycle)"' in dot  # the forbidding cycle marked
    weak = mp.text.replace("st.release.cta", "st.relaxed.cta").replace("ld.acquire.cta", "ld.relaxed.cta")
    path.write_text(weak)
    assert model_cli.main(["check", str(path), "--rules", "ptx-formal", "--dot"]) == 0
    dot = capsys.readouterr().out
    assert "allowed" in dot and "label=race" in dot and "label=sw" not in dot
    assert "(cycle)" not in dot
    assert model_cli.main(["check", str(path), "--dot"]) == 2  # one rule set, please


def test_each_kernel_exercise_runs_in_the_lab_with_the_models_answer():
    """Exercises A-G in litmus form (two lanes for the warp): the checker's answer under each PTX rule set is the
    happens-before model's ("race": some allowed execution races; "clean": the stale read forbidden and no race;
    "hang": no execution completes its waits)."""
    from racelab.model import litmus_exercises
    from racelab.model.happens_before import analyze
    from racelab.model.programs import EXERCISES

    forms = litmus_exercises.kernel_exercise_programs()
    assert sorted(forms) == [e.key for e in EXERCISES]
    for e in EXERCISES:
        program = checker.parse(forms[e.key], e.key)
        for rules in checker.RULE_SETS:
            got, model = checker.check(program, rules), analyze(e.program, rules).verdict
            seen = "hang" if got.verdict == "deadlock" else "race" if got.races else "clean"
            assert seen == model, (e.key, rules, got.verdict, got.races, model)
