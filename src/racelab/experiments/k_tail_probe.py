"""The recorded K-tail probe run "k-tail-probe": `kernels/probe_k_tail_sm90.py` (the dense K-load tail handoff of
upstream's SM90 indexer backward, read back with plain loads) run plainly and under racecheck, with the
elected arrive and with every producer thread arriving (`racelab k-tail record`, on an SM90 GPU).

`table(run)` reads a recorded run back: one row per racecheck case, its hazard bytes parsed from the stored
log, the bytes predicted for an elected arrive, and the count of hazard records racecheck names a cause for.

The probe mirrors one upstream function, `IndexerBackwardSm90._k_load_warpgroup_dense_inline`; `upstream_tail`
fingerprints that function in a release's source (its syntax tree, line numbers left out), and a run recorded
with `--release R` stores R and the fingerprint of R's function beside the CuTe DSL version it ran on, so a
run says which release's handoff it stands for."""

import ast
import hashlib
import importlib.metadata
import importlib.util
import io
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from racelab.experiments.racecheck_any import keep_case, run_cases
from racelab.lint import sass_scan
from racelab.vocab import ArriveMode, Experiment

EXPERIMENT = Experiment.K_TAIL_PROBE.value
COMMAND = "racelab k-tail record"
KERNEL = "probe_k_tail_sm90"
# what the probe's runs call each arrive: its all-lane variant is a warpgroup, every producer thread
ARRIVE_LABELS = {ArriveMode.ELECTED: "elected", ArriveMode.ALL_LANES: "all-threads"}
CAUSE = "cause: "  # column prefix of the records racecheck names a cause for
UPSTREAM_PATH = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"
UPSTREAM_FUNCTION = "IndexerBackwardSm90._k_load_warpgroup_dense_inline"


def kernel():
    """The probe's kernel module (imports the CuTe DSL)."""
    from racelab.toolchain.loaders import load_kernel
    return load_kernel(KERNEL)


def kernel_file() -> Path:
    from racelab.core.paths import kernels_dir
    return kernels_dir() / f"{KERNEL}.py"


@dataclass(frozen=True)
class Case:
    report: str  # racecheck report mode
    s_k: int
    n_cta: int
    arrive: ArriveMode
    block_I: int = 64
    head_dim: int = 64

    @property
    def label(self) -> str:
        return ARRIVE_LABELS[self.arrive]

    @property
    def name(self) -> str:
        return f"{self.report}-sk{self.s_k}-bi{self.block_I}-d{self.head_dim}-ctas{self.n_cta}-{self.label}"

    def kernel_args(self) -> list[str]:
        return ["--s-k", str(self.s_k), "--block-i", str(self.block_I), "--head-dim", str(self.head_dim),
                "--ctas", str(self.n_cta), "--arrive", self.label]

    def tail(self):
        """The kernel's view of the tail block: which rows are copied and which zero-filled."""
        return kernel().Tail(self.s_k, self.block_I)

    def expected_racy_bytes(self) -> int:
        """Bytes of sK written by producer threads other than the arriving one (thread 0), each read once:
        what hazard mode should report if racecheck treats the elected arrive as releasing only its own
        writes. Thread 0 writes one 16-byte chunk per 64 columns in each of its rows."""
        if self.arrive is ArriveMode.ALL_LANES:
            return 0
        k = kernel()
        rows_of_thread0 = self.block_I // (k.WARPGROUP_SIZE // k.KTailProbeSm90.GROUP)
        thread0 = rows_of_thread0 * (self.head_dim // 64) * 16
        return self.block_I * self.head_dim * 2 - thread0


def default_cases() -> list[Case]:
    """Hazard mode, one CTA: the tail (s_k=200: 8 copied rows, 56 zero-filled) and a full last block
    (s_k=256: every row copied); analysis mode over 132 CTAs (one per H200 SM) at the tail. Each with the
    elected arrive (upstream) and the all-thread arrive."""
    cases = []
    for s_k in (200, 256):
        cases += [Case("hazard", s_k, 1, a) for a in ArriveMode]
    cases += [Case("analysis", 200, 132, a) for a in ArriveMode]
    return cases


def upstream_tail(source: str) -> dict:
    """Where the K-load tail the probe mirrors sits in an upstream source, and a fingerprint of it: the sha256
    of the function's syntax tree without positions (equal across releases that only moved it)."""
    cls_name, fn_name = UPSTREAM_FUNCTION.split(".")
    tree = ast.parse(source)
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name):
        for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == fn_name):
            dump = ast.dump(fn, include_attributes=False).encode()
            return {"function": UPSTREAM_FUNCTION, "file": UPSTREAM_PATH, "first_line": fn.lineno,
                    "last_line": fn.end_lineno, "ast_sha256": hashlib.sha256(dump).hexdigest()}
    raise ValueError(f"the source has no {UPSTREAM_FUNCTION}")


def upstream_source(release: str) -> str:
    """The release's indexer backward source: the importable package when it is that release (a GPU machine
    without network), else the release's wheel."""
    try:
        installed = importlib.metadata.version("nvidia-cudnn-frontend")
    except importlib.metadata.PackageNotFoundError:
        installed = None
    spec = importlib.util.find_spec("cudnn") if installed == release else None
    if spec is not None and spec.origin is not None:
        return (Path(spec.origin).parent.parent / UPSTREAM_PATH).read_text()
    from racelab.toolchain import wheels
    return wheels.module_file(release, UPSTREAM_PATH).read_text()


def mirrors(release: str) -> dict:
    """What a run records about the release whose handoff the probe stands for."""
    try:
        dsl = importlib.metadata.version("nvidia-cutlass-dsl")
    except importlib.metadata.PackageNotFoundError:
        dsl = None
    return {"release": release, "dsl": dsl, **upstream_tail(upstream_source(release))}


def run_release(rec) -> str | None:
    """The release a recorded run stands for: the one it was recorded with (`--release`), else the
    nvidia-cudnn-frontend its provenance lists."""
    found = (rec.read_json("summary.json").get("mirrors") or {}).get("release")
    return found or rec.provenance.get("packages", {}).get("nvidia-cudnn-frontend")


def sass(block_I=64, head_dim=64, arrive=ArriveMode.ELECTED, arch="sm_90a") -> str:
    """The probe's SASS for one arrive mode, compiled from fake tensors (no GPU needed)."""
    return sass_scan.listing(kernel().compile_only(block_I, head_dim, arrive, arch, keep=True)["cubin"])


def record(cases=None, *, release: str | None = None, timeout_s: float = 120.0, jobs: int = 2,
           require_sm: int | None = 90, log=print, command=None):
    """On an SM90 GPU: plain correctness runs, the SASS of both variants, and every case under racecheck
    (each a fresh process, killed after timeout_s); records run "k-tail-probe". With `release`, the run
    records which release's K-load tail it stands for (`mirrors`). Returns the RecordedRun."""
    from racelab.core import store
    from racelab.toolchain import sanitizer

    mirrored = mirrors(release) if release else None  # read before any GPU time is spent
    probe = kernel()
    cases = list(cases or default_cases())
    gpu = sanitizer.preflight(require_sm=require_sm)
    log(f"k-tail probe: {len(cases)} racecheck runs on {gpu['name']} (sm_{gpu['sm']}), {jobs} at a time")
    started = time.monotonic()
    plain = []
    for s_k, n_cta, arrive in sorted({(c.s_k, c.n_cta, c.arrive) for c in cases},
                                     key=lambda k: (k[0], k[1], ARRIVE_LABELS[k[2]])):
        try:
            res = probe.run(s_k=s_k, n_cta=n_cta, arrive=arrive)
        except Exception as err:  # recorded; the sanitizer runs still go ahead
            res = {"s_k": s_k, "n_cta": n_cta, "arrive": ARRIVE_LABELS[arrive], "correct": False,
                   "error": f"{type(err).__name__}: {err}"}
        plain.append(res)
        log(f"  plain {ARRIVE_LABELS[arrive]:11s} s_k={s_k} ctas={n_cta}: correct={res.get('correct')}")
    sass_files = {}
    for arrive in ArriveMode:
        try:
            sass_files[f"sass-{ARRIVE_LABELS[arrive]}.txt"] = sass(arrive=arrive, arch=probe.device_arch())
        except Exception as err:
            log(f"  SASS of {ARRIVE_LABELS[arrive]} failed: {type(err).__name__}: {err}")

    results = run_cases(cases, lambda case: [sys.executable, str(kernel_file()), *case.kernel_args()],
                        timeout_s=timeout_s, jobs=jobs, log=log)

    summary = {"experiment": EXPERIMENT, "gpu": gpu, "timeout_s": timeout_s,
               "kernel": {"file": f"kernels/{KERNEL}.py", "fingerprint": probe.fingerprint()},
               "plain": plain, "cases": []}
    if mirrored:
        summary["mirrors"] = mirrored
    with store.new_run(EXPERIMENT, command=command if command is not None else sys.argv) as rec:
        rec.add_file(f"{KERNEL}.py", kernel_file())
        for name, text in sass_files.items():
            rec.write_text(name, text, compress=True)
        for case, result in results:
            summary["cases"].append(keep_case(
                rec, case.name, result, racy=case.arrive is ArriveMode.ELECTED, case=case.name, s_k=case.s_k,
                n_cta=case.n_cta, block_I=case.block_I, head_dim=case.head_dim, arrive=case.label,
                arrive_count=probe.arrive_count(case.arrive), expected_racy_bytes=case.expected_racy_bytes()))
        summary["wall_s"] = round(time.monotonic() - started, 1)
        rec.write_json("summary.json", summary)
    recorded = rec.recorded
    log(f"recorded {recorded.experiment}/{recorded.id}")
    for entry in summary["cases"]:
        parsed = entry.get("parsed") or {}
        log(f"  {entry['case']:45s} {entry['status']:8s} correct={entry['correct']!s:5s} "
            f"hazard_bytes={parsed.get('hazard_bytes', '?')} (expected {entry['expected_racy_bytes']})")
    return recorded


def read_log(data: bytes):
    """One stored racecheck log, read once: (HazardReport, {cause: hazard records}) for the records racecheck
    names a cause for (`Potential RAW hazard detected (invalid memcpy_async synchronization) at ...`)."""
    from racelab.readers import racecheck_log

    report = racecheck_log.parse(io.BytesIO(data))
    causes: Counter = Counter()
    for line in data.splitlines():
        if b"hazard detected (" in line:
            kind, m = racecheck_log.classify(line)
            if kind is racecheck_log.LineType.HAZARD and m["cause"]:
                causes[m["cause"].decode(errors="replace")] += 1
    return report, dict(causes)


def table(rec):
    """The recorded K-tail probe run as a table: one row per racecheck case with the hazard bytes parsed
    from the recorded log (the raw artifact, re-read here, not the summary written at recording time), the
    bytes predicted for an elected arrive, the probe's own correctness check, and one column
    `cause: <cause>` per cause racecheck names, counting the hazard records it names it for."""
    import pandas as pd

    from racelab.experiments.racecheck_cases import RecordedCase

    rows, causes = [], {}
    for c in map(RecordedCase.from_entry, rec.read_json("summary.json")["cases"]):
        with rec.open_stream(c.log) as stream:
            report, named = read_log(stream.read())
        causes[len(rows)] = named if c.report == "hazard" else {}
        rows.append({"report": c.report, "s_k": c.params["s_k"], "CTAs": c.params["n_cta"],
                     "arrive": c.params["arrive"], "count": c.params["arrive_count"], "status": c.status,
                     "hazard bytes": report.hazard_bytes, "analysis reports": len(report.reports),
                     "predicted (elected: all but thread 0's bytes)": c.params["expected_racy_bytes"]
                     if c.report == "hazard" else None,
                     "writer threads": len(report.writer_threads) or None,
                     "output correct": c.correct})
    for cause in sorted({k for named in causes.values() for k in named}):
        for i, row in enumerate(rows):
            row[CAUSE + cause] = causes[i].get(cause, 0)
    return pd.DataFrame(rows)


def outputs(gpu: str = "sm90", root=None):
    """Every case in every recorded probe run on `gpu`, failed runs included (before
    racecheck_cases.mark_race_in_output, a wrong output of the elected variant failed its run): one row each,
    the plain runs (report "plain", no racecheck) and the racecheck cases, with the arrive, whether the kernel
    read back the right tile, how many elements it got wrong, and for a racecheck case the hazard bytes by
    type re-read from the recorded log (WAR: a read came before the write it should have seen)."""
    import pandas as pd

    from racelab.core import store
    from racelab.experiments.racecheck_cases import RecordedCase

    rows = []
    for rec in store.all_runs(EXPERIMENT, gpu, root, include_failed=True):
        summary = rec.read_json("summary.json")
        for p in summary.get("plain", []):
            rows.append({"run": rec.id, "report": "plain", "s_k": p.get("s_k"), "CTAs": p.get("n_cta"),
                         "arrive": ARRIVE_LABELS[ArriveMode.parse(p["arrive"])], "output correct": p.get("correct"),
                         "wrong elements": p.get("mismatches"), "RAW bytes": None, "WAR bytes": None,
                         "hazard bytes": None})
        for c in map(RecordedCase.from_entry, summary["cases"]):
            with rec.open_stream(c.log) as stream:
                report, _ = read_log(stream.read())
            output = c.kernel_output or {}
            rows.append({"run": rec.id, "report": c.report, "s_k": c.params["s_k"], "CTAs": c.params["n_cta"],
                         "arrive": ARRIVE_LABELS[ArriveMode.parse(c.params["arrive"])],
                         "output correct": output.get("correct"), "wrong elements": output.get("mismatches"),
                         "RAW bytes": report.by_type.get("RAW", 0), "WAR bytes": report.by_type.get("WAR", 0),
                         "hazard bytes": report.hazard_bytes})
    return pd.DataFrame(rows)
