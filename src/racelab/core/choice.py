"""Which run a page shows: the newest valid recorded run of an experiment made on the hardware it needs
(replayed), or a live measurement where RACELAB_MODE=live and that hardware is here; and, for a page built
where the GPU could measure an experiment no run of that kind of GPU records, a note naming the step that
records one (carried by the Choice, shown by the page's banner)."""

import os
from dataclasses import dataclass
from pathlib import Path

from racelab.core import provenance as _prov
from racelab.core import store
from racelab.core.store import NEEDS, RecordedRun, StoreError

# the mode a page runs in: only "live" measures (JupyterLab through `make lab`); unset, "auto" and "replay"
# replay recorded runs (`make book`)
MODE_ENV = "RACELAB_MODE"
MODES = ("", "auto", "replay", "live")
# the `make live` step that records one experiment (racelab.cli.live; its registry names the experiments)
LIVE_STEP = "racelab live --only {experiment}"


@dataclass
class Choice:
    experiment: str
    needs: str
    mode: str  # "live" or "replay"
    run: RecordedRun | None
    reason: str
    note: str | None = None  # set where this machine could record a run the store lacks (see `unrecorded_here`)

    @property
    def live(self) -> bool:
        return self.mode == "live"


def local_gpu() -> dict | None:
    """The GPU this process sees first (nvidia-smi), or None."""
    devices = _prov.gpus()
    return devices[0] if devices else None


def local_sm():
    return (local_gpu() or {}).get("sm")


def requested_mode() -> str:
    """RACELAB_MODE as given ("" when unset); StoreError for anything but live, replay or auto."""
    forced = os.environ.get(MODE_ENV, "").strip().lower()
    if forced not in MODES:
        raise StoreError(f"{MODE_ENV} must be live, replay or auto, not {forced!r}")
    return forced


def unrecorded_here(experiment: str, needs: str, root: Path | None = None, step: str | None = None) -> str | None:
    """A sentence for the page where the GPU here could measure `experiment` (its compute capability is one
    `needs` accepts) and no valid run made on a GPU of that compute capability is recorded; None otherwise.
    It names `step` (default LIVE_STEP), the `make live` step that records one."""
    if needs == "cpu":
        return None
    accepts = store.hardware_test(needs)
    sm = local_sm()
    if sm is None or not accepts(sm):
        return None
    if any(True for _ in store.candidate_paths(experiment, sm, root, False)):
        return None
    name = (local_gpu() or {}).get("name") or "GPU"
    return (f"This machine's {name} (sm_{sm}) can measure {experiment}, and no run made on an sm_{sm} GPU is "
            f"recorded: `{step or LIVE_STEP.format(experiment=experiment)}` records one "
            f"(`make live` runs every such step), and the next `make book` shows it.")


def choose(experiment: str, needs: str, root: Path | None = None, step: str | None = None) -> Choice:
    """Replay the newest valid run of `experiment` made on `needs` hardware (`newest`: failed runs passed
    over), whatever GPU is here; measure live only under RACELAB_MODE=live (JupyterLab through `make lab`)
    and only where that hardware is here (elsewhere live mode replays too, and its reason says why). Work
    that needs only a CPU always runs live. A page built where the GPU could measure the experiment and no
    run on that kind of GPU exists gets a `note` naming the `make live` step that records one
    (`unrecorded_here`; `step` overrides its command); the page's banner for the replayed run shows it, and
    with nothing to replay the reason ends with it."""
    if needs not in NEEDS:
        raise StoreError(f"unknown hardware requirement {needs!r}; one of {sorted(NEEDS)}")
    forced = requested_mode()
    if needs == "cpu":
        return Choice(experiment, needs, "live", None, "needs only a CPU")
    sm = local_sm()
    here = sm is not None and NEEDS[needs](sm)
    if forced == "live" and here:
        return Choice(experiment, needs, "live", None, f"RACELAB_MODE=live and {needs} hardware present")
    note = None if forced == "live" else unrecorded_here(experiment, needs, root, step)
    try:
        recorded = store.newest(experiment, needs, root)
    except StoreError as err:  # nothing to replay: the reason carries the note, for pages that show only it
        return Choice(experiment, needs, "replay", None, f"{err}. {note}" if note else str(err), note)
    hardware = f"an sm_{sm} GPU" if sm else "no GPU"
    why = (f"RACELAB_MODE=live, but {experiment} needs {needs} hardware and this machine has {hardware}"
           if forced == "live" else "RACELAB_MODE=replay" if forced == "replay" else
           f"{needs} hardware here, but only RACELAB_MODE=live measures" if here else f"no {needs} hardware here")
    return Choice(experiment, needs, "replay", recorded, why, note)
