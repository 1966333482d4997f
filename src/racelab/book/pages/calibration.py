"""Chapter 02 (calibration): the run it shows, the values it glues, and the SASS rebuilt where nvcc is here."""

import shutil

import pandas as pd
from IPython.display import Pretty

from racelab.book import tables
from racelab.core import choice as choosing
from racelab.experiments import calibration


def chosen():
    """The calibration run the chapter shows (measured live under RACELAB_MODE=live on an SM90 or SM100 GPU,
    else replayed) and its choice; RuntimeError where there is none to show."""
    choice = choosing.choose(calibration.EXPERIMENT, needs="sm90|sm100")
    run = calibration.record() if choice.live else choice.run
    if run is None:
        raise RuntimeError(f"nothing to show: {choice.reason}")
    return choice, run


def values(calib: pd.DataFrame) -> dict:
    """Each variant's hazard count, the bytes a writer lane stores (V0, V7), V0's writer lanes, the variants
    other than V0 that race, and the wrong values read in all."""
    return {**{f"calib_{variant}_hazards": int(row["hazards"]) for variant, row in calib.iterrows()},
            "calib_bytes_per_lane": calib.loc["V0", "bytes per writer lane"],
            "calib_V7_bytes_per_lane": calib.loc["V7", "bytes per writer lane"] if "V7" in calib.index else "–",
            "calib_writers": calib.loc["V0", "writer lanes"],
            "calib_racy": ", ".join(v for v in calib.index if v != "V0" and calib.loc[v, "hazards"] > 0),
            "calib_wrong_total": f"{int(calib['wrong values read'].sum()):,}"}


def rebuilt_here(calib: pd.DataFrame) -> list:
    """Where nvcc is installed: every variant rebuilt here against the SASS the run recorded (a line for each
    that differs, then a table, same or DIFFERS per variant and architecture); else a line saying so."""
    if not shutil.which("nvcc"):
        return [Pretty("nvcc is not installed here: showing the recorded SASS only")]
    here = pd.DataFrame(calibration.sass_table()).set_index(["variant", "arch"])
    recorded = {(v, a): calib.loc[v, a] for v in calib.index for a in calibration.ARCHS}
    here["recorded"] = [recorded.get(idx, "not recorded") for idx in here.index]
    here["rebuilt"] = ["; ".join(b) or "nothing" for b in here["between"]]
    here["same"] = here["recorded"] == here["rebuilt"]
    differ = [Pretty(f"{variant} {arch}: rebuilt {row['rebuilt']!r}, recorded {row['recorded']!r}")
              for (variant, arch), row in here[~here["same"]].iterrows()]
    return differ + [tables.show(here["same"].unstack("arch").map(lambda same: "same" if same else "DIFFERS"),
                                 index=True)]
