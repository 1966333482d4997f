"""The translation to and from the test format of NVIDIA's mixed-proxy model (racelab.model.mixedproxy_text),
and the fence reading that explains where that model and the checker differ. The model itself runs in
`racelab model mixedproxy` (a recorded run); these tests need neither it nor Alloy."""

import pytest

from racelab.model import mixedproxy_text as mt
from racelab.model.checker import check, parse

MP_RED = """thread T0 cta=0 warp=0
  st.weak x 1
  red.release.gpu.add y 1
thread T1 cta=1 warp=0
  r0 = ld.acquire.gpu y
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""


def test_a_program_becomes_a_test_in_the_models_spelling():
    text = mt.test_text(parse(MP_RED), "q")
    assert ".global x;" in text and ".global y;" in text
    assert "d0.b0.t0 {" in text and "d0.b1.t0 {" in text
    assert "st.weak [x], 1;" in text and "ld.acquire.gpu r" in text
    # red is written as atom with a register the condition does not name
    assert "atom.add.release.gpu r" in text and "red." not in text
    cond = text.strip().splitlines()[-1]
    assert cond.startswith("permit (") and cond.endswith(") as q;") and cond.count("==") == 2


@pytest.mark.parametrize("text, why", [
    (MP_RED.replace("exists: T1:r0=1 /\\ T1:r1=0", "filter: T1:r0=1\nexists: T1:r1=0"), "a filter"),
    (MP_RED.replace("exists: T1:r0=1 /\\ T1:r1=0", "exists: x=1"), "final value"),
    ("init: x=3\n" + MP_RED, "initial value"),
    (MP_RED.replace("red.release.gpu.add y 1", "r5 = atom.relaxed.gpu.exch y 1"), "atom.exch"),
    (MP_RED.replace("red.release.gpu.add y 1", "r5 = atom.relaxed.gpu.cas y 0 1"), "atom.cas"),
    (MP_RED.replace("red.release.gpu.add y 1", "bar.sync 1"), "barriers"),
    (MP_RED.replace("st.weak x 1", "st.relaxed.cluster x 1"), "cluster scope"),
])
def test_what_the_format_cannot_say_is_reported(text, why):
    assert why in mt.not_translatable(parse(text))


def test_a_template_expands_as_the_models_front_end_expands_it():
    test = "d0.b0.t0 {\n  $0 [x], 1;\n}\n$$\nst | a\n# a comment\n\nld | b\n"
    got = mt.instances(test)
    assert [s for s, _ in got] == ["#1", "#2"]
    assert "st [x], 1;" in got[0][1] and "ld [x], 1;" in got[1][1]


SUITE_LIKE = """.global x;
.global flag;

d0.b0.t0 {
  st [x], 7;
  st.release.gpu [flag], 1;
}

d0.b1.t0 {
  ld.acquire.gpu r0, [flag] == 1;
  ld r1, [x];
}

assert (r1 == 7) as seen;
permit (r1 == 0) as stale;
"""


def test_a_suite_test_is_read_and_answered_from_the_checkers_outcomes():
    litmus, commands = mt.from_test(SUITE_LIKE, "MP-like")
    verdict = check(parse(litmus, "MP-like"))
    answers = {name: mt.suite_verdict(verdict.outcomes, kind, cond, inline) for kind, cond, name, inline in commands}
    assert [inline for *_, inline in commands] == ["r0 == 1", "r0 == 1"]
    # with the flag read as 1, x is 7: the assertion holds (no counterexample) and the stale read is not permitted
    assert answers == {"seen": "UNSAT", "stale": "UNSAT"}
    relaxed = SUITE_LIKE.replace("st.release.gpu [flag]", "st.relaxed.gpu [flag]")
    litmus, commands = mt.from_test(relaxed, "MP-relaxed")
    verdict = check(parse(litmus, "MP-relaxed"))
    assert {n: mt.suite_verdict(verdict.outcomes, k, c, i) for k, c, n, i in commands} == {"seen": "SAT", "stale": "SAT"}


@pytest.mark.parametrize("line, why", [
    (".texref t virtually aliases x;\n", None),  # declared but unused: fine
    ("", "volatile"),
])
def test_aliases_proxies_and_volatile_are_refused_where_used(line, why):
    text = line + SUITE_LIKE
    if why:
        text = text.replace("st [x], 7;", "st.volatile [x], 7;")
        with pytest.raises(mt.NotExpressible, match=why):
            mt.from_test(text, "t")
    else:
        mt.from_test(text, "t")
        with pytest.raises(mt.NotExpressible, match="alias"):
            mt.from_test(text.replace("ld r1, [x];", "ld r1, [t];"), "t")
    with pytest.raises(mt.NotExpressible, match="proxy fence"):
        mt.from_test(SUITE_LIKE.replace("ld r1, [x];", "fence.proxy.texture;\n  ld r1, [x];"), "t")


def test_a_condition_is_evaluated_on_register_values_only():
    assert mt.holds("r0 == 1 && (r1 != 2 || not r2 == 3)", {"r0": 1, "r1": 2, "r2": 4})
    with pytest.raises(mt.NotExpressible):
        mt.holds("__import__('os')", {})


def test_without_fence_patterns_a_fence_synchronizes_nothing():
    """The reading that explains the mixed-proxy model's answers on fence programs: with no fence half of a
    release or acquire pattern, MP with fence.acq_rel on both sides is allowed; §8.8 (and the checker) forbid it;
    fence.sc still orders SB through the fence-SC order."""
    mp = """thread T0 cta=0 warp=0
  st.weak x 1
  fence.acq_rel.gpu
  st.relaxed.gpu y 1
thread T1 cta=1 warp=0
  r0 = ld.relaxed.gpu y
  fence.acq_rel.gpu
  r1 = ld.weak x
exists: T1:r0=1 /\\ T1:r1=0
"""
    assert check(parse(mp)).verdict == "forbidden"
    assert check(parse(mp), fence_patterns=False).verdict == "allowed"
    sb = """thread T0 cta=0 warp=0
  st.relaxed.gpu x 1
  fence.sc.gpu
  r0 = ld.relaxed.gpu y
thread T1 cta=1 warp=0
  st.relaxed.gpu y 1
  fence.sc.gpu
  r1 = ld.relaxed.gpu x
exists: T0:r0=0 /\\ T1:r1=0
"""
    assert check(parse(sb), fence_patterns=False).verdict == "forbidden"


def test_the_generated_programs_over_atomics_are_many_and_all_translatable():
    got = mt.generated()
    assert len(got) >= 300 and len({n for n, _ in got}) == len(got)
    assert all(mt.not_translatable(parse(text, name)) is None for name, text in got)
