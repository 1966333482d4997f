"""The result store: runs appear atomically with provenance and checksums, any change to a run is caught,
the newest run for the hardware is chosen, and live/replay follows the hardware and RACELAB_MODE."""

import datetime
import hashlib
import json
import os
import types

import pytest

from racelab.core import provenance
from racelab.core import store
from racelab.core import choice as choosing
from racelab.core import usage as usage_log
from racelab.book import banner as banners

H200 = {"name": "NVIDIA H200", "sm": 90, "compute_capability": "9.0", "driver": "580.159.04", "memory": "143771 MiB"}
B200 = {"name": "NVIDIA B200", "sm": 100, "compute_capability": "10.0", "driver": "580.82.07", "memory": "183359 MiB"}


def sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(autouse=True)
def quiet_machine(monkeypatch, tmp_path):
    """No GPU, no tool probing, results under tmp_path, no RACELAB_MODE from the caller's shell."""
    monkeypatch.setattr(provenance, "gpus", lambda: [])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.delenv("RACELAB_MODE", raising=False)


def on_gpu(monkeypatch, gpu):
    monkeypatch.setattr(provenance, "gpus", lambda: [gpu] if gpu else [])


@pytest.fixture
def clock(monkeypatch):
    """store's clock, one second further at every run (start), or frozen with clock.step = 0."""

    class Clock:
        t = datetime.datetime(2026, 11, 30, 12, 0, 0, tzinfo=datetime.timezone.utc)
        step = datetime.timedelta(seconds=1)

        @classmethod
        def now(cls, tz=None):
            cls.t += cls.step
            return cls.t

    monkeypatch.setattr(store, "_dt", types.SimpleNamespace(datetime=Clock, timezone=datetime.timezone))
    return Clock


def record(experiment="exp", files=None, **kwargs):
    with store.new_run(experiment, command=["test"], **kwargs) as run:
        for name, text in (files or {"a.txt": "alpha\n"}).items():
            run.write_text(name, text)
    return run.recorded


# ------------------------------------------------------------------ writing a run

def test_new_run_writes_provenance_and_sums(monkeypatch, tmp_path):
    on_gpu(monkeypatch, H200)
    with store.new_run("twin-racecheck", command=["racelab", "twin", "record"]) as run:
        run.write_text("notes.txt", "hello\n")
        run.write_bytes("hazard.log", b"x" * 1000, compress=True)
        run.write_json("summary.json", {"hazards": 3})
        (run.path / "sub").mkdir()
        (run.path / "sub" / "raw.bin").write_bytes(b"\x00\x01")
    rec = run.recorded
    assert rec.path == tmp_path / "results" / "twin-racecheck" / rec.id
    assert rec.id.endswith("-h200")
    prov = rec.provenance
    assert prov["experiment"] == "twin-racecheck" and prov["run_id"] == rec.id
    assert prov["gpu"]["name"] == "NVIDIA H200" and prov["command"] == "racelab twin record"
    assert {"date_utc", "python", "packages", "git", "tools"} <= set(prov)
    sums = dict(reversed(line.split("  ", 1)) for line in (rec.path / "SHA256SUMS").read_text().splitlines())
    assert set(sums) == {"notes.txt", "hazard.log.xz", "summary.json", "sub/raw.bin", "provenance.json"}
    assert all(sums[name] == sha256(rec.path / name) for name in sums)
    assert rec.manifest_hash == sha256(rec.path / "SHA256SUMS")
    # reading: compression is transparent, names may omit .xz
    assert rec.read_bytes("hazard.log") == b"x" * 1000
    assert rec.read_json("summary.json") == {"hazards": 3}
    with rec.open_stream("hazard.log") as stream:
        assert stream.read() == b"x" * 1000
    assert rec.gpu_name == "NVIDIA H200" and rec.sm == 90


def test_cpu_run_and_root_argument(tmp_path):
    rec = record(root=tmp_path / "elsewhere")
    assert rec.path.parent == tmp_path / "elsewhere" / "exp"
    assert rec.id.endswith("-cpu") and rec.gpu_name == "no GPU (CPU only)" and rec.sm is None
    assert not (tmp_path / "results").exists()


def test_a_run_appears_only_when_complete(tmp_path):
    base = tmp_path / "results" / "exp"
    with store.new_run("exp", command=["test"]) as run:
        run.write_text("a.txt", "alpha\n")
        assert not run.final_path.exists()
        assert run.path.name.startswith(".") and run.path.name.endswith(".partial")
        assert store.runs("exp") == []  # a run being written is invisible
        with pytest.raises(store.StoreError):
            store.newest("exp", gpu="cpu")
    assert [p.name for p in base.iterdir()] == [run.recorded.id]


def test_a_failed_run_leaves_nothing(tmp_path):
    with pytest.raises(ZeroDivisionError):
        with store.new_run("exp", command=["test"]) as run:
            run.write_text("a.txt", "alpha\n")
            1 / 0
    assert list((tmp_path / "results" / "exp").iterdir()) == []


def test_runs_are_never_overwritten(clock):
    clock.step = datetime.timedelta(0)  # two runs in the same second
    first = record(files={"a.txt": "first\n"})
    second = record(files={"a.txt": "second\n"})
    assert first.id != second.id and second.id == first.id + ".2"
    assert store.RecordedRun(first.path).read_text("a.txt") == "first\n"
    assert second.read_text("a.txt") == "second\n"
    assert [p.name for p in store.runs("exp")] == [first.id, second.id]


# ------------------------------------------------------------------ verification

@pytest.fixture
def rec():
    return record(files={"a.txt": "alpha\n", "b.txt": "beta\n"})


def test_a_modified_file_fails(rec):
    (rec.path / "a.txt").write_text("alpha, edited\n")
    with pytest.raises(store.StoreError, match=r"checksum mismatch for a\.txt: the run was modified"):
        store.RecordedRun(rec.path)


def test_a_missing_file_fails(rec):
    (rec.path / "b.txt").unlink()
    with pytest.raises(store.StoreError, match=r"b\.txt is listed in SHA256SUMS but missing"):
        store.RecordedRun(rec.path)


def test_an_extra_file_fails(rec):
    (rec.path / "c.txt").write_text("sneaked in\n")
    with pytest.raises(store.StoreError, match=r"files not in SHA256SUMS: \['c\.txt'\]"):
        store.RecordedRun(rec.path)


def test_an_edited_provenance_fails(rec):
    prov = json.loads((rec.path / "provenance.json").read_text())
    prov["gpu"] = H200
    (rec.path / "provenance.json").write_text(json.dumps(prov))
    with pytest.raises(store.StoreError, match="provenance.json"):
        store.RecordedRun(rec.path)


def test_sums_must_exist_be_well_formed_and_cover_provenance(rec):
    sums = rec.path / "SHA256SUMS"
    text = sums.read_text()
    sums.write_text(text + "not a checksum line\n")
    with pytest.raises(store.StoreError, match="malformed line"):
        store.RecordedRun(rec.path)
    sums.write_text("".join(line + "\n" for line in text.splitlines() if not line.endswith("provenance.json")))
    with pytest.raises(store.StoreError, match="provenance.json is not covered"):
        store.RecordedRun(rec.path)
    sums.unlink()
    with pytest.raises(store.StoreError, match="no SHA256SUMS"):
        store.RecordedRun(rec.path)


def test_a_missing_file_is_named_when_read(rec):
    with pytest.raises(store.StoreError, match="has no file 'nope.txt'"):
        rec.read_text("nope.txt")


# ------------------------------------------------------------------ newest

@pytest.fixture
def history(monkeypatch, clock):
    """exp: h200 (oldest), b200, h200, cpu (newest)."""
    made = {}
    for label, gpu in (("h200-old", H200), ("b200", B200), ("h200-new", H200), ("cpu", None)):
        on_gpu(monkeypatch, gpu)
        made[label] = record(files={"who.txt": label})
    on_gpu(monkeypatch, None)
    return made


def test_newest_picks_the_newest_run_for_the_hardware(history):
    assert store.newest("exp", gpu="sm90").id == history["h200-new"].id
    assert store.newest("exp", gpu="sm100").id == history["b200"].id
    assert store.newest("exp", gpu="sm90|sm100").id == history["h200-new"].id
    assert store.newest("exp", gpu="any-gpu").id == history["h200-new"].id
    assert store.newest("exp", gpu="cpu").id == history["cpu"].id
    assert store.newest("exp", gpu="sm90").read_text("who.txt") == "h200-new"


def test_newest_without_a_match_or_with_a_bad_requirement(history):
    with pytest.raises(store.StoreError, match="no recorded run of 'other'"):
        store.newest("other", gpu="sm90")
    with pytest.raises(store.StoreError, match="unknown hardware requirement 'sm80'"):
        store.newest("exp", gpu="sm80")


def test_all_runs_oldest_first_for_the_hardware(history):
    assert [r.read_text("who.txt") for r in store.all_runs("exp", gpu="sm90")] == ["h200-old", "h200-new"]
    assert [r.read_text("who.txt") for r in store.all_runs("exp", gpu="sm100")] == ["b200"]
    assert store.all_runs("other", gpu="sm90") == []
    (history["h200-old"].path / "who.txt").write_text("tampered")
    with pytest.raises(store.StoreError, match="checksum mismatch"):
        store.all_runs("exp", gpu="sm90")


def test_a_damaged_newest_run_is_an_error_not_skipped(history):
    (history["h200-new"].path / "who.txt").write_text("tampered")
    with pytest.raises(store.StoreError, match="checksum mismatch"):
        store.newest("exp", gpu="sm90")
    assert store.newest("exp", gpu="sm100").id == history["b200"].id  # other hardware is unaffected


# ------------------------------------------------------------------ choose: live or replay

def test_choose_replays_even_where_the_hardware_is(monkeypatch, history):
    """`make book` never measures: unset, auto and replay all replay the newest run on an H200 too."""
    on_gpu(monkeypatch, H200)
    for mode in (None, "auto", "replay", "AUTO"):
        if mode is None:
            monkeypatch.delenv("RACELAB_MODE", raising=False)
        else:
            monkeypatch.setenv("RACELAB_MODE", mode)
        choice = choosing.choose("exp", needs="sm90")
        assert choice.mode == "replay" and not choice.live and choice.run.id == history["h200-new"].id
        assert choice.note is None  # an H200 run exists: nothing to ask for
    monkeypatch.setenv("RACELAB_MODE", "live")
    choice = choosing.choose("exp", needs="sm90")
    assert choice.mode == "live" and choice.live and choice.run is None


def test_a_gpu_without_a_run_of_its_kind_gets_a_note_naming_the_step(monkeypatch, history):
    """A faked local B200 (choosing.local_sm) where only H200 runs of a sm90|sm100 experiment exist: replayed,
    with a note naming the make-live step, shown in the banner; no note once a B200 run exists."""
    monkeypatch.setattr(choosing, "local_sm", lambda: 100)
    monkeypatch.setattr(choosing, "local_gpu", lambda: B200)
    on_gpu(monkeypatch, H200)
    only_h200 = record("cal")
    choice = choosing.choose("cal", needs="sm90|sm100")
    assert choice.mode == "replay" and choice.run.id == only_h200.id
    assert "NVIDIA B200 (sm_100) can measure cal" in choice.note
    assert "`racelab live --only cal`" in choice.note and "make live" in choice.note
    html = banners.for_choice(choice)._repr_html_()
    assert "<code>racelab live --only cal</code>" in html and "admonition warning" in html
    assert "racelab live --only" not in banners.banner(choice.run, choice.mode)._repr_html_()  # no note given
    assert "racelab live --only" not in banners.banner(choice.run, "live", choice.note)._repr_html_()
    assert choosing.choose("cal", needs="sm90|sm100", step="make live-cal").note.count("`make live-cal`") == 1
    # nothing recorded at all: the reason a page shows then carries the note too
    nothing = choosing.choose("never-run", needs="sm100")
    assert nothing.run is None and "racelab live --only never-run" in nothing.note
    assert nothing.reason.startswith("no recorded run of 'never-run'") and nothing.note in nothing.reason
    # a hardware requirement the GPU here does not meet, or CPU work: no note
    assert choosing.choose("cal", needs="sm90").note is None
    assert choosing.choose("cal", needs="cpu").note is None
    # a failed B200 run is not a run of its kind; a valid one is
    on_gpu(monkeypatch, B200)
    record("cal", files={"summary.json": json.dumps({"complete": False})})
    assert choosing.choose("cal", needs="sm90|sm100").note is not None
    made = record("cal", files={"summary.json": json.dumps({"complete": True})})
    choice = choosing.choose("cal", needs="sm90|sm100")
    assert choice.note is None and choice.run.id == made.id
    assert "racelab live" not in banners.banner(choice.run, choice.mode)._repr_html_()


def test_the_step_the_note_names_is_a_make_live_step():
    """LIVE_STEP, filled with a registry name, is a command line `racelab live` accepts."""
    from racelab.cli import live as live_cli
    from racelab.experiments import registry

    for entry in registry.REGISTRY:
        argv = choosing.LIVE_STEP.format(experiment=entry.name).split()
        assert argv[:2] == ["racelab", "live"]
        assert live_cli.parser().parse_args(argv[2:]).only == [entry.name]


def test_every_experiment_recorded_on_a_gpu_has_a_make_live_step():
    """The note names `racelab live --only EXPERIMENT`: every experiment with a GPU run in results/ is one."""
    from racelab.core.paths import repo_root
    from racelab.experiments import registry

    names = {e.name for e in registry.REGISTRY}
    on_gpu = {p.parent.parent.name for p in (repo_root() / "results").glob("*/*/provenance.json")
              if json.loads(p.read_text()).get("gpu")}
    assert on_gpu, "no recorded GPU run found"
    assert on_gpu - {registry.SESSION} - set(registry.OUTSIDE) <= names
    assert not set(registry.OUTSIDE) & names  # an experiment is recorded by make live or outside it, not both


def test_choose_replays_elsewhere(monkeypatch, history):
    choice = choosing.choose("exp", needs="sm90")  # no GPU here
    assert choice.mode == "replay" and choice.run.id == history["h200-new"].id
    on_gpu(monkeypatch, H200)  # an H200 cannot run an SM100 experiment
    choice = choosing.choose("exp", needs="sm100")
    assert choice.mode == "replay" and choice.run.id == history["b200"].id


def test_replay_mode_forces_replay_on_the_hardware(monkeypatch, history):
    on_gpu(monkeypatch, H200)
    monkeypatch.setenv("RACELAB_MODE", "replay")
    choice = choosing.choose("exp", needs="sm90")
    assert choice.mode == "replay" and choice.run.id == history["h200-new"].id
    assert "RACELAB_MODE=replay" in choice.reason
    monkeypatch.delenv("RACELAB_MODE")
    assert "only RACELAB_MODE=live measures" in choosing.choose("exp", needs="sm90").reason


# ------------------------------------------------------------------ failed runs are never chosen

def test_failure_reads_the_summary(monkeypatch):
    def failure(summary):
        files = {"summary.json": json.dumps(summary)} if summary is not None else None
        return store.failure(record("judged", files=files))

    assert failure(None) is None  # no summary: nothing says it failed
    assert failure({"complete": True, "cases": [{"case": "a", "status": "ok"}]}) is None
    assert failure({"complete": False}) == "complete: false"
    assert failure({"failed_cases": ["hazard-one-cta"], "complete": False}) == \
        "complete: false; failed_cases: hazard-one-cta"
    assert failure({"failed": ["sm100-timing"], "steps": []}) == "failed: sm100-timing"
    assert failure({"failed": [], "steps": []}) is None
    assert failure({"cases": [{"case": "a", "status": "ok"}, {"case": "b", "status": "timeout"}]}) == \
        "cases not ok: b"
    assert failure([1, 2]) is None


def test_newest_and_all_runs_pass_over_failed_runs(monkeypatch, history):
    on_gpu(monkeypatch, H200)
    failed = record(files={"summary.json": json.dumps({"complete": False, "failed_cases": ["x"]})})
    on_gpu(monkeypatch, None)
    assert store.newest("exp", gpu="sm90").id == history["h200-new"].id
    assert store.newest("exp", gpu="sm90", include_failed=True).id == failed.id
    assert [r.id for r in store.all_runs("exp", gpu="sm90")] == [history["h200-old"].id, history["h200-new"].id]
    assert store.all_runs("exp", gpu="sm90", include_failed=True)[-1].id == failed.id
    choice = choosing.choose("exp", needs="sm90")
    assert choice.run.id == history["h200-new"].id
    # only failed runs: none to choose, and the error says what was passed over
    on_gpu(monkeypatch, B200)
    bad = record("lonely", files={"summary.json": json.dumps({"complete": False})})
    with pytest.raises(store.StoreError, match=rf"1 failed run\(s\) passed over: {bad.id}"):
        store.newest("lonely", gpu="sm100")
    choice = choosing.choose("lonely", needs="sm100")
    assert choice.run is None and "passed over" in choice.reason


def test_a_failed_run_is_not_logged_as_used(monkeypatch, tmp_path):
    log = tmp_path / "usage.jsonl"
    monkeypatch.setenv(usage_log.USAGE_LOG_ENV, str(log))
    good = record()
    record(files={"summary.json": json.dumps({"complete": False})})
    assert store.newest("exp", gpu="cpu").id == good.id
    assert [e["run"] for e in usage_log.read_usage(log)] == [good.id]


def test_live_mode_without_the_hardware_replays_and_says_why(monkeypatch, history):
    """`make lab` sets RACELAB_MODE=live on any machine: what the GPU here cannot run is replayed."""
    monkeypatch.setenv("RACELAB_MODE", "live")
    choice = choosing.choose("exp", needs="sm90")
    assert choice.mode == "replay" and choice.run.id == history["h200-new"].id
    assert choice.reason == "RACELAB_MODE=live, but exp needs sm90 hardware and this machine has no GPU"
    on_gpu(monkeypatch, B200)
    choice = choosing.choose("exp", needs="sm90")
    assert choice.mode == "replay" and "has an sm_100 GPU" in choice.reason and choice.note is None
    assert choosing.choose("exp", needs="sm100").mode == "live"


def test_invalid_mode_or_requirement(monkeypatch):
    monkeypatch.setenv("RACELAB_MODE", "sometimes")
    with pytest.raises(store.StoreError, match="RACELAB_MODE must be live, replay or auto"):
        choosing.choose("exp", needs="sm90")
    with pytest.raises(store.StoreError, match="unknown hardware requirement"):
        choosing.choose("exp", needs="gpu")


def test_cpu_work_always_runs_live(monkeypatch):
    monkeypatch.setenv("RACELAB_MODE", "replay")
    choice = choosing.choose("exp", needs="cpu")
    assert choice.mode == "live" and choice.run is None


def test_replay_with_nothing_recorded_says_why():
    choice = choosing.choose("never-run", needs="sm100")
    assert choice.mode == "replay" and choice.run is None
    assert "no recorded run of 'never-run'" in choice.reason


def test_banner_names_the_run(history):
    banner = banners.banner(history["h200-new"], "replay")
    html = banner._repr_html_()
    assert history["h200-new"].id in html and "NVIDIA H200" in html and "Replayed" in html
    assert history["h200-new"].manifest_hash[:16] in html


def test_git_commit_passed_by_environment_wins(monkeypatch):
    from racelab.core import provenance

    monkeypatch.setenv("RACELAB_GIT_COMMIT", "0" * 40)
    monkeypatch.setenv("RACELAB_GIT_DIRTY", "0")
    state = provenance.git_state()
    assert state["commit"] == "0" * 40 and state["dirty"] is False and state["from_environment"]
    if state.get("local_git"):  # this checkout's own HEAD, kept beside the commit that was passed in
        assert state["local_git"]["commit"] != "0" * 40
    monkeypatch.delenv("RACELAB_GIT_COMMIT")
    assert "from_environment" not in provenance.git_state()


# ------------------------------------------------------------------ the store's own records

def test_a_run_records_its_wall_time(monkeypatch):
    ticks = iter([100.0, 112.5])
    monkeypatch.setattr(store, "time", types.SimpleNamespace(monotonic=lambda: next(ticks), time=store.time.time))
    rec = record()
    assert rec.provenance["wall_s"] == 12.5


def test_runs_sort_naturally(tmp_path):
    base = tmp_path / "results" / "exp"
    names = ["20260101T000000Z-cpu", "20260101T000000Z-cpu.2", "20260101T000000Z-cpu.10",
             "20260101T000001Z-cpu", "20260101T000000Z-cpu.3"]
    for name in names:
        (base / name).mkdir(parents=True)
    assert [p.name for p in store.runs("exp")] == [
        "20260101T000000Z-cpu", "20260101T000000Z-cpu.2", "20260101T000000Z-cpu.3", "20260101T000000Z-cpu.10",
        "20260101T000001Z-cpu"]


def test_nvidia_smi_is_asked_once_per_process(monkeypatch):
    from racelab.core import proc

    calls = []

    def fake_run(cmd, **kwargs):
        calls.append(cmd[0])
        return proc.Finished(tuple(cmd), 0, False, 0.0, "NVIDIA H200, 9.0, 580.159.04, 143771 MiB\n", "", 1, 20)

    monkeypatch.undo()  # the real provenance.gpus, not quiet_machine's stand-in
    monkeypatch.setattr(provenance.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(provenance._proc, "run", fake_run)
    provenance._gpus.cache_clear()
    try:
        first = provenance.gpus()
        first[0]["name"] = "changed by a caller"
        assert provenance.gpus() == [H200]
        assert calls == ["nvidia-smi"]
    finally:
        provenance._gpus.cache_clear()


# ------------------------------------------------------------------ the usage log

@pytest.fixture
def usage(monkeypatch, tmp_path):
    log = tmp_path / "usage.jsonl"
    monkeypatch.setenv(usage_log.USAGE_LOG_ENV, str(log))
    monkeypatch.setenv(usage_log.PAGE_ENV, "notebooks/05-cost")
    return log


def _logged(log):
    return [(e["page"], e["experiment"], e["run"]) for e in usage_log.read_usage(log)]


def test_every_load_is_logged_against_the_page(monkeypatch, history, usage):
    assert not usage.exists()  # recording is not using
    store.newest("exp", gpu="sm100")
    store.all_runs("exp", gpu="sm90")
    choice = choosing.choose("exp", needs="sm90")  # replayed: no GPU here
    page = "notebooks/05-cost"
    assert _logged(usage) == [(page, "exp", history["b200"].id), (page, "exp", history["h200-old"].id),
                              (page, "exp", history["h200-new"].id), (page, "exp", choice.run.id)]
    monkeypatch.delenv(usage_log.USAGE_LOG_ENV)
    store.newest("exp", gpu="sm90")
    assert len(_logged(usage)) == 4  # no log named: nothing written


def test_listing_a_run_is_not_using_it(history, usage):
    store.RecordedRun(history["b200"].path)
    store.runs("exp")
    assert not usage.exists()


def test_only_the_latest_execution_of_a_page_counts(monkeypatch, history, usage):
    store.newest("exp", gpu="sm100")
    monkeypatch.setattr(usage_log, "_EXECUTION", "a later kernel")
    store.newest("exp", gpu="sm90")
    monkeypatch.setenv(usage_log.PAGE_ENV, "notebooks/04-racecheck")
    store.newest("exp", gpu="cpu")
    with open(usage, "a") as f:
        f.write('{"page": "notebooks/04-rac')  # a kernel killed mid-line
    assert sorted(_logged(usage)) == sorted([("notebooks/05-cost", "exp", history["h200-new"].id),
                                             ("notebooks/04-racecheck", "exp", history["cpu"].id)])


def test_gpus_follow_cuda_visible_devices(tmp_path, monkeypatch):
    """On a machine of two GPUs, CUDA_VISIBLE_DEVICES=1 makes the second the one a run records, and
    nvidia-smi's clock queries name it (-i 1); unset, both count and no -i is passed."""
    smi = tmp_path / "nvidia-smi"
    smi.write_text("#!/bin/sh\necho 'NVIDIA H200, 9.0, 580.1, 143771 MiB'\necho 'NVIDIA B200, 10.0, 580.1, 183359 MiB'\n")
    smi.chmod(0o755)
    monkeypatch.undo()  # the real provenance.gpus, not quiet_machine's stand-in
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    provenance._gpus.cache_clear()
    try:
        monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
        assert [g["sm"] for g in provenance.gpus()] == [90, 100]
        assert provenance.smi_selector() == []
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
        assert [g["sm"] for g in provenance.gpus()] == [100]
        assert provenance.smi_selector() == ["-i", "1"]
        assert provenance.collect(["x"])["cuda_visible_devices"] == "1"
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "GPU-1234")
        assert len(provenance.gpus()) == 2 and provenance.smi_selector() == []
    finally:
        provenance._gpus.cache_clear()


def test_candidates_choose_by_what_a_run_recorded(clock, monkeypatch):
    """The one chooser: backend and protocol id from each run's plan.json, failed runs passed over, newest
    first, a run a make-live budget shortened after every full one, a damaged run an error."""
    def timing(backend, protocol, shortened=None, failed=False):
        if shortened:
            monkeypatch.setenv(provenance.SHORTENED_ENV, shortened)
        else:
            monkeypatch.delenv(provenance.SHORTENED_ENV, raising=False)
        with store.new_run("t", command=["edited", "flags"]) as run:
            run.write_json("plan.json", {"backend": backend, "protocol": protocol})
            run.write_json("summary.json", {"complete": not failed})
        return run.recorded.id

    old = timing("twin", "in-process/K1/L1000/P32")
    fake = timing("fake", "in-process/K1/L1000/P32")
    other = timing("twin", "blocks/K1/L200/P16")
    cut = timing("twin", "in-process/K1/L1000/P32", shortened="a budget")
    timing("twin", "in-process/K1/L1000/P32", failed=True)
    ids = lambda **kw: [r.id for r in store.candidates("t", "cpu", **kw)]  # noqa: E731
    assert ids() == [other, fake, old, cut]
    assert ids(backend="twin", protocols={"in-process/K1/L1000/P32"}) == [old, cut]
    assert store.by_protocol("t", "cpu", "in-process/K1/L1000/P32").id == fake  # the newest full one, any backend
    (store.results_dir() / "t" / other / "plan.json").write_text("{}")
    with pytest.raises(store.StoreError):
        store.candidates("t", "cpu")


def test_old_formats_are_upgraded_when_read_and_never_on_disk(monkeypatch, tmp_path):
    """racelab.core.formats: a plan.json recorded before the protocol id and set-up batches reads in today's
    format; the file itself, and so the run's checksums, stay as recorded."""
    from racelab.core import formats

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(provenance, "gpus", lambda: [])
    old = {"design": "interleaved", "copies": 1, "launches_per_process": 1000, "plan": {"ab_pairs": 16},
           "processes_with_cuda_before_go": 3}
    with store.new_run("twin-timing-interleaved", command=["test"]) as run:
        run.write_json("plan.json", old)
    rec = store.RecordedRun(run.recorded.path)
    plan = rec.read_json("plan.json")
    assert plan["protocol"] == store.protocol_of(rec) == "interleaved/K1/L1000/P16"
    assert plan["set_ups_during_measurement"] == 3
    assert json.loads(rec.read_text("plan.json")) == old  # the artifact as recorded
    rec.verify()
    new = {**old, "protocol": "in-process/K1/L1000/P32", "set_ups_during_measurement": 0}
    assert formats.upgrade(rec, "plan.json", new) == new  # today's format passes through
    assert formats.upgrade(rec, "other.json", [1, 2]) == [1, 2]


def test_a_runs_banner_names_the_torch_and_cuda_that_produced_it():
    """Every recorded run's banner says which torch (and, for a GPU run, which CUDA) produced it, read from its
    provenance: the lock's torch is not the one every GPU run used, so the page says which one did."""
    from pathlib import Path

    recorded = Path(__file__).resolve().parents[1] / "results" / "calibration"  # the repository's own runs
    run = store.RecordedRun(sorted(p for p in recorded.iterdir() if not p.name.startswith("."))[-1])
    prov = run.provenance
    html = banners.banner(run, "replay")._repr_html_()
    assert f"torch {prov['packages']['torch']}" in html
    assert f"(CUDA {prov['tools']['cuda_runtime_nvidia_smi']})" in html
