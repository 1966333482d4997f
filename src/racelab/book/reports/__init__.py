"""Upstream-ready reports: one per finding still open in the newest nvidia-cudnn-frontend release, as plain
Markdown a maintainer can paste into an issue (``racelab report --out DIR``) and that chapter 08 shows.
:func:`all_reports` is the list: the store-side findings the lint's sweep and its triage leave open and the
forward's write-after-read (racelab.book.reports.store_side), then the SM90 backward's load-side
``K_CONSUMED`` finding, measured through upstream's wrapper (racelab.book.reports.load_side). What every
report shares (the PTX sections it cites, the finding's shape, which recorded release stands for a newer
one) is racelab.book.reports.common."""

from __future__ import annotations

from pathlib import Path

from racelab.book.reports import load_side, prediction, store_side
from racelab.book.reports.common import NEWEST, NOT_MEASURED, numbers
from racelab.book.reports.load_side import figures  # noqa: F401  (chapter 08's K_CONSUMED figures)
from racelab.book.reports.store_side import layout_caveat, reports, timing, timing_text  # noqa: F401
from racelab.experiments import k_tail_probe, peer_suite
from racelab.lint import triage


def all_reports(hits_by_release: dict[str, list[dict]], release: str = NEWEST, fwd_runs: dict | None = None,
                probe_runs: dict | None = None, source=None, root=None) -> list[tuple]:
    """(finding, evidence, Markdown) of every open finding in `release`: the store-side findings and the
    forward's write-after-read (store_side.reports), then the K_CONSUMED report where `release` has the
    handoff (load_side.report)."""
    items = store_side.reports(hits_by_release, release, fwd_runs, probe_runs, source)
    got = load_side.report(release, root, source)
    return items + ([got] if got else [])


def chapter_glue(items) -> dict:
    """Chapter 08's figures from `items` (all_reports'): the release, how many reports and how many racecheck
    sees, the releases the evidence is from, the K_CONSUMED report's figures (load_side.figures) and its
    prediction (prediction.prediction_glue), and the forward patch's measured cost ("rep_fwd_cost", Markdown)."""
    summary = summary_table(items)
    releases = sorted({ev["release"] for _, ev, _ in items if ev.get("release")})
    fwd = next((timing(f) for f, _, _ in items if f.spec.slug == "fwd-sm90-sw-q0"), {})
    cost = ("; ".join(f"{r['effect']:+.2f}% ± {r['half']:.2f}% at {r['precision'].upper()}" for r in fwd["rows"])
            + f" (release {fwd['release']}, `{fwd['run']}`)" if fwd.get("rows") else
            "not measured (no fwd-timing run is recorded on an SM90 GPU)")
    return {"rep_release": NEWEST, "rep_n": len(items), "rep_visible": int(summary["racecheck sees it"].sum()),
            "rep_hidden": int((~summary["racecheck sees it"]).sum()),
            "rep_evidence_release": " and ".join(releases) or "no recorded run", **figures(items),
            **prediction.prediction_glue(prediction.prediction_rows()), "rep_fwd_cost": cost}


def from_probe(finding) -> bool:
    """Whether a finding's evidence is the K-tail probe (an SM90 kernel of this book's), not the kernel itself."""
    return finding.spec.evidence is not None and finding.spec.evidence.experiment == k_tail_probe.EXPERIMENT


def summary_table(items) -> "object":
    """One row per report: the finding, where, whether racecheck sees it, the evidence (the K-tail probe's where
    the counts are the probe's) and its release, and the counts."""
    import pandas as pd
    rows = []
    for finding, ev, _ in items:
        first = (ev.get("rows") or [{}])[0]
        probe = from_probe(finding)
        rows.append({"report": finding.spec.slug, "file": Path(finding.file).name,
                     "lines": numbers(finding.arrive_lines), "kind": finding.spec.kind,
                     "readers": finding.readers, "racecheck sees it": finding.racecheck_can_see,
                     "evidence from": (f"K-tail probe (SM90), {ev['release']}" if probe else ev["release"])
                     if ev.get("release") else NOT_MEASURED,
                     "as shipped": first.get("shipped", NOT_MEASURED), "patched": first.get("patched", NOT_MEASURED),
                     "patch": "diff" if finding.patch else "none generated"})
    return pd.DataFrame(rows)


def upstream_test(finding, peer: dict) -> tuple[str, bool]:
    """What upstream's own test of the finding's kernel showed under racecheck on the finding's release (the
    peer suite, racelab.experiments.peer_suite.under_racecheck: an SM90 GPU): its verdict and the hazard
    records in the finding's kernel file, or why there is none; and whether the test passes while racecheck
    reports records there."""
    test = ("forward" if "indexer_forward" in finding.file else
            "backward" if "indexer_backward" in finding.file else None)
    got = peer.get(test) if test else None
    if test is None:
        return "no test in the suite", False
    if got is None:
        return NOT_MEASURED, False
    if got["verdict"] in ("skipped", "not run"):
        return f"{got['verdict']} on SM90", False
    if not finding.racecheck_can_see:
        return f"{got['verdict']}; reads not visible", False
    records = got["records"].get(Path(finding.file).name, 0)
    return f"{got['verdict']}, {records:,} records", got["verdict"] == "passes" and records > 0


def reconciliation(items, hits_by_release: dict[str, list[dict]], release: str = NEWEST) -> dict:
    """One count for the same bug elsewhere, from the lint's sites to the reports, computed once for the intro,
    chapter 07 and chapter 08 (`items`: all_reports'). Returns the chain's counts ("sites": store-side
    true-positive sites over every release, "fixed": those fixed upstream, "open": those still in `release`,
    "open_hits": their hits there, "store_reports"/"load_reports": reports of each side, "reports", "visible":
    reports racecheck sees, "probe": reports whose evidence is the K-tail probe), "table" (a DataFrame, one row
    a report) and "sentence" (Markdown)."""
    import pandas as pd

    peer = peer_suite.under_racecheck(release)
    tri = triage.triage_table(hits_by_release)
    tp = tri[tri["verdict"] == triage.TRUE]
    fixed = tp[tp["fixed in"] != ""]
    open_keys = {(r.function, r.barrier) for r in tp[tp["fixed in"] == ""].itertuples()}
    open_hits = [h for h in hits_by_release.get(release, []) if triage.hit_key(h)[1:] in open_keys]
    store_verdicts = {(r.function, r.barrier): r.verdict for r in tri.itertuples()}
    rows, passing = [], []
    for finding, ev, _ in items:
        store_side = finding.spec.kind == "RAW"
        sites = sum(1 for key in open_keys if key[0] == finding.function)
        if store_side:
            lint = f"store: {sites} site{'s' if sites != 1 else ''}"
        else:
            flagged = {store_verdicts.get((finding.function, b)) for b in finding.barriers} - {None}
            lint = "load" + (f" (store: {', '.join(sorted(flagged))})" if flagged else "")
        probe = from_probe(finding)
        first = (ev.get("rows") or [{}])[0]
        shipped, patched = first.get("shipped"), first.get("patched")
        count = (f"{shipped:,} → {patched:,}" + (" (the probe's)" if probe else "")
                 if isinstance(shipped, int) and isinstance(patched, int) else NOT_MEASURED)
        where = "K-tail probe (SM90)" if probe else "the kernel (SM90)"
        test, quiet = upstream_test(finding, peer)
        if quiet:
            passing.append(finding.spec.slug)
        rows.append({"report": finding.spec.slug, "side": "store (RAW)" if store_side else "load (WAR)",
                     "lint rule": lint, "readers": finding.readers,
                     "racecheck sees it": "yes" if finding.racecheck_can_see else "no",
                     "evidence": f"{where}, {ev['release']}" if ev.get("release") else NOT_MEASURED,
                     "racecheck records, shipped → patched": count,
                     "upstream's test under racecheck": test})
    table = pd.DataFrame(rows)
    out = {"release": release, "sites": len(tp), "fixed": len(fixed), "open": len(open_keys),
           "open_hits": len(open_hits), "store_reports": int((table["side"] == "store (RAW)").sum()),
           "load_reports": int((table["side"] == "load (WAR)").sum()), "reports": len(table),
           "visible": int((table["racecheck sees it"] == "yes").sum()),
           "probe": int(table["evidence"].str.startswith("K-tail probe").sum()), "table": table}
    out["sentence"] = (
        f"The store-side lint finds {out['sites']} true-positive sites over every release; {out['fixed']} were "
        f"fixed upstream and {out['open']} are open in release {release} ({out['open_hits']} hits), which make "
        f"{out['store_reports']} reports (sites of one function and buffer share one). The load-side rule adds "
        f"{out['load_reports']}: {out['reports']} open findings, {out['visible']} of which racecheck sees in the "
        f"kernel itself. The other {out['reports'] - out['visible']} are read by tensor-core operations, which "
        f"racecheck cannot see; {out['probe']} of them rest on the K-tail probe, an SM90 kernel of this book's "
        "that keeps the handoff and reads with plain loads, so their counts are the probe's.")
    if passing:
        out["sentence"] += (
            f" The last column is what upstream's own test of the kernel showed under racecheck on an SM90 GPU "
            f"({', '.join(f'`{p}`' for p in passing)}: the test passes while racecheck reports the race, so a "
            "passing test is no sign that the handoff is ordered).")
    return out


def demoted(text: str) -> str:
    """A report's headings one level down (title "##", sections "###"), for a page whose title is "#"."""
    return "\n".join("#" + line if line.startswith("#") else line for line in text.splitlines())


def write(folder: Path, items) -> list[Path]:
    """The reports as `<slug>.md` files in `folder` (created), plus `README.md` listing them."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for finding, _, text in items:
        path = folder / f"{finding.spec.slug}.md"
        path.write_text(text)
        written.append(path)
    index = ["# Open findings in nvidia-cudnn-frontend " + (items[0][0].release if items else NEWEST), ""]
    index += [f"- [{f.spec.title}]({f.spec.slug}.md)" for f, _, _ in items]
    (folder / "README.md").write_text("\n".join(index) + "\n")
    return written


def all_demoted(items) -> str:
    """Every report of `items` ((key, title, text) each), its headings one level down, one after another."""
    return "\n\n".join(demoted(text) for _, _, text in items)
