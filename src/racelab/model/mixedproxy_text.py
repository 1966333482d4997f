"""Litmus programs in the test format of NVIDIA's mixed-proxy PTX model (NVlabs/mixedproxy, the ISCA'22
artifact: its `ptx.als` with proxies, read-modify-writes and release sequences, and its own front end, which
turns a test into an Alloy module), and the generated programs over atomics that the checker is compared on
there (racelab.experiments.checker_mixedproxy).

A program becomes one test: every location `.global`, each thread `d0.bC.tK` (device 0, block C = its CTA, K its
index in the CTA), each instruction in the front end's spelling (`st.relaxed.cta [x], 1;`,
`atom.add.acq_rel.gpu r3, [x], 1;`, `fence.sc.gpu;`; `red` as `atom` with a register nothing reads, since the
front end's `red` rule calls a name it never defines), every register renamed `rN` (its one register form), and the condition as `permit (r0 == 1 && r1 == 0) as LABEL;`: the
front end emits `run LABEL { ptx_mm and <registers' values> and (cond) }`, so an instance exists (SAT)
exactly when the condition is allowed.

What the test format cannot say is reported, not translated: barriers and mbarriers (the format has none),
`bar.warp.sync`, `atom.exch` (its one atomic operation is `add`), a filter or a condition on a location's
final value (its conditions read registers), and an initial value other than 0."""

import itertools
import re

from racelab.model.litmus_text import _ATOM, _RED, LitmusProgram


def not_translatable(program: LitmusProgram) -> str | None:
    """Why `program` has no faithful test in the mixed-proxy format, or None."""
    if any(e.kind in ("I", "FP") or e.proxy != "generic" for e in program.events):
        return "the async proxy (bulk copies, fence.proxy.async): the model has none"
    if program.filter:
        return "a filter (the format's conditions cannot discard executions)"
    if any(not thread for thread, _, _ in program.condition):
        return "a condition on a location's final value (the format's conditions read registers)"
    if any(value for value in program.init.values()):
        return "an initial value other than 0"
    for e in program.events:
        if e.scope == "cluster":
            return "cluster scope (the format's scopes are CTA, GPU and system)"
        if e.kind in ("BA", "BW") or e.phase is not None or e.decrement:
            return "barriers and mbarriers (the format has none)"
        if e.op is not None and e.op[0] != "add":
            return f"atom.{e.op[0]} (the format's one atomic operation is add)"
    return None


def _sem_scope(sem: str, scope: str) -> str:
    return ".weak" if sem == "weak" else f".{sem}.{scope}"


def test_text(program: LitmusProgram, label: str) -> str:
    """The mixed-proxy test of `program` with its condition as `permit ... as label` (not_translatable(program)
    must be None)."""
    regs: dict = {}

    def reg(thread: str, name: str | None) -> str:
        key = (thread, name if name is not None else f"#{len(regs)}")
        return regs.setdefault(key, f"r{len(regs)}")

    locs = sorted({e.loc for e in program.events if e.loc is not None})
    lines = [f".global {loc};" for loc in locs] + [""]
    index: dict = {}
    for t in program.threads:
        k = index[t.cta] = index.get(t.cta, -1) + 1
        lines.append(f"d0.b{t.cta}.t{k} {{")
        write_of = {e.rmw_read: e for e in t.events if e.rmw_read is not None}
        for e in t.events:
            if e.rmw_read is not None:
                continue  # written with its read, as one atomic
            if e.id in write_of:
                m = _ATOM.match(e.text) or _RED.match(e.text)
                operand = f"{m['loc']}], {m['val']}"
                # red as atom with a register nothing reads: the front end's own `red` rule calls a name it
                # never defines, and a register the condition does not name constrains nothing
                lines.append(f"  atom.add.{m['sem']}.{m['scope']} {reg(t.name, e.reg)}, [{operand};")
            elif e.kind == "W":
                lines.append(f"  st{_sem_scope(e.sem, e.scope)} [{e.loc}], {e.value};")
            elif e.kind == "R":
                lines.append(f"  ld{_sem_scope(e.sem, e.scope)} {reg(t.name, e.reg)}, [{e.loc}];")
            elif e.kind == "F":
                lines.append(f"  fence.{e.sem}.{e.scope};")
        lines += ["}", ""]
    cond = " && ".join(f"{reg(thread, r)} == {value}" for thread, r, value in program.condition)
    lines.append(f"permit ({cond}) as {label};")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------- generated programs

ATOM_SEMS = ("relaxed", "acquire", "release", "acq_rel")
RED_SEMS = ("relaxed", "release")
SCOPES = ("cta", "gpu")


def _atom(reg: str, sem: str, scope: str, loc: str, value: int) -> str:
    return f"{reg} = atom.{sem}.{scope}.add {loc} {value}"


# Each shape: (the semantics it varies, a function of those semantics and a scope giving each thread's
# instructions, and the condition).
SHAPES = {
    # two increments of one counter both reading 0: atomicity forbids it at any semantics and scope
    "counter": (ATOM_SEMS, 2, lambda s, sc: [[_atom("r0", s[0], sc, "x", 1)], [_atom("r1", s[1], sc, "x", 1)]],
                "T0:r0=0 /\\ T1:r1=0"),
    # message passing through a flag that is incremented, read by an atomic add of 0
    "MP+rmw": (ATOM_SEMS, 2, lambda s, sc: [["st.weak x 1", _atom("r2", s[0], sc, "y", 1)],
                                            [_atom("r0", s[1], sc, "y", 0), "r1 = ld.weak x"]],
               "T1:r0=1 /\\ T1:r1=0"),
    # message passing through red (no destination), read by ld.SEM
    "MP+red": (RED_SEMS, 2, lambda s, sc: [["st.weak x 1", f"red.{s[0]}.{sc}.add y 1"],
                                           [f"r0 = ld.{'acquire' if s[1] == 'release' else 'relaxed'}.{sc} y",
                                            "r1 = ld.weak x"]],
               "T1:r0=1 /\\ T1:r1=0"),
    # a release, an atomic of another thread on the flag, then an acquire read of the atomic's value: the
    # release sequence (does the RMW carry the release to the reader?)
    "release-sequence": (ATOM_SEMS, 1, lambda s, sc: [["st.weak x 1", f"st.release.{sc} y 1"],
                                                      [_atom("r2", s[0], sc, "y", 1)],
                                                      [f"r0 = ld.acquire.{sc} y", "r1 = ld.weak x"]],
                         "T1:r2=1 /\\ T2:r0=2 /\\ T2:r1=0"),
    # store buffering with atomics (mixedproxy's own SB_rmw shape, at every semantics)
    "SB+rmw": (ATOM_SEMS, 2, lambda s, sc: [[_atom("r1", s[0], sc, "x", 1), _atom("r2", s[0], sc, "y", 1)],
                                            [_atom("r3", s[1], sc, "y", 1), _atom("r4", s[1], sc, "x", 1)]],
               "T0:r2=0 /\\ T1:r4=0"),
    # load buffering with atomics
    "LB+rmw": (ATOM_SEMS, 2, lambda s, sc: [[_atom("r0", s[0], sc, "x", 1), f"st.relaxed.{sc} y 1"],
                                            [_atom("r1", s[1], sc, "y", 1), f"st.relaxed.{sc} x 1"]],
               "T0:r0=1 /\\ T1:r1=1"),
    # an atomic between a relaxed write and a read of the same thread: coherence through the RMW
    "CoRW+rmw": (ATOM_SEMS, 1, lambda s, sc: [[f"st.relaxed.{sc} x 1", _atom("r0", s[0], sc, "x", 1),
                                               f"r1 = ld.relaxed.{sc} x"], [f"st.relaxed.{sc} x 5"]],
                 "T0:r0=1 /\\ T0:r1=1"),
}


def program_text(shape: str, sems: tuple, scope: str, same_cta: bool) -> str:
    _, _, make, cond = SHAPES[shape]
    name = f"{shape}+{'+'.join(sems)}+{scope}+{'one-cta' if same_cta else 'cta-each'}"
    lines = [f"name: {name}"]
    for k, ops in enumerate(make(sems, scope)):
        lines.append(f"thread T{k} cta={0 if same_cta else k} warp={k}")
        lines += [f"  {op}" for op in ops]
    lines.append(f"exists: {cond}")
    return "\n".join(lines) + "\n"


def generated() -> list[tuple[str, str]]:
    """(name, litmus text) of the generated programs over atomics: every shape with every choice of its
    semantics, at .cta and .gpu scope, with all threads in one CTA and each in its own."""
    out = []
    for shape, (choices, n, _, _) in SHAPES.items():
        for sems, scope, same in itertools.product(itertools.product(choices, repeat=n), SCOPES, (True, False)):
            text = program_text(shape, sems, scope, same)
            out.append((text.split("\n", 1)[0][len("name: "):], text))
    return out


# ------------------------------------------------------------------------------ the model's own test suite

class NotExpressible(ValueError):
    """A test of the mixed-proxy suite that this checker's format cannot say; the message says why."""


_HEADER = re.compile(r"^d(?P<d>\d+)\.b(?P<b>\d+)\.t(?P<t>\d+)\s*\{$")
_DECL = re.compile(r"^\.(?P<space>global|shared)\s+(?P<name>\w+)\s*;$")
_INSTR = re.compile(r"^(?P<op>st|ld|atom\.add|red\.add|fence)(?P<quals>(?:\.\w+)*)\s*(?P<args>[^;]*);$")
_COMMAND = re.compile(r"^(?P<kind>permit|check|assert)\s*\((?P<cond>.*)\)\s*as\s+(?P<name>\w+)\s*;$")
_COND_TOKEN = re.compile(r"\s*(r\d+|-?\d+|==|!=|&&|\|\||not\b|\(|\))")
SEMS = ("weak", "relaxed", "acquire", "release", "acq_rel", "sc")


def instances(test: str) -> list[tuple[str, str]]:
    """(suffix, text) of each instance of a suite file: a template (a body, `$$`, then one line of `|`-separated
    parameters per instance, `$i` the i-th) as its front end expands it, or the file itself."""
    if "$$" not in test:
        return [("", test)]
    body, params = test.split("$$\n", 1)
    out = []
    for n, line in enumerate(p for p in params.split("\n") if p.strip() and p[0] != "#"):
        text = body
        for i, value in enumerate(line.split("|")):
            text = text.replace(f"${i}", value.strip())
        out.append((f"#{n + 1}", text))
    return out


def _quals(quals: str, line: str) -> tuple[str, str | None]:
    parts = [q for q in quals.split(".") if q]
    sem = next((q for q in parts if q in SEMS), "weak")
    scope = next((q for q in parts if q in ("cta", "gpu", "sys")), None)
    unknown = [q for q in parts if q not in SEMS and q not in ("cta", "gpu", "sys")]
    if unknown or "volatile" in parts:
        raise NotExpressible(f"{line!r}: qualifier {'.'.join(unknown or ['volatile'])}")
    return sem, scope


def from_test(text: str, name: str) -> tuple[str, list[tuple[str, str, str]]]:
    """A suite test (one instance) as this checker's litmus text, and its commands as (kind, condition, name,
    the inline values of its loads: `ld r0, [x] == 1` gives "r0 == 1", "" for none); NotExpressible for what the
    format cannot say (aliases, texture, surface and constant proxies, proxy fences, volatile, a second
    device, exch)."""
    lines, threads, commands, inline, thread, aliases, owner = [], [], [], [], None, set(), {}
    for raw in text.splitlines():
        line = raw.split("//")[0].strip()
        if not line:
            continue
        if m := _DECL.match(line):
            continue
        if line.startswith("."):  # an alias: refused where an instruction names it
            aliases.add(line.split()[1])
            continue
        if m := _HEADER.match(line):
            if m["d"] != "0":
                raise NotExpressible(f"{line!r}: a second device")
            thread = f"T{len(threads)}"
            threads.append(thread)
            lines.append(f"thread {thread} cta={m['b']} warp={m['t']}")
            continue
        if line == "}":
            thread = None
            continue
        if m := _COMMAND.match(line):
            commands.append((m["kind"], m["cond"].strip(), m["name"]))
            continue
        if thread is None:
            raise NotExpressible(f"{line!r}: not understood outside a thread")
        for piece in filter(None, (p.strip() for p in line.split(";"))):
            m = _INSTR.match(piece + ";")
            if not m:
                raise NotExpressible(f"{piece!r}: not in the format (proxy operations, volatile, exch)")
            op, args = m["op"], [a.strip() for a in m["args"].split(",")]
            named = set(re.findall(r"\[(\w+)\]", piece))
            if named & aliases:
                raise NotExpressible(f"{piece!r}: an alias (virtual or physical) of another location")
            owner.update({r: thread for r in re.findall(r"\b(r\d+)\b", args[0]) if op in ("ld", "atom.add")})
            if op == "fence":
                if m["quals"].startswith(".proxy") or m["quals"] == ".alias":
                    raise NotExpressible(f"{piece!r}: a proxy fence")
                lines.append(f"  fence{m['quals']}")
                continue
            sem, scope = _quals(m["quals"], piece)
            ss = sem if sem == "weak" else f"{sem}.{scope}"
            if op == "st":
                lines.append(f"  st.{ss} {args[0].strip('[]')} {args[1]}")
            elif op == "red.add":
                lines.append(f"  red.{ss}.add {args[0].strip('[]')} {args[1]}")
            else:
                reg, rest = args[0], args[1:]
                loc, _, must = rest[0].partition("==")
                value, _, must2 = (rest[1].partition("==") if len(rest) > 1 else ("", "", ""))
                must = (must or must2).strip()
                if must:
                    inline.append(f"{reg} == {must}")
                if op == "ld":
                    lines.append(f"  {reg} = ld.{ss} {loc.strip().strip('[]')}")
                else:
                    lines.append(f"  {reg} = atom.{ss}.add {loc.strip().strip('[]')} {value.strip()}")
    if not owner:
        raise NotExpressible("no register to observe")
    first = min(owner)
    body = [f"name: {name}", *lines, f"exists: {owner[first]}:{first}=0"]  # the checker's outcomes are used
    return "\n".join(body) + "\n", [(k, c, n, " && ".join(inline)) for k, c, n in commands]


def holds(condition: str, values: dict) -> bool:
    """A suite condition (`r0 == 1 && (r1 != 0 || not r2 == 3)`) on register values {reg: value}."""
    tokens, pos = [], 0
    while pos < len(condition):
        m = _COND_TOKEN.match(condition, pos)
        if not m:
            raise NotExpressible(f"condition {condition!r}: not understood at {condition[pos:]!r}")
        tokens.append(m.group(1))
        pos = m.end()
    py = " ".join({"&&": "and", "||": "or"}.get(t, f"v[{t!r}]" if t.startswith("r") else t) for t in tokens)
    return bool(eval(py, {"__builtins__": {}}, {"v": values}))  # noqa: S307 - tokens checked above


def suite_verdict(outcomes, kind: str, condition: str, inline: str = "") -> str:
    """What the suite's Alloy command answers, from the checker's allowed outcomes: "SAT" where an allowed
    outcome with the loads' inline values satisfies the condition (permit, check) or violates it (assert, which
    Alloy checks for a counterexample: `ptx_mm => inline => cond`), else "UNSAT"."""
    def wanted(v):
        return (not inline or holds(inline, v)) and holds(condition, v) != (kind == "assert")
    return "SAT" if any(wanted({r: value for _, r, value in o}) for o in outcomes) else "UNSAT"
