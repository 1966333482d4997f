"""Old run formats, read at the store's edge. A recorded run is never edited; where what a run writes has
changed, the file is upgraded here as it is read (`RecordedRun.provenance`, `RecordedRun.read_json`), so
the code above the store reads one format. Only what follows from what the run itself recorded is filled
in; a measurement an older run did not make stays absent (its reader says "not measured").

The upgrades, by file:

* ``provenance.json``, ``wall_s`` (the recording's wall time, which the store writes since it kept it):
  for an older run the wall time it states under another key (`DURATION_KEYS`) in provenance.json, else in
  summary.json, else in another top-level JSON file, else the span from the run id's timestamp (taken when
  the store starts the run) to ``date_utc`` (written when it finishes). ``wall_s_from`` says which, and is
  "provenance.json wall_s" where the store wrote it.
* ``plan.json`` (timing runs), ``protocol``: the protocol id (`protocol_id`) the recorder writes since
  runs are chosen by it, derived for an older run from the same fields; ``set_ups_during_measurement``:
  for a run recorded before set-ups came in batches, the processes that held a CUDA context before GO
  (``processes_with_cuda_before_go``: then the set-ups that overlapped a measurement).
* ``numerics.json`` of sm90-numerics: a run recorded before the per-element deviations (``from_first``)
  kept d_index_k's ``max_rel_dev`` and ``max_rel_dev_normwise`` only; where d_index_k was fp32 they are
  deviations of values and become ``from_first``'s ``max_rel`` and ``max_rel_normwise``; where it was bf16
  they were taken on the bit patterns read as integers, are not deviations, and are left out."""

import datetime as _dt

STORE_DURATION = "wall_s"
# where a run recorded before the store kept its wall time may state one
DURATION_KEYS = ("duration_s", "wall_s", "elapsed_s", "seconds")
PROVENANCE = "provenance.json"
SUMMARY = "summary.json"
RUN_STAMP = "%Y%m%dT%H%M%SZ"  # how a run id begins: the UTC time the store started the run


def protocol_id(manifest: dict) -> str:
    """A timing run's protocol id from its plan.json fields: the design, whether places alternate, the
    loaded copies of each build (K), the launches a process (L) and the A/B pairs planned (P), e.g.
    "in-process+alternate/K1/L1000/P32"."""
    design = (manifest.get("design") or "blocks") + ("+alternate" if manifest.get("alternate") else "")
    pairs = (manifest.get("plan") or {}).get("ab_pairs")
    return f"{design}/K{manifest.get('copies') or 1}/L{manifest.get('launches_per_process')}/P{pairs}"


def run_start(run_id: str) -> _dt.datetime | None:
    """When the store started the run, from its id (None for an id that does not begin with RUN_STAMP)."""
    try:
        return _dt.datetime.strptime(run_id[:16], RUN_STAMP).replace(tzinfo=_dt.timezone.utc)
    except ValueError:
        return None


def _stated_duration(run, prov: dict) -> tuple[float | None, str]:
    for key in DURATION_KEYS:
        if isinstance(prov.get(key), (int, float)):
            return float(prov[key]), f"{PROVENANCE} {key}"
    top_json = sorted((f for f in run.files() if "/" not in f and f.endswith(".json") and f != PROVENANCE),
                      key=lambda f: (f != SUMMARY, f))  # summary.json first, then the others
    for name in top_json:
        try:
            data = run.read_json(name)
        except (ValueError, UnicodeDecodeError):
            continue
        for key in DURATION_KEYS:
            if isinstance(data, dict) and isinstance(data.get(key), (int, float)):
                return float(data[key]), f"{name} {key}"
    start, end = run_start(run.id), prov.get("date_utc")
    if start and end:
        try:
            seconds = (_dt.datetime.fromisoformat(end) - start).total_seconds()
        except ValueError:
            seconds = None
        if seconds is not None and seconds >= 0:
            return seconds, "run id (start) to provenance date_utc (end)"
    return None, "not recorded"


def _provenance(run, data: dict) -> dict:
    if isinstance(data.get(STORE_DURATION), (int, float)):
        return {**data, "wall_s_from": f"{PROVENANCE} {STORE_DURATION}"}
    seconds, how = _stated_duration(run, data)
    return {**data, STORE_DURATION: seconds, "wall_s_from": how}


def _plan(run, data: dict) -> dict:
    out = dict(data)
    if not out.get("protocol"):
        out["protocol"] = protocol_id(out)
    if out.get("set_ups_during_measurement") is None and "processes_with_cuda_before_go" in out:
        out["set_ups_during_measurement"] = out["processes_with_cuda_before_go"]
    return out


def _numerics(run, data: dict) -> dict:
    out = dict(data)
    for series, meta, dtype in (("upstream_fp32", "upstream_meta", "float32"),
                                ("upstream_bf16", "upstream_meta_bf16", "bfloat16")):
        dik = ((out.get(series) or {}).get("summary") or {}).get("d_index_k")
        if not isinstance(dik, dict) or "from_first" in dik:
            continue
        dik = dict(dik)
        old = {"max_rel": dik.pop("max_rel_dev", None), "max_rel_normwise": dik.pop("max_rel_dev_normwise", None)}
        if (out.get(meta) or {}).get("d_index_k_dtype", dtype) == "float32":
            dik["from_first"] = {k: v for k, v in old.items() if v is not None}
            dik |= {"max_rel_dev": old["max_rel"], "max_rel_dev_normwise": old["max_rel_normwise"]}
        out[series] = {**out[series], "summary": {**out[series]["summary"], "d_index_k": dik}}
    return out


# (experiment or "*", file) -> the upgrade
UPGRADES = {("*", PROVENANCE): _provenance, ("*", "plan.json"): _plan, ("sm90-numerics", "numerics.json"): _numerics}


def upgrade(run, name: str, data):
    """What file `name` of `run` holds, in today's format (the data itself where nothing changed)."""
    how = UPGRADES.get((run.experiment, name)) or UPGRADES.get(("*", name))
    return how(run, data) if how and isinstance(data, dict) else data
