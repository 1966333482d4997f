"""The provenance page: which page used which run is logged by the store while a page executes (every
load through store.newest, store.all_runs, racelab.core.choice.choose) and the inventory reads it back; how long each
run took comes from the store's own record, or for older runs from what they state."""

import json
from pathlib import Path


from racelab.book import glue_values, inventory
from racelab.core import provenance, store
from racelab.core import usage

ROOT = Path(__file__).resolve().parents[1]

H200 = {"name": "NVIDIA H200", "sm": 90, "compute_capability": "9.0", "driver": "580.159.04", "memory": "143771 MiB"}

PAGE = """\
---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

# A page that replays

```{code-cell} ipython3
from racelab.core import choice as choosing
from racelab.core import store

choice = choosing.choose("exp", needs="sm90")
every = store.all_runs("other", "sm90")
print(choice.run.id, len(every))
```
"""


def _record(experiment, n, monkeypatch):
    monkeypatch.setattr(provenance, "gpus", lambda: [H200])
    made = []
    for i in range(n):
        with store.new_run(experiment, command=["test"]) as run:
            run.write_text("i.txt", f"{i}\n")
        made.append(run.recorded.id)
    return made


def test_a_page_logs_every_run_it_loads(tmp_path, monkeypatch):
    results = tmp_path / "results"
    monkeypatch.setenv("RACELAB_RESULTS", str(results))
    [exp] = _record("exp", 1, monkeypatch)
    others = _record("other", 2, monkeypatch)
    _record("unused", 1, monkeypatch)
    (tmp_path / "page.md").write_text(PAGE)
    log = tmp_path / "usage.jsonl"
    monkeypatch.setenv(usage.USAGE_LOG_ENV, str(log))
    glue_values.execute(tmp_path / "page.md", timeout=300)  # a kernel of its own, as the book build runs it
    used = {(e["page"], e["experiment"], e["run"]) for e in usage.read_usage(log)}
    assert used == {("page", "exp", exp)} | {("page", "other", r) for r in others}
    rows = {(r.experiment, r.run_id): [p.docname for p in r.pages] for r in inventory.inventory(results, log)}
    assert rows[("unused", store.runs("unused")[0].name)] == []
    assert all(rows[("other", r)] == ["page"] for r in others)


def _rewrite_provenance(run, **changes):
    """An older run's provenance.json (the store did not record wall_s then), its sums kept consistent."""
    import hashlib

    prov = {k: v for k, v in run.provenance.items() if k != "wall_s"} | changes
    (run.path / "provenance.json").write_text(json.dumps(prov))
    lines = [f"{hashlib.sha256((run.path / name).read_bytes()).hexdigest()}  {name}" for name in run.files()]
    (run.path / "SHA256SUMS").write_text("\n".join(lines) + "\n")
    return store.RecordedRun(run.path)


def test_a_run_takes_the_time_the_store_recorded(tmp_path, monkeypatch):
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(provenance, "gpus", lambda: [])
    with store.new_run("exp", command=["test"]) as run:
        run.write_json("summary.json", {"seconds": 99.0})
    rec = run.recorded
    assert inventory.run_duration(rec) == (rec.provenance["wall_s"], "provenance.json wall_s")
    older = _rewrite_provenance(rec)
    assert inventory.run_duration(older) == (99.0, "summary.json seconds")


def test_an_older_run_without_a_stated_time_spans_its_id_to_its_date(tmp_path, monkeypatch):
    import datetime as dt

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(provenance, "gpus", lambda: [])
    with store.new_run("exp", command=["test"]) as run:
        pass
    start = dt.datetime.strptime(run.recorded.id[:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=dt.timezone.utc)
    older = _rewrite_provenance(run.recorded, date_utc=(start + dt.timedelta(seconds=42)).isoformat())
    assert inventory.run_duration(older) == (42.0, "run id (start) to provenance date_utc (end)")
