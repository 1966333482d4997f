"""Chapter 07 (elsewhere): the lint sweep over releases, the triage, the forward kernel's audit, the K-tail probe
and the ecosystem sweep: what each code cell glues and shows. `data` is the sweep's hits by release."""

from dataclasses import dataclass

from racelab.book import banner as banners
from racelab.book import elsewhere, findings, tables
from racelab.book.pages import closed
from racelab.core import choice as choosing
from racelab.experiments import fwd_racecheck as forward_audit
from racelab.experiments import k_tail_probe, lint_ecosystem, lint_releases
from racelab.lint import triage as catalog
from racelab.toolchain import wheels
from racelab.vocab import ArriveMode


def chapter_values() -> dict:
    """The Result box and bottom line, and how the chapters' counts reconcile."""
    return {**findings.glue_values(["elsewhere"]), **findings.reconciliation()}


def sweep():
    """The recorded lint sweep over releases, and its hits by release."""
    run = lint_releases.recorded()
    return run, run.read_json("hits.json")


def releases(data: dict) -> tuple[dict, object]:
    """The hits per release: how many releases, the first and last, their hits, the newest release's kernel
    files and the hits left untriaged; the table, one row a release."""
    table = catalog.release_table(data)
    return {"n_releases": len(table), "first_release": table.index[0], "last_release": table.index[-1],
            "hits_first": int(table["hits"].iloc[0]), "hits_last": int(table["hits"].iloc[-1]),
            "files_last": int(table["kernels (files)"].iloc[-1]), "untriaged": int(table["untriaged"].sum())}, \
        tables.show(table, index=True)


def releases_figure(data: dict):
    """The hits per release stacked by verdict (closed: shown as the cell's value)."""
    return closed(catalog.releases_figure(data))


def triage(data: dict) -> tuple[dict, object]:
    """The triage: hits per verdict, true positives fixed upstream and open ones (plain loads or tensor-core
    reads), where the sibling and the staging barrier were fixed; the table of the open true positives."""
    tri = catalog.triage_table(data)
    counts = tri["verdict"].value_counts()
    true = tri["verdict"] == catalog.TRUE
    open_tp = tri[true & (tri["fixed in"] == "")]
    return {**{f"n_{verdict.replace(' ', '_')}": int(counts.get(verdict, 0)) for verdict in catalog.VERDICTS},
            "n_tp_fixed": int((true & (tri["fixed in"] != "")).sum()),
            "n_tp_plain": int((open_tp["readers"] == "plain loads").sum()),
            "n_tp_tc": int((open_tp["readers"] != "plain loads").sum()),
            "sibling_fixed": tri.loc[tri["function"] == "DenseIndexerBackward2QGemmSm100._load_warp_2q",
                                     "fixed in"].iloc[0],
            "staging_fixed": tri.loc[tri["barrier"] == "MBAR_K_CONSUMED_0", "fixed in"].iloc[0]}, \
        tables.show(open_tp[["function", "barrier", "readers"]])


def forward_patch() -> str:
    """The lines the all-lane arrive changes in the forward kernel's source, as a diff's lines."""
    source = wheels.module_file(forward_audit.RELEASE, forward_audit.KERNEL_PATH).read_text()
    return "\n".join(forward_audit.changed_lines(source, forward_audit.all_lanes_arrive(source)))


@dataclass
class Forward:
    """The forward audit as the chapter shows it: the values glued, the banner (or how to record a run), and
    the per-case and per-buffer tables (None without a run)."""

    values: dict
    banner: object
    cases: object = None
    buffers: object = None


def forward(data: dict) -> Forward:
    """The forward kernel's racecheck run (live or replayed) against the lint's prediction for its two hits."""
    choice = choosing.choose(forward_audit.EXPERIMENT, needs="sm90")
    run = forward_audit.record() if choice.live else choice.run
    release = forward_audit.run_release(run) if run is not None else forward_audit.RELEASE
    lines = forward_audit.lint_store_lines(lint_hits=data[release])
    values = {"fwd_release": release, "fwd_s_k": forward_audit.default_cases()[0].s_k}
    if run is None:
        values |= {f"fwd_{name}": "(not recorded)" for name in forward_audit.GLUE_NAMES}
        values["fwd_verdict"] = "No run is recorded, so these two hits rest on the source alone."
        return Forward(values, elsewhere.not_recorded(forward_audit.EXPERIMENT, choice.reason, forward_audit.COMMAND))
    cases = forward_audit.case_frame(run, lines).set_index("case")
    values |= forward_audit.glue_values(cases)
    values["fwd_verdict"] = ("Every count matches its prediction: both hits are true positives, and the all-lane "
                             "arrive removes them." if forward_audit.matches_predictions(cases) else
                             "Some counts differ from the prediction; read the table before drawing a conclusion.")
    return Forward(values, banners.for_choice(choice, run),
                   tables.show(cases.T.rename_axis(index="per case", columns=None), index=True, wide=True),
                   tables.show(forward_audit.buffer_frame(run, lines), wide=True))


def probe() -> tuple[dict, object]:
    """The K-tail probe (live or replayed): its values for the hazard-mode elected case, and its banner (or
    how to record one)."""
    case = next(c for c in k_tail_probe.default_cases() if c.report == "hazard" and c.arrive is ArriveMode.ELECTED)
    choice = choosing.choose(k_tail_probe.EXPERIMENT, needs="sm90")
    run = k_tail_probe.record() if choice.live else choice.run
    shown = (banners.for_choice(choice, run) if run is not None
             else elsewhere.not_recorded(k_tail_probe.EXPERIMENT, choice.reason, k_tail_probe.COMMAND))
    return elsewhere.probe_glue(run, case), shown


def ecosystem() -> tuple[dict, object]:
    """The ecosystem sweep: its precision and hits, and its banner."""
    eco = lint_ecosystem.recorded()
    return elsewhere.ecosystem_glue(elsewhere.ecosystem_precision(eco), elsewhere.ecosystem_hits(eco)), \
        banners.banner(eco, "replay")
