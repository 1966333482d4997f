"""The timing designs, one class each: how a run's pairs of processes are ordered and grouped.

A design knows how many processes a plan needs (`processes`), which jobs run in which order and which
comparisons they make (`schedule`), whether every pair runs in one seeded order that a deadline may cut
(`one_order`; the blocks design runs each comparison as its own block instead), whether one process times
both builds of a pair (`whole_pair`), whether it times a list of comparisons (`by_comparisons`) or one
A/B with its order and null controls (`has_order_null`), and its command-line defaults for the A/A control.

Words used throughout: a *comparison* is B timed against A (its samples files begin with its name: "ab",
"aa", "all-lanes-vs-elected"); a pair's *order* is which build runs first ("AB", "BA", or "AA" for two
labels of A); a comparison's *schedule* is how its pairs were placed ("ab", "alternate", "interleaved", ...;
plan.json keeps it under "order").
"""

import dataclasses
import random
from dataclasses import dataclass

from racelab.core import files
from racelab.vocab import Experiment

IN_PROCESS_SEP = "|"  # a worker variant "A|B": builds A and B in one process, launched in turn (A first)
PAIR_ORDERS = {"AB": "ab", "BA": "ba", "AA": "aa"}  # a pair's order -> the comparison (samples CSV) it belongs to


def stable_hash(text: str) -> int:
    """A 64-bit integer from `text`, the same in every process (unlike hash())."""
    return int.from_bytes(bytes.fromhex(files.sha256_bytes(text.encode()))[:8], "little")


def comparison_name(b: str, a: str) -> str:
    """The samples-file prefix of comparison B against A: "all-lanes-vs-elected"."""
    return f"{b}-vs-{a}"


def in_process_variant(first: str, second: str) -> str:
    """The worker variant of one process timing two builds in turn, `first` launched first: "elected|all-lanes"."""
    return f"{first}{IN_PROCESS_SEP}{second}"


def split_in_process(variant: str) -> tuple[str, ...]:
    """("elected", "all-lanes") for "elected|all-lanes"; (variant,) for a single build."""
    parts = tuple(variant.split(IN_PROCESS_SEP))
    if len(parts) > 2 or not all(parts):
        raise ValueError(f"a variant names one build or two ('A{IN_PROCESS_SEP}B'), not {variant!r}")
    return parts


@dataclass
class Job:
    """One process of one pair: its comparison, its CSV label (e.g. 'elected', or 'elected-A1' in an A/A
    control), the variant it runs, its slot in the pair (0 runs first) and the seed it gets."""

    comparison: str
    pair: int
    slot: int
    label: str
    variant: str
    seed: int
    role: str = "a"  # "a" (the baseline) or "b": progress prints b against a
    order: str = ""  # the pair's order: "AB" (A first), "BA" (B first) or "AA" (both A); "" in the blocks design
    partner: str = ""  # one process a pair: the label of the pair's other build, launched second in this process

    @property
    def whole_pair(self) -> bool:
        """Whether this one process is the whole pair."""
        return bool(self.partner)


@dataclass(frozen=True)
class Comparison:
    """B timed against A: its name (the samples files' prefix), the two labels, how its pairs were placed
    (`schedule`), its jobs in run order and, for an A/A control, its groups of pair ids (each group an
    independent null experiment; None for a comparison that is not grouped)."""

    name: str
    a: str
    b: str
    schedule: str
    jobs: tuple = ()
    groups: tuple | None = None

    @property
    def pairs(self) -> int:
        return len({j.pair for j in self.jobs})

    def keeping(self, done: set) -> "Comparison":
        """The comparison with only the pairs in `done` (and only its groups whose pairs are all done)."""
        groups = None if self.groups is None else tuple(g for g in self.groups if set(g) <= done)
        return dataclasses.replace(self, jobs=tuple(j for j in self.jobs if j.pair in done), groups=groups)


def make_jobs(comparison: str, n_pairs: int, a: tuple[str, str], b: tuple[str, str], schedule: str,
              seed: int, first_pair: int = 0) -> list[Job]:
    """Jobs of `n_pairs` pairs. a and b are (label, variant). schedule: 'ab' (A first in every pair), 'ba',
    'alternate' (AB, BA, AB, ...) or 'random' (per pair, from `seed`)."""
    if schedule not in ("ab", "ba", "alternate", "random"):
        raise ValueError(f"the order must be ab, ba, alternate or random, not {schedule!r}")
    rng = random.Random(f"{comparison}:{seed}")
    jobs = []
    for i in range(n_pairs):
        pair = first_pair + i
        a_first = {"ab": True, "ba": False, "alternate": i % 2 == 0, "random": rng.random() < 0.5}[schedule]
        first, second = (("a", a), ("b", b)) if a_first else (("b", b), ("a", a))
        for slot, (role, (label, variant)) in enumerate((first, second)):
            jobs.append(Job(comparison, pair, slot, label, variant,
                            stable_hash(f"{comparison}:{seed}:{pair}:{slot}") % 2**31, role))
    return jobs


def collapse_pairs(jobs: list[Job], seed_text: str) -> list[Job]:
    """Each pair of `jobs` (two processes, slot 0 first) as one process that times both builds in turn, the
    first-named launched first."""
    by_pair: dict[int, list[Job]] = {}
    for j in jobs:
        by_pair.setdefault(j.pair, []).append(j)
    return [dataclasses.replace(first, variant=in_process_variant(first.variant, second.variant),
                                partner=second.label, seed=stable_hash(f"{seed_text}:{pair}") % 2**31)
            for pair, (first, second) in sorted(by_pair.items())]


def consecutive_groups(ids: list[int], k: int) -> tuple:
    """`ids` in groups of `k` consecutive ids; ids after the last whole group are in none."""
    return tuple(tuple(ids[g * k:(g + 1) * k]) for g in range(len(ids) // k)) if k else ()


def _ordered_jobs(slots, a_labels, seed_text: str) -> list[Job]:
    """The jobs of pairs `slots` ((comparison, a, b, order) each, in run order). An A/A pair runs two labels
    `a_labels` of its A; which of them runs first alternates over the A/A pairs, as A and B do over AB/BA."""
    jobs, n_aa = [], 0
    for pair, (name, a, b, order) in enumerate(slots):
        if order == "AA":
            x, y = ("a", (a_labels[0], a)), ("b", (a_labels[1], a))
            first_second = (x, y) if n_aa % 2 == 0 else (y, x)
            n_aa += 1
        else:
            x, y = ("a", (a, a)), ("b", (b, b))
            first_second = (x, y) if order == "AB" else (y, x)
        for slot, (role, (label, variant)) in enumerate(first_second):
            jobs.append(Job(name, pair, slot, label, variant, stable_hash(f"{seed_text}:{pair}:{slot}") % 2**31,
                            role, order))
    return jobs


class Design:
    """What every design answers; one subclass per design, one instance each in DESIGNS."""

    name = ""
    experiment = Experiment.TWIN_TIMING  # the twin's store experiment a run of this design records into
    one_order = True        # every pair in one seeded order; a deadline keeps the pairs finished
    whole_pair = False      # one process times both builds of a pair
    by_comparisons = False  # times plan.comparisons, with one A/A control of the first comparison's A
    has_order_null = False  # one A/B with its B/A (order) and A/A (null) pairs: the order/null table
    aa_groups_default, aa_pairs_default, aa_pairs_min = 20, 3, 2

    def processes(self, plan) -> int:
        """The processes `plan` starts."""
        return 2 * self.pairs(plan)

    def pairs(self, plan) -> int:
        return plan.ab_pairs + plan.ba_pairs + plan.aa_groups * plan.aa_pairs_per_group

    def schedule(self, plan, seed: int, a: str = "", b: str = "", extra=()) -> tuple[list[Job], list[Comparison]]:
        """The jobs in the order they run, and the comparisons they make."""
        raise NotImplementedError

    def after_deadline(self, plan, comparisons: list[Comparison]):
        """The plan as run, once a deadline kept only `comparisons`' pairs."""
        count = {c.name: c.pairs for c in comparisons}
        groups = next((len(c.groups or ()) for c in comparisons if c.name == "aa"), 0)
        return dataclasses.replace(plan, ab_pairs=count.get("ab", 0), ba_pairs=count.get("ba", 0), aa_groups=groups)

    def aa_defaults(self, pairs: int, aa_groups: int | None, aa_pairs: int | None) -> tuple[int, int]:
        """The A/A groups and pairs per group of a command line, the design's defaults filled in; ValueError
        for a count the design cannot analyse."""
        k = self.aa_pairs_default if aa_pairs is None else aa_pairs
        if k < self.aa_pairs_min:
            raise ValueError(f"--aa-pairs (pairs per A/A group) must be at least {self.aa_pairs_min} in the "
                             f"{self.name} design")
        groups = self.aa_groups_default if aa_groups is None else aa_groups
        return groups, k

    def __repr__(self) -> str:
        return f"<design {self.name}>"


class Blocks(Design):
    """All A/B pairs (A first), then all B/A pairs, then the A/A groups, then any extra comparison
    (alternating order, ab_pairs pairs each): each a block of its own, two processes a pair."""

    name = "blocks"
    experiment = Experiment.TWIN_TIMING
    one_order = False
    aa_pairs_min = 1

    def processes(self, plan) -> int:
        return 2 * (self.pairs(plan) + plan.extra_experiments * plan.ab_pairs)

    def schedule(self, plan, seed, a="", b="", extra=()):
        A, B = (a, a), (b, b)
        out = [Comparison("ab", a, b, "ab", tuple(make_jobs("ab", plan.ab_pairs, A, B, "ab", seed))),
               Comparison("ba", a, b, "ba", tuple(make_jobs("ba", plan.ba_pairs, A, B, "ba", seed)))]
        if plan.aa_groups:
            k = plan.aa_pairs_per_group
            a1, a2 = f"{a}-A1", f"{a}-A2"
            jobs = make_jobs("aa", plan.aa_groups * k, (a1, a), (a2, a), "random", seed)
            out.append(Comparison("aa", a1, a2, "random", tuple(jobs),
                                  consecutive_groups(list(range(plan.aa_groups * k)), k)))
        for name, xa, xb in extra:
            out.append(Comparison(name, xa, xb, "alternate",
                                  tuple(make_jobs(name, plan.ab_pairs, (xa, xa), (xb, xb), "alternate", seed))))
        return [j for c in out for j in c.jobs], out


def interleaved_order(ab_pairs: int, ba_pairs: int, aa_pairs: int, seed: int) -> list[str]:
    """The orders ("AB", "BA", "AA") of every pair in the order they run: a permutation drawn from `seed`."""
    orders = ["AB"] * ab_pairs + ["BA"] * ba_pairs + ["AA"] * aa_pairs
    random.Random(f"interleaved:{seed}").shuffle(orders)
    return orders


class Interleaved(Design):
    """A/B, B/A and A/A pairs in one seeded random order, two processes a pair. Pair ids count the pairs in
    run order; the A/A groups are consecutive A/A pairs, aa_pairs_per_group each."""

    name = "interleaved"
    experiment = Experiment.TWIN_TIMING_INTERLEAVED
    has_order_null = True
    aa_pairs_default = aa_pairs_min = 4

    def schedule(self, plan, seed, a="", b="", extra=()):
        k = plan.aa_pairs_per_group
        orders = interleaved_order(plan.ab_pairs, plan.ba_pairs, plan.aa_groups * k, seed)
        a1, a2 = f"{a}-A1", f"{a}-A2"
        jobs = _ordered_jobs([(PAIR_ORDERS[o], a, b, o) for o in orders], (a1, a2), f"interleaved:{seed}")
        out = []
        for order, name in PAIR_ORDERS.items():
            mine = tuple(j for j in jobs if j.order == order)
            if order == "AA":
                ids = [j.pair for j in mine if j.slot == 0]
                out.append(Comparison(name, a1, a2, "interleaved", mine, consecutive_groups(ids, k)))
            else:
                out.append(Comparison(name, a, b, "interleaved", mine))
        return jobs, out

    def aa_defaults(self, pairs, aa_groups, aa_pairs):
        """By default at least as many A/A pairs as A/B and B/A pairs together."""
        k = super().aa_defaults(pairs, 0, aa_pairs)[1]
        groups = -(-2 * pairs // k) if aa_groups is None else aa_groups
        if groups < 1:
            raise ValueError("--aa-groups must be at least 1")
        return groups, k


class InProcess(Interleaved):
    """The interleaved order, each pair one process that times both its builds in turn, the first-named
    launched first in every round (A/A: two separately compiled copies of A)."""

    name = "in-process"
    experiment = Experiment.TWIN_TIMING_IN_PROCESS
    whole_pair = True

    def processes(self, plan) -> int:
        return self.pairs(plan)

    def schedule(self, plan, seed, a="", b="", extra=()):
        jobs, comparisons = super().schedule(plan, seed, a, b)
        single = collapse_pairs(jobs, f"in-process:{seed}")
        return single, [dataclasses.replace(c, schedule=self.name, jobs=tuple(j for j in single if j.comparison == c.name))
                        for c in comparisons]


class Arms(Design):
    """Every comparison of plan.comparisons ((B, A) each; ab_pairs pairs A first, ba_pairs B first) and one A/A
    control of the first comparison's A, in rounds: round r holds one pair of every comparison (AB or BA,
    alternating over rounds and comparisons) and every A/A pair k with k % rounds == r, in an order drawn from
    `seed` for each round; so a run cut short keeps about as many pairs of each comparison, of both orders."""

    name = "arms"
    experiment = Experiment.TWIN_TIMING_VARIANTS
    by_comparisons = True
    aa_groups_default, aa_pairs_default, aa_pairs_min = 1, 4, 2

    def pairs(self, plan) -> int:
        return len(plan.comparisons) * (plan.ab_pairs + plan.ba_pairs) + plan.aa_groups * plan.aa_pairs_per_group

    def _slots(self, plan, seed) -> list[tuple]:
        baseline = plan.comparisons[0][1]
        rounds = max(1, plan.ab_pairs + plan.ba_pairs)
        left = {c: {"AB": plan.ab_pairs, "BA": plan.ba_pairs} for c in plan.comparisons}
        n_aa = plan.aa_groups * plan.aa_pairs_per_group
        rng = random.Random(f"arms:{seed}")
        slots = []
        for r in range(rounds):
            batch = []
            for c_index, (b, a) in enumerate(plan.comparisons):
                want = "AB" if (r + c_index) % 2 == 0 else "BA"
                order = want if left[(b, a)][want] else ("BA" if want == "AB" else "AB")
                if left[(b, a)][order]:
                    left[(b, a)][order] -= 1
                    batch.append((comparison_name(b, a), a, b, order))
            batch += [("aa", baseline, baseline, "AA")] * len(range(r, n_aa, rounds))
            rng.shuffle(batch)
            slots += batch
        return slots

    def schedule(self, plan, seed, a="", b="", extra=()):
        if not plan.comparisons:
            raise ValueError(f"the {self.name} design needs at least one comparison")
        baseline = plan.comparisons[0][1]
        a1, a2 = f"{baseline}-A1", f"{baseline}-A2"
        jobs = _ordered_jobs(self._slots(plan, seed), (a1, a2), f"arms:{seed}")
        out = [Comparison(comparison_name(b, a), a, b, "arms",
                          tuple(j for j in jobs if j.comparison == comparison_name(b, a))) for b, a in plan.comparisons]
        if plan.aa_groups * plan.aa_pairs_per_group:
            out.append(Comparison("aa", a1, a2, "arms", tuple(j for j in jobs if j.comparison == "aa"), ()))
        return jobs, out

    def after_deadline(self, plan, comparisons):
        kept = {(c.b, c.a) for c in comparisons}
        return dataclasses.replace(plan, comparisons=tuple(c for c in plan.comparisons if tuple(c) in kept))


class Layouts(Arms):
    """The arms order and comparisons, each pair one process timing both its builds; the A/A pairs in groups of
    aa_pairs_per_group consecutive pairs, each group an independent null experiment."""

    name = "layouts"
    experiment = Experiment.TWIN_TIMING_LAYOUTS
    whole_pair = True
    aa_groups_default, aa_pairs_default, aa_pairs_min = 26, 4, 4

    def processes(self, plan) -> int:
        return self.pairs(plan)

    def schedule(self, plan, seed, a="", b="", extra=()):
        jobs, comparisons = super().schedule(plan, seed)
        single = collapse_pairs(jobs, f"layouts:{seed}")
        out = []
        for c in comparisons:
            mine = tuple(j for j in single if j.comparison == c.name)
            groups = consecutive_groups([j.pair for j in mine], plan.aa_pairs_per_group) if c.name == "aa" else None
            out.append(dataclasses.replace(c, schedule=self.name, jobs=mine, groups=groups))
        return single, out


BLOCKS, INTERLEAVED, IN_PROCESS, ARMS, LAYOUTS = Blocks(), Interleaved(), InProcess(), Arms(), Layouts()
DESIGNS = {d.name: d for d in (BLOCKS, INTERLEAVED, IN_PROCESS, ARMS, LAYOUTS)}


def design_named(name) -> Design:
    """The design called `name` ("blocks" for a plan.json that names none); a Design is returned as it is."""
    if isinstance(name, Design):
        return name
    try:
        return DESIGNS[name or BLOCKS.name]
    except KeyError:
        raise ValueError(f"no timing design {name!r} (one of {', '.join(DESIGNS)})") from None
