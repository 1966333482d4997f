"""Chapter 03 (the SASS): what its code cells glue. `old` and `new` are the arrive sites of the unpatched and
patched releases as compiled here (racelab.experiments.arrive_site.upstream_analysis)."""

from racelab.book import sass_figures
from racelab.book.pages import closed
from racelab.experiments import calibration, sass_matrix


def live_values(old, new) -> dict:
    """The two live builds: each one's init count, arrive and the instructions between the last shared store
    and the arrive; the DSL and ptxas that built them; the unpatched arrive's elect, predicate and offset."""
    out = {}
    for name, s in (("old", old.info), ("new", new.info)):
        out |= {f"{name}_init": s["init_count"], f"{name}_arrive": s["arrive"]["text"],
                f"{name}_between": " ; ".join(s["before_arrive"][1:-1])}
    return out | {"live_dsl": old.info["dsl"], "live_ptxas": f"{old.info['ptxas']} ({old.info['ptxas_build']})",
                  "old_elect": old.info["elect"]["text"], "old_pred": old.info["arrive"]["predicate"],
                  "w_offset": old.info["arrive"]["offset"]}


def lanes_values(old, new) -> dict:
    """The figure of which lanes execute each instruction of the load warp, unpatched above patched."""
    return {"fig_lanes": closed(sass_figures.lanes_figure([
        (f"release {old.info['release']} (unpatched): init count {old.info['init_count']}", "unpatched", old.site),
        (f"release {new.info['release']} (patched): init count {new.info['init_count']}", "patched", new.site)]))}


def matrix_values(rows: list[dict]) -> dict:
    """The recorded build matrix (sass_matrix.facts): its counts, ptxas versions, what else sits before the
    arrive, the stores per lane at each topk, and its figure."""
    facts = sass_matrix.facts(rows)
    return {**{f"m_{name}": facts[name] for name in ("cells", "ok", "membar", "old", "new")},
            "m_pred_old": facts["predicated_old"], "m_pred_new": facts["predicated_new"],
            "m_ptxas": ", ".join(facts["ptxas"]), "m_extra": ", ".join(facts["extra"]) or "nothing",
            "m_extra_n": facts["extra_builds"],
            "m_stores": ", ".join(f"{'/'.join(map(str, v))} at topk={t}" for t, v in facts["stores"].items()),
            "fig_matrix": closed(sass_figures.matrix_figure(rows))}


def calibration_values() -> dict:
    """The calibration kernel's source and the fences V3 and V4 put before their arrive on sm_100a."""
    source, sites = calibration.fence_sites()

    def fences(variant: str) -> str:
        return " ; ".join(i.opcode for i in sites[variant, "sm_100a"].before_arrive if i.base in ("MEMBAR", "FENCE"))

    return {"cal_source": source, "cal_v3": fences("V3"), "cal_v4": fences("V4")}
