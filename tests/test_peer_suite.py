"""`racelab peer`: upstream's tests from a checkout, plainly and under racecheck, recorded. Fakes only: a fake
checkout of tiny tests of our own in tmp_path, a fake H200 (nvidia-smi) and a fake compute-sanitizer first on
PATH that writes a recorded-style racecheck log of two kernels with Python host frames; a scratch store."""

import hashlib
import json
import lzma
import time
from pathlib import Path

import pytest

from fakes import H200, fake_gpu, fake_sanitizer, forget_gpus
from racelab.cli import peer as peer_cli
from racelab.core import store
from racelab.experiments import peer_suite as peer

FIXTURE = Path(__file__).parent / "fixtures" / "racecheck" / "racecheck-hazard-V0-python-host.log.xz"

FORWARD = '''
import pytest
from fe_api.dsa.dsa_utils import VALUE


@pytest.mark.parametrize("topk", [512, 1024])
def test_forward_passes(topk):
    assert VALUE == 1


def test_forward_fails():
    assert VALUE == 2, "cosine similarity 0.879 < 0.97\\nsecond line"


def test_forward_skips():
    pytest.skip("needs SM100")
'''
BACKWARD = '''
from test_utils import helper


def test_backward_passes():
    assert helper() == 3
'''
SLEEPER = '''
import subprocess
import time


def test_sleeps():
    child = subprocess.Popen(["sleep", "300"])
    open({pids!r}, "w").write(str(child.pid))
    time.sleep(300)
'''


def two_kernel_log() -> str:
    """The fixture's 124 RAW records (calibration_handoff) and the same records renamed to a second kernel
    at indexer_fwd_sm90.py lines, one summary line for all 248: many kernels, Python host frames."""
    lines = lzma.decompress(FIXTURE.read_bytes()).decode().splitlines(keepends=True)
    body = [ln for ln in lines if "RACECHECK SUMMARY" not in ln and not ln.startswith("wrong")]
    second = [ln.replace("calibration_handoff(", "indexer_kernel(")
              .replace("mbar_calib.cu:60", "indexer_fwd_sm90.py:304")
              .replace("mbar_calib.cu:68", "indexer_fwd_sm90.py:371") for ln in body[1:]]
    return "".join(body + second) + "========= RACECHECK SUMMARY: 248 hazards displayed (248 errors, 0 warnings)\n"


def fake_checkout(root: Path, forward: str = FORWARD, backward: str = BACKWARD) -> Path:
    dsa = root / peer.TEST_DIR
    dsa.mkdir(parents=True)
    (root / peer.ROOT_DIR / "test_utils.py").write_text("def helper():\n    return 3\n")
    (root / peer.ROOT_DIR / "conftest.py").write_text("")
    (dsa / "dsa_utils.py").write_text("VALUE = 1\n")
    (dsa / peer.TESTS["forward"]).write_text(forward)
    (dsa / peer.TESTS["backward"]).write_text(backward)
    return root


@pytest.fixture
def h200(tool_dir, monkeypatch):
    """A fake H200 and compute-sanitizer first on PATH, a scratch store; the child's cudnn wheel is not needed."""
    fake_gpu(tool_dir, H200)
    fake_sanitizer(tool_dir, two_kernel_log())
    monkeypatch.setattr(peer, "python_path", lambda release=peer.RELEASE: [])
    return tool_dir


def _only_run(tmp_path) -> store.RecordedRun:
    found = store.runs(peer.EXPERIMENT, root=tmp_path / "results")
    assert len(found) == 1
    rec = store.load(found[0])
    rec.verify()
    return rec


def test_both_modes_are_recorded_with_files_commit_outcomes_and_the_parse(h200, tmp_path):
    up = fake_checkout(tmp_path / "cf")
    (up / "UPSTREAM_COMMIT").write_text("0123abcd\n")
    assert peer_cli.main(["--upstream", str(up)]) == 0  # a failing upstream test is a finding, not a failure
    rec = _only_run(tmp_path)
    s = rec.read_json("summary.json")
    assert s["complete"] and s["failed_cases"] == []
    assert s["commit"] == {"commit": "0123abcd", "source": "UPSTREAM_COMMIT"}
    assert s["release"] == {"forward": peer.RELEASE, "backward": peer.RELEASE}
    for test, name in peer.TESTS.items():
        file = up / peer.TEST_DIR / name
        assert s["files"]["tests"][test] == {"path": f"{peer.TEST_DIR}/{name}", "commit": "0123abcd",
                                             "sha256": hashlib.sha256(file.read_bytes()).hexdigest()}
    assert {h["path"] for h in s["files"]["helpers"]} == {"test/python/conftest.py", "test/python/test_utils.py",
                                                          "test/python/fe_api/dsa/dsa_utils.py"}
    assert set(s["cases"]) == {"forward-plain", "forward-racecheck", "backward-plain", "backward-racecheck"}
    fwd = s["cases"]["forward-plain"]
    assert {k: fwd["junit"][k] for k in ("passed", "failed", "skipped", "error")} == \
        {"passed": 2, "failed": 1, "skipped": 1, "error": 0}
    assert fwd["junit"]["failing"] == [{"test": "fe_api.dsa.test_DSA_indexer_forward::test_forward_fails",
                                        "outcome": "failed",
                                        "message": "AssertionError: cosine similarity 0.879 < 0.97"}]
    assert fwd["failure"] is None and fwd["status"] == "failed" and fwd["returncode"] == 1
    rc = s["cases"]["forward-racecheck"]["racecheck"]
    assert rc["records"] == 248 and rc["by_type"] == {"RAW": 248}
    assert rc["summary_check"] == {"summary_lines": 1, "summary_hazards": 248, "parsed": 248, "agrees": True}
    assert len(rc["kernels"]) == 2
    assert {(h["writer"], h["reader"], h["records"]) for h in rc["handoffs"]} == \
        {("mbar_calib.cu:60", "mbar_calib.cu:68", 124), ("indexer_fwd_sm90.py:304", "indexer_fwd_sm90.py:371", 124)}
    assert "racecheck-forward-racecheck.log.xz" in rec.files() and "junit-backward-plain.xml" in rec.files()
    assert s["cases"]["backward-plain"]["junit"]["passed"] == 1
    assert store.failure(rec) is None
    assert any("cosine similarity 0.879" in f for f in s["findings"])
    assert rec.path.is_relative_to(tmp_path / "results")
    # what the page reads back: every case of every run, every handoff, and the paragraph
    rows = peer.all_case_rows()
    assert {(r["test"], r["mode"], r["verdict"], r["RAW"]) for r in rows} == {
        ("forward", "plain", "fails", None), ("forward", "racecheck", "fails", 248),
        ("backward", "plain", "passes", None), ("backward", "racecheck", "passes", 248)}
    assert {r["tests"] for r in rows} == {"as stored"} and {r["GPU"] for r in rows} == {"H200"}
    fwd_row = next(r for r in rows if r["test"] == "forward")
    assert fwd_row["failing statement"].startswith("line ") and "cosine similarity" in fwd_row["failing statement"]
    assert len(peer.all_handoff_rows()) == 4
    from racelab.book import elsewhere

    values = elsewhere.peer_glue(rows)
    text = values["peer_results"].data
    assert "1 runs on the H200" in text and "on 1.27.0 it was not run" in text  # no adapted run: no verdict
    assert rec.id in elsewhere.peer_shown(rows)._repr_html_()
    shown = elsewhere.peer_shown([])
    assert "No `peer-suite` run is in the result store" in shown.data and peer.H200_COMMAND in shown.data


def test_an_adaptation_is_applied_to_a_copy_and_recorded(tmp_path):
    up = fake_checkout(tmp_path / "cf")
    test = up / peer.TEST_DIR / peer.TESTS["backward"]
    test.write_text(test.read_text() + "\n    grad_loss = 1.0\n"
                    "    grad_scale_expected = (loss_coeff / (b_cfg * s_q_cfg)) * grad_loss  # = 1.0\n")
    before = test.read_text()
    copy, done = peer.adapt(peer.checkout(up), ["grad-loss-tensor"], tmp_path / "work")
    assert test.read_text() == before  # the checkout itself is untouched
    changed = (copy / peer.TEST_DIR / peer.TESTS["backward"]).read_text()
    assert 'grad_loss = torch.ones((), dtype=torch.float32, device="cuda")' in changed
    assert "grad_loss = 1.0" not in changed
    assert done[0]["name"] == "grad-loss-tensor" and done[0]["sha256_before"] != done[0]["sha256_after"]
    # a file the adaptation was not written for is refused, and so is an unknown name
    with pytest.raises(peer.PeerInputError, match="not one"):
        peer.adapt(peer.checkout(fake_checkout(tmp_path / "other")), ["grad-loss-tensor"], tmp_path / "w2")
    with pytest.raises(peer.PeerInputError, match="unknown adaptation"):
        peer.adapt(peer.checkout(up), ["no-such"], tmp_path / "w3")


def test_selection_mode_keyword_and_json(h200, tmp_path, capsys):
    up = fake_checkout(tmp_path / "cf")
    argv = ["--upstream", str(up), "--mode", "plain", "--tests", "forward", "-k", "passes", "--json"]
    assert peer_cli.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["cases"]) == ["forward-plain"]
    junit = out["cases"]["forward-plain"]["junit"]
    assert junit["passed"] == 2 and junit["tests"] == 2
    assert out["commit"]["commit"] == "unknown"
    assert "racecheck" not in out["cases"]["forward-plain"]


def test_a_release_per_test_and_per_file_commits(h200, tmp_path, monkeypatch):
    up = fake_checkout(tmp_path / "cf")
    fwd, bwd = (f"{peer.TEST_DIR}/{peer.TESTS[t]}" for t in ("forward", "backward"))
    (up / "UPSTREAM_COMMIT").write_text(f"mixed: one commit per file\n{fwd} unknown\n{bwd} a4cce65\n")
    seen = []
    monkeypatch.setattr(peer, "python_path", lambda release=peer.RELEASE: seen.append(release) or [])
    argv = ["--upstream", str(up), "--mode", "plain", "--release", "forward=1.27.0,backward=1.26.0"]
    assert peer_cli.main(argv) == 0
    s = _only_run(tmp_path).read_json("summary.json")
    assert sorted(seen) == ["1.26.0", "1.27.0"] and s["release"] == {"forward": "1.27.0", "backward": "1.26.0"}
    assert s["cases"]["backward-plain"]["release"] == "1.26.0"
    assert s["commit"]["per_file"] == {fwd: "unknown", bwd: "a4cce65"}
    tests = s["files"]["tests"]
    assert (tests["forward"]["commit"], tests["backward"]["commit"]) == ("unknown", "a4cce65")
    assert peer_cli.main(argv[:-1] + ["sideways=1.27.0"]) == 2
    assert peer_cli.main(argv[:-1] + ["forward=latest"]) == 2


def test_a_git_checkout_names_its_head(h200, tmp_path):
    from racelab.core import proc
    up = fake_checkout(tmp_path / "cf")
    for cmd in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
        assert proc.run(["git", "-C", str(up), *cmd], timeout_s=30).ok
    head = proc.run(["git", "-C", str(up), "rev-parse", "HEAD"], timeout_s=30).stdout.strip()
    assert peer.upstream_commit(up) == {"commit": head, "source": "git rev-parse HEAD"}
    # a folder inside a git work tree is not a git checkout of its own
    inner = up / "test"
    (inner / "UPSTREAM_COMMIT").write_text("feed\n")
    assert peer.upstream_commit(inner)["source"] == "UPSTREAM_COMMIT"


def test_a_timed_out_pytest_is_killed_with_its_children_and_fails(h200, tmp_path):
    pids = tmp_path / "pids"
    up = fake_checkout(tmp_path / "cf", forward=SLEEPER.format(pids=str(pids)))
    start = time.monotonic()
    assert peer_cli.main(["--upstream", str(up), "--tests", "forward", "--mode", "plain", "--timeout", "4"]) == 1
    assert time.monotonic() - start < 60
    s = _only_run(tmp_path).read_json("summary.json")
    e = s["cases"]["forward-plain"]
    assert e["timed_out"] and e["failure"].startswith("timeout: killed after 4s")
    assert not s["complete"] and s["failed_cases"] == [f"forward-plain: {e['failure']}"]
    child = int(pids.read_text())
    deadline = time.monotonic() + 10
    while Path(f"/proc/{child}").exists() and time.monotonic() < deadline:
        state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
        if state in ("Z", "X"):
            break
        time.sleep(0.1)
    else:
        assert not Path(f"/proc/{child}").exists(), f"the test's child {child} outlived the timeout"


def test_a_crashed_pytest_or_an_unreadable_log_is_a_failed_case(h200, tmp_path):
    up = fake_checkout(tmp_path / "cf", forward="import os\n\ndef test_crash():\n    os.abort()\n")
    (h200 / "compute-sanitizer.log").write_text("========= COMPUTE-SANITIZER\nthis is not racecheck\n")
    assert peer_cli.main(["--upstream", str(up)]) == 1
    rec = _only_run(tmp_path)
    s = rec.read_json("summary.json")
    assert "crashed" in s["cases"]["forward-plain"]["failure"] and s["cases"]["forward-plain"]["junit"] is None
    assert s["cases"]["backward-plain"]["failure"] is None
    assert s["cases"]["backward-racecheck"]["racecheck"]["parsed"] is None  # no summary line: refused
    assert any(f.startswith("backward-racecheck: log not read") for f in s["failed_cases"])
    assert store.failure(rec)  # pages do not take it for a measurement


def test_a_summary_that_disagrees_with_the_records_is_a_failed_case():
    parsed = {"records": 3, "reports": 0}
    check = peer.summary_check(b"========= RACECHECK SUMMARY: 4 hazards displayed (4 errors, 0 warnings)\n", parsed)
    assert check["agrees"] is False and check["summary_hazards"] == 4
    assert peer.summary_check(b"no summary\n", parsed)["agrees"] is False
    summary = {"cases": {"x": {"failure": None, "racecheck": {"parsed": {}, "summary_check": check}}}}
    assert peer.failed_cases(summary) == ["x: parsed totals disagree with the RACECHECK SUMMARY line"]


def test_not_a_checkout_is_bad_input(h200, tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert peer_cli.main(["--upstream", str(tmp_path / "empty")]) == 2
    assert "not a cudnn-frontend source checkout" in capsys.readouterr().err
    up = fake_checkout(tmp_path / "cf")
    assert peer_cli.main(["--upstream", str(up), "--tests", "sideways"]) == 2
    assert peer_cli.main(["--upstream", str(up), "--mode", "loud"]) == 2
    assert not (tmp_path / "results").exists()


def test_no_gpu_or_no_sanitizer_is_absent(h200, tmp_path, monkeypatch, capsys):
    up = fake_checkout(tmp_path / "cf")
    (h200 / "compute-sanitizer").unlink()
    assert peer_cli.main(["--upstream", str(up), "--mode", "racecheck"]) == 3
    assert "compute-sanitizer not found" in capsys.readouterr().err
    (h200 / "nvidia-smi").unlink()
    forget_gpus()
    assert peer_cli.main(["--upstream", str(up), "--mode", "plain"]) == 3
    assert "no NVIDIA GPU" in capsys.readouterr().err
    assert not (tmp_path / "results").exists()


def test_the_child_gets_the_wheel_and_the_checkout_on_its_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", "/dsl/site")
    env = peer.pytest_env(tmp_path, ["/cache/wheel"])
    parts = env["PYTHONPATH"].split(":")
    assert parts[:2] == ["/cache/wheel", str(tmp_path / "test/python")] and "/dsl/site" in parts
    assert env["CUTE_DSL_LINEINFO"] == "1"
