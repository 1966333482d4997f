"""The litmus format the checker reads (racelab.model.checker's docstring describes it): a program's threads,
their events, the initial values and the condition. Parsing only; what the events mean is the checker's."""

import re
from dataclasses import dataclass, field

SCOPES = ("thread", "cta", "cluster", "gpu", "sys")


class LitmusError(ValueError):
    """A litmus program that cannot be read; the message names the line."""


@dataclass(frozen=True)
class LitmusEvent:
    id: int
    thread: str
    kind: str  # "R", "W", "F" (fence), "BA" / "BW" (barrier arrive / wait), "FP" (proxy fence), "I" (a bulk copy's issue)
    text: str  # the instruction it comes from
    loc: str | None = None
    sem: str = "weak"  # weak, relaxed, release, acquire, acq_rel, sc
    scope: str = "thread"
    value: int | None = None  # a constant write
    reg: str | None = None  # a read's destination register
    rmw_read: int | None = None  # a write that completes a read-modify-write: its read's id
    decrement: bool = False  # the write is its read's value minus one (mbarrier.arrive)
    op: tuple | None = None  # an atomic's write: ("add", n) its read's value plus n, ("exch", n) the value n
    must_read: int | None = None  # unused by the parser (kept for programs built in code): must read this value
    phase: int | None = None  # mbarrier.wait: the phase it waits for (the thread's n-th wait on LOC waits for phase n)
    barrier: tuple | None = None  # ("bar", cta, id, k) or ("warp", cta, warp, k): the k-th execution, one instance
    count: int | None = None  # bar.sync/bar.arrive ID COUNT: the threads the instance waits for
    proxy: str = "generic"  # "async": an access of a bulk copy (cp.async.bulk), performed in the async proxy
    copy_of: int | None = None  # a bulk copy's write: the read whose value it writes (a copy, not an atomic)

    @property
    def is_release_write(self) -> bool:
        return self.kind == "W" and self.sem in ("release", "acq_rel", "sc")

    @property
    def is_acquire_read(self) -> bool:
        return self.kind == "R" and self.sem in ("acquire", "acq_rel", "sc")


@dataclass
class Thread:
    name: str
    cta: int = 0
    warp: int = 0
    lane: int | None = None  # the lane within its warp (bar.warp.sync's mask names lanes)
    events: list = field(default_factory=list)
    executed: dict = field(default_factory=dict)  # barrier or mbarrier -> how many times this thread executed it
    cluster: int = 0  # the cluster of its CTA (every CTA of one cluster names the same)
    issuer: str | None = None  # a bulk copy's accesses: the thread that issued it (not a thread of the program)
    issued_by: int | None = None  # and the id of its issue event in that thread

    @property
    def is_copy(self) -> bool:
        return self.issuer is not None

    def next_instance(self, key) -> int:
        """The instance a thread's next execution of `key` belongs to: 0 for its first, 1 for its second..."""
        k = self.executed.get(key, 0)
        self.executed[key] = k + 1
        return k


@dataclass
class LitmusProgram:
    name: str
    threads: list
    init: dict
    condition: tuple  # ((thread, reg, value), ...); ("", loc, value) for a location's final value
    meta: dict = field(default_factory=dict)
    filter: tuple = ()  # ((thread, reg, value), ...): executions without these final values are discarded

    @property
    def events(self) -> list[LitmusEvent]:
        return [e for t in self.threads for e in t.events]


# ---------------------------------------------------------------------------------------------- parsing

_THREAD = re.compile(r"^thread\s+(?P<name>\w+)(?P<attrs>(?:\s+\w+=\d+)*)\s*$")
_ST = re.compile(r"^st\.(?P<sem>weak|relaxed|release)(?:\.(?P<scope>cta|cluster|gpu|sys))?\s+(?P<loc>\w+)\s+(?P<val>-?\d+)$")
_LD = re.compile(r"^(?P<reg>\w+)\s*=\s*ld\.(?P<sem>weak|relaxed|acquire)(?:\.(?P<scope>cta|cluster|gpu|sys))?\s+(?P<loc>\w+)$")
_FENCE = re.compile(r"^fence\.(?P<sem>sc|acq_rel)\.(?P<scope>cta|cluster|gpu|sys)$")
_PROXY = re.compile(r"^fence\.proxy\.async(?:\.(?:shared::cta|shared::cluster|global))?$")
_OTHER_PROXY = re.compile(r"^fence\.proxy\.")
_BULK_LOAD = re.compile(r"^cp\.async\.bulk\.shared(?:::cta|::cluster)?\.global(?:\.mbarrier::complete_tx::bytes)?"
                        r"\s+(?P<dst>\w+)\s+(?P<src>\w+)\s+(?P<loc>\w+)$")
_BULK_STORE = re.compile(r"^cp\.async\.bulk\.global\.shared(?:::cta)?(?:\.bulk_group)?\s+(?P<dst>\w+)\s+(?P<src>\w+)$")
_EXPECT = re.compile(r"^mbarrier\.(?P<arrive>arrive\.)?expect_tx\s+(?P<loc>\w+)\s+(?P<n>\d+)$")
TX_UNIT = 1 << 16  # an mbarrier's value: its pending count plus TX_UNIT times its tx-count (cumulative, see checker)
_BAR = re.compile(r"^bar\.(?P<op>sync|arrive)\s+(?P<id>\d+)(?:\s*,?\s*(?P<count>\d+))?$")
_WARPSYNC = re.compile(r"^bar\.warp\.sync(?:\s+(?P<mask>0x[0-9a-fA-F]+|\d+))?$")
_ATOM = re.compile(r"^(?P<reg>\w+)\s*=\s*atom\.(?P<sem>relaxed|acquire|release|acq_rel)\.(?P<scope>cta|cluster|gpu|sys)"
                   r"\.(?P<op>add|exch)\s+(?P<loc>\w+)\s+(?P<val>-?\d+)$")
_CAS = re.compile(r"^(?P<reg>\w+)\s*=\s*atom\.(?P<sem>relaxed|acquire|release|acq_rel)\.(?P<scope>cta|cluster|gpu|sys)"
                  r"\.cas\s+(?P<loc>\w+)\s+(?P<expected>-?\d+)\s+(?P<new>-?\d+)$")
_CLUSTER_BAR = re.compile(r"^barrier\.cluster\.(?P<op>arrive|wait)(?:\.(?P<sem>relaxed|release|acquire))?(?:\.aligned)?$")
_RED = re.compile(r"^red\.(?P<sem>relaxed|release)\.(?P<scope>cta|cluster|gpu|sys)\.add\s+(?P<loc>\w+)\s+(?P<val>-?\d+)$")
_ATOMIC_WORD = re.compile(r"^(?:\w+\s*=\s*)?(?:atom|red)\.")
_ARRIVE = re.compile(r"^mbarrier\.arrive\s+(?P<loc>\w+)$")
_WAIT = re.compile(r"^mbarrier\.wait\s+(?P<loc>\w+)$")
_COND = re.compile(r"^(?P<thread>\w+):(?P<reg>\w+)\s*=\s*(?P<val>-?\d+)$")
_FINAL = re.compile(r"^(?P<loc>\w+)\s*=\s*(?P<val>-?\d+)$")


def parse(text: str, name: str = "litmus") -> LitmusProgram:
    """Read a litmus program; LitmusError names the line of anything it does not understand."""
    meta, threads, init, condition, thread, next_id, keep, copies = {}, [], {}, None, None, 0, (), []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue

        def fail(why):
            raise LitmusError(f"{name}:{number}: {why}: {raw.strip()!r}")

        if m := _THREAD.match(line):
            attrs = dict(a.split("=") for a in m["attrs"].split())
            if set(attrs) - {"cta", "warp", "lane", "cluster"}:
                fail("a thread takes only cta=, warp=, lane= and cluster=")
            lane = int(attrs["lane"]) if "lane" in attrs else None
            if lane is not None and not 0 <= lane < 32:
                fail("lane= is 0 to 31")
            thread = Thread(m["name"], int(attrs.get("cta", 0)), int(attrs.get("warp", 0)), lane,
                            cluster=int(attrs.get("cluster", 0)))
            if any(t.cta == thread.cta and t.cluster != thread.cluster for t in threads):
                fail(f"CTA {thread.cta} is already in another cluster (a CTA belongs to one cluster)")
            if any(t.name == thread.name for t in threads):
                fail("a second thread of this name")
            threads.append(thread)
            continue
        key, sep, rest = line.partition(":")
        key = key.strip()
        if sep and (key in ("exists", "filter") or (thread is None and key in ("name", "source", "expected", "init"))):
            if key == "init":
                for item in rest.split():
                    loc, eq, val = item.partition("=")
                    if not eq or not re.fullmatch(r"-?\d+", val):
                        fail("init takes LOC=VALUE items")
                    init[loc] = int(val)
            elif key == "exists":
                condition = tuple(_condition(rest, fail))
            elif key == "filter":
                if keep:
                    fail("one 'filter:' line")
                keep = tuple(_condition(rest, fail))
            else:
                meta[key] = rest.strip()
            continue
        if thread is None:
            fail("an instruction before any 'thread' line")
        if (m := _BULK_LOAD.match(line)) or (m := _BULK_STORE.match(line)):  # its accesses are made below
            thread.events.append(LitmusEvent(next_id, thread.name, "I", line))
            copies.append((thread, next_id, m.groupdict()))
            next_id += 1
            continue
        events = _instruction(line, thread, next_id, fail)
        thread.events += events
        next_id += len(events)
    if not threads:
        raise LitmusError(f"{name}: no threads")
    if condition is None:
        raise LitmusError(f"{name}: no 'exists:' condition")
    threads += _bulk_copies(copies, next_id)
    _check_lanes(threads, name)
    _check_barrier_counts(threads, name)
    _check_mbarrier_counts(threads, init, name)
    regs = {(t.name, e.reg) for t in threads for e in t.events if e.reg}
    locs = {e.loc for t in threads for e in t.events if e.loc} | set(init)
    for what, items in (("condition", condition), ("filter", keep)):
        for t, r, _ in items:
            if t and (t, r) not in regs:
                raise LitmusError(f"{name}: the {what} names {t}:{r}, which no load writes")
            if not t and r not in locs:
                raise LitmusError(f"{name}: the {what} names location {r}, which the program does not touch")
    return LitmusProgram(meta.get("name", name), threads, init, condition, meta, keep)


def _bulk_copies(copies, next_id: int) -> list[Thread]:
    """The accesses of each bulk copy, as a column of their own beside the program's threads (an asynchronous
    operation's accesses are not in its issuing thread's program order; the checker orders them after the
    issue). The cp.async.bulk description: "The copy operation in cp.async.bulk is treated as a weak memory
    operation and the complete-tx operation on the mbarrier has .release semantics at the .cluster scope ...
    The copy operation is performed in the async proxy"; "This instruction accesses its mbarrier operand using
    generic-proxy". The Async Proxy section of the same chapter: "The completion of a cp{.reduce}.async.bulk
    operation is followed by an implicit generic-async proxy fence" (a proxy fence after the copy's write, before
    the complete-tx that makes its completion observable). A copy completes one transaction (complete-tx of 1)."""
    out, made = [], {}
    for issuer, issue, g in copies:
        made[issuer.name] = made.get(issuer.name, 0) + 1
        t = Thread(f"{issuer.name}.copy{made[issuer.name]}", issuer.cta, issuer.warp, cluster=issuer.cluster,
                   issuer=issuer.name, issued_by=issue)
        read = LitmusEvent(next_id, t.name, "R", f"async read {g['src']}", g["src"], proxy="async")
        write = LitmusEvent(next_id + 1, t.name, "W", f"async write {g['dst']}", g["dst"], proxy="async",
                            copy_of=next_id)
        t.events = [read, write]
        if g.get("loc"):
            loc = g["loc"]
            t.events += [LitmusEvent(next_id + 2, t.name, "FP", "implicit fence.proxy.async (completion)"),
                         LitmusEvent(next_id + 3, t.name, "R", f"complete-tx {loc}", loc, "relaxed", "cluster"),
                         LitmusEvent(next_id + 4, t.name, "W", f"complete-tx {loc}", loc, "release", "cluster",
                                     rmw_read=next_id + 3, op=("add", -TX_UNIT))]
        next_id += len(t.events)
        out.append(t)
    return out


def _condition(text: str, fail):
    for part in filter(None, (p.strip() for p in text.split("/\\"))):
        m = _COND.match(part)
        if m:
            yield m["thread"], m["reg"], int(m["val"])
            continue
        m = _FINAL.match(part)
        if not m:
            fail("the condition is THREAD:REG=VALUE or LOC=VALUE (a location's final value) joined by /\\")
        yield "", m["loc"], int(m["val"])


def item_text(thread: str, name: str, value: int) -> str:
    """One item of a condition or outcome as the format writes it: THREAD:REG=VALUE, or LOC=VALUE."""
    return f"{thread}:{name}={value}" if thread else f"{name}={value}"


def _instruction(line: str, thread: Thread, next_id: int, fail) -> list[LitmusEvent]:
    t = thread.name
    if m := _ST.match(line):
        sem, scope = m["sem"], m["scope"] or "thread"
        if (sem == "weak") != (scope == "thread"):
            fail("st.weak takes no scope; st.relaxed and st.release need one")
        return [LitmusEvent(next_id, t, "W", line, m["loc"], sem, scope, value=int(m["val"]))]
    if m := _LD.match(line):
        sem, scope = m["sem"], m["scope"] or "thread"
        if (sem == "weak") != (scope == "thread"):
            fail("ld.weak takes no scope; ld.relaxed and ld.acquire need one")
        return [LitmusEvent(next_id, t, "R", line, m["loc"], sem, scope, reg=m["reg"])]
    # An atomic is one read-modify-write (§8.10's atomicity axiom holds its read and write together): its read
    # is an acquire where SEM is acquire or acq_rel, its write a release where SEM is release or acq_rel (each
    # otherwise relaxed), both of scope S. red is atom without the destination register.
    # atom.cas is a read-modify-write whose write is NEW where the read found EXPECTED and the value read
    # otherwise: the atom instruction's description defines cas as `*a = (*a == b) ? c : *a`, a write either way.
    if m := _CAS.match(line):
        read_sem = "acquire" if m["sem"] in ("acquire", "acq_rel") else "relaxed"
        write_sem = "release" if m["sem"] in ("release", "acq_rel") else "relaxed"
        return [LitmusEvent(next_id, t, "R", line, m["loc"], read_sem, m["scope"], reg=m["reg"]),
                LitmusEvent(next_id + 1, t, "W", line, m["loc"], write_sem, m["scope"], rmw_read=next_id,
                            op=("cas", int(m["expected"]), int(m["new"])))]
    if (m := _ATOM.match(line)) or (m := _RED.match(line)):
        sem, scope, op = m["sem"], m["scope"], m.groupdict().get("op") or "add"
        read_sem = "acquire" if sem in ("acquire", "acq_rel") else "relaxed"
        write_sem = "release" if sem in ("release", "acq_rel") else "relaxed"
        reg = m.groupdict().get("reg")
        return [LitmusEvent(next_id, t, "R", line, m["loc"], read_sem, scope, reg=reg),
                LitmusEvent(next_id + 1, t, "W", line, m["loc"], write_sem, scope, rmw_read=next_id,
                            op=(op, int(m["val"])))]
    if _ATOMIC_WORD.match(line):
        fail("an atomic this checker reads is REG = atom.SEM.S.{add|exch} LOC VALUE, REG = atom.SEM.S.cas LOC EXPECTED "
             "NEW or red.{relaxed|release}.S.add LOC VALUE (SEM: relaxed, acquire, release, acq_rel; S: cta, cluster, "
             "gpu, sys)")
    if m := _FENCE.match(line):
        return [LitmusEvent(next_id, t, "F", line, sem=m["sem"], scope=m["scope"])]
    # fence.proxy.async: a proxy fence between the generic and the async proxy (its description: a bi-directional
    # proxy fence ... "fence.proxy.async" ... "between the async proxy and the generic proxy"); what it orders is
    # the checker's (racelab.model.proxies). Other proxies (alias, tensormap, texture, surface) are not modelled.
    if _PROXY.match(line):
        return [LitmusEvent(next_id, t, "FP", line)]
    if _OTHER_PROXY.match(line):
        fail("of the proxy fences only fence.proxy.async[.shared::cta|.shared::cluster|.global] is modelled")
    # mbarrier.expect_tx (.relaxed, its description's one .sem) raises the tx-count of the current phase by N;
    # mbarrier.arrive.expect_tx does that and then an arrive-on (.release.cta, as mbarrier.arrive). One
    # read-modify-write each; a phase completes when its pending count and its tx-count have both reached zero.
    if m := _EXPECT.match(line):
        n = int(m["n"])
        sem, change = ("release", n * TX_UNIT - 1) if m["arrive"] else ("relaxed", n * TX_UNIT)
        return [LitmusEvent(next_id, t, "R", line, m["loc"], "relaxed", "cta"),
                LitmusEvent(next_id + 1, t, "W", line, m["loc"], sem, "cta", rmw_read=next_id, op=("add", change))]
    # A barrier's arrive and wait are events of their own, not fences: §8.9.4 lists "bar{.cta}.sync ...
    # synchronize with bar{.cta}.sync ... executed on the same barrier", and nothing makes the barrier a
    # release or acquire pattern of §8.8. Each execution is its own instance: a thread's k-th `bar.sync ID`
    # meets the other threads' k-th (a named barrier reused in a loop is a new instance each time round).
    # With a COUNT, an instance completes when COUNT threads have executed bar.sync or bar.arrive on it (COUNT
    # counts the program's threads); bar.arrive takes part without waiting, and its arrive synchronizes with
    # the waits of the instance (§8.9.4: "bar{.cta}.red or bar{.cta}.arrive ... synchronize with
    # bar{.cta}.sync or bar{.cta}.red"). `_check_barrier_counts` refuses a COUNT the checker cannot honour.
    if m := _BAR.match(line):
        if m["op"] == "arrive" and m["count"] is None:
            fail("bar.arrive takes ID COUNT")
        count = int(m["count"]) if m["count"] is not None else None
        if count == 0:
            fail("a barrier's COUNT is at least 1")
        key = ("bar", thread.cta, int(m["id"]))
        key += (thread.next_instance(key),)
        arrive = LitmusEvent(next_id, t, "BA", line, scope="cta", barrier=key, count=count)
        if m["op"] == "arrive":
            return [arrive]
        return [arrive, LitmusEvent(next_id + 1, t, "BW", line, scope="cta", barrier=key, count=count)]
    # barrier.cluster (instruction description): the arrive has .release semantics unless .relaxed ("no memory
    # ordering and visibility guarantees ... for the memory accesses performed prior to" it), the wait .acquire;
    # the wait returns once every thread of the cluster has arrived. A thread's k-th arrive and k-th wait belong
    # to instance k; each release arrive synchronizes with the instance's waits at cluster scope (the
    # instruction description's release and acquire, read as an arrive-to-wait edge as bar.sync's is).
    if m := _CLUSTER_BAR.match(line):
        if (m["op"] == "arrive") == (m["sem"] == "acquire") and m["sem"] is not None:
            fail("barrier.cluster.arrive takes .release or .relaxed, barrier.cluster.wait .acquire")
        key = ("cluster", thread.cluster, m["op"])
        k = thread.next_instance(key)
        kind = "BA" if m["op"] == "arrive" else "BW"
        sem = "relaxed" if m["sem"] == "relaxed" else ("release" if kind == "BA" else "acquire")
        return [LitmusEvent(next_id, t, kind, line, sem=sem, scope="cluster", barrier=("cluster", thread.cluster, k))]
    if m := _WARPSYNC.match(line):
        mask = int(m["mask"], 0) if m["mask"] else None
        if mask is not None and not 0 < mask < 1 << 32:
            fail("bar.warp.sync's mask is a 32-bit lane mask, not 0")
        key = ("warp", thread.cta, thread.warp)
        key += (thread.next_instance(key),)
        return [LitmusEvent(next_id, t, "BA", line, scope="cta", barrier=key, count=mask),
                LitmusEvent(next_id + 1, t, "BW", line, scope="cta", barrier=key, count=mask)]
    # mbarrier (instruction descriptions of mbarrier.arrive and mbarrier.test_wait/try_wait): an arrive is a
    # read-modify-write of the pending count with .release.cta semantics; a phase completes when its
    # expected count (the init value) of arrives has been made; the thread's n-th wait on LOC waits for
    # phase n, and returns once it has read a count that says phase n is complete (.acquire.cta).
    if m := _ARRIVE.match(line):
        return [LitmusEvent(next_id, t, "R", line, m["loc"], "relaxed", "cta"),
                LitmusEvent(next_id + 1, t, "W", line, m["loc"], "release", "cta", rmw_read=next_id, decrement=True)]
    if m := _WAIT.match(line):
        phase = thread.next_instance(("mbarrier", m["loc"]))
        return [LitmusEvent(next_id, t, "R", line, m["loc"], "acquire", "cta", phase=phase)]
    fail("not an instruction this checker knows")


def _check_lanes(threads, name: str) -> None:
    """Each thread's lane (given, or its place among its warp's threads in the program's order) is distinct in
    its warp, and a thread that executes ``bar.warp.sync MASK`` is in MASK (PTX: the executing thread must
    be in membermask)."""
    seen: dict = {}
    for t in threads:
        if t.is_copy:
            continue
        group = seen.setdefault((t.cta, t.warp), {})
        if t.lane is None:
            t.lane = next(i for i in range(32) if i not in group)
        if t.lane in group:
            raise LitmusError(f"{name}: threads {group[t.lane]} and {t.name} are both lane {t.lane} of "
                              f"warp {t.warp} in CTA {t.cta}")
        group[t.lane] = t.name
        for e in t.events:
            if e.barrier and e.barrier[0] == "warp" and e.kind == "BA" and e.count is not None \
                    and not e.count >> t.lane & 1:
                raise LitmusError(f"{name}: {t.name} (lane {t.lane}) executes {e.text!r}, whose mask leaves "
                                  f"its lane out")


def _check_barrier_counts(threads, name: str) -> None:
    """A named barrier's COUNT, where given, is the same for every thread of an instance and is the number of
    threads that execute that instance. A larger COUNT leaves the instance waiting for threads the program
    does not have: the checker's verdict is then "deadlock" (racelab.model.checker). A smaller one would let
    the first COUNT threads to arrive form the instance, which depends on timing: not modelled, refused."""
    instances: dict = {}
    for t in threads:
        for e in t.events:
            if e.barrier and e.barrier[0] == "bar" and e.kind == "BA":
                instances.setdefault(e.barrier, []).append(e)
    for key, arrives in instances.items():
        counts = {e.count for e in arrives}
        if len(counts) > 1:
            raise LitmusError(f"{name}: barrier {key[2]} of CTA {key[1]} (execution {key[3] + 1}) is given "
                              f"different counts: {sorted(c for c in counts if c is not None)}")
        count = counts.pop()
        if count is not None and count < len(arrives):
            raise LitmusError(f"{name}: barrier {key[2]} of CTA {key[1]} counts {count} threads but "
                              f"{len(arrives)} execute it: which threads meet would depend on timing, which "
                              "this checker does not model")


def _check_mbarrier_counts(threads, init: dict, name: str) -> None:
    """An mbarrier's init value is its expected count, at least 1 (mbarrier.init)."""
    for loc in sorted({e.loc for t in threads for e in t.events if e.text.startswith(("mbarrier.", "complete-tx"))}):
        if init.get(loc, 0) < 1:
            raise LitmusError(f"{name}: mbarrier {loc} needs an expected count of at least 1 "
                              f"(init: {loc}=N), not {init.get(loc, 0)}")
