"""The evidence page of chapter 07 (97): what each code cell glues and shows. `data` is the recorded sweep's hits
by release; functions that show something return a table, a Markdown text or a banner (None for nothing)."""

import pandas as pd
from IPython.display import Markdown

from racelab.book import banner as banners
from racelab.book import elsewhere, real_results, tables
from racelab.core import store
from racelab.experiments import fwd_racecheck as forward_audit
from racelab.experiments import k_tail_probe, lint_ecosystem, peer_suite
from racelab.lint import predict, releases, rules
from racelab.lint import triage as catalog
from racelab.vocab import Experiment, PR_REPORTED, PR_SHAPES, UNPATCHED_RELEASE, ArriveMode

LIVE_RELEASES = ("1.26.0", "1.27.0")  # linted live on this page: the release before the fix and the one with it


def live_lint(data: dict) -> tuple[dict, object]:
    """The lint run live here over LIVE_RELEASES against the recorded sweep: hits per release, the W_LOADED
    hit's line, storers and arrivers, whether 1.27.0 still flags it, whether the hits equal the recorded ones."""
    live = releases.hits_by_release(LIVE_RELEASES)
    w = elsewhere.w_loaded_hit(live["1.26.0"])
    return {**{f"live_hits_{r.replace('.', '_')}": len(live[r]) for r in live},
            "w_line": w["line"], "w_storers": w["storers"], "w_arrivers": w["arrivers"],
            "w_in_1_27": "STILL FLAGS IT" if elsewhere.flags_w_loaded(live["1.27.0"]) else "does not flag it",
            "live_matches": "the same hits as" if all(live[r] == data[r] for r in live) else "DIFFERENT hits from"}, \
        tables.show(catalog.triage_table(live)[["function", "barrier", "verdict", "first", "last"]])


def triage(data: dict):
    """Every hit of the sweep with its verdict (an interactive table), and why each verdict (Markdown)."""
    tri = catalog.triage_table(data)
    return (tables.interactive(tri[["function", "barrier", "verdict", "readers", "sm", "first", "last", "fixed in"]],
                               "triage"), Markdown(elsewhere.why_markdown(tri)))


def prediction(data: dict) -> tuple[dict, object]:
    """The lint's predicted hazard bytes per CTA for each true positive against what was measured or reported
    (PR #426's figures for the SM100 kernel, the forward audit's run for the forward kernel)."""
    pr_reported = {row["shape"]: row["unpatched"] for row in PR_REPORTED["racecheck"] if row["report"] == "hazard"}
    fwd_run = store.newest_or_none(forward_audit.EXPERIMENT, "sm90")
    fwd_release = forward_audit.run_release(fwd_run) if fwd_run is not None else forward_audit.RELEASE
    fwd_measured = None if fwd_run is None else forward_audit.measured_raw(forward_audit.case_frame(
        fwd_run, forward_audit.lint_store_lines(lint_hits=data[fwd_release])).set_index("case"))
    src = predict.table(data, sm100_release=UNPATCHED_RELEASE, sm100_shapes=PR_SHAPES, reported=pr_reported,
                        fwd_release=fwd_release, measured=fwd_measured)
    compared = src.dropna(subset=["measured or reported"])
    pr_row, big = src.iloc[0], src[src["shape"].str.startswith("multi-block")].iloc[0]
    agree = int((compared["predicted bytes per CTA"] == compared["measured or reported"]).sum())
    return {"src_sm100_release": UNPATCHED_RELEASE, "src_pr_pred": int(pr_row["predicted bytes per CTA"]),
            "src_pr_formula": pr_row["formula"], "src_pr_reported": int(pr_row["measured or reported"]),
            "src_big_pred": f"{int(big['predicted bytes per CTA']):,}", "src_big_formula": big["formula"],
            "src_agree": f"{agree} of {len(compared)}"}, tables.show(src.drop(columns=["kernel"]), wide=True)


def second_opinion(sweep) -> tuple[dict, object]:
    """The SASS lint's second opinion against the AST lint: where they agree, the MEMBARs before flagged
    arrives, and the kernels they disagree on."""
    opinion = sweep.read_json("sass-second-opinion.json")["rows"]
    a = elsewhere.agreement(opinion)
    return {"sass_agree": f"{a['agree']} of {a['compared']}", "sass_membar": a["membar"],
            "sass_disagree": ", ".join(f"{kernel} {variant}" for kernel, variant in a["disagree"]) or "none"}, \
        tables.show(elsewhere.opinion_frame(opinion)[elsewhere.OPINION_COLUMNS].rename(columns={
            "ast_hits": "AST lint hits", "sass_hits": "SASS hits", "sass_reasons": "SASS reason",
            "membar": "MEMBAR before the arrive"}), wide=True)


def catalogue() -> tuple[dict, Markdown]:
    """The catalogue of known handoff bugs: how many, how many not read in their PR, and its Markdown."""
    cat = catalog.catalog_table()
    return {"n_catalog": len(cat), "n_catalog_unread": int((cat["read"] != catalog.READ_PR).sum())}, \
        Markdown(elsewhere.catalog_markdown())


def conventions():
    """The triage's conventions as a table."""
    return tables.show(pd.DataFrame(catalog.CONVENTIONS))


def findings_list() -> tuple[dict, Markdown]:
    """The project's own findings: how many, and their Markdown."""
    return {"n_findings": len(catalog.findings_table())}, Markdown(elsewhere.findings_markdown())


def peer() -> tuple[dict, object, object, object]:
    """The peer suite: its values, what is shown above its tables (a banner or a warning), and its tables of
    cases and of handoffs (None where nothing is recorded)."""
    rows, handoffs = peer_suite.all_case_rows(), peer_suite.all_handoff_rows()
    values = elsewhere.peer_glue(rows) if rows else {"peer_results": ""}
    return (values, elsewhere.peer_shown(rows), tables.show(pd.DataFrame(rows), wide=True) if rows else None,
            tables.show(pd.DataFrame(handoffs), wide=True) if handoffs else None)


def real_kernel_values() -> dict:
    """The real kernel under racecheck (racelab.book.real_results.racecheck_glue), SM100 and SM90."""
    return real_results.racecheck_glue(real_results.runs()[(Experiment.REAL_RACECHECK, "sm100")],
                                       real_results.racecheck_runs("sm90"))


def probe() -> tuple[dict, object, object]:
    """The newest K-tail probe run on an SM90 GPU: its values for the hazard-mode elected case, its banner (or
    how to record one), and its table with the records racecheck names a cause for as a note (None without)."""
    case = next(c for c in k_tail_probe.default_cases() if c.report == "hazard" and c.arrive is ArriveMode.ELECTED)
    run = store.newest_or_none(k_tail_probe.EXPERIMENT, "sm90")
    values = elsewhere.probe_glue(run, case)
    if run is None:
        return values, elsewhere.not_recorded(k_tail_probe.EXPERIMENT, "nothing recorded on an SM90 GPU",
                                              k_tail_probe.COMMAND), None
    df = k_tail_probe.table(run)
    causes = elsewhere.probe_causes(df)  # records racecheck names a cause for, one column per cause
    notes = [", ".join(f"{int(row[k_tail_probe.CAUSE + c]):,} reported as {c}" for c in causes
                       if row[k_tail_probe.CAUSE + c]) for _, row in df.iterrows()]
    shown = (df.drop(columns=[k_tail_probe.CAUSE + c for c in causes]).assign(note=notes)
             .rename(columns=lambda c: "predicted bytes" if c.startswith("predicted") else c))
    return values, banners.banner(run, "replay"), tables.show(shown, wide=True)


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def probe_outputs() -> tuple[dict, object]:
    """What the probe's consumers read back: the plain runs that read the right tile, and a paragraph on the
    racecheck runs that read a wrong one (with the WAR share of their hazard bytes); the elected cases' table."""
    outputs = k_tail_probe.outputs()
    if outputs.empty:
        return {"probe_seen": Markdown("No probe run is recorded yet, so nothing can be said about wrong tiles."),
                "probe_plain": "(not recorded)"}, Markdown("*No probe run recorded yet.*")
    o = elsewhere.probe_output_numbers(outputs)
    text = (f"Over {o['runs']} runs, the elected variant ran under racecheck {o['elected']} times and read back a "
            f"wrong tile {_times(o['elected'] - o['elected_right'])}; the all-thread variant ran {o['all']} times "
            f"and read back the right tile {_times(o['all_right'])}.")
    for w in o["wrong"]:
        text += (f" In run `{w['run']}` (s_k = {w['s_k']}, {w['ctas']} CTA{'' if w['ctas'] == 1 else 's'}) the "
                 f"consumer got {w['elements']} elements wrong, and racecheck reported {w['war']:,} of its "
                 f"{w['hazard']:,} hazard bytes as WAR"
                 + (f", where the {o['hazard_right']} hazard-mode cases that read back the right tile report only "
                    "RAW" if o["only_raw"] else "") + ": reads that came before the writes they should have seen.")
    return {"probe_plain": f"{o['plain_right']} of {o['plain']}", "probe_seen": Markdown(text)}, \
        tables.show(outputs[(outputs["report"] != "plain") & (outputs["arrive"] == "elected")], wide=True)


def ecosystem():
    """The ecosystem sweep's run and its hits."""
    eco = lint_ecosystem.recorded()
    return eco, elsewhere.ecosystem_hits(eco)


def lint_rules():
    """The lint's rules as a table: the hazard, the many lanes' accesses, the handoff, the reasons."""
    return tables.show(pd.DataFrame([{"rule": r.kind, "hazard": r.hazard, "many lanes": r.accesses,
                                      "then one elected lane arrives on": r.handoff, "reasons": ", ".join(r.reasons)}
                                     for r in rules.RULES.values()]), wide=True)


def ecosystem_precision(eco, eco_hits) -> tuple[dict, object]:
    """The ecosystem sweep's values, and its precision per package (no hits: said so)."""
    table = elsewhere.ecosystem_precision(eco)
    return elsewhere.ecosystem_glue(table, eco_hits), tables.show(table.assign(precision=table["precision"].map(
        lambda p: "no hits" if p != p else f"{p:.0%}")), index=True, wide=True)


def ecosystem_hits_table(eco_hits):
    """Every hit of the ecosystem sweep, an interactive table (the file by its name)."""
    return tables.interactive(eco_hits.assign(file=eco_hits["file"].map(lambda f: f.split("/")[-1]))[
        ["package", "file", "line", "function", "barrier", "rule", "verdict", "other side", "racecheck can see"]],
        "ecosystem-hits")
