"""The store-side reports: one per true positive the lint's sweep still finds open in the newest
nvidia-cudnn-frontend release, and the forward's write-after-read on ``sKScale``.

Everything in a report comes from data: the open findings from the lint's recorded sweep and its triage
(``racelab.lint.triage``: verdict "true positive", not fixed, hit in the newest release); where each sits,
from the newest wheel's source; the evidence from the newest recorded run of the release closest to the
newest (``fwd-racecheck`` for the forward's handoffs, ``k-tail-probe`` for the K-load tail whose readers
racecheck cannot see), with the commands those runs recorded; the patch, a unified diff made by the
transform (``racelab.toolchain.transforms``) against the newest wheel's file. A report says which release
its evidence is from and "not measured" where nothing was measured."""

from __future__ import annotations

from pathlib import Path

from racelab.book.reports.common import (NEWEST, NOT_MEASURED, PTX, REPO_PREFIX, Evidence, TruePositive, Spec, closest,
                                         numbers, patch_counts, read_source)
from racelab.experiments import fwd_racecheck, k_tail_probe
from racelab.lint import triage
from racelab.lint.releases import RELEASES
from racelab.toolchain import transforms, wheels

_IF90 = "cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py"
_IB90 = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"
_FWD = fwd_racecheck.EXPERIMENT

SPECS: dict[tuple[str, str], Spec] = {
    (_IF90, "IndexerForwardSm90._issue_tma"): Spec(
        "fwd-sm90-sw-q0", "IndexerForwardSm90: warp 0's `sW` stores are released by one elected arrive on Q0",
        "RAW", ("sW",), "fwd_weights_all_lanes",
        Evidence(_FWD, (("bf16-qh64-sk512-release", "bf16-qh64-sk512-all-lanes"),
                        ("fp8-qh32-sk512-release", "fp8-qh32-sk512-all-lanes")), "sW RAW bytes")),
    (_IF90, "IndexerForwardSm90.producer"): Spec(
        "fwd-sm90-skscale-kv", "IndexerForwardSm90 (FP8): a producer warp's `sKScale` stores are released by one "
        "elected arrive on KV0/KV1", "RAW", ("sKScale",), "fwd_scales_all_lanes",
        Evidence(_FWD, (("fp8-qh32-sk512-release", "fp8-qh32-sk512-all-lanes"),), "sKScale RAW bytes")),
    (_IB90, "IndexerBackwardSm90._k_load_warpgroup_dense_inline"): Spec(
        "bwd-sm90-k-tail", "IndexerBackwardSm90 (dense): the K-load tail's cp.async and zero-fill stores are "
        "released by one elected arrive on K_LOADED", "RAW", (), None, Evidence(k_tail_probe.EXPERIMENT),
        "K_LOADED counts all 128 K-load threads and every one arrives after its own copies and stores (or a "
        "128-thread named barrier before the elected arrive)"),
}
_PIPE_KSCORE_FIX = ("every gather lane commits (arrives) after its own copies, with the barrier's count raised "
                    "to match, or a warp barrier before lane 0's commit")
for _file, _cls, _tag in (("dsa_bwd_sm100_h128_2cta.py", "FlashAttentionDSABackwardSm100H128TwoCTA", "h128"),
                          ("dsa_bwd_sm100_h128_d576_2cta.py", "FlashAttentionDSABackwardSm100H128D576TwoCTA", "d576")):
    SPECS[(f"cudnn/deepseek_sparse_attention/sparse_attention_backward/{_file}", f"{_cls}.kernel")] = Spec(
        f"dsa-bwd-sm100-{_tag}-pipe-kscore", f"{_cls}: the score-KV gather's cp.async rows are committed by lane 0 "
        f"of each gather warp (`pipe_kscore`)", "RAW", (), None, Evidence(k_tail_probe.EXPERIMENT), _PIPE_KSCORE_FIX)
READERS_WAR = Spec(
    "fwd-sm90-skscale-kvempty", "IndexerForwardSm90 (FP8): consumer lanes' `sKScale` loads are released by one "
    "elected arrive on KVEmpty before the producer overwrites the stage", "WAR", ("sKScale",),
    "fwd_readers_all_lanes",
    Evidence(_FWD, (("fp8-qh32-sk512-release", "fp8-qh32-sk512-all-lanes-readers"),
                    ("fp8-qh32-sk512-all-lanes", "fp8-qh32-sk512-all-lanes-readers")), "WAR bytes"))
"""The write-after-read side of the sKScale handoff, found by the forward audit (not a store-side lint hit)."""


def _generic_spec(file: str, function: str) -> Spec:
    slug = (Path(file).stem + "-" + function.split(".")[-1]).replace("_", "-").strip("-").lower()
    return Spec(slug, f"{function.split('.')[0]}: stores by many lanes released by one lane's arrive", "RAW", ())


def _patch(spec: Spec, source: str, file: str) -> tuple[str, list[int]]:
    if spec.transform is None:
        return "", []
    after = transforms.FWD_TRANSFORMS[spec.transform](source)
    return transforms.unified_diff(source, after, REPO_PREFIX + file), transforms.touched_lines(source, after)


def open_findings(hits_by_release: dict[str, list[dict]], release: str = NEWEST, source=None) -> list[TruePositive]:
    """The true positives the triage leaves open that the lint still reports in `release` (grouped by file and
    function: the KV0 and KV1 arrives are one finding), then the forward's write-after-read finding while its
    transform still applies to `release`'s source. `source(release, path)` reads a wheel file."""
    source = source or read_source
    groups: dict[tuple[str, str], list[dict]] = {}
    for hit in hits_by_release[release]:
        t = triage.triage_for(hit)
        if t is not None and t.verdict == triage.TRUE and not t.fixed_in:
            groups.setdefault((hit["file"], hit["function"]), []).append(hit)
    out = []
    for (file, function), hits in sorted(groups.items()):
        if file == _IF90 and any("KVEmpty" in h["barrier"] for h in hits):
            continue  # the load side of sKScale: located from the source below, whatever the lint's hit holds
        t = triage.triage_for(hits[0])
        spec = SPECS.get((file, function)) or _generic_spec(file, function)
        patch, lines = _patch(spec, source(release, file), file)
        out.append(TruePositive(spec, release, file, function, sorted({h["barrier"] for h in hits}),
                           sorted({h["line"] for h in hits}), sorted({n for h in hits for n in h.get("store_lines", [])}),
                           hits[0].get("storers", ""), sorted({c for h in hits for c in h.get("init_count", [])}),
                           t.readers,
                           t.racecheck_can_see, t.why, patch, lines))
    try:
        text = source(release, _IF90)
        patch, lines = _patch(READERS_WAR, text, _IF90)
    except (transforms.TransformError, wheels.WheelError):
        return out  # fixed (or gone) in this release
    reads = [i + 1 for i, line in enumerate(text.splitlines()) if "= sKScale[" in line]
    out.append(TruePositive(READERS_WAR, release, _IF90, "IndexerForwardSm90.consumer", ["mbar_KVEmpty0_ptr",
                       "mbar_KVEmpty1_ptr"], [n for n in lines if "mbarrier_arrive" in text.splitlines()[n - 1]],
                       reads, "", [], "plain loads", True, "", patch, lines))
    return out


# ------------------------------------------------------------------------------------------------
# Evidence, from recorded runs
# ------------------------------------------------------------------------------------------------

def _closest(by_release: dict, release: str):
    """The run of `release` if there is one, else of the newest release before it that has a run (common.closest;
    else of a release the sweep does not know)."""
    found = closest(release, by_release.get)
    if found[0] is None:
        other = next((r for r in by_release if r not in RELEASES), None)
        return (other, by_release[other]) if other else found
    return found


def k_tail_runs_by_release(root=None) -> dict:
    from racelab.core import store
    try:
        runs = store.all_runs(k_tail_probe.EXPERIMENT, gpu="sm90", root=root)
    except store.StoreError:
        return {}
    # a run made without --release on a machine without the wheel installed stands for no release: left out
    return {rel: r for r in runs if (rel := k_tail_probe.run_release(r))}


def _lines_of(store_lines: dict[str, set[int]], buffers) -> set[int]:
    return set().union(*(store_lines.get(b, set()) for b in buffers)) if buffers else set()


def evidence(finding: TruePositive, lint_hits: dict[str, list[dict]], fwd_runs: dict | None = None,
             probe_runs: dict | None = None) -> dict:
    """The measurements for a finding: {"release", "run", "command", "gpu", "dsl", "rows": [...], "note"};
    rows are (what, shipped, patched) with the cases' sanitizer commands. Empty rows where none is recorded."""
    ev = finding.spec.evidence
    if ev is None:
        return {"release": None, "run": None, "rows": [], "note": "no run of this kernel is recorded"}
    if ev.experiment == fwd_racecheck.EXPERIMENT:
        fwd_runs = fwd_racecheck.runs_by_release() if fwd_runs is None else fwd_runs
        release, rec = _closest(fwd_runs, finding.release)
        if rec is None:
            return {"release": None, "run": None, "rows": [], "note": "no fwd-racecheck run is recorded"}
        lines = fwd_racecheck.lint_store_lines(lint_hits=lint_hits[release])
        frame = fwd_racecheck.case_frame(rec, lines).set_index("case")
        cases = rec.read_json("summary.json")["cases"]
        rows = []
        for shipped, patched in ev.pairs:
            if shipped not in frame.index:
                continue
            got = frame.loc[patched, ev.column] if patched in frame.index else None
            rows.append({"case": shipped.rsplit("-sk", 1)[0], "shipped variant": shipped.split("-", 3)[3],
                         "shipped": int(frame.loc[shipped, ev.column]),
                         "patched": NOT_MEASURED if got is None else int(got), "patched variant": patched.split("-", 3)[3],
                         "command": cases[shipped]["racecheck"]["command"],
                         "outputs": {v: (cases[c]["plain"].get("result") or {}) for v, c in
                                     (("shipped", shipped), ("patched", patched)) if c in cases}})
        log = rec.path / cases[ev.pairs[0][0]]["racecheck"]["log"]
        buffers = [r for r in fwd_racecheck.buffer_rows(log, lines) if r["type"] == finding.spec.kind
                   and (r["buffer"] in finding.spec.buffers)]
        sites = [r for r in fwd_racecheck.site_rows(log) if r["type"] == finding.spec.kind
                 and finding.spec.kind == "RAW" and r["first_line"] in _lines_of(lines, finding.spec.buffers)]
        return {"release": release, "run": f"{rec.experiment}/{rec.id}", "command": rec.provenance["command"],
                "gpu": (rec.provenance.get("gpu") or {}).get("name"),
                "dsl": rec.provenance.get("packages", {}).get("nvidia-cutlass-dsl"), "rows": rows,
                "buffers": buffers, "sites": sites}
    probe_runs = k_tail_runs_by_release() if probe_runs is None else probe_runs
    release, rec = _closest(probe_runs, finding.release)
    if rec is None:
        return {"release": None, "run": None, "rows": [], "note": "no k-tail-probe run is recorded"}
    table = k_tail_probe.table(rec)
    summary = rec.read_json("summary.json")
    rows = []
    for s_k in sorted(set(table[table["report"] == "hazard"]["s_k"])):
        sel = table[(table["report"] == "hazard") & (table["s_k"] == s_k)]
        by = dict(zip(sel["arrive"], sel["hazard bytes"]))
        cmd = next(c["command"] for c in summary["cases"] if c["report"] == "hazard" and c["s_k"] == s_k
                   and c["arrive"] == "elected")
        rows.append({"case": f"probe, s_k={s_k}, one CTA", "shipped variant": "elected arrive",
                     "shipped": int(by["elected"]),
                     "patched": int(by["all-threads"]), "patched variant": "every K-load thread arrives",
                     "command": cmd, "outputs": {}})
    return {"release": release, "run": f"{rec.experiment}/{rec.id}", "command": rec.provenance["command"],
            "gpu": (rec.provenance.get("gpu") or {}).get("name"),
            "dsl": rec.provenance.get("packages", {}).get("nvidia-cutlass-dsl"), "rows": rows, "buffers": [],
            "sites": []}


# ------------------------------------------------------------------------------------------------
# The report, as Markdown
# ------------------------------------------------------------------------------------------------

def same_code(finding: TruePositive, older: str, source=None) -> bool:
    """Whether the methods holding the finding's stores and arrives are the same code (syntax trees without
    positions) in `older` as in the finding's release."""
    import ast
    source = source or read_source

    def methods(release: str, lines) -> dict:
        tree = ast.parse(source(release, finding.file))
        found = {}
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
                if lines is None or any(fn.lineno <= n <= fn.end_lineno for n in lines):
                    found[f"{cls.name}.{fn.name}"] = ast.dump(fn, include_attributes=False)
        return found

    new = methods(finding.release, finding.store_lines + finding.arrive_lines)
    old = methods(older, None)
    return all(old.get(name) == dump for name, dump in new.items())


def _why(finding: TruePositive) -> str:
    if finding.spec.kind == "WAR":
        return (f"An `mbarrier.arrive` releases the memory accesses that precede it in the arriving thread only, and "
                f"the producer's wait acquires what the arriving threads released (PTX ISA {PTX['mbarrier']}; "
                f"{PTX['release']}; {PTX['sync']}). The other lanes' loads are ordered before no arrive, so "
                f"nothing orders them before the producer's overwrite of the stage: a write-after-read data race "
                f"({PTX['race']}; {PTX['causality']}).")
    return (f"An `mbarrier.arrive` releases the memory accesses that precede it in the arriving thread only, and a "
            f"wait that sees the phase complete acquires what the arriving threads released (PTX ISA "
            f"{PTX['mbarrier']}; {PTX['release']}; {PTX['sync']}). The stores of the lanes that do not arrive reach "
            f"no release the consumer's wait observes, and nothing else synchronizes them with the readers, so "
            f"they race with the reads ({PTX['race']}; {PTX['causality']}).")


def _identity(rows: list[dict]) -> str:
    """Per case, whether the shipped and patched outputs hash alike ('' where no case has both digests)."""
    parts = []
    for row in rows:
        got = row.get("outputs") or {}
        digests = {v: (got.get(v) or {}).get("output_sha256") for v in ("shipped", "patched")}
        if not all(digests.values()):
            continue
        a, b = digests["shipped"][:16], digests["patched"][:16]
        same = digests["shipped"] == digests["patched"]
        verdict = f"identical (sha256 {a}…)" if same else f"DIFFERENT (sha256 {a}… vs {b}…)"
        parts.append(f"{row['case']} ({row['patched variant']}): {verdict}")
    return "; ".join(parts)


def _outputs(rows: list[dict]) -> str:
    parts = []
    for row in rows:
        got = row.get("outputs") or {}
        if not got:
            continue
        errs = ", ".join(f"{v} {r['max_abs_err']:.3g}" for v, r in got.items() if "max_abs_err" in r)
        ref = max((r.get("max_abs_ref") or 0) for r in got.values())
        ok = all(r.get("ok") for r in got.values())
        parts.append(f"{row['case']}: maximum absolute error against a torch fp32 reference {errs} (largest |reference| "
                     f"{ref:.3g}); {'both within' if ok else 'NOT all within'} the audit's tolerance")
    return "; ".join(parts)


def timing(finding: TruePositive, run=None) -> dict:
    """What the patch costs, from a fwd-timing run (racelab timing fwd: fresh processes in A/B, B/A and A/A
    pairs, as shipped against every storing lane arriving): {"run", "command", "release", "gpu", "rows": [{shape,
    precision, effect, half (conservative 95%), shipped_us, pairs}]}, or {"note"} where nothing applies or
    nothing is recorded. Only the forward's store-side findings have a timed patch; `run` defaults to the run
    the registry's command made last (racelab.experiments.timing.load.measured_run)."""
    from racelab.experiments.timing import load, plan
    from racelab.experiments.timing.plan import FwdShape

    ev = finding.spec.evidence
    if finding.spec.kind != "RAW" or ev is None or ev.experiment != fwd_racecheck.EXPERIMENT:
        return {"note": "no timing of this patch is recorded (`racelab timing fwd` times the forward's "
                        "store-side patch only)"}
    run = load.measured_run(plan.FWD_EXPERIMENT, needs="sm90", backend="fwd") if run is None else run
    if run is None:
        return {"note": "no fwd-timing run is recorded on an SM90 GPU"}
    summary = load.summarize_folder(run)
    variants = summary.manifest["variants"]
    precisions = {pair[0].split("-")[0] for pair in ev.pairs}
    rows = []
    for shape, got in load.order_null(summary).items():
        fs = FwdShape.parse(summary.manifest["shape_args"][shape])
        if fs.precision not in precisions:
            continue
        per = summary.shapes[shape]["ab"].test.paired
        rows.append({"shape": f"qh={fs.qh}, s_q={fs.s_q}, s_k={fs.s_k}", "precision": fs.precision,
                     "effect": got.effect, "half": got.conservative_half, "pairs": got.ab_n,
                     "aa_pairs": got.aa_n, "shipped_us": per.a_mean_ns / 1e3})
    return {"run": f"{run.experiment}/{run.id}", "command": run.provenance.get("command"),
            "release": (run.provenance.get("packages") or {}).get("nvidia-cudnn-frontend"),
            "gpu": (run.provenance.get("gpu") or {}).get("name"), "variants": variants, "rows": rows}


def timing_text(t: dict) -> str:
    """The report's Cost section from timing()."""
    if not t.get("rows"):
        return f"Paired timing of shipped and patched: {NOT_MEASURED}: {t.get('note', 'no run applies')}."
    cells = [f"{r['effect']:+.2f}% ± {r['half']:.2f}% at {r['precision'].upper()} ({r['shape']}; "
             f"{r['shipped_us']:.1f} µs as shipped)" for r in t["rows"]]
    first = t["rows"][0]
    return (f"Paired timing on {t['gpu']}, release {t['release']}, recorded run `{t['run']}` (`{t['command']}`): "
            f"the kernel as shipped (`{t['variants']['a']}`) against every storing lane arriving "
            f"(`{t['variants']['b']}`: both producer-side patches, this one among them), each in its own fresh "
            f"process, CUPTI kernel durations. The patched kernel's time relative to shipped: " + "; ".join(cells)
            + f" (conservative 95% intervals from {first['pairs']} A/B, {first['pairs']} B/A and "
            f"{first['aa_pairs']} A/A pairs in one seeded order). " + layout_caveat())


def layout_caveat() -> str:
    """Why a timing of one build per variant is not the patch's cost (the book's chapter 05 measures how far a
    layout change alone moves a kernel's time)."""
    return ("This compares one build of each variant, so code layout is not controlled (the book's chapter *What the fix costs* "
            "shows a layout change alone moving a kernel's time by as much); the delta is not attributed to the "
            "arrives.")


def reproducer(finding: TruePositive, ev: dict) -> str:
    """The one line that re-measures the finding (shipped and patched) on an SM90 GPU with this project."""
    spec = finding.spec.evidence
    if spec is None or not ev.get("rows"):
        return ""
    if spec.experiment == fwd_racecheck.EXPERIMENT:
        cases = sorted({c for pair in spec.pairs for c in pair})
        return f"racelab fwd record --release {finding.release} " + " ".join(f"--case {c}" for c in cases)
    return f"racelab k-tail record --release {finding.release}"


def markdown(finding: TruePositive, ev: dict, predicted: dict | None = None, same: bool | None = None,
             cost: dict | None = None) -> str:
    """The report: what and where, why, the evidence, the patch, numerics, cost (timing()), the reproducer."""
    f, out = finding, []
    out.append(f"# {f.spec.title}\n")
    out.append(f"nvidia-cudnn-frontend {f.release} (the newest release on PyPI that this report read), "
               f"`{f.where}`, `{f.function}`.\n")
    out.append("## What and where\n")
    out += _what_and_where(f)
    out.append("## Why\n")
    out.append(_why(f) + "\n")
    out.append("## Evidence\n")
    out += _evidence(f, ev, predicted, same)
    out.append("## Patch\n")
    out += _patch_section(f)
    out.append("## Numerics\n")
    out.append((_outputs(ev.get("rows", [])) or NOT_MEASURED).rstrip(".") + ". Byte identity of shipped and "
               "patched outputs (one plain launch each, the output's fp32 bytes hashed): "
               + (_identity(ev.get("rows", [])) or NOT_MEASURED) + ".\n")
    out.append("## Cost\n")
    out.append(timing_text(cost or {}) + "\n")
    out.append("## Reproduce\n")
    line = reproducer(f, ev)
    out.append(f"```\n{line}\n```\n" if line else f"{NOT_MEASURED}: no reproducer on a GPU this project has.\n")
    return "\n".join(out)


# ------------------------------------------------------------------------------------------------
# All of them
# ------------------------------------------------------------------------------------------------

def predicted_bytes(finding: TruePositive, hits_by_release: dict, source=None) -> dict:
    """{case: bytes predicted from source} for the forward's store-side findings (racelab.lint.predict)."""
    from racelab.lint import predict
    which = {"sW": predict.FWD_WEIGHTS, "sKScale": predict.FWD_SCALES}
    ev = finding.spec.evidence
    if finding.spec.kind != "RAW" or ev is None or ev.experiment != fwd_racecheck.EXPERIMENT:
        return {}
    source = source or read_source
    text = source(finding.release, finding.file)
    out = {}
    for shipped, _ in ev.pairs:
        precision, qh = shipped.split("-")[0], int(shipped.split("-")[1][2:])
        got = predict.predict_finding(which[finding.spec.buffers[0]], text, hits_by_release[finding.release],
                                      predict.fwd_kernel(precision, qh))
        out[shipped.rsplit("-sk", 1)[0]] = got["bytes"]
    return out


def reports(hits_by_release: dict[str, list[dict]], release: str = NEWEST, fwd_runs: dict | None = None,
            probe_runs: dict | None = None, source=None) -> list[tuple[TruePositive, dict, str]]:
    """(finding, evidence, Markdown) for every open finding in `release`."""
    out = []
    for finding in open_findings(hits_by_release, release, source):
        ev = evidence(finding, hits_by_release, fwd_runs, probe_runs)
        same = same_code(finding, ev["release"], source) if ev.get("release") and ev["release"] in RELEASES \
            and ev["release"] != release and (finding.racecheck_can_see or finding.file == k_tail_probe.UPSTREAM_PATH) \
            else None
        out.append((finding, ev, markdown(finding, ev, predicted_bytes(finding, hits_by_release, source) or None,
                                          same, timing(finding))))
    return out


def _what_and_where(f: TruePositive) -> list[str]:
    """The report's first section: the stores (or loads), the signal and the readers."""
    out = []
    if f.spec.kind == "WAR":
        out.append(f"- The loads: `sKScale` rows read by the consumer warps' lanes at lines {numbers(f.store_lines)}.")
        out.append(f"- The signal: one elected lane per warp arrives on {', '.join(f'`{b}`' for b in f.barriers)} "
                   f"(`arrive_count=32`) at lines {numbers(f.arrive_lines)}; the producer overwrites the stage "
                   f"after waiting on it.")
    else:
        out.append(f"- The stores: {f.storers} (lines {numbers(f.store_lines)}).")
        out.append(f"- The signal: one lane arrives on {', '.join(f'`{b}`' for b in f.barriers)} at line(s) "
                   f"{numbers(f.arrive_lines)}; the counts its `mbarrier_init` calls give it: "
                   f"{', '.join(str(c) for c in f.init_count) or 'not read'}.")
    visible = "plain shared loads, which racecheck sees" if f.racecheck_can_see else \
        f"{f.readers}, which reads shared memory through the async proxy ({PTX['proxy']}) and which racecheck does not see"
    out.append(f"- The readers: {visible}.\n")
    return out


def _evidence(f: TruePositive, ev: dict, predicted: dict | None, same: bool | None) -> list[str]:
    """The recorded racecheck run behind the finding (or why there is none): its cases and counts, buffers, sites and command."""
    out = []
    if not ev.get("rows"):
        out.append(f"Not measured: {ev.get('note', 'no run recorded')}.")
        if not f.racecheck_can_see:
            out.append("racecheck would report nothing here even if it ran: its readers are invisible to it.")
        out.append("")
    else:
        if not f.racecheck_can_see:
            mirrored = f.file == k_tail_probe.UPSTREAM_PATH
            out.append(f"racecheck cannot see this handoff's readers ({f.readers}), so a run of the kernel reports "
                       f"nothing. The evidence is the K-tail probe (`kernels/probe_k_tail_sm90.py`): "
                       + (f"this handoff (`{k_tail_probe.UPSTREAM_FUNCTION}`), its thread mapping, every element "
                          f"read back with plain loads." if mirrored else
                          "the same shape (every lane copies and stores, one lane signals) in the SM90 K-load tail, "
                          "read back with plain loads; it is not this kernel, which needs an SM100 GPU.") + "\n")
        where = "" if ev["release"] == f.release else " This is the newest release with a recorded run" + (
            "." if same is None else f"; the methods at these sites are {'the same code' if same else 'NOT the same code'} "
            f"in {ev['release']} and {f.release}.")
        out.append(f"racecheck in hazard mode (`compute-sanitizer --tool racecheck --racecheck-report hazard`), "
                   f"release {ev['release']}, on {ev.get('gpu')} with nvidia-cutlass-dsl {ev.get('dsl')}, recorded "
                   f"run `{ev['run']}`.{where}\n")
        head = "| case | byte hazards as shipped | patched |" + (" predicted from source |" if predicted else "")
        out += [head, "|---|---|---|" + ("---|" if predicted else "")]
        for row in ev["rows"]:
            pred = f" {predicted.get(row['case'], '')} |" if predicted else ""
            out.append(f"| {row['case']}, {row['shipped variant']} | {row['shipped']} | {row['patched']} "
                       f"({row['patched variant']}) |{pred}")
        out.append("")
        for b in ev.get("buffers", []):
            out.append(f"- {b['type']} on `{b['buffer']}`: {b['bytes']} bytes ({b['records']} records); stored by "
                       f"{b['storing threads']}; loaded by {b['loading threads']}.")
        for s in ev.get("sites", []):
            out.append(f"- racecheck names `{s['first']}` then `{s['second']}` ({s['bytes']} bytes).")
        out.append(f"\nRecorded with `{ev['command']}`. The first case under the sanitizer:\n")
        out.append(f"```\n{ev['rows'][0]['command']}\n```\n")
    return out


def _patch_section(f: TruePositive) -> list[str]:
    """The generated patch and what it replaces, or the fix in words where none is generated."""
    out = []
    if f.patch:
        minus, plus = patch_counts(f.patch)
        out.append(f"Removes {minus} line(s) and adds {plus} in `{f.where}` of {f.release}; the lines it replaces "
                   f"or removes are {numbers(f.patch_lines)} (made by "
                   f"`racelab.toolchain.transforms.{f.spec.transform}`):\n")
        out.append(f"```diff\n{f.patch}```\n")
    else:
        out.append(f"No patch is generated here. The fix: {f.spec.fix or 'every storing lane arrives.'}\n")
    return out
