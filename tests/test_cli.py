"""One dispatcher: every command is listed in `racelab --help` with the exit-code convention, imported
only when it runs, and every command `make live` runs resolves."""

import importlib.util
import subprocess
import sys

import pytest

from racelab import cli
from racelab.cli import live as live_cli
from racelab.experiments import registry


def test_help_lists_every_command_and_the_exit_codes(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(f"  {name} " in out for name in cli.COMMANDS)
    assert all(f"  {code}  " in out for code in (0, 1, 2, 3))


@pytest.mark.parametrize("argv", [["no-such-command"], []])
def test_an_unknown_or_missing_command_is_bad_input(argv, capsys):
    assert cli.main(argv) == 2
    assert "usage: racelab COMMAND" in capsys.readouterr().err


def test_every_command_module_exists_and_none_is_imported_up_front():
    for name, (module, _) in cli.COMMANDS.items():
        assert importlib.util.find_spec(module) is not None, f"racelab {name}: no module {module}"
    code = ("import sys, racelab.cli as c; "
            "print(sorted(m for m, _ in c.COMMANDS.values() if m in sys.modules and m != 'racelab.cli'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_make_live_command_resolves():
    for entry in registry.REGISTRY:
        argv = live_cli.argv(entry)
        assert argv[1:3] == ["-m", "racelab.core.step"]
        if argv[3:5] == ["-m", "racelab.cli"]:
            assert argv[5] in cli.COMMANDS, f"{entry.name}: `racelab {argv[5]}` is no command"
        elif argv[3] == "-m":
            assert importlib.util.find_spec(argv[4]) is not None, f"{entry.name}: no module {argv[4]}"
        else:
            assert (live_cli.repo_root() / argv[3]).is_file(), f"{entry.name}: no file {argv[3]}"


def test_python_dash_m_racelab_cli_is_racelab():
    done = subprocess.run([sys.executable, "-m", "racelab.cli", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "usage: racelab COMMAND" in done.stdout


def test_live_without_a_gpu_is_hardware_absent(monkeypatch, capsys):
    from racelab.cli import live
    from racelab.core import provenance

    monkeypatch.setattr(provenance, "gpus", lambda: [])
    assert live.main([]) == 3
    assert "no NVIDIA GPU" in capsys.readouterr().err
    assert live.main(["--only", "no-such-experiment"]) == 2


def test_a_live_step_that_outlives_its_timeout_leaves_no_process(tmp_path, monkeypatch):
    """The step and the process it started are killed together (process group), and the step says so."""
    import os
    import time

    pidfile = tmp_path / "child.pid"
    script = tmp_path / "step.py"
    script.write_text("import subprocess, sys, time\n"
                      f"p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
                      f"open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
                      "time.sleep(60)\n")
    entry = registry.Step("exp", "cpu", (str(script),), "sleeps")
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    step, done = live_cli.run_step(entry, timeout_s=3, env=dict(os.environ))
    assert step["timed_out"] and not step["ok"] and step["recorded"] == []
    child = int(pidfile.read_text())
    for _ in range(50):  # gone, or a zombie until whoever adopted it reaps it
        try:
            stat = open(f"/proc/{child}/stat").read()
        except FileNotFoundError:
            break
        if stat.rsplit(")", 1)[1].split()[0] in ("Z", "X"):
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"process {child} outlived its step")


def test_runs_says_which_intact_runs_recorded_their_own_failure(tmp_path, monkeypatch, capsys):
    from racelab.cli import runs as runs_cli
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path))
    with store.new_run("exp", command=["test"], root=tmp_path) as run:
        run.write_json("summary.json", {"complete": False, "failed_cases": ["a"]})
    with store.new_run("exp", command=["test"], root=tmp_path) as run:
        run.write_json("summary.json", {"complete": True, "failed_cases": []})
    assert runs_cli.main(["exp"]) == 1  # a run recorded as failed is a finding: its reasons, and exit 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert sum(ln.startswith("ok  exp/") for ln in lines) == 2
    assert sum("recorded as failed" in ln for ln in lines if ln.startswith("ok  ")) == 1
    assert "      why: failed_cases: a" in lines and "      why: complete: false" in lines


def test_a_rejected_run_explains_itself(tmp_path, monkeypatch, capsys):
    """A run whose plausibility check rejected it (summary.json's to_look_into): `racelab runs` and `racelab
    show EXP --run ID` print each reason and exit 1; `racelab show EXP` says the newest run failed and which
    older run it shows instead."""
    from racelab.cli import runs as runs_cli
    from racelab.cli import show
    from racelab.core import provenance, store

    monkeypatch.setattr(provenance, "gpus", lambda: [])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path))
    with store.new_run("litmus", command=["test"], root=tmp_path) as run:
        run.write_json("summary.json", {"complete": True, "failed_cases": []})
    good = run.recorded.id
    with store.new_run("litmus", command=["test"], root=tmp_path) as run:
        run.write_json("summary.json", {"complete": False, "failed_cases": [],
                                        "to_look_into": ["0 hazards unpatched at one-cta", "NaN in d_index_k"]})
    bad = run.recorded.id
    assert bad > good
    assert runs_cli.main(["litmus"]) == 1
    out = capsys.readouterr().out
    assert "      why: to look into: 0 hazards unpatched at one-cta" in out and "      why: NaN in d_index_k" in out
    assert show.main(["litmus", "--run", bad]) == 1
    out = capsys.readouterr().out
    assert f"litmus/{bad} was recorded as failed" in out and "why: NaN in d_index_k" in out
    assert show.main(["litmus"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"note: the newest run, litmus/{bad}, was recorded as failed") and f"showing {good}" in out
    assert f"litmus/{good}: " in out


def test_every_command_handles_bad_arguments_one_way(capsys):
    """No command's parser ends the process: --help is 0, a bad option is 2 with the command's name, for every
    command (racelab.cli.command and racelab.cli.Parser)."""
    import importlib

    for name, (module, _) in cli.COMMANDS.items():
        main = importlib.import_module(module).main
        assert main(["--help"]) == 0, name
        assert main(["--no-such-option"]) == 2, name
        assert capsys.readouterr().err.startswith(f"racelab {name}"), name


def test_show_prints_the_newest_run_and_says_when_none_is_recorded(monkeypatch, tmp_path, capsys):
    """`racelab show EXP`: the newest valid run with its command and table; --all every run; --run one; no run
    is 3, an unknown experiment 2, a damaged run 1."""
    import json

    from racelab.cli import show
    from racelab.core import provenance, store

    monkeypatch.setattr(provenance, "gpus", lambda: [])
    monkeypatch.setattr(provenance, "tool_versions", lambda: {"nvcc": None, "compute_sanitizer": None})
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    assert show.main(["litmus"]) == 3 and "no valid run of litmus" in capsys.readouterr().err
    ids = []
    for table in ("first\n", "second\n"):
        with store.new_run("litmus", command=["racelab", "model", "litmus", "--run"]) as run:
            run.write_text("table.txt", table)
        ids.append(run.recorded.id)
    assert show.main(["litmus"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"litmus/{ids[1]}: ") and "command: racelab model litmus --run" in out and "second" in out
    assert show.main(["litmus", "--all"]) == 0
    listed = capsys.readouterr().out
    assert all(f"litmus/{i}:" in listed for i in ids), (ids, listed)
    assert show.main(["litmus", "--run", ids[0], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["run"] == ids[0]
    assert show.main(["litmus", "--run", "nope"]) == 3
    assert show.main(["no-such-experiment"]) == 2
    (tmp_path / "results" / "litmus" / ids[1] / "table.txt").write_text("edited\n")
    assert show.main(["litmus"]) == 1 and "litmus" in capsys.readouterr().err


def test_record_runs_one_registry_step_as_make_live_does(monkeypatch, capsys):
    """`racelab record EXP` is `racelab live --only EXP` without a budget and without a make-live run around
    it: an unknown step is 2 before anything runs, no GPU is 3."""
    from racelab.cli import record

    calls = []
    monkeypatch.setattr(live_cli, "main", lambda argv: calls.append(argv) or 0)
    assert record.main(["twin-timing"]) == 0
    assert calls == [["--only", "twin-timing", "--budget-min", "0", "--no-record"]]
    assert record.main(["no-such-step"]) == 2 and record.main([]) == 2 and len(calls) == 1
    monkeypatch.undo()
    monkeypatch.setattr("racelab.core.provenance.gpus", lambda: [])
    assert record.main(["twin-timing"]) == 3


def test_a_reader_that_goes_away_ends_the_output_quietly():
    """`racelab show EXP | head -1`: the pipe closes before the command writes; it stops without a traceback."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "racelab.cli", "show", "sm90-numerics", "--all"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # the reader is gone before the first line is written
    err = proc.stderr.read()
    assert proc.wait(timeout=120) in (0, 3) and "Traceback" not in err and "BrokenPipe" not in err, err


def test_errors_become_exit_codes_one_way(capsys):
    """racelab.cli.command: the classes a command names (and Absent, Failed, UsageError) end it with 3, 1 or 2
    and `prog: message`, looked for in that order (a subclass named as absent is absent, not failed); any other
    error, a broken pipe among them, is not swallowed."""
    class Missing(RuntimeError):
        pass

    class Gone(Missing):
        pass

    def main_raising(err):
        @cli.command("racelab demo", absent=(Gone,), failed=(Missing,), usage=(ValueError,))
        def main(argv):
            raise err
        return main

    for err, code in ((Gone("no tool"), 3), (Missing("it broke"), 1), (ValueError("bad"), 2),
                      (cli.Absent("no GPU"), 3), (cli.Failed("FAILED x"), 1), (cli.UsageError("--x"), 2)):
        assert main_raising(err)([]) == code, err
        assert capsys.readouterr().err == f"racelab demo: {err}\n"
    for err in (BrokenPipeError(), KeyError("k")):
        with pytest.raises(type(err)):
            main_raising(err)([])


def test_runs_pack_writes_the_named_verified_runs_and_the_log(tmp_path, monkeypatch, capsys):
    """`racelab runs --pack EXP/ID ... --log FILE --out FILE`: one archive of the runs (their SHA256SUMS
    included), the session log and a MANIFEST; a damaged run is not packed (exit 1), an unknown one is 2."""
    import tarfile

    from racelab.cli import runs as runs_cli
    from racelab.core import store

    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    with store.new_run("exp", command=["test"], root=tmp_path / "results") as run:
        run.write_text("table.txt", "x\n")
    rid = run.recorded.id
    log = tmp_path / "live.log"
    log.write_text("=== exp: ok\n")
    out = tmp_path / "send" / "runs.tar.gz"
    assert runs_cli.main(["--pack", f"exp/{rid}", "--log", str(log), "--out", str(out)]) == 0
    with tarfile.open(out) as tar:
        names = tar.getnames()
        manifest = tar.extractfile("MANIFEST").read().decode()
    assert f"results/exp/{rid}/SHA256SUMS" in names and f"results/exp/{rid}/table.txt" in names
    assert "session-log/live.log" in names and manifest.startswith(f"exp/{rid}  SHA256SUMS ")
    assert runs_cli.main(["--pack", "exp/nope", "--out", str(out)]) == 2
    (tmp_path / "results" / "exp" / rid / "table.txt").write_text("edited\n")
    assert runs_cli.main(["--pack", f"exp/{rid}", "--out", str(tmp_path / "bad.tar.gz")]) == 1
    assert not (tmp_path / "bad.tar.gz").exists()
    assert runs_cli.main(["--log", str(log)]) == 2
