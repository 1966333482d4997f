"""The compiler matrix: upstream's W_LOADED site compiled by every (release, DSL version, topk), recorded as
one ``sass-matrix`` run, and read back as rows and facts for chapter 03.

Per cell the run holds ``cells/<cell>/summary.json`` (the site as JSON, compile time, cache-hit time),
``sass.txt.xz`` (the whole disassembly), ``neighbourhood.sass`` (the load warp's code up to the arrive),
``load-warp.ptx`` and ``kernel.ptx.xz``; a cell that fails to build records its error instead. The top-level
``summary.json`` lists every cell."""

from __future__ import annotations

import sys
import time

from racelab.core import store
from racelab.readers import ptx as ptx_reader
from racelab.readers import sass
from racelab.toolchain import nvidia, upstream
from racelab.experiments.arrive_site import upstream_site
from racelab.vocab import Experiment

EXPERIMENT = Experiment.SASS_MATRIX.value
RELEASES = ("1.26.0", "1.27.0")
DSLS = ("4.5.0", "4.6.1", "4.8.1")
TOPKS = (128, 512, 2048)
OLD, NEW = RELEASES  # unpatched, patched (PR #426)


def cell_name(release: str, dsl: str, topk: int) -> str:
    return f"{release}-dsl{dsl}-topk{topk}"


def neighbourhood(site: sass.ArriveSite) -> str:
    """The load warp's straight-line SASS ending just after the arrive, as listing lines."""
    return "\n".join(i.listing() for i in site.stream) + "\n"


def record(releases=RELEASES, dsls=DSLS, topks=TOPKS, fresh: bool = True, log=print):
    """Compile every (release, DSL, topk) cell, read its W_LOADED site, and record it all as one run.
    ``fresh=True`` recompiles even cached cells, so every compile time is measured in this run."""
    cells = []
    with store.new_run(EXPERIMENT, command=sys.argv) as run:
        for release in releases:
            var = upstream.release_variant(release)
            for dsl in dsls:
                for topk in topks:
                    cell = _record_cell(run, var, release, dsl, topk, fresh)
                    cells.append(cell)
                    log(_cell_line(cell))
        run.write_text("README.md", README.format(releases=", ".join(releases), dsls=", ".join(dsls),
                                                  topks=", ".join(map(str, topks))))
        run.write_json("summary.json", {"experiment": EXPERIMENT, "releases": list(releases),
                                        "dsls": list(dsls), "topks": list(topks), "fresh": fresh,
                                        "cells": [_flat(c) for c in cells]})
        run.extra["matrix"] = {"cells": len(cells), "ok": sum(c["ok"] for c in cells),
                               "dsl_builds": sorted({c["build"]["cutlass_file"] for c in cells if c["ok"]})}
    return run.recorded


def _record_cell(run, var, release: str, dsl: str, topk: int, fresh: bool) -> dict:
    name = cell_name(release, dsl, topk)
    spec = upstream.Specialization(topk=topk)
    cell = {"cell": name, "release": release, "variant": var.name, "dsl": dsl, "topk": topk}
    t0 = time.perf_counter()
    try:
        site = upstream_site(var.name, spec, dsl, fresh=fresh)
        cold_s = time.perf_counter() - t0
        t1 = time.perf_counter()
        upstream_site(var.name, spec, dsl)  # the same request again: a cache hit
        cell.update(ok=True, site=site, cold_s=round(cold_s, 3), cache_hit_s=round(time.perf_counter() - t1, 3))
        b = upstream.lookup(upstream.make_key(var, spec, dsl))
        cell["build"] = {k: b.meta[k] for k in ("worker_s", "cutlass_file", "dsl_reported", "options", "built_utc")}
        offset = int(site["arrive"]["offset"], 16)
        dis_text = nvidia.disassemble(b.cubin)
        s = sass.find_arrive_site(sass.parse(dis_text), offset, what=name)
        run.write_text(f"cells/{name}/sass.txt", dis_text, compress=True)
        run.write_text(f"cells/{name}/neighbourhood.sass", neighbourhood(s))
        ptx = b.ptx.read_text()
        region = ptx_reader.ptx_region(ptx, offset)
        run.write_text(f"cells/{name}/load-warp.ptx", "".join(f"{t}\n" for _, t in region))
        run.write_text(f"cells/{name}/kernel.ptx", ptx, compress=True)
    except (upstream.UpstreamError, sass.SassError, nvidia.ToolError) as exc:
        cell.update(ok=False, error=str(exc), error_type=type(exc).__name__, cold_s=round(time.perf_counter() - t0, 3))
    run.write_json(f"cells/{name}/summary.json", cell)
    return cell


README = """# sass-matrix: the W_LOADED arrive across compilers

Releases {releases} of nvidia-cudnn-frontend x nvidia-cutlass-dsl {dsls} x topk {topks}: upstream's
`IndexerBackwardSm100.kernel_gemm` compiled for sm_100a on a CPU (no GPU), disassembled with nvdisasm.

Re-make (a new run, never an edit of this one): `racelab sass --matrix` (racelab.experiments.sass_matrix.record).

- `summary.json`: one row per cell (ok, ptxas, init count, arrive, predicate, what lies between the
  last shared store and the arrive, compile and cache-hit seconds).
- `cells/<release>-dsl<version>-topk<k>/summary.json`: the cell in full (the JSON `racelab sass --json`
  prints, plus the build's worker time and DSL location); `sass.txt.xz`: the whole disassembly;
  `neighbourhood.sass`: the load warp's code up to the arrive; `load-warp.ptx`: the same region of the
  PTX; `kernel.ptx.xz`: the whole PTX.
"""


def _flat(cell: dict) -> dict:
    """One row per cell for tables."""
    row = {k: cell[k] for k in ("cell", "release", "variant", "dsl", "topk", "ok", "cold_s")}
    if not cell["ok"]:
        return {**row, "error": cell["error"]}
    s = cell["site"]
    return {**row, "cache_hit_s": cell["cache_hit_s"], "compile_s": s["compile_s"],
            "worker_s": round(cell["build"]["worker_s"], 3), "ptxas": s["ptxas"],
            "arrive": s["arrive"]["text"], "predicated": s["arrive"]["predicated"],
            "elect": (s["elect"] or {}).get("text"), "init_count": s["init_count"],
            "membar_before_arrive": s["membar_before_arrive"], "before_arrive": s["before_arrive"]}


def _cell_line(cell: dict) -> str:
    if not cell["ok"]:
        return f"{cell['cell']:28} FAILED {cell['error']}"
    s = cell["site"]
    return (f"{cell['cell']:28} ptxas {s['ptxas']:5} init {s['init_count']:>2}  "
            f"{'@' + s['arrive']['predicate'] if s['arrive']['predicated'] else 'all lanes':9} "
            f"membar={s['membar_before_arrive']}  cold {cell['cold_s']:.1f}s  hit {cell['cache_hit_s']:.2f}s")


# ---------------------------------------------------------------------------------------- reading a run

def rows(rec) -> list[dict]:
    """The rows of a recorded matrix run (``store.RecordedRun``), each with ``stores``: how many shared
    stores (``STS*``) each lane of the load warp makes before the arrive, counted in the recorded
    neighbourhood."""
    out = rec.read_json("summary.json")["cells"]
    for row in out:
        if row["ok"]:
            listing = sass.parse_listing(rec.read_text(f"cells/{row['cell']}/neighbourhood.sass"), row["cell"])
            row["stores"] = sass.store_count(listing)
    return out


def frame(rows_: list[dict]):
    """The rows as the chapter's table, indexed by release, DSL and topk."""
    import pandas as pd
    return pd.DataFrame([{
        "release": r["release"], "DSL": r["dsl"], "topk": r["topk"], "ptxas": r.get("ptxas"),
        "init count": r.get("init_count"), "arrive": r.get("arrive", r.get("error")),
        "MEMBAR before arrive": r.get("membar_before_arrive"), "STS per lane": r.get("stores"),
        "last STS → arrive": " ; ".join(r.get("before_arrive", [])),
        "compile (s)": r.get("compile_s"), "cache hit (s)": r.get("cache_hit_s"),
    } for r in rows_]).set_index(["release", "DSL", "topk"])


def _executed_others(row: dict) -> list[str]:
    """Opcodes strictly between the last store and the arrive that execute and are neither store, fence,
    election nor arrive (register-only instructions the scheduler slotted in)."""
    return [op.split()[-1] for op in row["before_arrive"][1:-1]
            if not op.startswith("@!PT") and sass.opcode_role(op.split()[-1]) == "other"]


def facts(rows_: list[dict]) -> dict:
    """What the matrix shows, as numbers and lists: cells and builds, how many carry a MEMBAR before the
    arrive, predicated arrives per release, the ptxas versions, the extra register-only instructions, shared
    stores per lane by topk, and compile and cache-hit times in seconds."""
    ok = [r for r in rows_ if r["ok"]]
    old = [r for r in ok if r["release"] == OLD]
    new = [r for r in ok if r["release"] == NEW]
    return {
        "cells": len(rows_), "ok": len(ok),
        "membar": sum(r["membar_before_arrive"] for r in ok),
        "ptxas": sorted({r["ptxas"] for r in ok}),
        "old": len(old), "predicated_old": sum(r["predicated"] for r in old),
        "new": len(new), "predicated_new": sum(r["predicated"] for r in new),
        "extra": sorted({op for r in ok for op in _executed_others(r)}),
        "extra_builds": sum(1 for r in ok if _executed_others(r)),
        "stores": {t: sorted({r["stores"] for r in ok if r["topk"] == t}) for t in sorted({r["topk"] for r in ok})},
        "compile_max_s": max(r["compile_s"] for r in ok), "compile_min_s": min(r["compile_s"] for r in ok),
        "cache_hit_max_s": max(r["cache_hit_s"] for r in ok),
    }


def compare_live(rows_: list[dict], live: list[dict]) -> list[dict]:
    """Each live build (``upstream_site`` JSON) against the recorded cell of the same release, DSL and topk:
    ``same`` is True when arrive, init count and the instructions before the arrive all match, False when
    any differs, None when the matrix has no such cell."""
    recorded = {(r["release"], r["dsl"], r["topk"]): r for r in rows_ if r["ok"]}
    out = []
    for info in live:
        cell = recorded.get((info["release"], info["dsl"], info["specialization"]["topk"]))
        same = None if cell is None else (cell["arrive"], cell["init_count"], cell["before_arrive"]) == (
            info["arrive"]["text"], info["init_count"], info["before_arrive"])
        out.append({"variant": info["variant"], "dsl": info["dsl"], "same": same})
    return out


LIVE_VERDICTS = {True: "same arrive, init count and instructions as the recorded cell",
                 False: "DIFFERS from the recorded cell", None: "no recorded cell for this DSL version"}


def compare_live_text(rows_: list[dict], live: list[dict]) -> str:
    """compare_live as lines of text, one per live build: its variant, DSL and verdict."""
    return "\n".join(f"{c['variant']:16} DSL {c['dsl']}: {LIVE_VERDICTS[c['same']]}" for c in compare_live(rows_, live))
