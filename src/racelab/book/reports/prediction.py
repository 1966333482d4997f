"""From source to count on the load side: the write-after-read hazard records racecheck reports for the SM90
backward's ``K_CONSUMED`` handoff, predicted from each variant's kernel source, beside the records every
recorded SM90 run measured (chapter 08; its evidence page lists every case)."""

from __future__ import annotations

import ast
import re

from racelab.book import real_results as rk
from racelab.book.reports.common import NOT_MEASURED
from racelab.book.reports.load_side import FILE, GPU, source_constants
from racelab.core.provenance import gpu_models
from racelab.toolchain import real_kernel as targets
from racelab.vocab import BLOCK_I, PR_SHAPES


_ELEMENT = re.compile(r"^\s*sIndices0:\s*cute\.struct\.Align\[cute\.struct\.MemRange\[(?P<dtype>\w+), self\.block_I\]")
_INDEX = re.compile(r"^\s*my_ni = (?P<expr>.+?)\s*$")
_GRID = re.compile(r"^\s*grid=\(seqlen, batch_size, 1\),\s*$")
_BYTES = {"Int32": 4, "Int64": 8, "Int16": 2}


def war_model(text: str) -> dict:
    """What the prediction reads from one variant's source: the bytes of an ``sIndices`` element, how a
    compute thread picks the element it reads (``my_ni``), the guard of the K_CONSUMED arrive, the K stages,
    the threads of a warpgroup, and the grid (one CTA per query row and batch). ValueError where the source
    does not have the shape the prediction assumes."""
    lines = text.splitlines()
    element = next((m["dtype"] for ln in lines if (m := _ELEMENT.match(ln))), None)
    index = {m["expr"] for ln in lines if (m := _INDEX.match(ln))}
    guard = next((ln.strip() for ln in lines if re.match(r"^\s*if wg_tidx (==|>=) 0:\s*$", ln)), None)
    consts = source_constants(ast.parse(text))
    if element not in _BYTES or index != {"wg_tidx"} or guard is None or not any(map(_GRID.match, lines)):
        raise ValueError(f"{FILE}: not the K_CONSUMED shape the prediction reads (element {element}, index "
                         f"{sorted(index)}, guard {guard})")
    return {"element_bytes": _BYTES[element], "stages": consts["NUM_K_STAGES"], "warpgroup": consts["WARPGROUP_SIZE"],
            "all_arrive": guard.startswith("if wg_tidx >="), "grid": "seqlen x batch_size"}


def predicted_war(model: dict, shape: str) -> dict:
    """The WAR hazard records racecheck reports for the K_CONSUMED handoff at PR shape `shape`, predicted:
    compute thread e of each warpgroup reads element e of its stage; only e = 0 arrives (as shipped), so the
    other elements' reads are ordered before no arrive; the K-load thread e overwrites element e when a stage
    is reused, which happens in a CTA whose query walks more top-k blocks than there are K stages. One record
    per byte, as racecheck reports the twin's bytes read twice (run twin-racecheck-readers): records =
    CTAs x unordered elements x element bytes where a stage is reused once. A stage reused more than once a
    CTA is not predicted (no run measures it)."""
    s = PR_SHAPES[shape] if isinstance(shape, str) else shape
    blocks, stages = s.topk // BLOCK_I, model["stages"]
    unordered = 0 if model["all_arrive"] else min(BLOCK_I, model["warpgroup"]) - 1
    if blocks > 2 * stages:
        return {"records": None, "why": f"{blocks} top-k blocks over {stages} stages reuse a stage more than once"}
    ctas = s.s_q * s.b
    reuse = blocks > stages
    return {"records": ctas * unordered * model["element_bytes"] if reuse else 0, "ctas": ctas, "blocks": blocks,
            "stages": stages, "unordered": unordered,
            "why": "" if reuse else f"{blocks} top-k block(s) fit in {stages} stages: no stage is refilled"}


def prediction_rows(root=None) -> list[dict]:
    """Every hazard-mode case of every recorded SM90 real-racecheck run: predicted WAR records (from the
    variant's own source: the release's file with the variant's transforms applied) beside the measured WAR
    and RAW records."""
    rows, models = [], {}
    for rec in rk.racecheck_runs(GPU, root):
        for case in rec.read_json("summary.json")["cases"]:
            parsed = case.get("parsed") or {}
            if case.get("report") != "hazard" or case.get("status") != "ok" or not parsed:
                continue
            variant = case["variant"]
            if variant not in models:
                models[variant] = war_model(targets.kernel_source(targets.SM90, variant))
            got = predicted_war(models[variant], case["shape"])
            by_type = parsed.get("by_type") or {}
            rows.append({"run": f"{rec.experiment}/{rec.id}", "GPU": gpu_models([rec]), "variant": variant, "shape": case["shape"],
                         "CTAs": got.get("ctas"), "top-k blocks": got.get("blocks"), "K stages": got.get("stages"),
                         "unordered elements": got.get("unordered"), "predicted WAR": got["records"],
                         "measured WAR": by_type.get("WAR", 0), "measured RAW": by_type.get("RAW", 0),
                         "note": got["why"]})
    return rows


def prediction_glue(rows: list[dict]) -> dict:
    """Chapter 08's sentence on the prediction: the WAR records predicted where a stage is refilled and not
    every reader arrives, in how many recorded cases the measured count equals it, and the others."""
    shipped = [r for r in rows if r["predicted WAR"]]  # the variants whose readers do not all arrive
    if not shipped:
        return {k: NOT_MEASURED for k in ("kcp_predicted", "kcp_equal", "kcp_cases", "kcp_other", "kcp_unordered",
                                          "kcp_stages", "kcp_element_bytes")}
    equal = [r for r in shipped if r["measured WAR"] == r["predicted WAR"]]
    other = [r for r in shipped if r["measured WAR"] != r["predicted WAR"]]
    first = shipped[0]
    return {"kcp_predicted": f"{first['predicted WAR']:,}", "kcp_equal": str(len(equal)),
            "kcp_unordered": str(first["unordered elements"]), "kcp_stages": str(first["K stages"]),
            "kcp_element_bytes": str(first["predicted WAR"] // (first["CTAs"] * first["unordered elements"])),
            "kcp_cases": str(len(shipped)),
            "kcp_other": "; ".join(f"{r['variant']}: {r['measured WAR']:,} WAR and {r['measured RAW']:,} RAW"
                                   for r in other) or "none"}
