"""Chapter 07 (the same bug elsewhere): the numbers and tables its cells show, from the recorded lint sweep,
the SASS second opinion, the K-tail probe's table and the catalog of fixes."""

import pandas as pd
from IPython.display import Markdown

from racelab.book import tables
from racelab.core import store
from racelab.book import banner as banners
from racelab.experiments import k_tail_probe, peer_suite
from racelab.experiments.lint_ecosystem import CHECK, LIBRARY
from racelab.lint import rules, triage, triage_ecosystem
from racelab.lint.load_lint import LOAD_SYNCWARP
from racelab.vocab import ArriveMode, VocabError

OPINION_COLUMNS = ["kernel", "variant", "ast_hits", "sass_hits", "sass_reasons", "membar", "note"]


def w_loaded_hit(hits: list[dict]) -> dict:
    """The PR #426 hit among one release's hit dicts (exactly one)."""
    (hit,) = [h for h in hits if triage.hit_key(h) == triage.W_LOADED]
    return hit


def flags_w_loaded(hits: list[dict]) -> bool:
    return any(triage.hit_key(h) == triage.W_LOADED for h in hits)


# ------------------------------------------------------------------------------------- the K-tail probe


def _same_arrive(recorded: str, arrive) -> bool:
    try:
        return ArriveMode.parse(recorded) is ArriveMode.parse(arrive)
    except VocabError:
        return False


def probe_cell(table: pd.DataFrame, report: str, s_k: int, arrive, column: str = "hazard bytes"):
    """One value of `k_tail_probe.table`: an int, or "?" where the run has no such case or no value. `arrive`
    is an ArriveMode or any of its spellings (recorded runs say "all-threads")."""
    rows = table[(table["report"] == report) & (table["s_k"] == s_k)
                 & table["arrive"].map(lambda a: _same_arrive(a, arrive))]
    value = rows[column].iloc[0] if len(rows) and column in rows else None
    return "?" if value is None or value != value else int(value)


def probe_causes(table: pd.DataFrame) -> list[str]:
    """The causes racecheck named in the run (columns `cause: <cause>` of the table), as written."""
    return [c.removeprefix(k_tail_probe.CAUSE) for c in table.columns if c.startswith(k_tail_probe.CAUSE)]


def probe_numbers(table: pd.DataFrame, s_k: int) -> dict:
    """The probe's figures: byte hazards at the tail `s_k` and at the full block (the largest s_k), each arrive;
    the writer threads; the records named 'invalid memcpy_async synchronization' at the full block; the
    analysis-mode run of the elected arrive (CTAs, reports, hazards); correct outputs and cases."""
    full = int(max(table["s_k"]))
    memcpy = k_tail_probe.CAUSE + "invalid memcpy_async synchronization"
    analysis = table[(table["report"] == "analysis")
                     & table["arrive"].map(lambda a: _same_arrive(a, ArriveMode.ELECTED))].iloc[0]
    return {"elected": probe_cell(table, "hazard", s_k, ArriveMode.ELECTED),
            "all": probe_cell(table, "hazard", s_k, ArriveMode.ALL_LANES),
            "full_s_k": full,
            "full_elected": probe_cell(table, "hazard", full, ArriveMode.ELECTED),
            "full_all": probe_cell(table, "hazard", full, ArriveMode.ALL_LANES),
            "writers": probe_cell(table, "hazard", s_k, ArriveMode.ELECTED, "writer threads"),
            "memcpy": probe_cell(table, "hazard", full, ArriveMode.ELECTED, memcpy) if memcpy in table else 0,
            "analysis_ctas": int(analysis["CTAs"]),
            "analysis_reports": int(analysis["analysis reports"]),
            "analysis_hazards": int(analysis["hazard bytes"]),
            "correct": int(table["output correct"].sum()),
            "cases": len(table)}


def not_recorded(experiment: str, reason: str, command: str):
    """The warning a page shows where an experiment has no recorded run: what is missing, why, and the
    command that records it."""
    from IPython.display import Markdown

    return Markdown(f":::{{admonition}} Not recorded yet\n:class: warning\nNo `{experiment}` run is in the result "
                    f"store ({reason}). On an H200: `{command}`.\n:::")


PEER_RESULTS = (
    "{peer_runs} runs on the {peer_gpu} ran the stored tests (commits {peer_commit}, from {peer_commit_source}: "
    "stored public copies, none of them a release's own). The forward test skipped itself in {peer_fwd_runs} cases "
    "({peer_fwd_skip}). As stored, the backward test {peer_stored_verdict}, plainly and under racecheck, "
    "before any kernel runs ({peer_stored}): it passes `grad_loss` as a float, which the releases take only as a "
    "tensor. With `grad_loss` as the releases take it (adaptation `grad-loss-tensor`, written as upstream's later "
    "version of the test writes it), run plainly it {peer_plain}. Under racecheck, {peer_racecheck}. "
    "A non-finite `d_index_k` under racecheck is the symptom of #1049's dK staging race "
    "that the next section records in this project's own launches of 1.27.0. At the test's shape (b=1, s_q=128, s_kv=512, topk=512: {peer_blocks} top-k blocks over "
    "{peer_stages} K stages) the source predicts {peer_predicted} write-after-read records for the `K_CONSUMED` "
    "handoff ({doc_reports}).")


def _span(values) -> str:
    values = sorted(values)
    return f"{values[0]:,}" if values[0] == values[-1] else f"{values[0]:,} to {values[-1]:,}"


def peer_glue(rows: list[dict]) -> dict:
    """The values page 97 glues about the peer suite, from every recorded case (peer_suite.all_case_rows): the
    runs, the forward test's skips, the stored backward test's failure, and the adapted backward test under
    racecheck on each release the suite is recorded on, beside the load-side prediction at its shape."""
    from IPython.display import Markdown

    from racelab.book.reports import prediction
    from racelab.core.provenance import gpu_models
    from racelab.toolchain import real_kernel

    runs = {r["run"] for r in rows}
    recs = [r for r in store.candidates(peer_suite.EXPERIMENT, "sm90") if r.id in runs]  # newest first
    first = recs[0].read_json("summary.json")
    fwd = [r for r in rows if r["test"] == "forward"]
    stored = [r for r in rows if r["test"] == "backward" and r["tests"] == "as stored"]
    skips = sorted({why for rec in recs for xml in rec.path.glob("junit-forward-*.xml")
                    for why in peer_suite.skip_reasons(xml.read_bytes())})

    def under(release):
        got = [r for r in rows if r["test"] == "backward" and r["mode"] == "racecheck" and r["release"] == release
               and r["tests"] != "as stored"]
        fails = [r for r in got if r["verdict"] == "fails"]
        total = [(r["RAW"] or 0) + (r["WAR"] or 0) for r in got]
        wars = {r["WAR"] for r in got}
        text = (f"fails in {len(fails)} of {len(got)} runs ({fails[0]['failing statement']})" if fails else
                f"passes in {len(got)} of {len(got)} runs") if got else "was not run"
        if got:
            text += f", with {_span(total)} hazard records"
            text += f", {next(iter(wars)):,} of them write-after-read in every run" if len(wars) == 1 else ""
        return text

    model = prediction.war_model(real_kernel.kernel_source(real_kernel.SM90, real_kernel.SM90.newest[0]))
    predicted = prediction.predicted_war(model, peer_suite.TEST_SHAPE)

    def verdicts(cases):
        by = {}
        for r in cases:
            by.setdefault(r["verdict"], set()).add(r["release"])
        return "; ".join(f"{v} on {' and '.join(sorted(rel))}" for v, rel in sorted(by.items())) or "was not run"

    files = {t: f["commit"] for rec in reversed(recs) for t, f in rec.read_json("summary.json")["files"]["tests"].items()}
    plain = [r for r in rows if r["test"] == "backward" and r["mode"] == "plain" and r["tests"] != "as stored"]
    values = {"peer_runs": len(runs), "peer_gpu": gpu_models(recs),
              "peer_commit": ", ".join(f"{t} {c[:12]}" for t, c in sorted(files.items())),
              "peer_stored_verdict": verdicts(stored), "peer_plain": verdicts(plain),
              "peer_commit_source": first["commit"]["source"],
              "peer_fwd_skip": "; ".join(f"pytest: {why}" for why in skips) or "no reason recorded",
              "peer_fwd_runs": f"{sum(r['verdict'] == 'skipped' for r in fwd)} of {len(fwd)}",
              "peer_stored": "; ".join(sorted({r["failing statement"] for r in stored})) or "not run",
              "peer_racecheck": "; ".join(f"on {r} it {under(r)}" for r in peer_suite.RELEASES),
              "peer_predicted": f"{predicted['records']:,}" if predicted.get("records") is not None else "none",
              "peer_blocks": predicted.get("blocks"), "peer_stages": predicted.get("stages")}
    from racelab.book.findings import doc_link
    values["peer_results"] = Markdown(PEER_RESULTS.format(**values, doc_reports=doc_link("08-reports")))
    return values


def peer_shown(rows):
    """What page 97 shows above the peer suite's tables: the newest run's banner, or the warning that names the
    command where no run is recorded."""
    if not rows:
        return not_recorded(peer_suite.EXPERIMENT, "it needs a GPU and a cudnn-frontend checkout",
                            peer_suite.H200_COMMAND)
    return banners.banner(store.candidates(peer_suite.EXPERIMENT, "sm90")[0], "replay")


def probe_glue(run, case) -> dict:
    """The K-tail probe's values as chapter 07 and its evidence page quote them: the predicted bytes at the
    case's tail `s_k`, the recorded counts and the verdict they support ("(not recorded)" without a run)."""
    out = {"probe_s_k": case.s_k, "probe_valid_rows": case.tail().valid_rows,
           "probe_predicted": case.expected_racy_bytes()}
    names = ("elected", "all", "full_s_k", "full_elected", "full_all", "writers", "memcpy", "analysis_ctas",
             "analysis_reports", "analysis_hazards", "correct")
    if run is None:
        out.update({f"probe_{n}": "(not recorded)" for n in names})
        out["probe_verdict"] = "No run is recorded yet, so the question stays open."
        return out
    n = probe_numbers(k_tail_probe.table(run), case.s_k)
    out.update({f"probe_{k}": n[k] for k in names if k not in ("analysis_hazards", "correct", "memcpy")})
    out["probe_memcpy"] = memcpy_over_runs(run, case.s_k, n)
    out["probe_analysis_hazards"] = f"{n['analysis_hazards']:,}"
    out["probe_correct"] = f"{n['correct']} of {n['cases']}"
    settled = n["elected"] == case.expected_racy_bytes() and n["all"] == 0
    out["probe_verdict"] = (
        "The elected arrive after all-thread cp.async and zero-fill stores is a race in racecheck's eyes as soon "
        "as the reads are thread reads, as the PTX model predicts; upstream's run was silent because WGMMA reads "
        "are invisible to racecheck." if settled else
        "The counts do not match the prediction; read the evidence table before drawing a conclusion.")
    return out


def memcpy_over_runs(run, s_k: int, here: dict) -> str:
    """How many of the elected arrive's records at the full block racecheck names 'invalid memcpy_async
    synchronization': in `run` (its probe_numbers `here`), and the range over every recorded run on that kind
    of GPU, which varies from run to run while the count of records may not."""
    every = [here if r.id == run.id else probe_numbers(k_tail_probe.table(r), s_k)
             for r in store.all_runs(k_tail_probe.EXPERIMENT, run.sm, root=run.root)]
    text = f"{here['memcpy']:,} in this run"
    if len(every) < 2:
        return text
    same = len({e["full_elected"] for e in every}) == 1
    return (text + f" ({tables.count_over_runs([e['memcpy'] for e in every])}"
            + (", whose count of records is the same" if same else "") + ")")


def probe_output_numbers(outputs: pd.DataFrame) -> dict:
    """From `k_tail_probe.outputs()`: how many runs; the plain runs and how many read back the right tile; per
    arrive the racecheck cases and how many read back the right tile; the elected cases that read back a wrong
    tile (run, s_k, CTAs, wrong elements, WAR and hazard bytes); how many hazard-mode elected cases read back
    the right tile, and whether all of those report only RAW."""
    checked = outputs[outputs["output correct"].notna()]
    plain, sanitized = checked[checked["report"] == "plain"], checked[checked["report"] != "plain"]
    right = lambda frame: int(frame["output correct"].astype(bool).sum())  # noqa: E731
    elected = sanitized[sanitized["arrive"] == "elected"]
    all_threads = sanitized[sanitized["arrive"] == "all-threads"]
    ok_hazard = elected[(elected["report"] == "hazard") & elected["output correct"].astype(bool)]
    wrong = elected[~elected["output correct"].astype(bool)]
    return {"runs": int(outputs["run"].nunique()), "plain": len(plain), "plain_right": right(plain),
            "elected": len(elected), "elected_right": right(elected), "all": len(all_threads),
            "all_right": right(all_threads),
            "wrong": [{"run": r["run"], "s_k": int(r["s_k"]), "ctas": int(r["CTAs"]),
                       "elements": int(r["wrong elements"]), "war": int(r["WAR bytes"]),
                       "hazard": int(r["hazard bytes"])} for _, r in wrong.iterrows()],
            "hazard_right": len(ok_hazard), "only_raw": len(ok_hazard) > 0 and int(ok_hazard["WAR bytes"].sum()) == 0}


# ------------------------------------------------------------------------------------- the SASS second opinion


def opinion_frame(rows: list[dict]) -> pd.DataFrame:
    """The recorded second opinion (`sass-second-opinion.json`'s rows), one row per kernel variant."""
    return pd.DataFrame(rows)


def agreement(rows: list[dict]) -> dict:
    """Where both tools read the kernel (the AST lint has a count): how many rows agree on "flagged or not",
    of how many; the (kernel, variant) pairs that disagree, the kernel named without its parenthesis; and how
    many rows have a MEMBAR before a flagged arrive."""
    op = opinion_frame(rows)
    both = op.dropna(subset=["ast_hits"])
    same = (both["ast_hits"] > 0) == (both["sass_hits"] > 0)
    differ = both[~same]
    return {"agree": int(same.sum()), "compared": len(both),
            "disagree": [(k.split(" (")[0], v) for k, v in zip(differ["kernel"], differ["variant"])],
            "membar": int(op["membar"].fillna(False).astype(bool).sum())}


# ------------------------------------------------------------------------------------- the catalog


def catalog_markdown() -> str:
    """The catalog of fixes as a Markdown table; an entry that does not rest on the pull request's own
    description says in its first column what it rests on."""
    cat = triage.catalog_table()
    lines = ["| fix | rule broken | fix applied | relation |", "|---|---|---|---|"]
    for _, r in cat.iterrows():
        rests_on = "" if r["read"] == triage.READ_PR else f" ({r['read'].split(';')[0]})"
        lines.append(f"| [{r['fix']}]({r['url']}){rests_on} | {r['rule broken']} | {r['fix applied']} | "
                     f"{r['relation']} |")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- the triage, as prose


def why_markdown(tri: pd.DataFrame) -> str:
    """The triage's explanations as a Markdown list grouped by verdict, one item per distinct explanation:
    "**function** (`barrier`): why". Prose reads as a list; in a table it made columns a word wide."""
    rows = tri[["function", "barrier", "verdict", "why"]].drop_duplicates("why")
    out = []
    for verdict, group in rows.groupby("verdict", sort=False):
        out.append(f"**{verdict}**\n")
        for _, r in group.iterrows():
            out.append(f"- **{r['function']}** (`{r['barrier']}`): {r['why']}")
        out.append("")
    return "\n".join(out)


# ------------------------------------------------------------------------------------- the CuTe DSL libraries


def ecosystem_hits(run) -> pd.DataFrame:
    """One row per hit of a recorded lint-ecosystem run, with the triage the run recorded for it."""
    data, tri = run.read_json("libraries.json"), run.read_json("triage.json")
    rows = []
    for package, lib in data.items():
        for hit, entry in zip(lib["hits"], tri[package]):
            t = entry["triage"] or {}
            rule = rules.RULES[hit["rule"]]
            rows.append({"package": package, "file": hit["file"], "line": hit["line"], "function": hit["function"],
                         "barrier": hit["barrier"], "rule": hit["rule"], "hazard": rule.hazard,
                         "reason": hit["reason"], "verdict": t.get("verdict", "untriaged"),
                         "other side": t.get("readers", ""), "racecheck can see": t.get("racecheck_can_see"),
                         "why": t.get("why", "")})
    columns = ["package", "file", "line", "function", "barrier", "rule", "hazard", "reason", "verdict",
               "other side", "racecheck can see", "why"]
    return pd.DataFrame(rows, columns=columns)


def ecosystem_precision(run) -> pd.DataFrame:
    """Per library (rows, in the run's order): version, files read, hits by rule and by verdict, and precision
    (true positives / hits; NaN where the lint reports nothing)."""
    data = run.read_json("libraries.json")
    hits = ecosystem_hits(run)
    rows = []
    for package, lib in data.items():
        mine = hits[hits["package"] == package]
        n = len(mine)
        tp = int((mine["verdict"] == triage.TRUE).sum())
        rows.append({"package": package, "version": lib["version"], "role": lib["role"],
                     "files": len(lib["files"]), "hits": n,
                     "store-raw": int((mine["rule"] == "store-raw").sum()),
                     "load-war": int((mine["rule"] == "load-war").sum()),
                     "true positives": tp, "unknown": int((mine["verdict"] == triage.UNKNOWN).sum()),
                     "false positives": int((mine["verdict"] == triage.FALSE).sum()),
                     "precision": tp / n if n else float("nan")})
    return pd.DataFrame(rows).set_index("package")


def ecosystem_markdown(hits: pd.DataFrame) -> str:
    """The triage of every hit as Markdown, grouped by library and then by explanation: one explanation per
    distinct reason, with its verdict, what the other side does, and the sites it covers."""
    out = []
    for package, group in hits.groupby("package", sort=False):
        out.append(f"**{package}**\n")
        for (verdict, why, other, seen), sites in group.groupby(
                ["verdict", "why", "other side", "racecheck can see"], sort=False):
            where = ", ".join(f"`{r['file'].split('/')[-1]}:{r['line']}` {r['function']} (`{r['barrier']}`)"
                              for _, r in sites.iterrows())
            out.append(f"- *{verdict}* ({len(sites)} site{'s' if len(sites) > 1 else ''}; the other side: {other}, "
                       f"racecheck {'can' if seen else 'cannot'} see it). {why} Sites: {where}.")
        out.append("")
    return "\n".join(out)


def ecosystem_glue(table: pd.DataFrame, hits: pd.DataFrame) -> dict:
    """The numbers the chapter's prose glues from a lint-ecosystem run: sums over the libraries swept whole,
    precision per library ("t of n", or "no hits"), and what the load-side rule found in the checked files."""
    libs = table[table["role"] == LIBRARY]
    check = table[table["role"] == CHECK]
    check_hits = hits[hits["package"].isin(check.index)]
    lib_hits = hits[hits["package"].isin(libs.index)]
    war = check_hits[(check_hits["rule"] == "load-war") & (check_hits["verdict"] == triage.TRUE)]
    return {"eco_n_libraries": len(libs), "eco_lib_files": int(libs["files"].sum()),
            "eco_lib_hits": int(libs["hits"].sum()), "eco_lib_tp": int(libs["true positives"].sum()),
            "eco_lib_unknown": int(libs["unknown"].sum()), "eco_lib_false": int(libs["false positives"].sum()),
            "eco_lib_war": int(libs["load-war"].sum()), "eco_lib_raw": int(libs["store-raw"].sum()),
            "eco_precision": "; ".join(f"{p} {r['version']}: " + (f"{r['true positives']} of {r['hits']}"
                                                                    if r["hits"] else "no hits")
                                       for p, r in libs.iterrows()),
            "eco_tp_sites": Markdown("; ".join(f"`{f.split('/')[-1]}:{ln}` ({fn.split('.')[-1]}, `{b}`, {r})" for f, ln, fn, b, r
                                      in lib_hits[lib_hits["verdict"] == triage.TRUE][
                                          ["file", "line", "function", "barrier", "rule"]].itertuples(index=False))
                                     or "none"),  # code spans: Markdown, glued with {glue:md}
            "eco_convention": int((lib_hits["why"] == triage_ecosystem.CONVENTION.why).sum()),
            "eco_syncwarp": int(((lib_hits["verdict"] == triage.UNKNOWN)
                                 & lib_hits["reason"].str.startswith(("syncwarp", LOAD_SYNCWARP))).sum()),
            "eco_visible": int(((lib_hits["verdict"] != triage.FALSE) & lib_hits["racecheck can see"].astype(bool)).sum()),
            "eco_check_war_tp": len(war),
            "eco_check_version": ", ".join(check["version"]) if len(check) else "(none)"}


def findings_markdown() -> str:
    """This project's findings of the bug class as a Markdown table: where, rule, what, evidence, status."""
    lines = ["| where | rule | what | evidence | status |", "|---|---|---|---|---|"]
    for _, r in triage.findings_table().iterrows():
        lines.append(f"| {r['where']} | {r['rule']} | {r['what']} | {r['evidence']} | {r['status']} |")
    return "\n".join(lines)
