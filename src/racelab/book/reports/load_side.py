"""The load-side report of upstream's SM90 indexer backward (``IndexerBackwardSm90``, its ``K_CONSUMED``
handoff), generated from data like the store-side ones (racelab.book.reports.store_side).

Compute thread e of each compute warpgroup reads ``sIndices<stage>[e]`` (the row of its dK bulk reduction);
then the thread with ``wg_tidx == 0`` of each warpgroup arrives on ``K_CONSUMED_<stage>`` (count 2), and the
K-load warpgroup, once that completes, stores ``sIndices`` of a later block into the same stage. Everything
comes from data: the sites from the newest wheel's source (and whether the statements there are the same code
in an older release), the hazard records from the newest ``real-racecheck`` run that holds the shipped and the
every-thread-arrives variants of the release closest to the newest at the multi-block shape, the outputs from
the matching ``real-numerics`` run, the time from the matching ``real-timing`` run ("not measured" where none
is recorded), the patch from ``racelab.toolchain.transforms.k_consumed_all_threads``."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from racelab.book import real_results as rk
from racelab.book.reports.common import (NEWEST, NOT_MEASURED, PTX, REPO_PREFIX, Evidence, TruePositive, Spec,
                                         by_type_text, closest, numbers, patch_counts, read_source, releases_from)
from racelab.core import files, store
from racelab.core.provenance import gpu_models
from racelab.experiments import code_layout, real_numerics, real_racecheck
from racelab.experiments.timing import load
from racelab.experiments.timing.plan import REAL_EXPERIMENT
from racelab.lint.ast_facts import THREAD_NAME, call_name, dotted_names, root_name
from racelab.lint.ast_lint import lint_source
from racelab.lint.load_lint import LoadLint
from racelab.lint.releases import RELEASES
from racelab.readers.racecheck_log import ranges_text
from racelab.toolchain import real_kernel as targets
from racelab.toolchain import transforms, wheels
from racelab.vocab import BLOCK_I, PR_SHAPES, UpstreamVariant

FILE = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"
TRANSFORM = "k_consumed_all_threads"
CHANGE = "k-consumed-all"  # the variant suffix of that transform (vocab.UPSTREAM_CHANGES)
BARRIERS_CHANGE = "dk-staging-barriers"  # cudnn-frontend #1049's barriers, added to an older release
SHAPE = "multi-block"  # the PR shape whose top-k blocks outnumber the K stages (stages are reused)
CASE = f"hazard-{SHAPE}"  # the real-racecheck case (`racelab real record --only`)
GPU = "sm90"

SPEC = Spec(
    "bwd-sm90-k-consumed", "IndexerBackwardSm90: compute threads' `sIndices` reads are released by one thread "
    "per warpgroup arriving on K_CONSUMED before the K-load warpgroup overwrites them", "WAR", ("sIndices",),
    TRANSFORM, Evidence(real_racecheck.EXPERIMENT, column="hazard records"))


# ------------------------------------------------------------------------------------------------
# Where: the sites in a release's source
# ------------------------------------------------------------------------------------------------

@dataclass
class LoadTruePositive(TruePositive):
    """The K_CONSUMED finding: `store_lines` are the reads (as for the forward's write-after-read), and
    beside them the guard of the arrive, the K-load warpgroup's waits and overwrite, the inits."""

    guard_line: int = 0
    wait_lines: list[int] = field(default_factory=list)
    overwrite_lines: list[int] = field(default_factory=list)
    init_lines: list[int] = field(default_factory=list)
    reader: str = ""  # the method holding the reads and the arrive
    writer: str = ""  # the method holding the waits and the overwrite
    constants: dict = field(default_factory=dict)  # NUM_K_STAGES, WARPGROUP_SIZE, ... as the source sets them
    patch_release: str = ""  # the release the patch is made against (the finding's, where the transform applies)
    patch_note: str = ""  # why the patch is against an older release, where it is


def _methods(tree) -> dict[str, ast.FunctionDef]:
    return {f"{cls.name}.{fn.name}": fn for cls in tree.body if isinstance(cls, ast.ClassDef)
            for fn in cls.body if isinstance(fn, ast.FunctionDef)}


def _method_of(tree, line: int) -> str:
    return next((name for name, fn in _methods(tree).items() if fn.lineno <= line <= fn.end_lineno), "")


def source_constants(tree) -> dict[str, int]:
    """Integer constants set at module level and in class bodies (NUM_K_STAGES, WARPGROUP_SIZE, ...)."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef)):
            for s in node.body:
                if isinstance(s, ast.Assign) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, int):
                    out.update({t.id: s.value.value for t in s.targets if isinstance(t, ast.Name)})
    return out


def locate(text: str) -> dict | None:
    """The handoff's lines in one release's source, from the load-side lint (racelab.lint.load_lint) and the
    syntax tree: {"arrives", "barriers", "guard", "reads", "inits", "counts", "waits", "overwrites", "reader",
    "writer", "constants"}. The arrives, barriers, reads and counts are the lint's hits on ``K_CONSUMED``; the
    guard is the innermost ``if`` on a thread index around the first arrive; the overwrites are element
    stores into the buffer the reads index (its name without the stage digit), the writer the method of the
    first one, the waits that method's ``mbarrier_wait`` calls on the barriers. None where the lint finds no
    one-thread arrive after the reads (the handoff is closed or gone)."""
    hits = sorted((h for h in lint_source(text, FILE, walker=LoadLint) if "K_CONSUMED" in h.barrier),
                  key=lambda h: h.line)
    if not hits:
        return None
    tree = ast.parse(text)
    barriers, first = [h.barrier for h in hits], hits[0].line
    guard = max(n.lineno for n in ast.walk(tree) if isinstance(n, ast.If) and n.lineno < first <= n.end_lineno
                and any(THREAD_NAME.search(d) for d in dotted_names(n.test)))
    reads = sorted({n for h in hits for n in h.store_lines})
    buffers = {root_name(n).rstrip("0123456789") for n in ast.walk(tree)
               if isinstance(n, ast.Subscript) and n.lineno in reads}
    overwrites = sorted({n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets
                         if isinstance(t, ast.Subscript) and root_name(t) in buffers})
    writer = _method_of(tree, overwrites[0]) if overwrites else ""
    span = _methods(tree).get(writer)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args and dotted_names(n.args[0]) & set(barriers)]
    inits = sorted(n.lineno for n in calls if call_name(n) == "mbarrier_init")
    waits = sorted(n.lineno for n in calls if call_name(n) == "mbarrier_wait" and span
                   and span.lineno <= n.lineno <= span.end_lineno)
    if not (overwrites and waits and inits):
        raise ValueError(f"{FILE}: K_CONSUMED's sites are incomplete: reads {reads}, stores {overwrites}, "
                         f"waits {waits}, inits {inits}")
    return {"arrives": [h.line for h in hits], "barriers": barriers, "guard": guard, "reads": reads,
            "inits": inits, "counts": sorted({str(c) for h in hits for c in h.init_count}), "waits": waits,
            "overwrites": overwrites, "reader": hits[0].function, "writer": writer,
            "constants": source_constants(tree)}


def _patch(release: str, source) -> tuple[str, list[int], str, str]:
    """(diff, lines it replaces, the release it is against, a note) for the finding's release, or for the
    newest older release the transform applies to where it does not apply there."""
    note = ""
    for rel in releases_from(release):
        try:
            before = source(rel, FILE)
            after = transforms.TRANSFORMS[TRANSFORM](before)
        except (transforms.TransformError, wheels.WheelError) as err:
            note = note or f"the transform does not apply to {release} ({err})"
            continue
        return transforms.unified_diff(before, after, REPO_PREFIX + FILE), \
            transforms.touched_lines(before, after), rel, note
    return "", [], "", note


def finding(release: str = NEWEST, source=None) -> LoadTruePositive | None:
    """The K_CONSUMED finding in `release`'s wheel, or None where the wheel has no such file or the handoff
    is closed (no arrive under ``if wg_tidx == 0:``). `source(release, path)` reads a wheel file."""
    source = source or read_source
    try:
        text = source(release, FILE)
    except wheels.WheelError:
        return None
    got = locate(text)
    if got is None:
        return None
    patch, lines, patch_release, note = _patch(release, source)
    return LoadTruePositive(SPEC, release, FILE, got["reader"], got["barriers"], got["arrives"], got["reads"], "",
                       got["counts"], "plain loads", True, "", patch, lines, guard_line=got["guard"],
                       wait_lines=got["waits"], overwrite_lines=got["overwrites"], init_lines=got["inits"],
                       reader=got["reader"], writer=got["writer"], constants=got["constants"],
                       patch_release=patch_release, patch_note=note)


def _anchors(tree, line: int) -> tuple[str, ast.stmt | None]:
    """The method holding `line` and the statement holding it that sits directly in a loop's body or the
    method's (for the arrive: the whole ``if wg_tidx == 0:`` block)."""
    name = _method_of(tree, line)
    if not name:
        return "", None
    body, anchor = _methods(tree)[name].body, None
    while body:
        s = next((s for s in body if s.lineno <= line <= s.end_lineno), None)
        if s is None:
            break
        if isinstance(s, (ast.For, ast.While, ast.AsyncFor)):
            anchor, body = None, s.body
            continue
        anchor = anchor or s
        body = [c for f in ("body", "orelse", "finalbody") for c in getattr(s, f, []) or []]
    return name, anchor


def same_sites(f: LoadTruePositive, older: str, source=None) -> dict:
    """Whether the code at the finding's sites is the same in `older` (syntax trees without positions):
    {"statements": True when each site's statement (its loop-body or method-body statement) appears in the
    same method of `older`, "methods": {method: same as a whole}}."""
    source = source or read_source
    new, old = ast.parse(source(f.release, f.file)), ast.parse(source(older, f.file))
    old_methods = _methods(old)
    sites = f.store_lines + [f.guard_line] + f.arrive_lines + f.init_lines + f.wait_lines + f.overwrite_lines
    same, methods = True, {}
    for line in sites:
        name, stmt = _anchors(new, line)
        if name not in old_methods or stmt is None:
            same = False
            continue
        dumps = {ast.dump(s) for s in ast.walk(old_methods[name]) if isinstance(s, ast.stmt)}
        same = same and ast.dump(stmt) in dumps
        methods[name] = ast.dump(_methods(new)[name]) == ast.dump(old_methods[name])
    return {"statements": same, "methods": methods}


# ------------------------------------------------------------------------------------------------
# Evidence, from recorded runs
# ------------------------------------------------------------------------------------------------

def variants(release: str) -> list[tuple[str, str]]:
    """(as shipped, every compute thread arrives) pairs of `release`: the release itself, then the release
    with #1049's dK staging barriers added to both sides (where a run holds them)."""
    return [(f"release-{release}", f"{release}-{CHANGE}"),
            (f"{release}-{BARRIERS_CHANGE}", f"{release}-{CHANGE}+{BARRIERS_CHANGE}")]


def _racecheck_pair(runs, pair) -> tuple | None:
    """(run, shipped case, patched case) from the newest run holding both variants' multi-block hazard case,
    neither failed."""
    for rec in runs:
        summary = rec.read_json("summary.json")
        failed = set(real_racecheck.run_failed_cases(summary))
        cases = {c["case"]: c for c in summary["cases"] if c["case"] not in failed}
        got = [cases.get(f"{CASE}-{v}") for v in pair]
        if all(got):
            return rec, got[0], got[1]
    return None


def _shape_words(shape: str) -> str:
    s = PR_SHAPES[shape]
    return f"b={s.b}, s_q={s.s_q}, s_kv={s.s_kv}, topk={s.topk}"


def evidence(f: LoadTruePositive, root=None, source=None) -> dict:
    """The hazard records of the newest real-racecheck run (on an SM90 GPU) that holds the shipped and the
    every-thread-arrives variants of the release closest to `f`'s at the multi-block shape:
    {"release", "run", "command", "gpu", "dsl", "rows", "threads", "nonfinite", "same_file", "only"}; the
    rows as racelab.book.reports' (case, shipped, patched, their variants, the shipped case's command)."""
    runs = rk.racecheck_runs(GPU, root)
    for release in releases_from(f.release):
        first = _racecheck_pair(runs, variants(release)[0])
        if first is not None:
            break
    else:
        return {"release": None, "run": None, "rows": [], "note": f"no {real_racecheck.EXPERIMENT} run of this "
                f"kernel at the {SHAPE} shape is recorded"}
    labels, rows, nonfinite = targets.SM90.labels, [], {}
    k_blocks, stages = rk.k_blocks(SHAPE), f.constants.get("NUM_K_STAGES")
    for pair in variants(release):
        got = _racecheck_pair(runs, pair)
        if got is None:
            continue
        rec, shipped, patched = got
        rows.append({"case": f"{SHAPE} ({_shape_words(SHAPE)}: {k_blocks} top-k blocks of {BLOCK_I} over "
                             f"{stages} K stages)", "shipped variant": pair[0], "patched variant": pair[1],
                     "shipped": int(shipped["parsed"]["records"]), "patched": int(patched["parsed"]["records"]),
                     "shipped label": labels.get(pair[0], pair[0]), "patched label": labels.get(pair[1], pair[1]),
                     "by type": shipped["parsed"].get("by_type") or {}, "command": shipped["command"],
                     "run": f"{rec.experiment}/{rec.id}", "outputs": {}})
        for c in (shipped, patched):
            nonfinite[c["variant"]] = real_racecheck.nonfinite_outputs(c.get("launch"))
    rec, shipped, _ = first
    parsed, launch = shipped["parsed"], shipped.get("launch") or {}
    size = f.constants.get("WARPGROUP_SIZE")
    compute = set(range(f.constants.get("TOTAL_COMPUTE_THREADS", 0)))
    readers = set(parsed.get("reader_threads") or [])
    kernel_sha = files.sha256_bytes((source or read_source)(release, FILE).encode())
    return {"release": release, "run": f"{rec.experiment}/{rec.id}", "command": rec.provenance["command"],
            "gpu": (rec.provenance.get("gpu") or {}).get("name"), "dsl": launch.get("dsl"), "rows": rows,
            "threads": {"readers": ranges_text(sorted(readers)),
                        "writers": ranges_text(parsed.get("writer_threads") or []),
                        "not reading": sorted(compute - readers) if readers <= compute else None,
                        "arriving": [w * size for w in range(len(compute) // size)] if size and compute else None},
            "nonfinite": nonfinite, "same_file": launch.get("kernel_sha256") == kernel_sha,
            "only": f"racelab real record --variants {' '.join(variants(release)[0])} --only {CASE}",
            "buffers": [], "sites": []}


def _closest(runs, release: str, match):
    """(release, run, what `match(run, shipped, patched)` found) for the newest run of the release closest to
    `release` (itself, else older: common.closest) that `match` accepts; (None, None, None) where none does."""
    def find(rel):
        return next(((rec, got) for rec in runs for got in [match(rec, *variants(rel)[0])] if got is not None), None)

    rel, found = closest(release, find)
    return (rel, *found) if found else (None, None, None)


def numerics(f: LoadTruePositive, root=None) -> dict:
    """From the newest real-numerics run of the closest release holding both variants at the multi-block
    shape: the patched variant's first replay against the shipped one's, per output, and the shipped
    kernel's own spread over its replays; {"release": None} where none is recorded."""
    def match(rec, shipped, patched):
        s = rec.read_json("summary.json")
        per = (s.get("per_variant", {}).get(SHAPE) or {}).get(shipped)
        across = (s.get("across_variants", {}).get(SHAPE) or {}).get(patched)
        return (s, per, across) if s["variants"][0] == shipped and per and across else None

    release, rec, got = _closest(store.candidates(real_numerics.EXPERIMENT, GPU, root=root), f.release, match)
    if rec is None:
        return {"release": None}
    s, per, across = got
    return {"release": release, "run": f"{rec.experiment}/{rec.id}", "gpu": rec.gpu_name, "replays": s["replays"],
            "command": rec.provenance["command"], "across": across, "per": per,
            "outside": real_numerics.outside_own_spread(per, across),
            "over_runs": rk.spread_over_runs(dict(rk.spread_verdicts(rec, s["variants"][0], s["variants"][1], SHAPE)))}


def cost(f: LoadTruePositive, root=None) -> dict:
    """From the real-timing-alignments runs where recorded (racelab.book.real_alignments), else the
    real-timing-layouts runs (both variants moved together to several code offsets, every moved
    build checked in the SASS; racelab.book.real_results): the release they time, their GPU(s), and the
    sentence that gives the fix's effect at each layout as a range, never a single build's delta; {"release":
    None} where none is recorded or they time another release's variants. The one-build real-timing runs are
    not a cost: one build of each variant does not control code layout."""
    from racelab.book import real_alignments

    aligned = real_alignments.runs(root=root)
    runs = aligned or rk.real_layout_runs(root=root)
    if not runs:
        return {"release": None}
    if aligned:  # the alignments design: its first comparison is the fix against the bug, both unmoved
        patched, shipped = runs[0].read_json("plan.json")["plan"]["comparisons"][0]
    else:
        variants = load.summarize_folder(runs[0]).manifest.get("variants") or {}
        shipped, patched = (code_layout.split("sm90", variants.get(k, ""))[0] for k in ("a", "b"))
    release = shipped.removeprefix("release-")
    if shipped != f"release-{release}" or patched != f"{release}-k-consumed-all":
        return {"release": None}
    return {"release": release, "runs": [f"{r.experiment}/{r.id}" for r in runs], "gpu": gpu_models(runs),
            "a": shipped, "b": patched,
            "sentence": (real_alignments.glue(real_alignments.fits(runs))["ra_sentence"] if aligned else
                         rk.real_layouts_glue(runs)["rl_sentence"])}


# ------------------------------------------------------------------------------------------------
# The report, as Markdown
# ------------------------------------------------------------------------------------------------

def _why() -> str:
    ptx = PTX
    return (f"An `mbarrier.arrive` releases the memory accesses that precede it in the arriving thread, together "
            f"with what synchronized with that thread before (PTX ISA {ptx['mbarrier']}; {ptx['release']}; "
            f"{ptx['causality']}), and the K-load warpgroup's wait that observes the phase complete acquires only "
            f"what the arriving threads released ({ptx['sync']}). Nothing synchronizes the other compute threads "
            f"of a warpgroup with its arriving thread after their `sIndices` reads, so those reads and the K-load "
            f"threads' later stores into the same stage are not ordered: a write-after-read data race "
            f"({ptx['race']}).")


def _where(f: LoadTruePositive, same: dict | None, older: str | None) -> list[str]:
    c = f.constants
    out = [f"- The loads: compute thread `wg_tidx` of each compute warpgroup reads `sIndices<stage>[wg_tidx]`, the "
           f"row of its dK bulk reduction, at line {numbers(f.store_lines)} (`{f.reader}`).",
           f"- The signal: the thread with `wg_tidx == 0` of each compute warpgroup (line {f.guard_line}) arrives on "
           f"{', '.join(f'`{b}`' for b in f.barriers)} at lines {numbers(f.arrive_lines)}; the count their "
           f"`mbarrier_init` calls give: {', '.join(f.init_count)} (lines {numbers(f.init_lines)}).",
           f"- The overwrite: the K-load warpgroup waits on those barriers (lines {numbers(f.wait_lines)}) and its "
           f"threads then store `sIndices[pos]` of a later top-k block into the same stage (line "
           f"{numbers(f.overwrite_lines)}, `{f.writer}`); the kernel cycles `NUM_K_STAGES` = "
           f"{c.get('NUM_K_STAGES', 'not read')} stages, so a stage is reused once a query walks more top-k blocks.",
           "- The readers: plain shared loads, which racecheck sees."]
    if same is not None:
        differ = [m for m, ok in same["methods"].items() if not ok]
        out.append(f"- In {older}: the statements at these sites are "
                   f"{'the same code' if same['statements'] else 'NOT the same code'} (syntax trees without "
                   f"positions); " + (f"the methods holding them differ elsewhere ({', '.join(f'`{m}`' for m in differ)})."
                                      if differ else "so are the methods holding them."))
    return out + [""]


def _evidence(f: LoadTruePositive, ev: dict, same: dict | None) -> list[str]:
    if not ev.get("rows"):
        return [f"Not measured: {ev.get('note', 'no run recorded')}.", ""]
    out = []
    if ev["release"] != f.release:
        out.append(f"No run of {f.release}'s variants is recorded. This is the newest release with a recorded run"
                   + ("." if same is None else f"; the statements at these sites are "
                      f"{'the same code' if same['statements'] else 'NOT the same code'} in {ev['release']} and "
                      f"{f.release}.") + "\n")
    out.append(f"{ev['gpu']} measurement, the kernel called through upstream's `indexer_backward_wrapper`: "
               f"racecheck in hazard mode (`compute-sanitizer --tool racecheck "
               f"--racecheck-report hazard`), release {ev['release']}, nvidia-cutlass-dsl {ev.get('dsl')}, recorded run "
               f"`{ev['run']}`.\n")
    out += ["| case | hazard records as shipped | every compute thread arrives | run |", "|---|---|---|---|"]
    for row in ev["rows"]:
        out.append(f"| {row['case']}: `{row['shipped variant']}` vs `{row['patched variant']}` | {row['shipped']:,} "
                   f"| {row['patched']:,} | `{row['run']}` |")
    out.append("")
    for row in ev["rows"]:
        types = ", ".join(f"{n:,} {t}" for t, n in sorted(row["by type"].items(), key=lambda kv: kv[0] != "WAR"))
        out.append(f"- `{row['shipped variant']}`, {row['shipped label']}: {types or 'no'} records; "
                   f"`{row['patched variant']}`, {row['patched label']}: {row['patched']:,}.")
    t = ev["threads"]
    arriving = ""
    if t["not reading"] is not None and t["not reading"] == t["arriving"]:
        arriving = (f" (every compute thread but {' and '.join(map(str, t['not reading']))}, the threads with "
                    f"`wg_tidx == 0`, which arrive)")
    out.append(f"- As shipped, the reading threads (thread ids in the CTA) are {t['readers']}{arriving}; the "
               f"storing threads {t['writers']}.")
    bad = {v: ", ".join(o) or "none" for v, o in ev["nonfinite"].items()}
    out.append("- Outputs holding non-finite values under the sanitizer: " +
               "; ".join(f"`{v}` {o}" for v, o in bad.items()) + ".")
    out.append(f"- The kernel file the as-shipped case loaded {'is' if ev['same_file'] else 'is NOT'} the "
               f"{ev['release']} wheel's file this report read (sha256).")
    out.append(f"\nRecorded with `{ev['command']}`; this case alone: `{ev['only']}`. The as-shipped case under "
               f"the sanitizer:\n")
    out.append(f"```\n{ev['rows'][0]['command']}\n```\n")
    return out


def _patch_text(f: LoadTruePositive) -> list[str]:
    if not f.patch:
        return [f"No patch is generated here: {f.patch_note}.", ""]
    minus, plus = patch_counts(f.patch)
    note = "" if f.patch_release == f.release else f"{f.patch_note[0].upper()}{f.patch_note[1:]}; the patch is " \
        f"against {f.patch_release}. "
    return [f"{note}Removes {minus} line(s) and adds {plus} in `{f.where}` of {f.patch_release}; the lines it "
            f"replaces are {numbers(f.patch_lines)} (made by `racelab.toolchain.transforms.{TRANSFORM}`). Every "
            f"compute thread arrives after its own reads, and each barrier counts them all; the guard stays, true "
            f"for every thread, so the indentation is unchanged:\n", f"```diff\n{f.patch}```\n"]


def _spread_words(outside: list[str]) -> str:
    return "the outputs stay within" if not outside else f"outside in {', '.join(outside)},"


def _numerics_text(num: dict) -> str:
    if num.get("release") is None:
        return f"{NOT_MEASURED[0].upper()}{NOT_MEASURED[1:]}: no real-numerics run of these variants is recorded."
    a, p = num["across"], num["per"]

    def same(o):
        d = a[o]
        return (f"{d['elements_differing']:,} of {d['elements']:,} elements of `{o}` differ "
                f"({'identical' if d['elements_differing'] == 0 else 'not identical'}; the shipped kernel's own "
                f"{num['replays']} replays give {p[o]['distinct_sha256']} distinct sha256)")
    dk, own = a["d_index_k"], p["d_index_k"]
    return (f"{num['gpu']} measurement (run `{num['run']}`, release {num['release']}, "
            f"{num['replays']} replays per variant at the {SHAPE} shape, recorded with `{num['command']}`). The first "
            f"replay with every compute thread arriving against the shipped kernel's first: {same('d_index_q')}; "
            f"{same('d_weights')}; `d_index_k` (fp32, summed by bulk reductions) differs in "
            f"{dk['elements_differing']:,} of {dk['elements']:,} elements, at most {dk['max_ulps']:,} ulps, norm-wise "
            f"{dk['max_rel_normwise']:.1e}; {_spread_words(num['outside'])} the spread of the shipped "
            f"kernel's own replays (up to {own['from_first']['elements_differing']:,} elements, "
            f"{own['from_first']['max_ulps']:,} ulps, norm-wise {own['max_rel_dev_normwise']:.1e} from its first)."
            + (f" {num['over_runs'][0].upper()}{num['over_runs'][1:]}." if num.get("over_runs") else ""))


def _cost_text(c: dict) -> str:
    if c.get("release") is None:
        return f"Paired timing of shipped and patched over code layouts: {NOT_MEASURED}."
    return (f"{c['gpu']} measurement, release {c['release']}, the `IndexerBackwardSm90` kernel as shipped (`{c['a']}`) "
            f"against every compute thread arriving (`{c['b']}`), runs {', '.join(f'`{r}`' for r in c['runs'])}. "
            f"{c['sentence']}")


def reproducer(f: LoadTruePositive) -> str:
    """The one line that re-measures the finding in its own release (shipped and every thread arriving) on
    an SM90 GPU with this project."""
    release = f.patch_release or f.release
    return f"racelab real record --variants {' '.join(variants(release)[0])} --only {CASE}"


def markdown(f: LoadTruePositive, ev: dict, num: dict, c: dict, same: dict | None = None,
             older: str | None = None) -> str:
    """The report, with the store-side reports' sections: what and where, why, the evidence, the patch,
    numerics, cost, the reproducer."""
    out = [f"# {f.spec.title}\n",
           f"nvidia-cudnn-frontend {f.release} (the newest release on PyPI that this report read), `{f.where}`, "
           f"`{f.reader}` and `{f.writer}`.\n", "## What and where\n"]
    out += _where(f, same, older)
    out += ["## Why\n", _why() + "\n", "## Evidence\n"]
    out += _evidence(f, ev, same)
    out += ["## Patch\n"] + _patch_text(f)
    out += ["## Numerics\n", _numerics_text(num) + "\n", "## Cost\n", _cost_text(c) + "\n", "## Reproduce\n",
            f"On an H200 or H100:\n\n```\n{reproducer(f)}\n```\n"]
    return "\n".join(out)


# ------------------------------------------------------------------------------------------------
# All of them
# ------------------------------------------------------------------------------------------------

def report(release: str = NEWEST, root=None, source=None) -> tuple | None:
    """(finding, evidence, Markdown) of the K_CONSUMED finding in `release`, or None where it has none. The
    evidence dict also holds "numerics" and "cost" (their own runs, each with its release, or none)."""
    f = finding(release, source)
    if f is None:
        return None
    ev = evidence(f, root, source)
    num, c = numerics(f, root), cost(f, root)
    default = UpstreamVariant.parse(targets.SM90.baseline).release  # the release `racelab real` records
    used = {r for r in (ev.get("release"), num.get("release"), c.get("release"), default) if r and r != f.release}
    older = min(used, key=RELEASES.index) if used else None
    same = same_sites(f, older, source) if older else None
    ev = {**ev, "numerics": num, "cost": c, "same": same}
    return f, ev, markdown(f, ev, num, c, same, older)


def measured_sections(text: str) -> dict[str, bool]:
    """Whether a report's "## Cost" and "## Numerics" sections give a measurement: False where the section says
    it was not measured (or is absent)."""
    out = {}
    for name in ("Cost", "Numerics"):
        m = re.search(rf"^## {name}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
        body = m.group(1).strip() if m else ""
        out[name] = bool(body) and not body.startswith(NOT_MEASURED) and f": {NOT_MEASURED}" not in body
    return out


def figures(items) -> dict:
    """Chapter 08's figures of the K_CONSUMED report among `items` (all_reports'), "not measured" (or "none")
    where there is no such report or run: the reported release, the evidence's release, GPU and counts, and
    how many reports give a measured cost and a measured output comparison."""
    measured = [measured_sections(text) for _, _, text in items]
    out = {"rep_with_cost": sum(m["Cost"] for m in measured), "rep_with_numerics": sum(m["Numerics"] for m in measured)}
    got = next(((f, ev) for f, ev, _ in items if f.spec is SPEC), None)
    keys = ("kc_release", "kc_evidence_release", "kc_gpu", "kc_shipped", "kc_closed", "kc_run", "kc_by_type", "kc_case",
            "kc_same", "kc_same_note",
            "kc_lines", "kc_patch_release", "kc_numerics_release", "kc_cost_release")
    if got is None:
        return {**out, **{k: "none" for k in keys}}
    f, ev = got
    row = (ev.get("rows") or [{}])[0]
    same = ev.get("same")
    return {**out, "kc_release": f.release, "kc_evidence_release": ev.get("release") or NOT_MEASURED,
            "kc_gpu": ev.get("gpu") or NOT_MEASURED, "kc_shipped": row.get("shipped", NOT_MEASURED),
            "kc_closed": row.get("patched", NOT_MEASURED), "kc_run": ev.get("run") or NOT_MEASURED,
            "kc_by_type": by_type_text(row.get("by type") or {}) or NOT_MEASURED,
            "kc_case": row.get("case", NOT_MEASURED),
            "kc_same": "the same" if same is None or same["statements"] else "not the same",
            "kc_same_note": "" if ev.get("release") == f.release else
            f"; the code at its sites is {'the same' if same is None or same['statements'] else 'not the same'} in "
            f"{f.release}",
            "kc_lines": numbers(f.arrive_lines), "kc_patch_release": f.patch_release or "none",
            "kc_numerics_release": ev["numerics"].get("release") or NOT_MEASURED,
            "kc_cost_release": ev["cost"].get("release") or NOT_MEASURED}
