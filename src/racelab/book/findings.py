"""The book's findings, in one place: the intro's five findings and the Result boxes of chapters 03, 04, 05,
06 and 07 are all made here, from the recorded runs each chapter names as its headline, so that the intro, a
Result box and the chapter cannot disagree (tests/test_findings.py holds them to that).

A finding has a bottom line (at most 40 words: the intro shows it) and a Result (at most 60 words, the
bottom line included: the chapter's Result box shows it). Every interval is the conservative one of its run,
with its design and degrees of freedom, quoted to the digits its half-width supports
(racelab.stats.interval_text). H200 stand-ins and PR #426's figures are labelled as such."""

import re
from dataclasses import dataclass, field
from functools import cache

from IPython.display import Markdown

from racelab.book import breakdown, tables, variants
from racelab.core import store
from racelab.core import choice as choosing
from racelab.core.provenance import gpu_model, gpu_models
from racelab.experiments import lint_releases, litmus, sass_matrix, twin_racecheck
from racelab.experiments.timing import layouts, load
from racelab.stats import interval_text, signed_pct
from racelab.vocab import PR_REPORTED, PR_URL, WARP_SIZE, ArriveMode, Experiment, TwinLayout

# The run chapter 05 and the intro quote for the fix's cost on the twin: the in-process design with
# alternating places, one loaded copy a build, 1,000 launches a process, 32 A/B pairs (store.protocol_of).
COST_EXPERIMENT = Experiment.TWIN_TIMING_IN_PROCESS.value
COST_PROTOCOL = "in-process+alternate/K1/L1000/P32"  # the registry's step records it (tests/test_findings.py)
# The runs chapter 05 and the intro quote for the fix's cost over code layouts: the layouts design (the fix at
# eight offsets, the bug moved 128 and 16 bytes, A/A groups), every run of the registry's protocol pooled.
LAYOUTS_EXPERIMENT = Experiment.TWIN_TIMING_LAYOUTS.value
LAYOUTS_PROTOCOL = "layouts+alternate/K1/L1000/P2"
BOTTOM_LINE_WORDS, RESULT_WORDS = 40, 60

FENCE_OPS = ("MEMBAR", "FENCE")


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def times_ten(x: float, digits: int = 1) -> str:
    """x in scientific notation with `digits` decimals: 4.1e-06 -> "4.1 × 10⁻⁶", (2.5e9, 2) -> "2.50 × 10⁹"."""
    mantissa, exp = f"{x:.{digits}e}".split("e")
    return f"{mantissa} × 10{str(int(exp)).translate(_SUPERSCRIPT)}"



def pr_box() -> Markdown:
    """The box "What PR #426 reports" (intro, racecheck and cost chapters): each figure as the PR gives it,
    from vocab.PR_REPORTED (data/pr426_reported.toml, the one place they live), quoted or closely paraphrased,
    and, kept apart, what the book infers from it."""
    r, t, num = PR_REPORTED, PR_REPORTED["timing"], PR_REPORTED["numerics"]
    hz = pr_racecheck_row()
    an = {row["shape"]: row for row in r["racecheck"] if row["report"] == "analysis"}
    small, big, swapped = t["topk128"], t["b3-sq64-skv2048-topk512"], t["b3-sq64-skv2048-topk512-swapped"]
    dev = num["d_index_k_max_rel_dev"]
    return Markdown(
        f"Measured by [PR #426]({PR_URL}) on {r['environment']}:\n\n"
        f"- **racecheck**: hazard mode reports \"exactly {hz['unpatched']} byte-level hazards\" at one CTA, "
        f"{hz['patched']} after the fix; the default analysis mode {an['512-cta']['unpatched']} → "
        f"{an['512-cta']['patched']} error reports at 512 CTAs and {an['multi-block']['unpatched']} → "
        f"{an['multi-block']['patched']} at {big['shape']}.\n"
        "- **why it stayed latent**: \"ptxas lowers the release-arrive as an unpredicated `MEMBAR.ALL.CTA` "
        "executed by all lanes\"; \"that compensation is not contractual\".\n"
        f"- **cost** of `{small['kernel']}` ({r['method']}): {signed_pct(small['delta_pct'], 3)} ± {small['ci95_pct']:.3f} % "
        f"at {small['shape']} (\"no measurable change\") and {signed_pct(big['delta_pct'], 3)} ± {big['ci95_pct']:.3f} % "
        f"at {big['shape']}; {signed_pct(swapped['delta_pct'], 3)} ± {swapped['ci95_pct']:.3f} % with the run order "
        f"swapped ({swapped['pairs']} pairs).\n"
        f"- **outputs**: `d_index_q`/`d_weights` byte-identical before and after, sha256 stable over "
        f"{num['replays']} replays per side; `d_index_k` (fp32 atomics) deviates at most {times_ten(dev['unpatched'])} "
        f"(unpatched) and {times_ten(dev['patched'])} (patched) from its first replay.\n\n"
        "*The book's reading, not the PR's:* the timings compare one build of each variant, so code layout is "
        "not controlled ({doc}`/notebooks/05-cost`); the `MEMBAR` is the lowering of the kernel's "
        "`fence.proxy.async`, not of the arrive ({doc}`/notebooks/03-sass`).")


def pr_racecheck_row(shape: str = "one-cta") -> dict:
    return next(row for row in PR_REPORTED["racecheck"] if row["shape"] == shape and row["report"] == "hazard")


def store_sum(topk: int = 128, heads: int = 64) -> tuple[int, str]:
    """The bytes the non-arriving lanes store, and the sum written out per lane:
    (620, "31 lanes × (4 × 4 B + 2 × 2 B)") at topk=128, heads=64."""
    layout = TwinLayout(topk, heads)
    idle = WARP_SIZE - len(ArriveMode.ELECTED.arriving_lanes)
    total = idle * (layout.grad_stores_per_lane * layout.grad_bytes + layout.w_stores_per_lane * layout.w_bytes)
    text = (f"{idle} lanes × ({layout.grad_stores_per_lane} × {layout.grad_bytes} B + "
            f"{layout.w_stores_per_lane} × {layout.w_bytes} B)")
    return total, text


def fence_pairs(rows: list[dict]) -> dict:
    """The unpredicated MEMBAR/FENCE instructions between the last shared store and the arrive, per build:
    the distinct sequences, and how many builds carry each."""
    seqs: dict[tuple, int] = {}
    for row in rows:
        if not row["ok"]:
            continue
        ops = tuple(op for op in row["before_arrive"][1:-1]
                    if not op.startswith("@") and op.split(".")[0] in FENCE_OPS)
        seqs[ops] = seqs.get(ops, 0) + 1
    return seqs


def scientific(n: int) -> str:
    """38522880000 -> "3.9 × 10¹⁰"; below 10,000 the number itself."""
    exp = len(str(abs(int(n)))) - 1
    return f"{n:,}" if exp < 4 else times_ten(n)


def litmus_glue(run) -> dict:
    """The litmus run in two parts: the configurations whose warp is converged at the arrive (leader
    "elect" or "lane0", as the compiler emits the handoff) and the diverging producer ("diverge": lane 0's
    side of a branch, its arrive included, may run before lanes 1-31 store); the positive control
    ("diverge-forced") is left out."""
    if run is None:
        return {"litmus_gpu": "SM90 GPU", "litmus_converged_stale": "(no litmus run recorded)",
                "litmus_converged_reads": "—", "litmus_converged_n": 0, "litmus_diverge_share": "—"}
    table = litmus.table(run)
    leader = table["leader"].astype(str)
    converged = litmus.converged_rows(table)
    out = {"litmus_gpu": gpu_models([run]), "litmus_converged_stale": f"{int(converged['stale reads'].sum()):,}",
           "litmus_converged_reads": scientific(int(converged["reads checked"].sum())),
           "litmus_converged_n": len(converged)}
    diverge = table[leader == "diverge"]
    if len(diverge):
        others = litmus.other_lanes_reads(diverge["reads checked"].sum())
        out["litmus_diverge_share"] = f"{100 * diverge['stale reads'].sum() / others:.0f} %"
    else:
        out["litmus_diverge_share"] = "(not run)"
    return out


@dataclass(frozen=True)
class Finding:
    """One finding: `key` (racecheck, sass, cost, hardware, elsewhere), the chapter that answers it, a title,
    the bottom line (Markdown, at most 40 words), the rest of its Result (Markdown; bottom line and rest
    together at most 60 words), and the values both were made from (what tests compare with the chapter)."""
    key: str
    chapter: str
    title: str
    bottom_line: str
    rest: str
    values: dict = field(default_factory=dict)

    @property
    def result(self) -> str:
        """The chapter's Result box: the bottom line in bold, then the rest."""
        return f"**{self.bottom_line}** {self.rest}".strip()


def words(markdown: str) -> int:
    """Words a reader counts in a Markdown string: roles, links and code marks left out, numbers counted."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[`*_{}]", "", text)
    return len([w for w in re.split(r"\s+", text) if re.search(r"\w", w)])


def _twin_racecheck() -> dict:
    run = store.newest(twin_racecheck.EXPERIMENT, "sm90")
    tw = breakdown.TwinRun(run)
    return {"run": run.id, "gpu": run.gpu_name, "model": gpu_models([run]),
            **{f"{topk}_{mode.name.lower()}": tw.measured("hazard", topk, 64, 1, mode)
               for topk in (128, 512) for mode in ArriveMode}}


def racecheck() -> Finding:
    row = pr_racecheck_row()
    total, text = store_sum()
    twin = _twin_racecheck()
    bottom = (f"Every hazard is a byte stored by one of the {WARP_SIZE - 1} lanes that do not arrive; every lane "
              f"arriving removes them all: {row['unpatched']:,} → {row['patched']:,} byte hazards reported by PR #426 "
              f"(B200), {twin['128_elected']:,} → {twin['128_all_lanes']:,} measured on the {twin['model']} "
              "stand-in.")
    rest = f"The count is the bytes those lanes store: {total:,} = {text}."
    return Finding("racecheck", "04-racecheck", "racecheck", bottom, rest,
                   {"pr": (row["unpatched"], row["patched"]), "twin": (twin["128_elected"], twin["128_all_lanes"]),
                    "twin_512": (twin["512_elected"], twin["512_all_lanes"]), "run": twin["run"],
                    "store_sum": total})


def sass() -> Finding:
    rows = sass_matrix.rows(store.newest(sass_matrix.EXPERIMENT, gpu="cpu"))
    seqs = fence_pairs(rows)
    pair, builds = max(seqs.items(), key=lambda kv: kv[1])
    pair_text = " ; ".join(pair)
    bottom = (f"`{pair_text}` runs on all {WARP_SIZE} lanes before the one arrive in {builds} of {len(rows)} "
              "compiled builds: one sufficient reason the race stayed latent, under MEMBAR semantics that are "
              "assumed, not documented.")
    rest = "The PTX memory model promises none of it; ptxas could drop it."
    return Finding("sass", "03-sass", "SASS", bottom, rest,
                   {"pair": pair_text, "builds": builds, "of": len(rows)})


def _pr_timing() -> dict:
    t = PR_REPORTED["timing"]
    return {name: f"{'+' if t[key]['delta_pct'] > 0 else '−'}{abs(t[key]['delta_pct']):.3f} % ± "
                  f"{t[key]['ci95_pct']:.3f} %" for name, key in (("big", "b3-sq64-skv2048-topk512"),
                                                                  ("small", "topk128"))}


@cache
def headline_run():
    """The twin's timing run of COST_PROTOCOL that chapter 05 quotes as compiled."""
    return store.by_protocol(COST_EXPERIMENT, "sm90", COST_PROTOCOL)


@cache
def cost_headline() -> dict:
    """The fix's cost on the twin as chapter 05 quotes it: per shape ("topk128", "topk512") the effect, the
    conservative half-width, its df and basis, and the pairs of each kind, from the run of COST_PROTOCOL."""
    run = headline_run()
    out = {"run": run.id, "gpu": run.gpu_name, "model": gpu_models([run]), "protocol": COST_PROTOCOL}
    for shape, got in load.order_null(load.summarize_folder(run)).items():
        out[load.short(shape)] = {
            "effect": got.effect, "half": got.conservative_half, "df": got.conservative_df,
            "basis": got.conservative_basis, "ab_n": got.ab_n, "ba_n": got.ba_n, "aa_n": got.aa_n,
            "text": interval_text(got.effect, got.conservative_half)}
    return out


@cache
def layout_headline() -> dict:
    """The layout comparisons chapter 05 quotes (twin-timing-variants): the elected build moved 16 bytes, and
    the fix with both builds' first read loop aligned, at topk=128 and topk=512; each on the variance pooled
    over the run's comparisons (its df), with the pairs it rests on."""
    run, _ = variants.recorded_runs()
    if run is None:
        return {}
    summary = load.summarize_folder(run)
    table = variants.effects(summary)
    out = {"run": run.id}
    for topk, work in ((128, variants.MAIN_WORK[128]), (512, variants.MAIN_WORK[512])):
        shape = variants.shape_of(summary, topk, work)
        for key, comparison in (("pad16", variants.PAD16), ("aligned", variants.ALIGNED)):
            row = table.get((shape, comparison))
            if row is not None:
                out[f"{key}_{topk}"] = {
                    "effect": row["effect"], "half": row["pooled_half"], "df": row["pooled_df"],
                    "pairs": row["pairs"], "a_first": row["a_first"], "b_first": row["b_first"], "text": interval_text(row["effect"], row["pooled_half"]),
                    "cons_text": interval_text(row["effect"], row["conservative_half"]),
                    "cons_df": row["conservative_df"]}
    return out


def layout_runs() -> list:
    """The layouts design's recorded twin runs on an SM90 GPU of the registry's protocol (LAYOUTS_PROTOCOL; each
    run its own machine start), oldest first (load.current_runs)."""
    return load.current_runs(LAYOUTS_EXPERIMENT, "sm90")[1]


@cache
def layouts_headline() -> dict:
    """The fix's cost over code layouts (racelab.experiments.timing.layouts), per shape ("topk128",
    "topk512"): the mixed model's effect averaged over the offsets with its Wald 95 % interval, the fix at
    each offset, the two controls (the bug moved 128 and 16 bytes) and the pooled A/A groups; {} when no
    run of LAYOUTS_PROTOCOL is recorded."""
    runs = layout_runs()
    if not runs:
        return {}
    frame = layouts.builds_frame(runs)
    out = {"runs": [r.id for r in runs], "model": gpu_models(runs), "protocol": LAYOUTS_PROTOCOL,
           "starts": int(frame["start"].nunique())}
    for shape in sorted(frame["shape"].unique()):
        model = layouts.fix_over_layouts(frame, shape)
        offsets = layouts.per_offset(frame, shape)
        ctrl = {c["moved_by"]: {**c, "text": interval_text(c["effect"], c["half"])}
                for c in layouts.controls(frame, shape)}
        out[load.short(shape)] = {
            "shape": shape, "model": model, "offsets": offsets, "controls": ctrl,
            "null": layouts.null_groups(runs, shape), "builds": layouts.build_times(frame, shape),
            "text": interval_text(model["effect_pct"], model["half_pct"]),
            "range": (min(o["effect"] for o in offsets), max(o["effect"] for o in offsets))}
    return out


def cost() -> Finding:
    head, lay, pr, over = cost_headline(), layout_headline(), _pr_timing(), layouts_headline()
    t128, t512 = head["topk128"], head["topk512"]
    if not over:
        pad = lay.get("pad16_128", {}).get("text", "not measured")
        bottom = (f"On the {head['model']} stand-in the fix measures {t128['text']} (topk=128) and {t512['text']} "
                  "(topk=512); "
                  f"moving unchanged code 16 bytes gives {pad}, so code layout alone makes a delta this size. "
                  f"PR #426 reports {pr['big']} (B200).")
        rest = f"Conservative 95 % intervals: {t128['ab_n']} + {t128['ba_n']} pairs, {t128['df']} df."
        return Finding("cost", "05-cost", "cost", bottom, rest, {"headline": head, "layout": lay, "pr": pr})
    o128, o512 = over["topk128"], over["topk512"]
    models = gpu_models(layout_runs())
    lo, hi = o128["range"]
    bottom = (f"On the {models} stand-in the fix's delta is set by code layout: {signed_pct(lo)} to {signed_pct(hi)} over "
              f"eight 16-byte alignments (topk=128). Averaged over them, it costs at most "
              f"{signed_pct(o128['model']['hi_pct'], 3)} (topk=128) and {signed_pct(o512['model']['hi_pct'], 3)} "
              "(topk=512).")
    rest = (f"Condition: time depends on the code address mod 128 bytes (bug moved 128 bytes: "
            f"{o128['controls'][128]['text']}); log-scale average. PR #426 reports {pr['small']} and "
            f"{pr['big']} (B200).")
    return Finding("cost", "05-cost", "cost", bottom, rest,
                   {"headline": head, "layout": lay, "pr": pr, "layouts": over})


def hardware() -> Finding:
    got = litmus_glue(choosing.choose(litmus.EXPERIMENT, needs="sm90").run)
    bottom = ("Under PTX's rules nothing orders lanes 1–31's stores before the consumer's reads: a data race "
              f"(§8.7.1, §8.9.4). With the warp converged at the arrive, the {got['litmus_gpu']} showed "
              f"{got['litmus_converged_stale']} stale reads in {got['litmus_converged_reads']}, which says nothing "
              "against the race.")
    rest = (f"When lanes 1–31 store after lane 0 has arrived (an interleaving sequential consistency allows), "
            f"{got['litmus_diverge_share']} of their reads are stale.")
    return Finding("hardware", "06-memory-model", "memory model and hardware", bottom, rest, got)


@cache
def _open_reports() -> dict:
    from racelab.book import reports

    hits = lint_releases.recorded().read_json("hits.json")
    items = reports.all_reports(hits)
    recon = reports.reconciliation(items, hits)
    return {"release": reports.NEWEST, "n": recon["reports"], "visible": recon["visible"], "recon": recon,
            **reports.figures(items)}


def reconciliation() -> dict:
    """The one count of the same bug elsewhere (racelab.book.reports.reconciliation) that the intro, chapter 07
    and chapter 08 glue: "recon_sentence" (Markdown) and "recon_table" (the table, one row a report)."""
    recon = _open_reports()["recon"]
    return {"recon_sentence": Markdown(recon["sentence"]), "recon_table": tables.show(recon["table"])}


def doc_link(chapter: str) -> str:
    """A MyST link to a chapter by its title, from any page (the sidebar shows no numbers)."""
    return f"{{doc}}`/notebooks/{chapter}`"


def kc_relation() -> Markdown:
    """How the K_CONSUMED race's hazard-mode counts at the multi-block shape relate (chapters 04 and 08 and the
    report agree on it): release 1.27.0 as shipped (its range over the recorded runs), 1.27.0 with #1049's dK
    staging barriers, and the reported release as shipped, split by type, beside the predicted write-after-read
    count."""
    from racelab.book import real_results
    from racelab.book.reports import prediction
    from racelab.book.reports.common import by_type_text

    got = _open_reports()
    if not isinstance(got["kc_shipped"], int):
        return Markdown("")
    runs = real_results.racecheck_runs("sm90")
    rc = real_results.racecheck_glue(None, runs)
    predicted = prediction.prediction_glue(prediction.prediction_rows())["kcp_predicted"]
    each = real_results.records_by_run(runs, f"release-{got['kc_release']}", "multi-block")
    shipped = " and ".join(f"{e['records']:,} = {by_type_text(e['by_type'])} on the {e['gpu']}" for e in each)
    wars = {e["by_type"].get("WAR") for e in each}
    vary = " (the same WAR count in each run)" if len(each) > 1 and len(wars) == 1 else ""
    return Markdown(
        f"All counts of this race are hazard-mode records at the multi-block shape on SM90 GPUs. Release "
        f"{got['kc_release']} as shipped gives {shipped}{vary}; the source predicts "
        f"{predicted} write-after-read records ({doc_link('08-reports')}). Release 1.27.0 as shipped gives "
        f"{rc['sm90_multi_hazard_shipped_runs']}: cudnn-frontend #1049's dK staging race runs in the same CTAs "
        f"and racecheck's count varies from run to run; with #1049's barriers added, "
        f"{int(rc['sm90_multi_hazard_barriers']):,}. Every thread arriving closes it in each release: "
        f"{got['kc_closed']}.")


def elsewhere() -> Finding:
    got = _open_reports()
    shipped = got["kc_shipped"]
    bottom = (f"Release {got['release']} still has {got['n']} open findings of the bug class, {got['visible']} "
              f"of which racecheck sees in the kernel itself, among them a `K_CONSUMED` race "
              f"in the SM90 backward ({shipped:,} → {got['kc_closed']} hazard records on the "
              f"{gpu_model(got['kc_gpu'])} once every thread arrives)."
              if isinstance(shipped, int) else
              f"Release {got['release']} has {got['n']} open findings of the same shape.")
    rest = "Chapter *Reports for upstream* turns each into a report with a patch made in code."
    return Finding("elsewhere", "07-elsewhere", "the same bug elsewhere", bottom, rest, got)


def reports() -> Finding:
    got = _open_reports()
    hidden = got["n"] - got["visible"]
    bottom = (f"Each of the {got['n']} findings open in release {got['release']} is a report: "
              f"{got['visible']} with racecheck's count before and after a patch made in code and one "
              f"command; {hidden} behind tensor cores, with the K-tail probe as evidence.")
    shipped = got["kc_shipped"]
    rest = (f"The `K_CONSUMED` report: {shipped:,} → {got['kc_closed']} hazard records on the "
            f"{gpu_model(got['kc_gpu'])} (release {got['kc_evidence_release']})." if isinstance(shipped, int) else "")
    return Finding("reports", "08-reports", "reports for upstream", bottom, rest, got)


# the intro's five findings; a chapter's Result box may come from one more (`reports`)
FINDINGS = (racecheck, sass, cost, hardware, elsewhere)
MAKERS = {m.__name__: m for m in (*FINDINGS, reports)}


def all_findings() -> dict[str, Finding]:
    return {f.key: f for f in (make() for make in FINDINGS)}


def glue_values(keys=None) -> dict:
    """{"finding_<key>": bottom line, "result_<key>": Result box} as Markdown, for `keys` (default: the
    intro's five)."""
    makers = MAKERS if keys else {m.__name__: m for m in FINDINGS}
    out = {}
    for key in keys or makers:
        f = makers[key]()
        out[f"finding_{key}"] = Markdown(f.bottom_line)
        out[f"result_{key}"] = Markdown(f.result)
    return out


def reports_chapter_values(items) -> dict:
    """Every value chapter 08 glues: its Result box and bottom line, the reports' counts and sentences
    (racelab.book.reports.chapter_glue; the forward kernel's cost as Markdown), how the chapters' counts
    reconcile, and the K_CONSUMED relation."""
    from racelab.book import reports

    chapter = reports.chapter_glue(items)
    return {**glue_values(["reports"]), **chapter, "rep_fwd_cost": Markdown(chapter["rep_fwd_cost"]),
            **reconciliation(), "kc_relation": kc_relation()}


def intro_values() -> dict:
    """Every value the introduction glues: the five findings' bottom lines and Result boxes (the same functions
    that make each chapter's Result box), the PR's link and box, and how the chapters' counts reconcile."""
    return {**glue_values(), "pr_link": Markdown(f"[PR #426]({PR_URL})"), "pr_box": pr_box(), **reconciliation()}
