"""Chapter 04 (racecheck): the twin's racecheck run it shows, what each of its code cells glues, and the tables
and figures it shows. `tw` is the run read as a racelab.book.breakdown.TwinRun."""

from IPython.display import Markdown

from racelab.book import banner as banners
from racelab.book import breakdown, findings, real_results, tables
from racelab.core import choice as choosing
from racelab.core import store
from racelab.experiments import twin_racecheck as twin
from racelab.model import programs
from racelab.vocab import WARP_SIZE, ArriveMode, Experiment, TwinLayout

LAYOUT = TwinLayout(128, 64)  # the shape the chapter's breakdown reads: topk=128, heads=64, one CTA


def chapter_values() -> dict:
    """The Result box and bottom line, PR #426's box, and the K_CONSUMED relation."""
    return {**findings.glue_values(["racecheck"]), "pr_box": findings.pr_box(), "kc_relation": findings.kc_relation()}


def chosen():
    """The twin's racecheck run (measured live under RACELAB_MODE=live on an SM90 GPU, else replayed) and its
    choice; RuntimeError where there is none."""
    choice = choosing.choose(twin.EXPERIMENT, needs="sm90")
    run = twin.record() if choice.live else choice.run
    if run is None:
        raise RuntimeError(f"no recorded {twin.EXPERIMENT!r} run to replay ({choice.reason}). "
                           "Record one on an H200 with `racelab twin record`, then build again.")
    return choice, run


def hazard_mode(tw) -> tuple[dict, object]:
    """Hazard mode: measured and predicted byte hazards at topk 128 and 512 for each arrive, the writer threads
    of the elected run and their bytes, how many runs computed a correct output, and the stores' sum."""
    counts = tw.counts()
    values = {}
    for topk in (128, 512):
        for mode in ArriveMode:
            key = f"{topk}_{mode.name.lower()}"
            values |= {f"twin_hazard_{key}": tw.measured("hazard", topk, 64, 1, mode),
                       f"twin_predicted_{key}": programs.predicted_hazard_bytes(topk, 64, mode)}
    elected = tw.case("hazard", 128, 64, 1, "elected").parsed
    writers = sorted(int(t) for t in elected["writer_threads"])
    total, per_lane_sum = findings.store_sum(128, 64)
    values |= {"twin_writer_first": writers[0], "twin_writer_last": writers[-1], "twin_writer_count": len(writers),
               "twin_bytes_per_writer": " or ".join(map(str, sorted(set(elected["bytes_per_writer"].values())))),
               "twin_runs_correct": int(counts["output correct"].sum()), "twin_runs": len(counts),
               "twin_latent": ("the racy ones included: the race is latent on this hardware too"
                               if counts["output correct"].all() else "but not all of them: see the table"),
               "twin_store_sum": f"{total:,} = {per_lane_sum}"}
    shown = counts[counts["report"] == "hazard"]
    return values, tables.show(shown[["topk", "arrive", "byte hazards", "output correct", "hazard records", "wall s"]])


def by_site(df) -> tuple[dict, object]:
    """The elected run's hazards by writer: whether the writer is the layout's lane, the reader threads, lane 0's
    bytes and the other lanes', and the stores a lane makes; the table by store site."""
    per_lane = breakdown.by_writer_lane(df).set_index("writer lane")["hazard bytes"]
    values = {"twin_writer_is_lane": f"{df['writer_is_layout_lane'].mean():.0%}",
              "twin_readers": df["reader_thread"].nunique(), "twin_lane0_bytes": int(per_lane[0]),
              "twin_other_lane_bytes": " or ".join(map(str, sorted(set(per_lane.iloc[1:])))),
              "twin_grad_stores": LAYOUT.grad_stores_per_lane, "twin_w_stores": LAYOUT.w_stores_per_lane}
    return values, tables.show(breakdown.by_site(df, LAYOUT))


def formula(tw) -> tuple[dict, object]:
    """The closed form of the hazard bytes at topk=128, and whether every measured count agrees with it."""
    idle = WARP_SIZE - len(ArriveMode.ELECTED.arriving_lanes)
    comparison = tw.comparison()
    return {"twin_formula_128": f"{LAYOUT.grad_stores_per_lane} × {idle} × {LAYOUT.grad_bytes} + "
                                f"{LAYOUT.w_stores_per_lane} × {idle} × {LAYOUT.w_bytes} = "
                                f"{programs.predicted_hazard_bytes(128, 64)}",
            "twin_all_agree": "all" if comparison["agrees"].all() else "not all"}, tables.show(comparison)


def readers() -> tuple[dict, list]:
    """The readers run (every element read WORK times): the racy run's reads, records, bytes and named read
    lines, the lines read again, and the fixed run's records; its banner and table."""
    run = store.newest(Experiment.TWIN_READERS.value, "sm90")
    if run is None:
        return {}, [Markdown("No twin-racecheck-readers run is recorded: `racelab twin record --readers 2` "
                             "(on an H200).")]
    table = twin.readers_table(run)
    racy = table[table["arrive"] == "elected"].iloc[0]
    return {"readers_work": int(racy["reads of each element"]), "readers_records": f"{int(racy['records']):,}",
            "readers_bytes": f"{int(racy['distinct bytes']):,}", "readers_named": racy["read lines named"],
            "readers_repeat_lines": " and ".join(map(str, twin.repeat_read_lines(run))),
            "readers_fixed": f"{int(table[table['arrive'] == 'all-lanes']['records'].iloc[0]):,}"}, \
        [banners.banner(run, "replay"), tables.show(table)]


def analysis_mode(tw) -> tuple[dict, object]:
    """The default analysis mode at 1, 132 and 512 CTAs: reports per arrive, the elected run's bytes, whether
    the reports change with the CTAs and whether the bytes match the prediction."""
    counts = tw.counts()
    analysis = counts[counts["report"] == "analysis"].set_index(["CTAs", "arrive"])
    values = {}
    for ctas in (1, 132, 512):
        values |= {f"twin_reports_{ctas}_{mode.name.lower()}": tw.reports(ctas, mode) for mode in ArriveMode}
        values[f"twin_analysis_bytes_{ctas}"] = tw.measured("analysis", 128, 64, ctas, "elected")
    racy = analysis.xs("elected", level="arrive")
    values |= {"twin_reports_trend": "stays the same" if racy["analysis reports"].nunique() == 1 else "changes",
               "twin_bytes_vs_prediction": ("matches" if (racy["byte hazards"] == racy["predicted byte hazards"]).all()
                                            else "does not match")}
    return values, tables.show(analysis[["analysis reports", "byte hazards", "predicted byte hazards",
                                         "output correct"]], index=True)


def real_kernel() -> tuple[dict, list]:
    """The real kernel under racecheck: the SM100 run's figures (or PR #426's, labelled as reported) in a
    sentence and a table beside the PR's, with its banner or a note that none is recorded."""
    sm100_rc = real_results.runs()[(Experiment.REAL_RACECHECK, "sm100")]
    g = real_results.racecheck_glue(sm100_rc, real_results.racecheck_runs("sm90"))
    if sm100_rc is None:
        sentence = "No SM100 run of the real kernel is recorded here, so this page quotes the PR's figures."
        head = Markdown(":::{note}\nNo SM100 run of the real kernel is recorded: the rows below are the figures "
                        "reported in PR #426, not measured by this book. On a B200, `make live` (step "
                        "`real-racecheck`) records one, and this table then shows it beside the PR's.\n:::")
    else:
        sentence = (f"Measured by this book on {sm100_rc.gpu_name} (run `{sm100_rc.id}`): in hazard mode at one CTA "
                    f"**{g['real_one_cta_unpatched']}** byte hazards before the fix and **{g['real_one_cta_patched']}** "
                    f"after; in the default analysis mode **{g['real_512_cta_unpatched']}** error reports at 512 CTAs "
                    f"and **{g['real_multi_block_unpatched']}** at the multi-block shape (b=3, s_q=64, s_kv=2048, "
                    f"topk=512), **{g['real_512_cta_patched']}** and **{g['real_multi_block_patched']}** after the fix.")
        head = banners.banner(sm100_rc, "replay")
    return {**g, "real_sentence": Markdown(sentence)}, [head, tables.show(real_results.comparison_table(sm100_rc))]


def sm90_four_way() -> list:
    """The SM90 kernel's four-way table (shipped and patched, each barrier) with the banner of each run it
    reads, or a note that none is recorded."""
    runs = real_results.racecheck_runs("sm90")
    if not runs:
        return [Markdown(":::{note}\nNo run of the SM90 kernel is recorded (`make live`, step "
                         "`real-racecheck`, on an SM90 GPU).\n:::")]
    four_way = real_results.four_way_table(runs)
    return [banners.banner(run, "replay") for run in runs if run.id in set(four_way["run"])] + [tables.show(four_way)]
