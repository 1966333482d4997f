import ast
import json
import os
import sys
import time
from pathlib import Path

import pytest

from racelab.cli import racecheck as cli
from racelab.toolchain import sanitizer
from racelab.toolchain.sanitizer import RacecheckError

import fakes
from fakes import FAKE_LOG, fake_sanitizer
from fakes import script as _script


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is dead for our purposes
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


@pytest.fixture
def bare_path(tool_dir):
    """PATH holding only a folder we control (plus what bash needs), no CUDA anywhere."""
    return tool_dir


def fake_gpu(bin_dir: Path, name="NVIDIA H200", cap="9.0"):
    fakes.fake_gpu(bin_dir, f"{name}, {cap}, 580.159.04, 143771 MiB")


def test_command_line_is_assembled():
    cmd = sanitizer.sanitizer_command(["python", "k.py", "--ctas", 1], "analysis", 0, "/tmp/x.log", "/cs")
    assert cmd == ["/cs", "--tool", "racecheck", "--racecheck-report", "analysis", "--print-limit", "0",
                   "--log-file", "/tmp/x.log", "python", "k.py", "--ctas", "1"]
    with pytest.raises(RacecheckError, match="racecheck-report"):
        sanitizer.sanitizer_command(["true"], "all-of-it")
    with pytest.raises(RacecheckError, match="no command"):
        sanitizer.sanitizer_command([], "hazard")


def test_the_runner_does_not_read_logs():
    """Running the sanitizer and reading its log are separate: the runner imports no reader."""
    tree = ast.parse(Path(sanitizer.__file__).read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported and not any(name.startswith("racelab.readers") for name in imported)


def test_no_sanitizer_is_a_clear_error(bare_path):
    with pytest.raises(RacecheckError, match="compute-sanitizer not found"):
        sanitizer.find_sanitizer()


def test_no_gpu_is_a_clear_error(bare_path):
    fake_sanitizer(bare_path)
    with pytest.raises(RacecheckError, match="no NVIDIA GPU"):
        sanitizer.preflight()


def test_wrong_gpu_is_a_clear_error(bare_path):
    fake_sanitizer(bare_path)
    fake_gpu(bare_path)
    assert sanitizer.preflight(require_sm=90)["sm"] == 90
    with pytest.raises(RacecheckError, match=r"needs an sm_100 GPU; this machine has NVIDIA H200 \(sm_90\)"):
        sanitizer.preflight(require_sm=100)


def test_gpu_without_sanitizer(bare_path):
    fake_gpu(bare_path)
    with pytest.raises(RacecheckError, match="compute-sanitizer not found"):
        sanitizer.preflight(require_sm=90)


def test_log_and_output_are_kept_apart(bare_path):
    fake = fake_sanitizer(bare_path)
    result = sanitizer.run_racecheck([sys.executable, "-c", "print('{\"correct\": true}')"], report="hazard",
                                     timeout_s=30, sanitizer=str(fake))
    assert result.status == "ok" and result.returncode == 0 and not result.timed_out
    assert result.log.decode() == FAKE_LOG
    assert result.stdout.strip() == '{"correct": true}'
    assert "--log-file" in result.command
    described = result.describe()
    assert described["status"] == "ok" and described["log_bytes"] == len(FAKE_LOG)
    json.dumps(described)


def test_failing_command_is_reported(bare_path):
    fake = fake_sanitizer(bare_path)
    result = sanitizer.run_racecheck([sys.executable, "-c", "import sys; sys.exit(3)"], timeout_s=30,
                                     sanitizer=str(fake))
    assert result.status == "failed" and result.returncode == 3


def test_hung_sanitizer_is_killed_with_its_children(bare_path, tmp_path):
    """A sanitizer that never returns (as a deadlocked kernel would) and leaves a child behind."""
    pidfile = tmp_path / "child.pid"
    hung = _script(bare_path, "compute-sanitizer", f"sleep 1000 &\necho $! > {pidfile}\nsleep 1000\n")
    t0 = time.monotonic()
    result = sanitizer.run_racecheck(["true"], timeout_s=1.0, sanitizer=str(hung), kill_grace_s=1.0)
    elapsed = time.monotonic() - t0
    assert result.timed_out and result.status == "timeout" and result.returncode is None
    assert elapsed < 10
    assert any("killed after 1s" in n for n in result.notes)
    child = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child), "the sanitizer's child survived the timeout"


def test_sigterm_ignoring_process_gets_sigkill(bare_path):
    stubborn = _script(bare_path, "compute-sanitizer", "trap '' TERM\nwhile true; do sleep 0.1; done\n")
    t0 = time.monotonic()
    result = sanitizer.run_racecheck(["true"], timeout_s=0.5, sanitizer=str(stubborn), kill_grace_s=0.5)
    assert result.timed_out and time.monotonic() - t0 < 10


def test_plain_run_times_out_too(bare_path):
    result = sanitizer.run_plain(["sleep", "1000"], timeout_s=0.5, kill_grace_s=0.5)
    assert result.timed_out and result.report is None and result.log == b""


def test_cli_needs_a_command():
    assert cli.main(["--report", "hazard"]) == 2
    assert cli.main(["record", "--timeout", "0", "--", "true"]) == 2


def test_cli_without_gpu_says_so(bare_path, capsys):
    assert cli.main(["--", "true"]) == 3  # the hardware is absent
    assert "no NVIDIA GPU" in capsys.readouterr().err


def test_cli_records_a_run(bare_path, tmp_path, monkeypatch, capsys):
    fake_sanitizer(bare_path)
    fake_gpu(bare_path)
    monkeypatch.setenv("RACELAB_RESULTS", str(tmp_path / "results"))
    rc = cli.main(["record", "--report", "analysis", "--label", "probe", "--require-sm", "90", "--",
                   sys.executable, "-c", "print('hello')"])
    assert rc == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["status"] == "ok" and summary["log"] == "probe.log.xz"
    assert summary["parsed"]["summary"] == {"hazards": 0, "errors": 0, "warnings": 0}
    from racelab.core import store
    run = store.newest("racecheck", gpu="sm90", root=tmp_path / "results")
    assert run.read_text("probe.log") == FAKE_LOG
    assert run.read_text("probe.stdout.txt").strip() == "hello"
    assert run.read_json("probe.json")["report"] == "analysis"
