"""Litmus programs as Alloy queries over NVIDIA's formal PTX model (NVlabs/ptxmemorymodel `ptx.als`, the
ASPLOS'19 artifact), and the generated programs the checker is compared on (racelab.experiments.checker_alloy).

Each program becomes one predicate that fixes an instance of `ptx.als` exactly: its events (a weak or relaxed
write is a `Write` that is not a `Release`, a release write a `Release`, likewise `Read` / `Acquire`,
`fence.sc` a `FenceSC`, `fence.acq_rel` a `FenceAcqRel` that is not one, `bar.sync` a `BarrierArrive` then a
`BarrierWait`), program order, the scope tree (system > GPU > one scope per CTA > threads), each event's scope
(its thread for a weak access, else the CTA, GPU or system scope named), the addresses, and which barrier
arrives synchronize with which waits (every arrive of an instance with every wait of it). The condition
becomes reads-from: a read of value v reads from a write of v, or from the initial state when the location
starts at v. Reads-from, coherence, observation and the fence-SC order are left to the solver, with
`ptx_mm` (the model's axioms) asserted. An instance exists (SAT) exactly when the condition is allowed.

What `ptx.als` cannot say is reported, not translated: mbarrier (its phases are read-modify-writes with
values), `bar.warp.sync`, programs that can deadlock, and locations accessed once or never written (the
model's `Address` fact needs two accesses and a write)."""

import itertools

from racelab.model.litmus_text import LitmusProgram

SEMANTICS_OUTSIDE = {"mbarrier": "mbarrier phases (read-modify-writes with values) are not in ptx.als",
                     "warp": "bar.warp.sync is not in ptx.als"}


def not_translatable(program: LitmusProgram) -> str | None:
    """Why `program` has no faithful query over ptx.als, or None."""
    if any(e.kind in ("I", "FP") or e.proxy != "generic" for e in program.events):
        return "the async proxy (bulk copies, fence.proxy.async): the model has none"
    if program.filter:
        return "a filter (the query would have to discard executions by their final values)"
    if any(not thread for thread, _, _ in program.condition):
        return "a condition on a location's final value (the query reads registers only)"
    for e in program.events:
        if e.scope == "cluster" or (e.barrier and e.barrier[0] == "cluster"):
            return "cluster scope (ptx.als has CTA, GPU and system scopes)"
        if e.op is not None:
            return "atomics (read-modify-writes whose written value depends on the read) are not translated"
        if e.rmw_read is not None or e.phase is not None:
            return SEMANTICS_OUTSIDE["mbarrier"]
        if e.barrier and e.barrier[0] == "warp":
            return SEMANTICS_OUTSIDE["warp"]
    if any(not t.events for t in program.threads):
        return "a thread without events (ptx.als gives every thread a first event)"
    by_loc: dict = {}
    for e in program.events:
        if e.loc is not None:
            by_loc.setdefault(e.loc, []).append(e)
    for loc, events in by_loc.items():
        if len(events) < 2 or not any(e.kind == "W" for e in events):
            return f"location {loc} is accessed once or never written (ptx.als's Address fact)"
    return None


def _type(e) -> str:
    if e.kind == "W":
        return "Release" if e.sem == "release" else "Write - Release"
    if e.kind == "R":
        return "Acquire" if e.sem == "acquire" else "Read - Acquire"
    if e.kind == "F":
        return "FenceSC" if e.sem == "sc" else "FenceAcqRel - FenceSC"
    return {"BA": "BarrierArrive", "BW": "BarrierWait"}[e.kind]


def predicate(program: LitmusProgram, label: str) -> str:
    """One Alloy predicate and its `run` command for `program` (not_translatable(program) must be None)."""
    events = program.events
    ev = {e.id: f"e{k}" for k, e in enumerate(events)}
    locs = sorted({e.loc for e in events if e.loc is not None})
    av = {loc: f"a_{k}" for k, loc in enumerate(locs)}
    ctas = sorted({t.cta for t in program.threads})
    cv = {c: f"c{c}" for c in ctas}
    tv = {t.name: f"t{k}" for k, t in enumerate(program.threads)}
    thread_of = {e.id: t for t in program.threads for e in t.events}

    def scope_of(e) -> str:
        if e.scope == "thread":
            return tv[e.thread]
        return {"cta": cv[thread_of[e.id].cta], "gpu": "s_gpu", "sys": "s_sys"}[e.scope]

    po = [f"{ev[a.id]}->{ev[b.id]}" for t in program.threads for a, b in zip(t.events, t.events[1:])]
    sync = []
    by_instance: dict = {}
    for e in events:
        if e.barrier:
            by_instance.setdefault(e.barrier, {"BA": [], "BW": []})[e.kind].append(e)
    for inst in by_instance.values():
        sync += [f"{ev[a.id]}->{ev[w.id]}" for a in inst["BA"] for w in inst["BW"]]
    cond = []
    for thread, reg, value in program.condition:
        read = [e for e in events if e.thread == thread and e.reg == reg][-1]
        sources = [f"{ev[w.id]}->{ev[read.id]} in rf" for w in events
                   if w.kind == "W" and w.loc == read.loc and w.value == value]
        if program.init.get(read.loc, 0) == value:
            sources.append(f"no rf.{ev[read.id]}")
        cond.append("(" + (" or ".join(sources) if sources else "some none") + ")")
    rel = lambda pairs: " + ".join(pairs) if pairs else "none->none"  # noqa: E731
    lines = [
        f"pred {label} {{",
        f"  some disj {', '.join(ev.values())}: Event, {', '.join(av.values()) or 'a_none'}: Address, "
        f"s_sys, s_gpu, {', '.join(cv.values())}: Scope - Thread, {', '.join(tv.values())}: Thread |",
        f"    Event = {' + '.join(ev.values())} and Address = {' + '.join(av.values())} and "
        f"Thread = {' + '.join(tv.values())} and Scope = s_sys + s_gpu + {' + '.join(cv.values())} + "
        f"{' + '.join(tv.values())} and",
        "    " + " and ".join(f"{ev[e.id]} in {_type(e)}" for e in events) + " and",
        f"    po = {rel(po)} and start = "
        + " + ".join(f"{tv[t.name]}->{ev[t.events[0].id]}" for t in program.threads) + " and",
        "    subscope = s_sys->s_gpu + " + " + ".join(f"s_gpu->{cv[c]}" for c in ctas) + " + "
        + " + ".join(f"{cv[t.cta]}->{tv[t.name]}" for t in program.threads) + " and",
        "    scope = " + " + ".join(f"{ev[e.id]}->{scope_of(e)}" for e in events) + " and",
        "    address = " + rel([f"{ev[e.id]}->{av[e.loc]}" for e in events if e.loc is not None]) + " and",
        f"    no rmw and no dep and synchronizes = {rel(sync)} and",
        "    " + " and ".join(cond) + " and ptx_mm",
        "}",
        f"run {label} for exactly {len(events)} Event, exactly {len(locs)} Address, exactly "
        f"{len(program.threads)} Thread, exactly {2 + len(ctas) + len(program.threads)} Scope",
    ]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- generated programs

FLAVOURS = ("weak", "relaxed", "rel-acq", "fence.acq_rel", "fence.sc")
SCOPE_CHOICES = ("cta", "gpu")

# Each shape: its threads, each a list of ("W", loc, value) or ("R", loc, reg), and its condition.
SHAPES = {
    "MP": ([[("W", "x", 1), ("W", "y", 1)], [("R", "y", "r0"), ("R", "x", "r1")]], "T1:r0=1 /\\ T1:r1=0"),
    "SB": ([[("W", "x", 1), ("R", "y", "r0")], [("W", "y", 1), ("R", "x", "r1")]], "T0:r0=0 /\\ T1:r1=0"),
    "LB": ([[("R", "x", "r0"), ("W", "y", 1)], [("R", "y", "r1"), ("W", "x", 1)]], "T0:r0=1 /\\ T1:r1=1"),
    "CoRR": ([[("W", "x", 1)], [("R", "x", "r0"), ("R", "x", "r1")]], "T1:r0=1 /\\ T1:r1=0"),
    "2+2W+reads": ([[("W", "x", 1), ("W", "y", 2), ("R", "y", "r0")], [("W", "y", 1), ("W", "x", 2), ("R", "x", "r1")]],
                   "T0:r0=1 /\\ T1:r1=1"),
    "WRC": ([[("W", "x", 1)], [("R", "x", "r0"), ("W", "y", 1)], [("R", "y", "r1"), ("R", "x", "r2")]],
            "T1:r0=1 /\\ T2:r1=1 /\\ T2:r2=0"),
    "ISA2": ([[("W", "x", 1), ("W", "y", 1)], [("R", "y", "r0"), ("W", "z", 1)], [("R", "z", "r1"), ("R", "x", "r2")]],
             "T1:r0=1 /\\ T2:r1=1 /\\ T2:r2=0"),
    "IRIW": ([[("W", "x", 1)], [("W", "y", 1)], [("R", "x", "r0"), ("R", "y", "r1")], [("R", "y", "r2"), ("R", "x", "r3")]],
             "T2:r0=1 /\\ T2:r1=0 /\\ T3:r2=1 /\\ T3:r3=0"),
}


def _thread_text(ops, flavour: str, scope: str) -> list[str]:
    out = []
    for k, (kind, loc, arg) in enumerate(ops):
        if k and flavour.startswith("fence."):
            out.append(f"{flavour}.{scope}")
        if flavour == "weak":
            sem = "weak"
        elif flavour == "rel-acq":
            sem = f"release.{scope}" if kind == "W" else f"acquire.{scope}"
        else:
            sem = f"relaxed.{scope}"
        out.append(f"st.{sem} {loc} {arg}" if kind == "W" else f"{arg} = ld.{sem} {loc}")
    return out


def program_text(shape: str, flavours: tuple, scope: str, same_cta: bool) -> str:
    threads, cond = SHAPES[shape]
    name = f"{shape}+{'+'.join(flavours)}+{scope}+{'one-cta' if same_cta else 'cta-each'}"
    lines = [f"name: {name}"]
    for k, (ops, flavour) in enumerate(zip(threads, flavours)):
        lines.append(f"thread T{k} cta={0 if same_cta else k} warp={k}")
        lines += [f"  {line}" for line in _thread_text(ops, flavour, scope)]
    lines.append(f"exists: {cond}")
    return "\n".join(lines) + "\n"


def generated() -> list[tuple[str, str]]:
    """(name, litmus text) of the generated programs, each once: the two-thread shapes with every pair of
    flavours, the longer shapes with one flavour for every thread, each at .cta and .gpu scope, with all threads
    in one CTA and each in its own."""
    out: dict[str, str] = {}
    for shape, (threads, _) in SHAPES.items():
        if len(threads) == 2:
            combos = list(itertools.product(FLAVOURS, repeat=2))
        else:
            combos = [(f,) * len(threads) for f in FLAVOURS]
        for flavours, scope, same in itertools.product(combos, SCOPE_CHOICES, (True, False)):
            text = program_text(shape, flavours, scope, same)
            body = text.split("\n", 1)[1]
            if body not in {t.split("\n", 1)[1] for t in out.values()}:  # weak threads ignore the scope
                out[text.split("\n", 1)[0][len("name: "):]] = text
    return list(out.items())


