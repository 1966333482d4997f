"""What a racecheck recorder keeps for each case and how a recorded case is read back: the parsed numbers of its
log (or why the parser refused it), whether a racy variant's wrong output is the race showing, and the typed
entry a page reads (RecordedCase)."""

from dataclasses import dataclass

from racelab.readers.racecheck_log import parse, report_summary


def parsed_entry(stored, *, truncated: bool) -> dict:
    """{"parsed": report_summary} for a stored log, or {"parsed": None, "parse_error": why}: what a recorder
    keeps for each case, so that a log the parser rejects is kept and said so."""
    try:
        return {"parsed": report_summary(parse(stored, allow_truncated=truncated))}
    except Exception as err:  # noqa: BLE001 - the log is kept either way; say why it could not be read
        return {"parsed": None, "parse_error": f"{type(err).__name__}: {err}"}


def mark_race_in_output(entry: dict, racy: bool) -> dict:
    """A recorder's case entry, told whether its variant is racy by design. Such a variant may read back a
    wrong output: the race it carries, showing. Its program then exits 1 after printing its result line
    (correct false), and racecheck's log is whole; that case is kept as a measurement, with its status ok and
    "race_in_output" true, and the program's own exit status stays in "returncode". Any other way of failing
    (a timeout, a crash, no result line, an unreadable log) still fails it, and a wrong output of a variant
    that is not racy is always a failure."""
    output = entry.get("kernel_output") or {}
    shows = (racy and entry.get("status") == "failed" and entry.get("returncode") == 1 and not entry.get("timed_out")
             and output.get("correct") is False and entry.get("parsed") is not None)
    if shows:
        entry["status"] = "ok"
    entry["race_in_output"] = bool(shows)
    return entry


@dataclass(frozen=True)
class RecordedCase:
    """One case of a racecheck recorder's summary.json (parsed_entry, mark_race_in_output), typed: what ran
    (`name`, the `report` mode, the recorder's own keys in `params`: topk, heads, s_k, ..., returncode,
    timed_out), how it ended (`status`), its stored `log` and what the parser made of it (`parsed`,
    report_summary's numbers, or None with `parse_error`), and the kernel's own check (`kernel_output`,
    `correct`, `race_in_output`). Keys a run recorded before they existed read as None or false."""

    name: str
    report: str | None
    status: str | None
    log: str | None
    parsed: dict | None
    parse_error: str | None
    kernel_output: dict | None
    correct: bool | None
    race_in_output: bool
    params: dict

    _KEYS = ("case", "report", "status", "log", "parsed", "parse_error", "kernel_output", "correct",
             "race_in_output")

    @classmethod
    def from_entry(cls, e: dict) -> "RecordedCase":
        return cls(e["case"], e.get("report"), e.get("status"), e.get("log"), e.get("parsed"), e.get("parse_error"),
                   e.get("kernel_output"), e.get("correct"), bool(e.get("race_in_output")),
                   {k: v for k, v in e.items() if k not in cls._KEYS})

    @property
    def hazard_bytes(self) -> int | None:
        return (self.parsed or {}).get("hazard_bytes")

    def failure(self) -> str | None:
        """Why the case failed, or None: the program did not finish well (status other than ok), its log
        could not be read (`parsed` None), or its output was wrong (`correct` false) where that is not the
        race of a racy variant showing (mark_race_in_output)."""
        why = [f"status {self.status}"] if self.status != "ok" else []
        why += [f"log not read ({self.parse_error or 'no log'})"] if self.parsed is None else []
        why += ["wrong output"] if self.correct is False and not self.race_in_output else []
        return "; ".join(why) or None


def failed_cases(entries) -> list[str]:
    """The cases of a recorder's summary that failed (RecordedCase.failure), one line each."""
    return [f"{c.name}: {why}" for c in map(RecordedCase.from_entry, entries) if (why := c.failure())]

