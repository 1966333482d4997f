"""The memory model's evidence page (96): what its code cells glue and show. Functions that show something return
a list of displayables (run with `display(*...)`), or one figure or table."""

import pandas as pd
from IPython.display import Markdown, Pretty

from racelab.book import banner as banners
from racelab.book import memory_model as mm
from racelab.book import tables
from racelab.book.pages import closed
from racelab.core import choice as choosing
from racelab.core import store
from racelab.experiments import calibration
from racelab.experiments import litmus as litmus_test
from racelab.model import happens_before as model
from racelab.model import plot as model_plot
from racelab.model import programs
from racelab.readers import racecheck_log
from racelab.vocab import Experiment, ArriveMode

# the figures glued for the page's figure grid: (calibration variant, rule set)
GRID = (("V1", "ptx-formal"), ("V2", "ptx-formal"), ("V3", "ptx-formal"), ("V3", "membar-assumed"),
        ("V4", "ptx-formal"), ("V4", "membar-assumed"), ("V5", "ptx-formal"), ("V5", "membar-assumed"))
# (topk, heads) pairs on which the model's unordered bytes are checked against the closed form
CLOSED_FORM_PAIRS = tuple((t, h) for t in (1, 31, 32, 33, 100, 128, 257, 512, 1000, 2048) for h in (1, 16, 32, 33, 64, 128))


def peer(comparison, name: str) -> tuple[dict, object]:
    """A peer comparison (memory_model.alloy_comparison or mixedproxy_comparison): its values, and its table
    as an interactive table downloadable as `name`.csv (None where no run is recorded)."""
    values, frame = comparison()
    return values, (tables.interactive(frame, name) if frame is not None else None)


def _twin_views(measured: dict, sass: dict) -> list:
    """The twin's hazard bytes (hazard mode, topk=128, heads=64, one CTA) and SASS from its newest recorded
    run, added to `measured` and `sass`; what is printed of the run."""
    twin_run = store.newest(Experiment.TWIN_RACECHECK, "sm90")
    for name, arrive in (("twin", "elected"), ("twin-fixed", "all-lanes")):
        with twin_run.open_stream(f"racecheck-hazard-topk128-heads64-ctas1-{arrive}.log") as stream:
            measured[name] = racecheck_log.parse(stream).hazard_bytes
        site = calibration.sass_before_arrive(twin_run.read_text(f"sass-topk128-heads64-{arrive}.txt"))
        sass[name] = "; ".join(site["between"]) or "nothing"
    return [Pretty(f"{twin_run.id} {twin_run.manifest_hash}")]


def three_views() -> tuple[dict, list]:
    """The model, the checker, racecheck's measured hazards and the SASS side by side, for the calibration
    variants and the twin: the values glued, and what is shown (the runs' ids, the banner, the table)."""
    choice = choosing.choose(calibration.EXPERIMENT, needs="sm90|sm100")
    run = choice.run if choice.run is not None else store.newest(calibration.EXPERIMENT, "sm90|sm100")
    calib = calibration.table(run)
    measured = {v: int(calib.loc[v, "hazards"]) for v in calib.index}
    sass = {v: calib.loc[v, "SASS before the arrive"] for v in calib.index}
    shown = [Pretty(f"{run.id} {run.manifest_hash}")] + _twin_views(measured, sass)
    views = mm.three_views(measured, sass)
    no_membar = [v for v in calib.index if "MEMBAR" not in calib.loc[v, "SASS before the arrive"]]
    values = {"three_views_agree": bool(views["racecheck model = measured"].all()),
              "calib_no_membar": ", ".join(no_membar),
              "calib_no_membar_wrong": int(calib.loc[no_membar, "wrong values read"].sum()),
              "calib_v0_sass": calib.loc["V0", "SASS before the arrive"],
              "calib_v3_sass": calib.loc["V3", "SASS before the arrive"],
              **{f"calib_hazards_{v}": measured[v] for v in calib.index}}
    banner = banners.banner(run, "replay" if choice.run is not None else choice.mode, choice.note)
    return values, shown + [banner, tables.show(views, index=True)]


def v0_threads():
    """V0's program, as the model reads it, for threads 0 and 1 of warp 0 and 32 and 33 of warp 1."""
    v0 = programs.calibration("V0")
    return tables.show(pd.DataFrame({f"thread {t}": pd.Series([model.describe(e) for e in v0.threads[t]])
                                     for t in (0, 1, 32, 33)}).fillna(""))


def hb_figure(program, rules: str):
    """The happens-before graph of `program` under `rules` (closed: shown where the cell returns it)."""
    return closed(model_plot.plot_hb(program, rules))


def hb_grid() -> dict:
    """The graphs of the figure grid (GRID), by glue name: fig_hb_<variant>_<rules>."""
    return {f"fig_hb_{variant}_{rules.replace('-', '_')}": hb_figure(programs.calibration(variant), rules)
            for variant, rules in GRID}


def twin_bytes() -> tuple[dict, Pretty]:
    """The model's unordered bytes of the twin at topk=128 and 512 (heads=64, racecheck's rule set), of the
    fixed twin, and on how many (topk, heads) pairs they equal the closed form."""
    def unordered(*args, **kwargs) -> int:
        return model.analyze(programs.twin(*args, **kwargs), "racecheck").unordered_bytes

    values = {"twin_128": unordered(128, 64), "twin_512": unordered(512, 64),
              "twin_fix": unordered(512, 64, arrive=ArriveMode.ALL_LANES),
              "closed_form_agree": sum(unordered(t, h) == programs.predicted_hazard_bytes(t, h)
                                       for t, h in CLOSED_FORM_PAIRS),
              "closed_form_pairs": len(CLOSED_FORM_PAIRS)}
    return values, Pretty(f"topk=128: {values['twin_128']} bytes; topk=512: {values['twin_512']}; fixed: "
                          f"{values['twin_fix']}; closed form agrees on {values['closed_form_agree']}/"
                          f"{values['closed_form_pairs']}")


def litmus_windows() -> list:
    """The litmus run's banner and the store windows of its converged configurations (or why there are none)."""
    run = choosing.choose(litmus_test.EXPERIMENT, needs="sm90").run
    if run is None:
        return [Markdown("No litmus run is recorded yet.")]
    windows = mm.litmus_converged(run, litmus_test.table(run))[1]
    return [banners.banner(run, "replay"),
            tables.show(windows, index=True) if windows is not None else Markdown("No converged configuration.")]
