"""Chapters 04 and 05 on the real kernel: which recorded runs of the driver exist (racelab real: an SM100 run of
PR #426's kernel, an H200 run of its SM90 sibling), and the figures the prose glues. Where an SM100 run exists
its numbers are the page's, with PR #426's beside them labelled as reported; where none exists the page
quotes the PR, labelled so. The SM90 figures are always the H200 run's, labelled as the sibling kernel."""

from racelab.book import cost, tables
from racelab.core import store
from racelab.core.provenance import gpu_models
from racelab.experiments import code_layout, real_numerics, real_racecheck
from racelab.experiments.timing import layouts, load
from racelab.experiments.timing.plan import REAL_EXPERIMENT, REAL_LAYOUTS_EXPERIMENT
from racelab.stats import interval_text
from racelab.toolchain import real_kernel
from racelab.vocab import BLOCK_I, PR_REPORTED, PR_SHAPES

NOT_RECORDED = "(not recorded)"


def _of_default_pair(rec, arch: str) -> bool:
    """Whether a real-numerics run compares the GPU's default pair (baseline, candidate) first, as the
    chapters describe it; a run of other variants (a newer release's) belongs to the page that names them."""
    tgt = real_kernel.TARGETS[arch]
    return tuple(rec.read_json("summary.json").get("variants", [])[:2]) == (tgt.baseline, tgt.candidate)


def runs(root=None) -> dict:
    """{(experiment, arch): newest valid run or None} for the three real-kernel experiments on both GPUs (for
    real-numerics, the newest of the GPU's default pair of variants)."""
    out = {(e, a): store.newest_or_none(e, a, root) for e in (real_racecheck.EXPERIMENT, REAL_EXPERIMENT)
           for a in real_kernel.TARGETS}
    for a in real_kernel.TARGETS:
        pair = [r for r in store.candidates(real_numerics.EXPERIMENT, a, root=root) if _of_default_pair(r, a)]
        out[(real_numerics.EXPERIMENT, a)] = pair[0] if pair else None
    return out


# ------------------------------------------------------------------ racecheck

def racecheck_runs(arch: str, root=None) -> list:
    """Every valid real-racecheck run made on an `arch` GPU, newest first (store.candidates)."""
    return store.candidates(real_racecheck.EXPERIMENT, arch, root=root)


def racecheck_counts(rec) -> dict:
    """{(variant, shape, report): {"records", "reports", "hazards", "by_type", "nonfinite", "run"}} of the measured
    cases (failed cases are left out: they measured nothing). `rec` is one run or a list of runs, newest
    first: a variant's cases then come from the newest run that measured it."""
    recs = rec if isinstance(rec, list) else [rec]
    out, taken = {}, set()
    for one in recs:
        summary = one.read_json("summary.json")
        failed = set(real_racecheck.run_failed_cases(summary))
        here = set()
        for c in summary["cases"]:
            if c["report"] is None or c["case"] in failed or c["variant"] in taken:
                continue
            p = c.get("parsed") or {}
            here.add(c["variant"])
            out[(c["variant"], c["shape"], c["report"])] = {
                "records": p.get("records"), "reports": p.get("reports"),
                "hazards": p.get("analysis_hazards") if c["report"] == "analysis" else p.get("hazard_bytes"),
                "by_type": p.get("by_type") or {},
                "nonfinite": real_racecheck.nonfinite_outputs(c.get("launch")), "run": one.id}
        taken |= here
    return out


def _count(row: dict, got: dict | None):
    if got is None:
        return None
    return got["records"] if row["report"] == "hazard" else got["reports"]


def comparison_table(sm100_run):
    """PR #426's racecheck rows, reported, and beside each the SM100 run's measurement where one exists
    (baseline = unpatched, candidate = patched, each variant named)."""
    import pandas as pd

    reported = real_racecheck.reported_table()
    if sm100_run is None:
        return reported
    counts, tgt, gpu = racecheck_counts(sm100_run), real_kernel.SM100, sm100_run.gpu_name
    rows = []
    for i, row in enumerate(PR_REPORTED["racecheck"]):
        rows.append(reported.iloc[i].to_dict())
        before = _count(row, counts.get((tgt.baseline, row["shape"], row["report"])))
        after = _count(row, counts.get((tgt.candidate, row["shape"], row["report"])))
        rows.append({**reported.iloc[i].to_dict(), "before the fix": before, "after the fix": after,
                     "source": f"measured on {gpu} ({sm100_run.experiment}/{sm100_run.id}): "
                               f"{tgt.baseline} vs {tgt.candidate}"})
    table = pd.DataFrame(rows)
    for col in ("before the fix", "after the fix"):
        table[col] = pd.to_numeric(table[col], errors="coerce").astype("Int64")
    return table


def racecheck_glue(sm100_run, sm90_run) -> dict:
    """Glue values of chapter 04's real-kernel section. `real_*`: the SM100 figures the prose states, from the
    SM100 run where there is one (`real_source` says which); `pr_*`: PR #426's, always; `sm90_*`: the SM90
    sibling's H200 run, or "(not recorded)"."""
    out = {"pr_environment": PR_REPORTED["environment"]}
    counts = racecheck_counts(sm100_run) if sm100_run is not None else {}
    tgt = real_kernel.SM100
    for row in PR_REPORTED["racecheck"]:
        key = row["shape"].replace("-", "_")
        for side, variant in (("unpatched", tgt.baseline), ("patched", tgt.candidate)):
            out[f"pr_{key}_{side}"] = row[side]
            measured = _count(row, counts.get((variant, row["shape"], row["report"])))
            if sm100_run is None:
                out[f"real_{key}_{side}"] = row[side]
            else:
                out[f"real_{key}_{side}"] = NOT_RECORDED if measured is None else measured
    if sm100_run is None:
        out["real_source"] = "reported in PR #426 (no SM100 run is recorded here)"
    else:
        out["real_source"] = f"measured on {sm100_run.gpu_name} by this book (run {sm100_run.id})"
    out.update(sm90_racecheck_glue(sm90_run))
    return out


def sm90_racecheck_glue(runs) -> dict:
    """The SM90 sibling's figures from its racecheck runs (newest first; a variant from the newest run that
    measured it), or "(not recorded)"."""
    names = ("gpu", "run", "multi_hazard_shipped", "multi_hazard_closed", "multi_reports_shipped",
             "multi_reports_closed", "multi_analysis_hazards_shipped", "one_cta_shipped", "one_cta_closed",
             "cta512_shipped", "nonfinite", "nonfinite_cases", "cases", "multi_hazard_barriers",
             "multi_hazard_both", "finite_barriers", "finite_both", "multi_hazard_shipped_runs")
    runs = [r for r in (runs if isinstance(runs, list) else [runs]) if r is not None]
    if not runs:
        return {f"sm90_{n}": NOT_RECORDED for n in names}
    counts, tgt = racecheck_counts(runs), real_kernel.SM90
    shipped, closed = tgt.baseline, tgt.candidate
    barriers, both = tgt.secondary

    def get(variant, shape, report, field):
        got = counts.get((variant, shape, report))
        return NOT_RECORDED if got is None or got[field] is None else got[field]

    def finite(variant):
        cases = [got for (v, _, _), got in counts.items() if v == variant]
        if not cases:
            return NOT_RECORDED
        bad = sum(bool(got["nonfinite"]) for got in cases)
        return f"finite in all {len(cases)} cases" if not bad else f"non-finite in {bad} of {len(cases)} cases"

    main = [got for (v, _, _), got in counts.items() if v in (shipped, closed)]
    bad = sorted({o for got in main for o in got["nonfinite"]})
    used = sorted({got["run"] for got in counts.values()})
    return {"sm90_gpu": gpu_models([r for r in runs if r.id in used]),
            "sm90_run": ", ".join(f"{real_racecheck.EXPERIMENT}/{u}" for u in used),
            "sm90_multi_hazard_shipped": get(shipped, "multi-block", "hazard", "records"),
            "sm90_multi_hazard_shipped_runs": over_runs(runs, shipped, "multi-block", "hazard"),
            "sm90_multi_hazard_closed": get(closed, "multi-block", "hazard", "records"),
            "sm90_multi_reports_shipped": get(shipped, "multi-block", "analysis", "reports"),
            "sm90_multi_reports_closed": get(closed, "multi-block", "analysis", "reports"),
            "sm90_multi_analysis_hazards_shipped": get(shipped, "multi-block", "analysis", "hazards"),
            "sm90_one_cta_shipped": get(shipped, "one-cta", "hazard", "records"),
            "sm90_one_cta_closed": get(closed, "one-cta", "hazard", "records"),
            "sm90_cta512_shipped": get(shipped, "512-cta", "analysis", "reports"),
            "sm90_multi_hazard_barriers": get(barriers, "multi-block", "hazard", "records"),
            "sm90_multi_hazard_both": get(both, "multi-block", "hazard", "records"),
            "sm90_finite_barriers": finite(barriers), "sm90_finite_both": finite(both),
            "sm90_nonfinite": ", ".join(bad) if bad else "none",
            "sm90_nonfinite_cases": f"{sum(bool(g['nonfinite']) for g in main)} of {len(main)}",
            "sm90_cases": len(main)}


def over_runs(runs: list, variant: str, shape: str, report: str) -> str:
    """A variant's hazard records at a shape in every run of `runs` that measured it: "the same in all N
    recorded runs", or the range with the count of runs (racecheck's count can differ from run to run)."""
    got = [c[(variant, shape, report)]["records"] for c in (racecheck_counts(r) for r in runs)
           if c.get((variant, shape, report)) and c[(variant, shape, report)]["records"] is not None]
    if len(got) < 2:
        return "one recorded run" if got else NOT_RECORDED
    return tables.count_over_runs(got)


def records_by_run(runs: list, variant: str, shape: str, report: str = "hazard") -> list[dict]:
    """A variant's records at a shape in each run of `runs` that measured it (racecheck_counts), in the order
    of `runs`: the run, its GPU model, the records and their split by type."""
    out = []
    for r in runs:
        got = racecheck_counts(r).get((variant, shape, report))
        if got and got["records"] is not None:
            out.append({"run": r.id, "gpu": gpu_models([r]), "records": got["records"], "by_type": got["by_type"]})
    return out


def four_way_table(runs):
    """The SM90 kernel's variants at the multi-block shape (release 1.27.0's four, then the newest release's
    two): hazard records and analysis reports, and whether the outputs stayed finite under racecheck in every
    case of the variant (the run each comes from, and its GPU)."""
    import pandas as pd

    runs = [r for r in runs if r is not None]
    counts, tgt = racecheck_counts(runs), real_kernel.SM90
    gpu = {r.id: gpu_models([r]) for r in runs}
    rows = []
    for variant in tgt.variants + tgt.secondary + tgt.newest:
        cases = {k: v for k, v in counts.items() if k[0] == variant}
        if not cases:
            continue
        hazard, analysis = cases.get((variant, "multi-block", "hazard")), cases.get((variant, "multi-block", "analysis"))
        bad = sorted({o for got in cases.values() for o in got["nonfinite"]})
        rows.append({"variant": tgt.label(variant),
                     "hazard records (multi-block)": hazard["records"] if hazard else None,
                     "analysis reports (multi-block)": analysis["reports"] if analysis else None,
                     "non-finite under racecheck": ", ".join(bad) or "none",
                     "GPU": gpu[next(iter(cases.values()))["run"]], "run": next(iter(cases.values()))["run"]})
    table = pd.DataFrame(rows)
    for col in ("hazard records (multi-block)", "analysis reports (multi-block)"):
        if col in table:
            table[col] = pd.to_numeric(table[col], errors="coerce").astype("Int64")
    return table


def k_blocks(shape: str) -> int:
    """How many top-k blocks of 128 a query walks at a PR shape (the SM90 kernel cycles 3 K stages)."""
    return PR_SHAPES[shape].topk // BLOCK_I


# ------------------------------------------------------------------ numerics

def numerics_glue(rec, prefix: str) -> dict:
    """Chapter 05's figures of a real-numerics run, under `prefix` ("sm90" or "sm100"): at the multi-block
    shape, distinct sha256 over the replays per output (baseline), d_index_k's worst relative deviation from
    replay 0, and the candidate against the baseline (elements differing per output, d_index_k's max ulps)."""
    keys = ("replays", "dq_distinct", "dw_distinct", "dk_distinct", "dk_rel", "dq_vs", "dw_vs", "dk_vs",
            "dk_vs_ulps", "dk_vs_rel", "dk_elements", "dk_within", "dk_within_ulps", "gpu", "verdict")
    if rec is None:
        return {f"{prefix}_num_{k}": NOT_RECORDED for k in keys}
    s = rec.read_json("summary.json")
    base, cand = s["variants"][0], s["variants"][1]
    per = (s["per_variant"].get("multi-block") or {}).get(base)
    across = (s["across_variants"].get("multi-block") or {}).get(cand)
    out = {f"{prefix}_num_gpu": rec.gpu_name, f"{prefix}_num_replays": s["replays"]}
    if per is None or across is None:
        return {**{f"{prefix}_num_{k}": NOT_RECORDED for k in keys}, **out}
    out.update({
        f"{prefix}_num_dq_distinct": per["d_index_q"]["distinct_sha256"],
        f"{prefix}_num_dw_distinct": per["d_weights"]["distinct_sha256"],
        f"{prefix}_num_dk_distinct": per["d_index_k"]["distinct_sha256"],
        f"{prefix}_num_dk_rel": f"{per['d_index_k']['max_rel_dev_normwise']:.1e}",
        f"{prefix}_num_dq_vs": f"{across['d_index_q']['elements_differing']:,} of {across['d_index_q']['elements']:,}",
        f"{prefix}_num_dw_vs": f"{across['d_weights']['elements_differing']:,} of {across['d_weights']['elements']:,}",
        f"{prefix}_num_dk_vs": f"{across['d_index_k']['elements_differing']:,}",
        f"{prefix}_num_dk_vs_ulps": f"{across['d_index_k']['max_ulps']:,}",
        f"{prefix}_num_dk_vs_rel": f"{across['d_index_k']['max_rel_normwise']:.1e}",
        f"{prefix}_num_dk_within": f"{per['d_index_k']['from_first']['elements_differing']:,}",
        f"{prefix}_num_dk_within_ulps": f"{per['d_index_k']['from_first']['max_ulps']:,}",
        f"{prefix}_num_dk_elements": f"{across['d_index_k']['elements']:,}"})
    out[f"{prefix}_num_verdict"] = spread_text(rec, base, cand)
    return out


def spread_verdicts(rec, base: str, cand: str, shape: str = "multi-block") -> list[tuple[str, list[str]]]:
    """(run id, real_numerics.outside_own_spread) of every valid real-numerics run made on `rec`'s kind of GPU
    that compares `cand` with `base` at `shape`, oldest first: one comparison of first replays a run, so the
    verdict can differ from run to run."""
    got = []
    for one in store.all_runs(real_numerics.EXPERIMENT, rec.sm, root=rec.root):
        s = one.read_json("summary.json")
        per = (s["per_variant"].get(shape) or {}).get(base)
        across = (s["across_variants"].get(shape) or {}).get(cand)
        if s["variants"][:2] == [base, cand] and per and across:
            got.append((one.id, real_numerics.outside_own_spread(per, across)))
    return got


def spread_over_runs(verdicts: dict) -> str:
    """A clause on how many of the recorded runs (`verdicts`: run id -> spread_verdicts' list) stay within the
    shipped kernel's own spread, naming each run that does not; "" for fewer than two runs."""
    if len(verdicts) < 2:
        return ""
    outside = {run: o for run, o in verdicts.items() if o}
    if not outside:
        return f"all {len(verdicts)} recorded runs of these two variants stay within it"
    within = len(verdicts) - len(outside)
    return (f"of the {len(verdicts)} recorded runs of these two variants, {within} {'stays' if within == 1 else 'stay'}"
            f" within it and {len(outside)} {'does' if len(outside) == 1 else 'do'} not ("
            + "; ".join(f"{run}: {', '.join(o)}" for run, o in outside.items()) + ")")


def spread_text(rec, base: str, cand: str, shape: str = "multi-block") -> str:
    """Whether `cand`'s first replay stays within the spread of `base`'s own replays in `rec`, and over every
    recorded run of the two variants (spread_verdicts, spread_over_runs)."""
    verdicts = dict(spread_verdicts(rec, base, cand, shape))
    here = verdicts[rec.id]
    text = ("within the spread of the shipped kernel's own replays" if not here else
            "outside the spread of the shipped kernel's own replays in " + ", ".join(here))
    over = spread_over_runs(verdicts)
    return f"{text}; {over}" if over else text


def numerics_table(rec):
    return real_numerics.table(rec)


# ------------------------------------------------------------------ timing

def timing_glue(rec, prefix: str) -> dict:
    """Chapter 05's figures of a real-timing run under `prefix`: per PR timing shape (topk=128 one CTA, then
    the multi-block shape) the fix's effect with its plain and conservative intervals (book.cost's
    order_null_frame) and the pairs of each kind."""
    keys = ("128_effect", "128_plain", "128_cons", "512_effect", "512_plain", "512_cons", "pairs", "launches",
            "gpu", "a", "b")
    if rec is None:
        return {f"{prefix}_t_{k}": NOT_RECORDED for k in keys}
    summary = load.summarize_folder(rec)
    frame = cost.order_null_frame(summary)
    manifest = summary.manifest
    variants = manifest.get("variants") or {}
    out = {f"{prefix}_t_gpu": rec.gpu_name, f"{prefix}_t_a": variants.get("a", NOT_RECORDED),
           f"{prefix}_t_b": variants.get("b", NOT_RECORDED),
           f"{prefix}_t_launches": manifest.get("launches_per_process", NOT_RECORDED)}
    for tag, (_, r) in zip(("128", "512"), frame.iterrows()):
        out[f"{prefix}_t_{tag}_effect"] = f"{r['effect']:+.3f}%"
        out[f"{prefix}_t_{tag}_plain"] = f"± {r['plain_half']:.3f}%"
        out[f"{prefix}_t_{tag}_cons"] = f"± {r['conservative_half']:.3f}%"
    first = frame.iloc[0]
    out[f"{prefix}_t_pairs"] = f"{int(first['ab_n'])} A/B, {int(first['ba_n'])} B/A and {int(first['aa_n'])} A/A"
    return out


def timing_table(rec):
    """Per PR timing shape of a real-timing run: the fix's effect on the kernel under test with its plain and
    conservative 95 % half-widths (percent), the basis of the conservative one, and the pairs of each kind."""
    frame = cost.order_null_frame(load.summarize_folder(rec)).reset_index()
    columns = ["shape", "effect", "plain_half", "conservative_half", "conservative_basis", "ab_n", "ba_n", "aa_n"]
    out = frame.reindex(columns=columns)  # a run with no A/B and B/A pairs gives the columns and no rows
    return out.rename(columns={"effect": "effect %", "plain_half": "± plain %", "conservative_half": "± conservative %",
                               "conservative_basis": "conservative basis", "ab_n": "A/B pairs", "ba_n": "B/A pairs",
                               "aa_n": "A/A pairs"})


# ------------------------------------------------------------------ code layout

def code_layout_run(kernel: str, root=None):
    """The newest code-layout run of `kernel` ("sm90", "sm100", "fwd": upstream's kernels moved by 16 ... 112
    bytes, checked in the SASS; compiled on a CPU), or None."""
    found = [r for r in store.candidates(code_layout.EXPERIMENT, "cpu", root=root, log=False)
             if r.read_json("summary.json").get("kernel") == kernel]
    return found[0] if found else None


def code_layout_frames(rec):
    """(summary, every build) of a code-layout run: per variant and shape the natural build's size, the offsets
    checked, how many are their natural build moved, the prologue instructions ptxas placed differently, and
    where the first loop lands modulo 128 at each offset; and one row per build."""
    import pandas as pd

    s = rec.read_json("summary.json")

    every = [{"variant": code_layout.split(s["kernel"], b["variant"])[0], "shape": b["shape"], "moved by (B)": b["pad_bytes"],
              "instructions": b["instructions"], "loops": len(b["loop_heads"]),
              "first loop mod 128": b["heads_mod_128"][0] if b["heads_mod_128"] else None,
              "layout-only": "natural" if not b["pad_bytes"] else ("yes" if b["ok"] else "no"),
              "moved in prologue": b.get("moved_in_prologue", "-"), "cubin sha256": b["cubin_sha256"][:12]}
             for b in s["builds"]]
    frame = pd.DataFrame(every)
    rows = []
    for (variant, shape), g in frame.groupby(["variant", "shape"], sort=False):
        moved = g[g["moved by (B)"] > 0]
        rows.append({"variant": variant, "shape": shape,
                     "instructions": int(g[g["moved by (B)"] == 0]["instructions"].iloc[0]),
                     "loops": int(g["loops"].iloc[0]),
                     "layout-only": f"{(moved['layout-only'] == 'yes').sum()} of {len(moved)}",
                     "moved in prologue": "-".join(dict.fromkeys(str(int(v)) for v in (
                         moved["moved in prologue"].min(), moved["moved in prologue"].max()))),
                     "first loop mod 128": ", ".join(str(v) for v in g["first loop mod 128"])})
    return pd.DataFrame(rows), frame


def code_layout_glue(root=None) -> dict:
    """The figures the pages glue from the code-layout runs: per kernel ("cl_sm90_", "cl_sm100_", "cl_fwd_")
    the moved builds checked, how many are layout-only, and the run; the offsets and the prologue figures of the
    SM90 run; and whether any timing run of moved builds is recorded ("cl_timed")."""
    timed = real_layout_runs(root)
    out = {"cl_timed": f"{len(timed)} timing run(s) of the moved builds are recorded (below)." if timed else
           "No timing run of the moved builds is recorded yet: on an H200, the make-live step "
           "real-timing-layouts records one, to be run on each of two machine starts."}
    for kernel in ("sm90", "sm100", "fwd"):
        rec = code_layout_run(kernel, root)
        s = rec.read_json("summary.json") if rec is not None else {"builds": [], "offsets": [0]}
        moved = [b for b in s["builds"] if b["pad_bytes"]]
        out.update({f"cl_{kernel}_checked": str(len(moved)) if rec else NOT_RECORDED,
                    f"cl_{kernel}_passed": str(sum(b["ok"] for b in moved)) if rec else NOT_RECORDED,
                    f"cl_{kernel}_run": rec.id if rec else NOT_RECORDED})
        if kernel == "sm90":
            out["cl_offsets"] = (f"{min(s['offsets'])} to {max(s['offsets'])} bytes in {len(s['offsets'])} steps"
                                 if rec else NOT_RECORDED)
            out["cl_prologue"] = "-".join(sorted({str(b["moved_in_prologue"]) for b in moved}, key=int)) or NOT_RECORDED
    return out


def real_layout_runs(root=None) -> list:
    """Every measured real-timing-layouts run made on an SM90 GPU (upstream's SM90 kernel, both variants moved by
    one code offset a run; `racelab timing real --offsets`), newest first."""
    return store.candidates(REAL_LAYOUTS_EXPERIMENT, "sm90", backend="real", root=root)


def real_layout_fits(runs=None) -> list[dict]:
    """timing.layouts.real_fix_over_layouts at every shape of the real-timing-layouts runs (default: every
    measured one), shapes in order; [] when none is recorded. The tables and the glue below read these."""
    runs = real_layout_runs() if runs is None else runs
    shapes = sorted(layouts.real_pairs(runs)["shape"].unique()) if runs else []
    return [layouts.real_fix_over_layouts(runs, shape) for shape in shapes]


def _range_text(fit: dict, sep: str) -> str:
    effects = [o["effect"] for o in fit["offsets"]]
    return f"{min(effects):+.2f} %{sep}{max(effects):+.2f} %".replace("-", "\u2212")


def real_layout_table(runs=None):
    """Per shape the fix's effect on the real kernel averaged over the runs' code offsets: over the offsets
    measured (the fit, its 95 % interval and df) and over the offsets taken as a sample of layouts (Student-t
    over the offsets' means), the offsets and pairs, and the between-offset SD."""
    import pandas as pd

    return pd.DataFrame([{"shape": f["shape"], "fix's effect": interval_text(f["effect_pct"], f["half_pct"]),
                          "df": f["df"] if f["df"] is not None else "(Wald)",
                          "over layouts": interval_text(f["layout_effect_pct"], f["layout_half_pct"]),
                          "df (layouts)": f["layout_df"], "offsets (B)": ", ".join(str(o["offset"]) for o in f["offsets"]),
                          "pairs": f["pairs"], "starts": f["starts"],
                          "SD between offsets (%)": f"{f['between_offsets_sd_pct']:.3f}"} for f in real_layout_fits(runs)])


def real_layout_chapter_table(runs=None):
    """Chapter 05's table of the real kernel over code layouts: per shape the effect over the offsets measured,
    over the offsets as a sample of layouts, the range over offsets and the pairs (real_layout_table has the rest)."""
    import pandas as pd

    return pd.DataFrame([{"shape": f["shape"], "over the offsets measured": interval_text(f["effect_pct"], f["half_pct"]),
                          f"as a sample of layouts ({f['layout_df']} df)":
                              interval_text(f["layout_effect_pct"], f["layout_half_pct"]),
                          "effect at the offsets, lowest to highest": _range_text(f, " to "), "A/B + B/A pairs": f["pairs"]}
                         for f in real_layout_fits(runs)])


def real_layout_offsets(runs=None):
    """Every offset of the real-timing-layouts runs at each shape: the fix's mean pair delta there with its
    Student-t 95 % interval, pairs and df."""
    import pandas as pd

    return pd.DataFrame([{"shape": f["shape"], "offset (B)": o["offset"], "fix's effect": interval_text(o["effect"], o["half"]),
                          "A/B + B/A pairs": o["n"], "df": o["df"]} for f in real_layout_fits(runs) for o in f["offsets"]])


def real_layouts_glue(runs=None) -> dict:
    """The figures chapter 05 and the cost evidence page glue from the real-timing-layouts runs ("rl_*"): per
    shape ("128", "512" by topk) the fix's effect over the offsets measured (the fit's interval) and over the
    offsets as a sample of layouts (Student-t, df = offsets - 1) and the range over offsets; the pairs, offsets,
    machine starts and runs; the chapter's sentence (the range, first and alone) and the evidence page's (the
    fits too, with what they do not measure)."""
    runs = real_layout_runs() if runs is None else runs
    if not runs:
        return {"rl_recorded": "no", "rl_n_offsets": "0", "rl_sample_df": "no", "rl_band": "",
                "rl_sentence": "No timing run of the moved builds is recorded yet."}
    gpus = gpu_models(runs)  # every GPU the pooled runs were made on
    out = {"rl_recorded": "yes", "rl_runs": ", ".join(r.id for r in runs), "rl_gpu": gpus}
    for f in real_layout_fits(runs):
        key = f["shape"].split("topk")[-1]
        out.update({f"rl_{key}": interval_text(f["effect_pct"], f["half_pct"]),
                    f"rl_{key}_sample": interval_text(f["layout_effect_pct"], f["layout_half_pct"]),
                    f"rl_{key}_range": _range_text(f, " to "),
                    "rl_pairs": str(f["pairs"]), "rl_offsets": ", ".join(str(o["offset"]) for o in f["offsets"]),
                    "rl_n_offsets": str(len(f["offsets"])), "rl_sample_df": str(f["layout_df"]),
                    "rl_starts": str(f["starts"]), "rl_fit": f["fit"],
                    "rl_df": str(f["df"]) if f["df"] is not None else "Wald"})
    out["rl_band"] = (f"On upstream's SM90 sibling ({gpus}) the fix's effect moves from {out['rl_128_range']} at "
                      f"topk=128 and from {out['rl_512_range']} at topk=512 over {out['rl_n_offsets']} offsets.")
    fit = out["rl_fit"] + ("" if out["rl_df"] == "Wald" else f"; {out['rl_df']} df")  # a Wald interval has no df
    out["rl_sentence"] = (
        f"Timed at {out['rl_n_offsets']} code layouts (both variants moved by {out['rl_offsets']} bytes, every moved "
        f"build checked in the SASS first; {out['rl_pairs']} A/B + B/A pairs a shape in {out['rl_starts']} "
        f"session(s) on the {out['rl_gpu']}), the fix's effect ranges from {out['rl_128_range']} at topk=128 and "
        f"from {out['rl_512_range']} at topk=512. Those offsets are half of the 16-byte alignments modulo 128, the "
        "same ones in the same order in every session, and the fix moves this kernel's loops by different amounts "
        "at each, so they do not average the layout out: the range is what the fix did at these layouts, "
        "suggestive, not an estimate of its own cost.")
    out["rl_fit_sentence"] = (
        f"{out['rl_sentence']} The fit over the offsets measured gives {out['rl_128']} at topk=128 and "
        f"{out['rl_512']} at topk=512 ({fit}): the precision for these {2 * int(out['rl_n_offsets'])} builds"
        f", not for the fix. Taken as a sample of layouts, the offsets give {out['rl_128_sample']} and "
        f"{out['rl_512_sample']} ({out['rl_sample_df']} df); a t interval over "
        f"{out['rl_n_offsets']} fixed, unrandomised alignments is no test of a cost, whether or not it holds zero.")
    return out
