"""Facts some runs recorded wrongly, said once beside the runs (results/CORRECTIONS.json) with the evidence
for the right value; the runs themselves are never edited."""

import json
from pathlib import Path

from racelab.core.paths import results_dir
from racelab.core.store import StoreError

# Facts some runs recorded wrongly, said once beside the runs (results/CORRECTIONS.json) with the evidence for
# the right value; the runs themselves are never edited. Each entry: "runs" (experiment/id), "field" (only
# "git.commit" so far), "recorded" (what their provenance.json says), "corrected", "why", "evidence".
CORRECTIONS = "CORRECTIONS.json"


def correction_entries(root: Path | None = None) -> list[dict]:
    """The entries of the result store's CORRECTIONS.json, in order ([] without one)."""
    path = Path(root or results_dir()) / CORRECTIONS
    if not path.exists():
        return []
    try:
        return list(json.loads(path.read_text())["corrections"])
    except (ValueError, KeyError, TypeError) as err:
        raise StoreError(f"{path}: not a list of corrections ({err})") from err


def corrections(root: Path | None = None) -> dict[str, dict]:
    """{experiment/id: the correction that names it} (correction_entries)."""
    return {run: entry for entry in correction_entries(root) for run in entry["runs"]}


def commit_of(run) -> tuple[str | None, dict | None]:
    """The commit a run's code came from, and the correction applied where CORRECTIONS.json corrects it (a
    correction whose "recorded" value is not what the run holds does not apply, and raises)."""
    recorded = (run.provenance.get("git") or {}).get("commit")
    fix = corrections(run.root).get(f"{run.experiment}/{run.id}")
    if not fix or fix.get("field") != "git.commit":
        return recorded, None
    if fix.get("recorded") != recorded:
        raise StoreError(f"{CORRECTIONS} corrects {run.experiment}/{run.id}'s commit {fix.get('recorded')!r}, "
                         f"but the run recorded {recorded!r}")
    return fix["corrected"], fix
