"""Upstream's own tests as a peer suite: cudnn-frontend's Python tests of the DSA indexer, run from a source
checkout the user provides, plainly and under ``compute-sanitizer --tool racecheck --racecheck-report hazard``.

Nothing of upstream's test code is in this repository: :func:`record` reads the checkout at ``--upstream
PATH`` (``test/python/fe_api/dsa/test_DSA_indexer_forward.py`` and ``..._backward.py`` and the conftest and
helper modules they import) and runs ``python -m pytest`` on each selected test file in a child process
(:mod:`racelab.core.proc` through :mod:`racelab.toolchain.sanitizer`: its own process group, killed whole
on its timeout). The child imports ``cudnn`` from the release's unpacked wheel in the cache
(``RACELAB_CACHE``, :func:`racelab.toolchain.wheels.extracted`; one release for every file, or one per file
with ``--release forward=1.27.0,backward=1.26.0``), the CuTe DSL the release pins (or the one installed),
and the checkout's ``test/python`` (for ``test_utils`` and ``fe_api.dsa``); pytest writes junit XML, read
back per test.

The recorded run (experiment ``peer-suite``) lists each test file and helper with its sha256 and the
upstream commit (``git rev-parse HEAD`` where PATH is the top of a git checkout, else the file
``PATH/UPSTREAM_COMMIT``, else "unknown"; which one is recorded). Per file and mode: the junit counts,
the failing tests with the first line of their message, and under racecheck the log (xz) and its parse:
hazard records by type, the kernels, each handoff (writer and reader source lines), and whether the
parser's totals agree with racecheck's own ``RACECHECK SUMMARY`` line.

What counts as a failure. The suite exists to report what trips, so a test that fails (plainly or under
racecheck) is a finding, recorded, not a failed case. A case fails when the run could not be made or read:
pytest timed out (killed, said so), crashed (a signal, or an exit status other than 0 "all passed" and 1
"some tests failed"), wrote no junit XML, or its racecheck log could not be parsed or disagrees with its
summary. ``racelab peer`` exits 1 exactly then.
"""

from __future__ import annotations

import os
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from racelab.core import proc
from racelab.core.files import sha256
from racelab.core.paths import child_env
from racelab.experiments import racecheck_cases
from racelab.toolchain import sanitizer
from racelab.vocab import RELEASE_DSL, Experiment, UpstreamShape

EXPERIMENT = Experiment.PEER_SUITE.value
RELEASE = "1.27.0"  # the wheel the tests run against (the release of the forward audit)
RELEASES = ("1.27.0", "1.32.0")  # the releases the peer suite is recorded on
_PER_FILE_RE = re.compile(r"^(\S+)\s+([0-9a-f]{7,40}|unknown)\s*$")
TEST_DIR = "test/python/fe_api/dsa"
ROOT_DIR = "test/python"  # on sys.path: `test_utils`, `fe_api.dsa.dsa_utils`
TESTS = {"forward": "test_DSA_indexer_forward.py", "backward": "test_DSA_indexer_backward.py"}
MODES = ("plain", "racecheck")
COMMIT_FILE = "UPSTREAM_COMMIT"
COMMAND = "racelab peer"
# the SM90 handoffs in a few minutes: the forward wrapper test (BF16, 32 and 64 query heads per KV head: the
# sW handoff) without its qh16 cases, and the backward wrapper test (topk 512, block_I 128, as upstream's
# parametrisation has it); SM100-only tests in the selection skip themselves on an H200
SM90_KEYWORD = "(indexer_forward_wrapper and not qh16) or indexer_backward_wrapper"
# the backward test as stored passes grad_loss as a float, which 1.26.0 accepts and 1.27.0 and later refuse
# (TypeError before any kernel runs): the suite is recorded as stored and with ADAPTATIONS' grad-loss-tensor
H200_RELEASES = "1.27.0"
# the shape the stored backward test runs (its dsa_init defaults: b 1, s_q 128, s_kv 512, topk 512; 64 heads of
# 128), for the load-side prediction beside its hazard records
TEST_SHAPE = UpstreamShape(b=1, s_q=128, s_kv=512, topk=512, heads=64, dim=128)
H200_COMMAND = (f"{COMMAND} --upstream .upstream/cudnn-frontend --mode both --release {H200_RELEASES} "
                f"--adapt grad-loss-tensor -k '{SM90_KEYWORD}' --timeout 240")


@dataclass(frozen=True)
class Adaptation:
    """A named change to one upstream test file, applied to a copy of the checkout (never the checkout
    itself) and recorded with the file's sha256 before and after: each ``old`` text must occur exactly once."""

    test: str  # a key of TESTS
    replacements: tuple  # ((old, new), ...)
    why: str


ADAPTATIONS = {
    "grad-loss-tensor": Adaptation(
        test="backward",
        replacements=(
            ("    grad_loss = 1.0\n",
             '    grad_loss = torch.ones((), dtype=torch.float32, device="cuda")\n'),
            ("    grad_scale_expected = (loss_coeff / (b_cfg * s_q_cfg)) * grad_loss  # = 1.0\n",
             "    grad_scale_expected = loss_coeff / (b_cfg * s_q_cfg)  # = 1.0\n"),
        ),
        why=("releases 1.27.0 and later take grad_loss as a one-element float32 tensor on the GPU and raise "
             "TypeError for a float; the two lines are written as upstream's later version of the test writes "
             "them, so the kernel runs and the reference check is unchanged (grad_scale stays 1.0)")),
}
# pytest's exit statuses that mean "it ran": 0 every test passed, 1 some failed (a finding, not a failure)
RAN = (0, 1)
# the helpers the test files import, relative to ROOT_DIR (recorded with their sha256 where present)
HELPERS = ("pytest.ini", "conftest.py", "test_utils.py", "fe_api/__init__.py", "fe_api/conftest.py",
           "fe_api/dsa/__init__.py", "fe_api/dsa/conftest.py", "fe_api/dsa/dsa_utils.py", "fe_api/dsa/dsa_reference.py")


class PeerInputError(ValueError):
    """PATH is not a cudnn-frontend checkout, or the selection names no known test: bad input (exit 2)."""


@dataclass(frozen=True)
class Case:
    """One test file in one mode."""

    test: str  # a key of TESTS
    mode: str  # a member of MODES

    @property
    def name(self) -> str:
        return f"{self.test}-{self.mode}"


def cases(tests=tuple(TESTS), modes=MODES) -> list[Case]:
    for t in tests:
        if t not in TESTS:
            raise PeerInputError(f"unknown test {t!r}: one of {', '.join(TESTS)}")
    return [Case(t, m) for t in tests for m in modes]


def checkout(path) -> Path:
    """The checkout's root, or PeerInputError when it holds no ``test/python/fe_api/dsa/``."""
    root = Path(path).expanduser().resolve()
    if not (root / TEST_DIR).is_dir():
        raise PeerInputError(f"{path} is not a cudnn-frontend source checkout: no {TEST_DIR}/ in it")
    return root


def upstream_commit(root: Path) -> dict:
    """{"commit", "source"}: git when ``root`` is the top of a git work tree (not a folder inside another
    repository), else the text of ``root/UPSTREAM_COMMIT``, else "unknown"."""
    try:
        top = proc.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"], timeout_s=20)
        head = proc.run(["git", "-C", str(root), "rev-parse", "HEAD"], timeout_s=20)
    except proc.ProcError:
        top = head = None
    if top is not None and top.ok and head.ok and Path(top.stdout.strip()).resolve() == root:
        return {"commit": head.stdout.strip(), "source": "git rev-parse HEAD"}
    file = root / COMMIT_FILE
    if file.is_file():
        text = file.read_text().strip()
        per_file = dict(m.groups() for m in map(_PER_FILE_RE.match, text.splitlines()) if m)
        return {"commit": text, "source": COMMIT_FILE, **({"per_file": per_file} if per_file else {})}
    return {"commit": "unknown", "source": "none: not a git checkout and no UPSTREAM_COMMIT file"}


def listing(root: Path, tests) -> dict:
    """The test files (those asked for) and the helpers present, each with its path and sha256."""
    missing = [TESTS[t] for t in tests if not (root / TEST_DIR / TESTS[t]).is_file()]
    if missing:
        raise PeerInputError(f"{root} has no {', '.join(f'{TEST_DIR}/{m}' for m in missing)}")
    files = {t: {"path": f"{TEST_DIR}/{TESTS[t]}", "sha256": sha256(root / TEST_DIR / TESTS[t])} for t in tests}
    helpers = [{"path": f"{ROOT_DIR}/{h}", "sha256": sha256(root / ROOT_DIR / h)}
               for h in HELPERS if (root / ROOT_DIR / h).is_file()]
    return {"tests": files, "helpers": helpers}


def adapt(root: Path, names, dest: Path) -> tuple[Path, list[dict]]:
    """(the checkout to run, what was changed): ``root`` itself when ``names`` is empty; else a copy of
    ``root/test/python`` under ``dest`` with each named ADAPTATION applied. PeerInputError for an unknown
    name or an ``old`` text that does not occur exactly once (the stored file is not the one it was written
    for)."""
    import shutil

    names = list(dict.fromkeys(names or ()))
    unknown = [n for n in names if n not in ADAPTATIONS]
    if unknown:
        raise PeerInputError(f"unknown adaptation {', '.join(unknown)}: one of {', '.join(ADAPTATIONS)}")
    if not names:
        return root, []
    copy = dest / "upstream"
    shutil.copytree(root / ROOT_DIR, copy / ROOT_DIR, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    done = []
    for name in names:
        a = ADAPTATIONS[name]
        path = copy / TEST_DIR / TESTS[a.test]
        text = before = path.read_text()
        for old, new in a.replacements:
            if text.count(old) != 1:
                raise PeerInputError(f"adaptation {name}: {TEST_DIR}/{TESTS[a.test]} holds {text.count(old)} "
                                     f"copies of {old.strip()!r}, not one")
            text = text.replace(old, new)
        path.write_text(text)
        done.append({"name": name, "file": f"{TEST_DIR}/{TESTS[a.test]}", "why": a.why,
                     "sha256_before": sha256(root / TEST_DIR / TESTS[a.test]), "sha256_after": sha256(path),
                     "replacements": [{"old": o.strip(), "new": n.strip()} for o, n in a.replacements],
                     "changed": before != text})
    return copy, done


def releases(value: str | None, tests) -> dict:
    """{test: release}: one release for every test ("1.27.0") or one per test ("forward=1.27.0,backward=1.26.0");
    PeerInputError for a malformed value or a test that is not selected."""
    value = value or RELEASE
    if "=" not in value:
        chosen = {t: value for t in tests}
    else:
        pairs = [part.split("=", 1) for part in value.split(",") if part.strip()]
        chosen = {t.strip(): r.strip() for t, r in pairs}
        unknown = sorted(set(chosen) - set(tests))
        if unknown:
            raise PeerInputError(f"--release names {', '.join(unknown)}, "
                                 f"not among the selected tests {', '.join(tests)}")
        chosen = {t: chosen.get(t, RELEASE) for t in tests}
    for release in chosen.values():
        if not re.fullmatch(r"\d+\.\d+\.\d+", release):
            raise PeerInputError(f"release {release!r} is not a version like 1.27.0")
    return chosen


def python_path(release: str = RELEASE) -> list[str]:
    """sys.path entries (first) for the child: the release's unpacked wheel and the DSL it pins, if any."""
    from racelab.toolchain import upstream, wheels
    entries = [str(wheels.extracted(release))]
    dsl = RELEASE_DSL.get(release)
    return entries + (upstream.dsl_paths(dsl) if dsl else [])


def pytest_env(root: Path, paths, env=None) -> dict:
    """The child's environment: ``paths`` and the checkout's test root first on PYTHONPATH, then this
    package's source (child_env) and whatever PYTHONPATH held; kernel line info on (racecheck names lines)."""
    out = child_env(env)
    out["PYTHONPATH"] = os.pathsep.join([*map(str, paths), str(root / ROOT_DIR), out["PYTHONPATH"]])
    out.setdefault("CUTE_DSL_LINEINFO", "1")
    out.setdefault("PYTHONDONTWRITEBYTECODE", "1")  # nothing written into the user's checkout
    return out


def pytest_command(root: Path, case: Case, junit: Path, keyword: str | None = None, python=None) -> list[str]:
    cmd = [python or sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rfE",
           "--rootdir", str(root / ROOT_DIR), f"--junitxml={junit}", "-o", "junit_family=xunit2",
           str(root / TEST_DIR / TESTS[case.test])]
    return cmd + (["-k", keyword] if keyword else [])


def junit_outcomes(xml: bytes) -> dict:
    """{"passed", "failed", "skipped", "error", "tests", "failing": [{"test", "outcome", "message"}]} from
    pytest's junit XML; ValueError when it is not such XML."""
    try:
        tree = ET.fromstring(xml)
    except ET.ParseError as err:
        raise ValueError(f"junit XML not readable: {err}") from err
    counts = {"passed": 0, "failed": 0, "skipped": 0, "error": 0}
    failing = []
    for tc in tree.iter("testcase"):
        name = f"{tc.get('classname', '')}::{tc.get('name', '')}".lstrip(":")
        kinds = [child.tag for child in tc if child.tag in ("failure", "error", "skipped")]
        outcome = {"failure": "failed", "error": "error", "skipped": "skipped"}[kinds[0]] if kinds else "passed"
        counts[outcome] += 1
        if outcome in ("failed", "error"):
            node = tc.find("failure" if outcome == "failed" else "error")
            text = (node.get("message") or node.text or "").strip()
            failing.append({"test": name, "outcome": outcome, "message": text.splitlines()[0] if text else ""})
    return {**counts, "tests": sum(counts.values()), "failing": failing}


_SUMMARY_RE = re.compile(rb"RACECHECK SUMMARY: (\d+) hazards? displayed")


def summary_check(log: bytes, parsed: dict) -> dict:
    """Racecheck's own ``RACECHECK SUMMARY: N hazards displayed`` (summed over the log's summary lines)
    against the parser's hazard records plus analysis reports."""
    lines = [int(m.group(1)) for m in _SUMMARY_RE.finditer(log)]
    said = sum(lines) if lines else None
    counted = parsed["records"] + parsed["reports"]
    return {"summary_lines": len(lines), "summary_hazards": said, "parsed": counted,
            "agrees": said is not None and said == counted}


def handoffs(parsed: dict) -> list[dict]:
    """The log's sites merged by source line (a line compiles to several PCs): kernel, type, writer and
    reader (file:line), records; most records first."""
    def where(access):
        return f"{access.get('file')}:{access.get('line')}" if access else None
    merged: dict = {}
    for site in parsed.get("sites", []):
        key = ((site.get("writer") or site.get("reader") or {}).get("function"), site.get("type"),
               where(site.get("writer")), where(site.get("reader")))
        merged[key] = merged.get(key, 0) + (site.get("count") or 0)
    rows = [{"kernel": k, "type": t, "writer": w, "reader": r, "records": n} for (k, t, w, r), n in merged.items()]
    return sorted(rows, key=lambda r: (-r["records"], str(r["writer"])))


def read_log(log: bytes, stored: Path, truncated: bool) -> dict:
    """The parse of one racecheck log as the run keeps it: counts, kernels, handoffs, the summary check;
    or {"parsed": None, "parse_error"} (the log is kept either way)."""
    entry = racecheck_cases.parsed_entry(stored, truncated=truncated)
    parsed = entry.get("parsed")
    if parsed is None:
        return entry
    rows = handoffs(parsed)
    return {**entry, "by_type": parsed["by_type"], "records": parsed["records"],
            "kernels": sorted({r["kernel"] for r in rows if r["kernel"]}), "handoffs": rows,
            "summary_check": summary_check(log, parsed)}


def case_status(res, outcomes: dict | None) -> str | None:
    """Why the case failed (a failed case: the run was not made or not read), or None when it ran."""
    if res.timed_out:
        return f"timeout: {res.notes[0] if res.notes else 'killed'}"
    if res.returncode not in RAN:
        return f"pytest exited {res.returncode} (crashed, interrupted, or collected nothing)"
    if outcomes is None:
        return "no junit XML"
    return None


def failed_cases(summary: dict) -> list[str]:
    out = []
    for name, entry in summary["cases"].items():
        why = [entry["failure"]] if entry.get("failure") else []
        rc = entry.get("racecheck")
        if rc is not None and rc.get("parsed") is None:
            why.append(f"log not read ({rc.get('parse_error', 'no log')})")
        elif rc is not None and not rc["summary_check"]["agrees"]:
            why.append("parsed totals disagree with the RACECHECK SUMMARY line")
        if why:
            out.append(f"{name}: {'; '.join(why)}")
    return out


def findings(summary: dict) -> list[str]:
    """What tripped: failing tests and hazard records, one line each (data, not failures)."""
    out = []
    for name, entry in summary["cases"].items():
        for f in (entry.get("junit") or {}).get("failing", []):
            out.append(f"{name}: {f['test']} {f['outcome']}: {f['message']}")
        rc = entry.get("racecheck") or {}
        if rc.get("records"):
            out.append(f"{name}: {rc['records']} hazard records {rc['by_type']}")
    return out


def preflight(modes) -> dict:
    """The GPU (RacecheckError when there is none) and, when racecheck is asked for, the sanitizer."""
    return sanitizer.preflight(need_sanitizer="racecheck" in modes)


def run_case(root: Path, case: Case, *, env: dict, tmp: Path, keyword: str | None, timeout_s: float):
    """One pytest run; returns (SanitizerRun, junit XML bytes or None)."""
    junit = tmp / f"{case.name}.xml"
    cmd = pytest_command(root, case, junit, keyword)
    cwd = root / ROOT_DIR
    if case.mode == "racecheck":
        res = sanitizer.run_racecheck(cmd, report="hazard", timeout_s=timeout_s, env=env, cwd=cwd)
    else:
        res = sanitizer.run_plain(cmd, timeout_s=timeout_s, env=env, cwd=cwd)
    return res, (junit.read_bytes() if junit.is_file() else None)


def record(upstream, *, tests=tuple(TESTS), modes=MODES, keyword: str | None = None, timeout_s: float = 600.0,
           release: str | None = RELEASE, adaptations=(), log=print, command=None):
    """Run each selected test file in each mode and record run EXPERIMENT; returns the recorded run."""
    import tempfile

    root = checkout(upstream)
    chosen = cases(tests, modes)
    files = listing(root, tests)
    wheel = releases(release, tests)
    with tempfile.TemporaryDirectory(prefix="racelab-peer-") as tmp:
        runs_in, adapted = adapt(root, adaptations, Path(tmp))
        gpu = preflight(modes)
        commit = upstream_commit(root)
        for test, info in files["tests"].items():
            info["commit"] = commit.get("per_file", {}).get(info["path"], commit["commit"].splitlines()[0])
        for helper in files["helpers"]:
            helper["commit"] = commit.get("per_file", {}).get(helper["path"])
        envs = {r: pytest_env(runs_in, python_path(r)) for r in sorted(set(wheel.values()))}
        log(f"peer suite: {len(chosen)} runs of upstream's tests at {root} ({commit['commit'].splitlines()[0]}) "
            f"against nvidia-cudnn-frontend {', '.join(f'{t} {r}' for t, r in wheel.items())} on {gpu['name']}"
            + (f", adapted: {', '.join(a['name'] for a in adapted)}" if adapted else ", as stored"))
        return _record(runs_in, chosen, files, wheel, gpu, commit, adapted, envs, keyword, timeout_s, Path(tmp),
                       log, command, origin=root)


def _record(root, chosen, files, wheel, gpu, commit, adapted, envs, keyword, timeout_s, tmp, log, command, origin):
    from racelab.core import store
    from racelab.toolchain.upstream import venv_dsl_version
    with store.new_run(EXPERIMENT, command=command or COMMAND.split()) as run:
        summary = {"release": wheel, "dsl": {t: RELEASE_DSL.get(r) or venv_dsl_version() for t, r in wheel.items()},
                   "upstream": str(origin), "commit": commit, "adaptations": adapted,
                   "files": files, "keyword": keyword, "timeout_s": timeout_s, "gpu": gpu, "cases": {}}
        for case in chosen:
            res, xml = run_case(root, case, env=envs[wheel[case.test]], tmp=tmp, keyword=keyword,
                                timeout_s=timeout_s)
            entry = {"test": case.test, "mode": case.mode, "file": files["tests"][case.test]["path"],
                     "release": wheel[case.test], **res.describe()}
            try:
                entry["junit"] = junit_outcomes(xml) if xml is not None else None
            except ValueError as err:
                entry["junit"], entry["junit_error"] = None, str(err)
            if xml is not None:
                run.write_bytes(f"junit-{case.name}.xml", xml)
            run.write_text(f"output-{case.name}.txt", res.output, compress=True)
            entry["failure"] = case_status(res, entry["junit"])
            if case.mode == "racecheck":
                stored = run.write_bytes(f"racecheck-{case.name}.log", res.log, compress=True)
                entry["log"] = stored.name
                entry["racecheck"] = read_log(res.log, stored, truncated=res.timed_out or res.returncode not in RAN)
            summary["cases"][case.name] = entry
            j = entry["junit"] or {}
            hz = (entry.get("racecheck") or {}).get("records")
            log(f"  {case.name}: {res.status} in {res.wall_s:.1f}s, {j.get('passed', '?')} passed, "
                f"{j.get('failed', '?')} failed, {j.get('skipped', '?')} skipped"
                + (f", {hz} hazard records" if hz is not None else "")
                + (f" [{entry['failure']}]" if entry["failure"] else ""))
        summary["failed_cases"] = failed_cases(summary)
        summary["findings"] = findings(summary)
        summary["complete"] = not summary["failed_cases"]
        run.write_json("summary.json", summary)
    log(f"recorded {EXPERIMENT}/{run.recorded.id}")
    return run.recorded


def _verdict(junit: dict | None) -> str:
    if not junit or not junit.get("tests"):
        return "not run"
    if junit.get("failed") or junit.get("error"):
        return "fails"
    return "skipped" if junit.get("skipped") == junit["tests"] else "passes"


def under_racecheck(release: str, root=None) -> dict:
    """{test: {"verdict", "records" (by kernel file name), "run"}}: what each upstream test showed under
    racecheck on `release`, from the newest SM90 peer-suite run that ran it there with its adaptations (the
    tests as the release's API takes them); {} where none did."""
    from racelab.core import store
    out = {}
    for rec in store.candidates(EXPERIMENT, "sm90", root=root):
        s = rec.read_json("summary.json")
        if not s.get("adaptations"):
            continue
        for e in s["cases"].values():
            if e["mode"] != "racecheck" or e["test"] in out or e["release"] != release:
                continue
            records: dict = {}
            for h in (e.get("racecheck") or {}).get("handoffs", []):
                name = (h.get("writer") or h.get("reader") or "").rpartition(":")[0]
                records[name] = records.get(name, 0) + (h.get("records") or 0)
            out[e["test"]] = {"verdict": _verdict(e.get("junit")), "records": records, "run": rec.id}
    return out


_WHERE_RE = re.compile(r"^(?P<file>\S+\.py):(?P<line>\d+): in \S+\s*$")
_END_RE = re.compile(r"^(?P<file>\S+\.py):(?P<line>\d+): \w+")


def failing_assertion(xml: bytes) -> dict | None:
    """The first failing test's failing statement as pytest's short traceback gives it in the junit XML:
    {"file", "line", "statement"} (the statement is the source line after "FILE:LINE: in TEST"), or None."""
    tree = ET.fromstring(xml)
    for tc in tree.iter("testcase"):
        node = tc.find("failure")
        if node is None:
            continue
        lines = (node.text or "").splitlines()
        for i, ln in enumerate(lines[:-1]):  # --tb=short: "FILE:LINE: in TEST", then the statement
            m = _WHERE_RE.match(ln)
            if m:
                return {"file": m["file"], "line": int(m["line"]), "statement": lines[i + 1].strip()}
        marked = [ln[1:].strip() for ln in lines if ln.startswith(">")]  # the long form: "> statement" ...
        ends = [m for ln in lines if (m := _END_RE.match(ln))]  # ... and "FILE:LINE: Exception" last
        if marked and ends:
            return {"file": ends[-1]["file"], "line": int(ends[-1]["line"]), "statement": marked[-1]}
    return None


def skip_reasons(xml: bytes) -> list[str]:
    """Every distinct reason pytest gave for a skipped test in the junit XML."""
    tree = ET.fromstring(xml)
    return sorted({node.get("message", "") for tc in tree.iter("testcase") for node in tc.findall("skipped")})


def _kernel_class(name: str | None) -> str:
    m = re.search(r"([A-Z][A-Za-z0-9]+?)_object_at", name or "")
    return m.group(1) if m else (name or "")


def all_case_rows(root=None) -> list[dict]:
    """One row per case of every SM90 peer-suite run, oldest first: the run and its GPU, the release, the
    tests as stored or adapted, the test and mode, pytest's counts, the hazard records by type, and the
    failing statement where a test failed."""
    from racelab.core import store
    from racelab.core.provenance import gpu_models
    rows = []
    for rec in reversed(store.candidates(EXPERIMENT, "sm90", root=root)):
        s = rec.read_json("summary.json")
        tests = ", ".join(a["name"] for a in s.get("adaptations") or []) or "as stored"
        for name, e in s["cases"].items():
            j, rc = e.get("junit") or {}, e.get("racecheck") or {}
            xml = rec.path / f"junit-{name}.xml"
            failing = failing_assertion(xml.read_bytes()) if j.get("failed") and xml.is_file() else None
            rows.append({"run": rec.id, "GPU": gpu_models([rec]), "release": e["release"], "tests": tests,
                         "test": e["test"], "mode": e["mode"], "verdict": _verdict(j),
                         **{k: j.get(k) for k in ("passed", "failed", "skipped")},
                         "RAW": (rc.get("by_type") or {}).get("RAW") if rc else None,
                         "WAR": (rc.get("by_type") or {}).get("WAR") if rc else None,
                         "failing statement": _failing_text(failing, j)})
    return rows


def _failing_text(failing: dict | None, junit: dict) -> str:
    """"line N: assert ..." for a failed assertion; "line N: <the exception>" for a call that raised."""
    message = (junit.get("failing") or [{}])[0].get("message", "") if junit.get("failed") else ""
    if failing is None:
        return message
    said = failing["statement"] if failing["statement"].startswith("assert") else message
    return f"line {failing['line']}: {said}"


def all_handoff_rows(root=None) -> list[dict]:
    """Every handoff racecheck reported in any SM90 peer-suite run: the run, release, kernel class, type,
    writer and reader lines and records."""
    from racelab.core import store
    return [{"run": rec.id, "release": e["release"], "kernel": _kernel_class(h["kernel"]), "type": h["type"],
             "writer": h["writer"], "reader": h["reader"], "records": h["records"]}
            for rec in reversed(store.candidates(EXPERIMENT, "sm90", root=root))
            for e in rec.read_json("summary.json")["cases"].values()
            for h in (e.get("racecheck") or {}).get("handoffs", [])]
