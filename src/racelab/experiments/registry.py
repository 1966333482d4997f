"""`make live`'s registry: every experiment this GPU can run, in order, as the command that records it, and the
arithmetic of a session's budget; the session itself (steps, exit codes, wall times, the runs each step
recorded) is recorded as a run "make-live". `racelab live` (racelab.cli.live) runs the steps, each in its
own process so that one failure does not stop the rest."""

import os
from dataclasses import asdict, dataclass, replace

from racelab.core import provenance
from racelab.core import store
from racelab.core.provenance import SHORTENED_ENV  # noqa: F401  (make live sets it)
from racelab.vocab import Experiment

SESSION = "make-live"
# Recorded outside `make live`, because they need input the user provides: experiment -> what records it
OUTSIDE = {Experiment.PEER_SUITE.value: "racelab peer --upstream PATH, with a cudnn-frontend source checkout "
                                        "(the same bug elsewhere: evidence)"}


@dataclass(frozen=True)
class Step:
    """One entry of `make live`: the store experiment it records, the hardware it needs (a key of
    store.NEEDS), the command that records it (`("racelab", COMMAND, ...)`, or a Python file or `-m`
    module run as `python ARGS...`), and what it measures.
    `estimate_from` names the experiment whose H200 wall time stands in for this one's where it has
    not been timed on the hardware yet (used by the reproduce chapter's B200 estimate)."""

    name: str
    needs: str
    command: tuple[str, ...]
    description: str
    estimate_from: str | None = None
    deadline: str | None = None  # the flag of `command` whose seconds bound a timing step's time
    shares_gpu: bool = False  # racecheck only, nothing timed: may run beside another such step (--jobs)
    floor_s: float = 0.0  # the least a timing step's design takes whatever its deadline (under a budget that
    #                       leaves it less, the step is skipped, and the session says so)
    overhead_s: float | None = None  # what it spends outside its deadline, where more than STEP_OVERHEAD_S
    protocol: str | None = None  # a timing step's protocol id (store.protocol_of): the runs a page pools

    @property
    def nominal_s(self) -> float | None:
        """The seconds `command` gives its deadline flag (None: not a timing step)."""
        if self.deadline is None:
            return None
        return float(self.command[self.command.index(self.deadline) + 1])

    def with_deadline(self, seconds: float) -> "Step":
        """This entry with its deadline flag set to `seconds` (rounded to whole seconds)."""
        i = self.command.index(self.deadline) + 1
        return replace(self, command=(*self.command[:i], f"{max(1, round(seconds))}", *self.command[i + 1:]))

    def runs_on(self, sm) -> bool:
        return sm is not None and store.NEEDS[self.needs](sm)

    @property
    def shell(self) -> str:
        args = list(self.command)
        if args[:1] == ["racelab"]:
            return " ".join(args)
        return " ".join(["python", *args])


# In the order `make live` runs them: cheap and decisive first, the timing runs last. A timing entry names its
# `deadline` flag: the seconds its command gives it are what it takes when time allows; under a session budget
# (`racelab live --budget-min`) each timing step gets its share of what is left, never more than those seconds.
# PR #426's protocol on a B200 (128 timed processes and 2 warm-ups, about 15 s of wall time each on an H200,
# about 33 min) with room to spare; past it no new pair starts, so a slower GPU records fewer pairs, not nothing.
REAL_TIMING_SM100_S = 2700

REGISTRY: tuple[Step, ...] = (
    Step(Experiment.CALIBRATION, "sm90|sm100", ("racelab", "calibration", "record"),
               "the calibration repro V0-V7: plain runs, racecheck in hazard and analysis mode, SASS",
               estimate_from=Experiment.CALIBRATION),
    Step(Experiment.LITMUS, "sm90", ("racelab", "model", "litmus", "--run"),
               "the message-passing litmus test of the handoff on the hardware, per calibration variant"),
    Step(Experiment.TWIN_RACECHECK, "sm90", ("racelab", "twin", "record"),
               "the SM90 twin of the W_LOADED handoff under racecheck, elected vs all-lane arrive", shares_gpu=True),
    Step(Experiment.TWIN_READERS, "sm90", ("racelab", "twin", "record", "--readers", "2"),
               "the twin in hazard mode with every element read twice: one hazard record per byte?", shares_gpu=True),
    Step(Experiment.K_TAIL_PROBE, "sm90", ("racelab", "k-tail", "record"),
               "the SM90 dense K-load tail handoff with plain reads, under racecheck, elected vs all-thread arrive", shares_gpu=True),
    Step(Experiment.FWD_RACECHECK, "sm90", ("racelab", "fwd", "record"),
               "upstream's SM90 indexer forward under racecheck, as shipped and with every storing lane arriving", shares_gpu=True),
    Step(Experiment.TWIN_RACECHECK_ALTERNATIVES, "sm90",
               ("racelab", "twin", "record", "--alternatives", "--no-sass", "--jobs", "4", "--timeout", "60"),
               "every way of fixing the twin's handoff under racecheck (hazard mode, one CTA, topk 128 and 512)", shares_gpu=True),
    Step(Experiment.SM90_NUMERICS, "sm90", ("racelab", "numerics", "record"),
               "outputs of the twin and of upstream's SM90 indexer backward: byte identity and replay spread"),
    Step(Experiment.REAL_RACECHECK, "sm90|sm100", ("racelab", "real", "record"),
               "upstream's indexer backward under racecheck through its own wrapper: on a B200 IndexerBackwardSm100 "
               "(1.27.0 with the fix reverted vs 1.27.0), on an H200 IndexerBackwardSm90 (as shipped vs K_CONSUMED closed)",
               estimate_from=Experiment.REAL_RACECHECK),
    Step(Experiment.REAL_NUMERICS, "sm90|sm100", ("racelab", "real", "numerics"),
               "outputs of upstream's indexer backward across its variants and 30 replays",
               estimate_from=Experiment.REAL_NUMERICS),
    Step(Experiment.TWIN_TIMING, "sm90", ("racelab", "timing", "record", "--budget-s", "330"),
               "paired fresh-process timing of the twin, elected vs all-lane arrive, with an A/A control",
               deadline="--budget-s", floor_s=200.0),
    Step(Experiment.TWIN_TIMING_INTERLEAVED, "sm90",
               ("racelab", "timing", "record", "--design", "interleaved", "--pairs", "16", "--aa-groups", "8",
                "--aa-pairs", "4", "--launches", "1000", "--seed", "426", "--set-up-batch", "8", "--prefetch", "8",
                "--stop-after-s", "420"),
               "A/B, B/A and A/A pairs of the twin in one seeded random order, with GPU clocks before and after; "
               "the processes set up the GPU before GO, eight at a time, while none measures",
               deadline="--stop-after-s", protocol="interleaved/K1/L1000/P16"),
    Step(Experiment.TWIN_TIMING_IN_PROCESS, "sm90",
               ("racelab", "timing", "record", "--backend", "twin", "--design", "in-process", "--alternate",
                "--pairs", "32", "--aa-groups", "16", "--aa-pairs", "4", "--launches", "1000", "--seed", "430",
                "--set-up-batch", "8", "--prefetch", "8", "--stop-after-s", "480", "--experiment",
                "twin-timing-in-process"),
               "the interleaved design with each pair one process timing both builds in turn on the same tensors, "
               "every other round the second build first, with the GPU's idle time before each build (not the "
               "PR's protocol)",
               deadline="--stop-after-s", protocol="in-process+alternate/K1/L1000/P32"),
    Step(Experiment.FWD_TIMING, "sm90",
               ("racelab", "timing", "fwd", "--pairs", "16", "--aa-groups", "8", "--aa-pairs", "4", "--launches",
                "1000", "--seed", "427", "--set-up-batch", "8", "--prefetch", "8", "--stop-after-s", "400"),
               "upstream's SM90 indexer forward as shipped against every storing lane arriving, BF16 and FP8, in "
               "A/B, B/A and A/A pairs of fresh processes in one seeded order (the reports' cost)",
               deadline="--stop-after-s"),
    Step(Experiment.TWIN_TIMING_VARIANTS, "sm90",
               ("racelab", "timing", "variants", "--after-racecheck", "--pairs", "2", "--aa-pairs", "4",
                "--launches", "1000", "--seed", "426", "--stop-after-s", "300"),
               "the alternatives and the layout probes (16-byte padding, aligned loops, a work sweep) timed in one "
               "interleaved run with A/A pairs", deadline="--stop-after-s"),
    Step(Experiment.TWIN_TIMING_LAYOUTS, "sm90",
               ("racelab", "timing", "layouts", "--pairs", "2", "--aa-groups", "26", "--aa-pairs", "4",
                "--launches", "1000", "--seed", "431", "--alternate", "--stop-after-s", "400"),
               "the fix against the bug with both builds moved by each of eight code offsets, the bug moved 128 and "
               "16 bytes against itself, and 26 A/A groups, each pair one process, in rounds of one seeded order; "
               "run it on two or more separate starts of the machine (chapter 05 pools every run of its protocol)",
               deadline="--stop-after-s", floor_s=300.0, protocol="layouts+alternate/K1/L1000/P2"),
    Step(Experiment.TWIN_TIMING_NULL, "sm90",
               ("racelab", "timing", "record", "--experiment", "twin-timing-null", "--shape",
                "topk=512,heads=64,n_cta=132,work=384", "--pairs", "2", "--aa-groups", "60", "--aa-pairs", "4",
                "--launches", "1000", "--set-up-batch", "8", "--prefetch", "8", "--aa-stop-after-s", "400"),
               "A/A groups alone on the twin, until a deadline: how often a 95% interval covers zero; set-up "
               "before GO in batches of eight, as twin-timing-interleaved",
               deadline="--aa-stop-after-s", overhead_s=100.0),
    Step(Experiment.REAL_TIMING, "sm100", ("racelab", "real", "timing", "--stop-after-s", str(REAL_TIMING_SM100_S)),
               "paired fresh-process timing of upstream's indexer backward, PR #426's protocol (16 A/B and 16 B/A "
               "pairs of 200 launches) interleaved with as many A/A pairs; no pair starts after the deadline, and "
               "a run stopped there keeps its complete pairs and says how many of the planned it got",
               deadline="--stop-after-s", overhead_s=180.0),
    Step(Experiment.REAL_TIMING, "sm90", ("racelab", "real", "timing", "--pairs", "2", "--aa-groups", "1",
                                       "--aa-pairs", "4", "--stop-after-s", "300"),
               "the same driver timing the SM90 sibling on an H200, a short run (2 A/B, 2 B/A, 4 A/A pairs): "
               "the driver proven end to end, not the PR's protocol",
               estimate_from=Experiment.REAL_TIMING, deadline="--stop-after-s"),
    Step(Experiment.REAL_TIMING_LAYOUTS, "sm90",
               ("racelab", "real", "timing", "--offsets", "0,32,64,96", "--pairs", "4", "--aa-groups", "1",
                "--aa-pairs", "4", "--seed", "433", "--set-up-batch", "8", "--prefetch", "8",
                "--stop-after-s", "400"),
               "the SM90 sibling with both variants moved by each of four code offsets (each moved build checked "
               "in the SASS first), one interleaved run an offset in a seeded order; run it on two or more "
               "separate starts of the machine (16 A/B and 16 B/A pairs a start)",
               deadline="--stop-after-s", floor_s=300.0),
    Step(Experiment.REAL_TIMING_ALIGNMENTS, "sm90",
               ("racelab", "real", "timing", "--alignments", "--set-up-batch", "8", "--prefetch", "8",
                "--stop-after-s", "330"),
               "the SM90 sibling's fix at all eight 16-byte alignments, its placebo (the bug moved 128 bytes) at "
               "each and the bug moved 16 bytes, every pair in one order drawn from the seed (each moved build "
               "checked in the SASS first); run it on two or more separate starts of the machine",
               deadline="--stop-after-s", floor_s=300.0),
)


def by_name(name: str) -> Step:
    for entry in REGISTRY:
        if entry.name == name:
            return entry
    raise KeyError(f"no experiment {name!r} in the make-live registry; one of {[e.name for e in REGISTRY]}")


def protocols(experiment: str, needs: str) -> set[str]:
    """The protocol ids the registry's timing steps for `experiment` on `needs` hardware record."""
    return {e.protocol for e in REGISTRY if e.name == experiment and e.needs == needs and e.protocol}


def git_env() -> dict:
    """Pass the commit on to the children where this tree has no .git (a copied checkout)."""
    env = dict(os.environ)
    state = provenance.git_state()
    if state.get("commit") and not state.get("from_environment"):
        env.setdefault("RACELAB_GIT_COMMIT", state["commit"])
        if state.get("dirty") is not None:
            env.setdefault("RACELAB_GIT_DIRTY", "1" if state["dirty"] else "0")
    return env


def plan(sm, only=()) -> list[Step]:
    """The entries that run on a GPU of compute capability `sm`, in order (only those named in `only`, if any)."""
    return [e for e in REGISTRY if e.runs_on(sm) and (not only or e.name in only)]


# `make live` on an H200 fits in this many minutes by default (the timing steps share what the others leave);
# elsewhere no budget applies unless `racelab live --budget-min` sets one.
DEFAULT_BUDGET_MIN = {90: 15.0}
# What a timing step costs beyond its deadline: the first worker's imports and compiles before the first pair,
# the pair running when the deadline passes, the clocks queried and the run written.
STEP_OVERHEAD_S = 50.0
MIN_DEADLINE_S = 20.0


def step_overhead(entry: Step) -> float:
    """The seconds a timing step spends beyond its deadline: its own `overhead_s`, else STEP_OVERHEAD_S."""
    return STEP_OVERHEAD_S if entry.overhead_s is None else entry.overhead_s


def deadline_share(entry: Step, waiting: list[Step], left_s: float) -> float:
    """The deadline a timing step gets under a budget: the `left_s` seconds still unspent, less
    each timing step's overhead (step_overhead) still to run (`waiting`, this one included), shared in proportion
    to their registry deadlines, leaving out the later steps whose share would fall under their `floor_s` (they
    will be skipped); never more than its own registry deadline, never less than MIN_DEADLINE_S."""
    kept = list(waiting)  # a later step whose share would fall under its floor is skipped: it takes no share
    while True:
        usable = left_s - sum(step_overhead(e) for e in kept)
        share = {e: usable * e.nominal_s / sum(k.nominal_s for k in kept) for e in kept}
        skipped = [e for e in kept if e is not entry and share[e] < e.floor_s]
        if not skipped:
            return max(MIN_DEADLINE_S, min(entry.nominal_s, share[entry]))
        kept = [e for e in kept if e not in skipped]


def _session_parts(session: str) -> list[dict]:
    """The summaries of the recorded make-live parts of `session` (a session split over several calls); a run
    whose summary cannot be read is no part of it."""
    parts = []
    for path in store.runs(SESSION):
        try:
            summary = store.RecordedRun(path).read_json(store.SUMMARY)
        except store.StoreError:
            continue
        if summary.get("session") == session:
            parts.append(summary)
    return parts


def session_elapsed(session: str) -> float:
    """Seconds the recorded make-live parts of `session` took."""
    return sum(float(part.get("wall_s") or 0.0) for part in _session_parts(session))


def session_done(session: str) -> set[str]:
    """The experiments the recorded make-live parts of `session` ran (or skipped)."""
    return {s["experiment"] for part in _session_parts(session) for s in part.get("steps", [])}


def later_timing(sm, part: list[Step], done: set[str]) -> list[Step]:
    """The timing steps of the whole plan for `sm` that neither this part of a split session nor its earlier
    parts (`done`) run: the later parts will, so they still wait for their share of the budget."""
    mine = {id(e) for e in part}
    return [e for e in plan(sm) if e.deadline and id(e) not in mine and e.name not in done]


def step_timeout(entry: Step, timeout_s: float) -> float:
    """The seconds a step may run before it is killed: `timeout_s`, or, for a timing step whose deadline and
    overhead need more, its deadline plus its overhead, so that the step stops itself (keeping its complete
    pairs) before anything kills it."""
    return max(timeout_s, entry.nominal_s + step_overhead(entry)) if entry.deadline else timeout_s


def record_session(gpu: dict, steps: list[dict], wall_s: float, argv: list[str], session: str | None = None,
                   budget_s: float | None = None) -> store.RecordedRun:
    """Record a make-live session (or one part of a session split over several calls, tagged `session`) as
    a run of SESSION: summary.json holds its steps, its budget and its tag."""
    failed = [s["experiment"] for s in steps if not s["ok"]]
    with store.new_run(SESSION, command=["racelab", "live", *argv]) as run:
        run.write_json("summary.json", {"gpu": gpu, "steps": steps, "wall_s": round(wall_s, 1),
                                        "failed": failed, "session": session, "budget_s": budget_s,
                                        "registry": [asdict(e) for e in REGISTRY]})
    return run.recorded
