"""The text a timing record prints and keeps as table.txt: one row per shape and experiment, the targets,
and what the run cost."""

from racelab.experiments.timing.load import TimingSummary


def format_table(summary: TimingSummary) -> str:
    lines = [f"{'shape':<26} {'experiment':<10} {'pairs':>5} {'delta %':>9} {'CI95 %':>8} {'bootstrap 95% %':>20} "
             f"{'control delta %':>19} {'A/A CI covers 0':>18} {'GPU s':>6}"]
    for shape, per in summary.shapes.items():
        first = True
        for name, entry in per.items():
            t, c = entry.test.paired, entry.control.paired
            cover = ""
            if entry.test.coverage is not None:
                cov, res = entry.test.coverage, entry.test.resampled
                cover = f"{cov.covered}/{cov.groups}"
                if res.reps:
                    cover += f" (n={res.size}: {100 * res.coverage:.0f}%)"
            gpu = f"{summary.gpu_s.get(shape, float('nan')):.0f}" if first else ""
            lines.append(f"{shape if first else '':<26} {name:<10} {t.pairs:>5} {t.delta_pct:>+9.4f} {t.ci95_pct:>8.4f} "
                         f"{'[%+.4f, %+.4f]' % (t.bootstrap_lo_pct, t.bootstrap_hi_pct):>20} "
                         f"{'%+.4f +/- %.4f' % (c.delta_pct, c.ci95_pct):>19} {cover:>18} {gpu:>6}")
            first = False
    return "\n".join(lines)


def target_lines(summary: TimingSummary, target_pct: float, budget_gpu_s: float) -> list[str]:
    lines = []
    for shape, per in summary.shapes.items():
        gpu = summary.gpu_s.get(shape, float("nan"))
        for name in ("ab", "ba"):
            if name in per:
                ci = per[name].test.paired.ci95_pct
                ok = ci <= target_pct and gpu <= budget_gpu_s
                lines.append(f"{shape} {name}: CI half-width {ci:.4f}% (target <= {target_pct}%), GPU time for the "
                             f"shape {gpu:.0f} s (target <= {budget_gpu_s:.0f} s): {'met' if ok else 'NOT met'}")
    return lines


def cost_text(manifest: dict) -> str:
    """What the run cost: wall time, GPU time in all, per shape (warm-up and profiled launches) and for the
    processes' start-up, per-process medians."""
    startup = manifest.get("gpu_s_startup")
    return (f"wall {manifest['wall_s']:.0f} s; GPU held {manifest['gpu_s_total']:.0f} s in total ("
            + ", ".join(f"{k}: {v:.0f} s" for k, v in manifest["gpu_s_by_shape"].items())
            + (f", start-up of the processes: {startup:.0f} s" if startup is not None else "")
            + f"); per process: import {manifest['import_s_median']:.1f} s, GPU {manifest['gpu_s_per_process_median']:.1f} s (medians)"
            + batch_text(manifest))


def batch_text(manifest: dict) -> str:
    """How the processes set up the GPU, and a warning when a set-up overlapped another's measurement."""
    overlapping = manifest["set_ups_during_measurement"]  # racelab.core.formats fills it in for older runs
    batches = manifest.get("set_up_batches_s") or {}
    text = ""
    if manifest.get("set_up_batch"):
        times = sorted(batches.values())
        text = (f"\nset-up before GO in batches of up to {manifest['set_up_batch']} processes: {len(batches)} "
                f"batches, median {times[len(times) // 2]:.1f} s each" if times else "")
    if overlapping:
        text += (f"\nWARNING: {overlapping} processes set up CUDA while another process measured (their "
                 "start-up overlapped another process's measurement)")
    return text


def order_null_table(summary: TimingSummary) -> str:
    """Per shape: the fix's effect with its plain and conservative 95% half-widths, the order effect, and
    the F test of the A/B and B/A pair-delta variance against the A/A one (racelab.stats.order_and_null)."""
    from racelab.experiments.timing.load import order_null

    lines = [f"{'shape':<26} {'effect %':>9} {'plain +/-':>9} {'conserv. +/-':>12} {'basis':>9} {'order %':>9} "
             f"{'order +/-':>9} {'SD A/B,B/A':>10} {'SD A/A':>8} {'F':>7} {'df':>7} {'p':>6}"]
    for shape, r in order_null(summary).items():
        lines.append(f"{shape:<26} {r.effect:>+9.4f} {r.plain_half:>9.4f} {r.conservative_half:>12.4f} "
                     f"{r.conservative_basis:>9} {r.order:>+9.4f} {r.order_hi - r.order:>9.4f} "
                     f"{r.sd_ab_ba_within:>10.4f} {r.sd_aa_within:>8.4f} {r.F:>7.3f} "
                     f"{'%d,%d' % (r.F_df_num, r.F_df_den):>7} {r.F_p_two_sided:>6.3f}")
    return "\n".join(lines)


def has_order_null(manifest: dict) -> bool:
    """Whether a run's design mixes A/B, B/A and A/A pairs in one order (interleaved, in-process), so that its
    report has order_null_table."""
    from racelab.experiments.timing.designs import design_named

    return design_named(manifest.get("design")).has_order_null


def report(summary: TimingSummary, manifest: dict, target_pct: float, target_gpu_s: float) -> str:
    """table.txt: the table, the target lines and the cost (an interleaved or in-process run: also
    order_null_table)."""
    extra = "\n\n" + order_null_table(summary) if has_order_null(manifest) else ""
    return format_table(summary) + extra + "\n\n" + "\n".join(target_lines(summary, target_pct, target_gpu_s)) \
        + "\n" + cost_text(manifest)


def arms_report(summary: TimingSummary, manifest: dict) -> str:
    """table.txt of a run of the arms design: per shape and comparison, the effect (percent, B against A)
    with its paired, pooled and conservative 95% half-widths (load.arms_effects), the order effect, and
    the control kernel's delta; then the cost."""
    from racelab.experiments.timing.load import arms_effects

    control = arms_effects(summary, "control")
    lines = [f"{'shape':<26} {'comparison':<40} {'pairs':>5} {'effect %':>9} {'paired +/-':>10} {'pooled +/-':>10} "
             f"{'conserv. +/-':>12} {'order %':>8} {'control %':>10}"]
    for shape, rows in arms_effects(summary).items():
        for n, (r, c) in enumerate(zip(rows, control[shape])):
            lines.append(f"{shape if n == 0 else '':<26} {r['comparison']:<40} {r['pairs']:>5} {r['effect']:>+9.4f} "
                         f"{r['plain_half']:>10.4f} {r['pooled_half']:>10.4f} {r['conservative_half']:>12.4f} "
                         f"{r['order']:>+8.4f} {c['effect']:>+10.4f}")
    return "\n".join(lines) + "\n\n" + cost_text(manifest)
