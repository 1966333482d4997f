"""The SM90 twin of the W_LOADED handoff as a recorded experiment: `record` runs every racecheck case the
racecheck chapter replays (one run, "twin-racecheck"), and `layout_diff` compares the SASS of the two
arrive modes.

The kernel itself is kernels/handoff_twin_sm90.py (`HandoffTwinSm90`); its arrive modes and the
shared-memory layout its SharedStorage must have are racelab.vocab's (ArriveMode, TwinLayout)."""

import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from racelab.core.paths import kernels_dir
from racelab.experiments.racecheck_any import keep_case, run_cases
from racelab.model.programs import predicted_hazard_bytes
from racelab.toolchain.loaders import load_kernel
from racelab.vocab import ArriveMode, Experiment, TwinHandoff, TwinLayout

EXPERIMENT = Experiment.TWIN_RACECHECK.value
ALTERNATIVES_EXPERIMENT = Experiment.TWIN_RACECHECK_ALTERNATIVES.value
KERNEL_NAME = "handoff_twin_sm90"
KERNEL_FILE = KERNEL_NAME + ".py"


# ------------------------------------------------------------------ the kernel module

def kernel_path() -> Path:
    return kernels_dir() / KERNEL_FILE


def kernel_module():
    """kernels/handoff_twin_sm90.py, imported once (it needs the CuTe DSL)."""
    return load_kernel(KERNEL_NAME)


def kernel_sass(topk: int = 128, heads: int = 64, arrive=ArriveMode.ELECTED, work: int = 1,
                arch: str = "sm_90a", pad: int = 0) -> str:
    """The twin's code for these settings (`arrive`: any racelab.vocab.TwinHandoff; `pad`: 16-byte no-ops
    after the load warp's arrive), compiled here (no GPU) and disassembled (nvdisasm)."""
    from racelab.toolchain import nvidia

    return nvidia.disassemble_bytes(kernel_module().compile_only(topk, heads, arrive, work, arch, keep=True,
                                                                 pad=pad)["cubin"])


def layout_info(topk: int, heads: int) -> dict:
    """The twin's shared-memory layout at (topk, heads) and the hazard bytes predicted per arrive mode."""
    layout = TwinLayout(topk, heads)
    return {**asdict(layout), **layout.offsets(), "size": layout.size,
            "predicted_hazard_bytes": {m.value: predicted_hazard_bytes(topk, heads, m) for m in ArriveMode}}


# ------------------------------------------------------------------ the recorded experiment

@dataclass(frozen=True)
class Case:
    """One racecheck run of the twin."""

    report: str  # "hazard" or "analysis"
    topk: int
    heads: int
    ctas: int
    arrive: ArriveMode | TwinHandoff  # the handoff (ArriveMode's two are TwinHandoff's first members)
    work: int = 1  # reads of each handed-off element by the compute warpgroup

    @property
    def name(self) -> str:
        work = f"-work{self.work}" if self.work != 1 else ""
        return f"{self.report}-topk{self.topk}-heads{self.heads}-ctas{self.ctas}{work}-{self.arrive.value}"

    def kernel_args(self) -> list[str]:
        return ["--topk", str(self.topk), "--heads", str(self.heads), "--ctas", str(self.ctas),
                "--arrive", self.arrive.value, *(["--work", str(self.work)] if self.work != 1 else [])]


def default_cases() -> list[Case]:
    """What the chapter shows: hazard mode at the PR's one-CTA shape and at topk=512, and the default
    analysis mode over 1, 132 (one per H200 SM) and 512 CTAs; each before and after the fix."""
    cases = []
    for topk in (128, 512):
        cases += [Case("hazard", topk, 64, 1, arrive) for arrive in ArriveMode]
    for ctas in (1, 132, 512):
        cases += [Case("analysis", 128, 64, ctas, arrive) for arrive in ArriveMode]
    return cases


def reader_cases(work: int = 2) -> list[Case]:
    """Hazard mode at the PR's one-CTA shape with every element read `work` times by the compute
    warpgroup (the real consumer reads each sW/sGradSignal element more than once): does racecheck still
    report one record per byte?"""
    return [Case("hazard", 128, 64, 1, arrive, work) for arrive in ArriveMode]


def alternative_cases() -> list[Case]:
    """Hazard mode, one CTA, at the PR's topk=128 and at topk=512: every way of handing off W_LOADED's data
    (racelab.vocab.TwinHandoff), the bug and the fix included."""
    return [Case("hazard", topk, 64, 1, handoff) for topk in (128, 512) for handoff in TwinHandoff]


def handoff_verdicts(topk: int = 128, heads: int = 64) -> dict:
    """The happens-before model's verdict on each handoff under every rule set (racelab.model):
    {handoff: {rule set: {"verdict": "race" | "clean" | ..., "unordered_bytes": n}}}, or
    {"verdict": "not modelled", "why": ...} where the model cannot express the handoff."""
    from racelab.model.happens_before import RULE_NAMES, analyze
    from racelab.model.events import ModelError
    from racelab.model.programs import twin_handoff

    out = {}
    for handoff in TwinHandoff:
        try:
            program = twin_handoff(topk, heads, handoff)
        except ModelError as err:
            out[handoff.value] = {rules: {"verdict": "not modelled", "why": str(err)} for rules in RULE_NAMES}
            continue
        out[handoff.value] = {}
        for rules in RULE_NAMES:
            analysis = analyze(program, rules)
            out[handoff.value][rules] = {"verdict": analysis.verdict, "unordered_bytes": analysis.unordered_bytes}
    return out


def _plain_runs(mod, cases, log) -> list[dict]:
    """Each distinct kernel configuration of `cases` run once without the sanitizer, its output checked; a
    failure is recorded (and the sanitizer runs still go ahead)."""
    plain = []
    for key in sorted({(c.topk, c.heads, c.ctas, c.arrive, c.work) for c in cases},
                      key=lambda k: (k[0], k[1], k[2], k[3].value, k[4])):
        topk, heads, ctas, arrive, work = key
        try:
            res = mod.run(topk=topk, heads=heads, n_cta=ctas, arrive=arrive, work=work, check=True)
            verdict = f"{'correct' if res['correct'] else 'WRONG'} ({res['compile_s']:.1f}s compile)"
        except Exception as err:  # recorded, and the sanitizer runs still go ahead
            res = {"topk": topk, "heads": heads, "n_cta": ctas, "arrive": arrive.value, "correct": False,
                   "error": f"{type(err).__name__}: {err}"}
            verdict = f"FAILED: {res['error']}"
        plain.append(res)
        log(f"  plain {arrive.value:9s} topk={topk} heads={heads} ctas={ctas}: {verdict}")
    return plain


def _sass_files(mod, cases, log) -> dict[str, str]:
    """{file name: SASS} of each distinct build of `cases` for this GPU (a build that fails is logged, not kept)."""
    sass_files = {}
    for topk, heads, arrive, work in sorted({(c.topk, c.heads, c.arrive, c.work) for c in cases},
                                            key=lambda k: (k[0], k[1], k[2].value, k[3])):
        name = f"sass-topk{topk}-heads{heads}{f'-work{work}' if work != 1 else ''}-{arrive.value}.txt"
        try:
            sass_files[name] = kernel_sass(topk, heads, arrive, work, arch=mod.device_arch())
        except Exception as err:
            log(f"  SASS of {name} failed: {type(err).__name__}: {err}")
    return sass_files


def record(cases=None, *, timeout_s: float = 90.0, jobs: int = 2, require_sm: int | None = 90,
           sass: bool = True, log=print, experiment: str = EXPERIMENT, plain_runs: bool = True):
    """On an H200: run every case under racecheck (each a fresh process) and record one run holding the
    logs, each run's correctness check, a plain (no sanitizer) correctness check of each variant, the SASS
    of each variant, and a summary. Returns the RecordedRun. `plain_runs=False` leaves out the plain
    checks, which run in this process without a time limit (a handoff that never completes its phase
    would hang it): each racecheck run, in its own process under `timeout_s`, checks the output anyway."""
    from racelab.toolchain import sanitizer
    from racelab.core import store

    cases = list(cases or default_cases())
    gpu = sanitizer.preflight(require_sm=require_sm)
    log(f"twin record: {len(cases)} racecheck runs on {gpu['name']} (sm_{gpu['sm']}), {jobs} at a time, "
        f"timeout {timeout_s:.0f}s each")
    started = time.monotonic()
    mod = kernel_module()

    # Plain runs first: correctness without the sanitizer; then the SASS of each variant for this GPU.
    plain = _plain_runs(mod, cases, log) if plain_runs else []
    sass_files = _sass_files(mod, cases, log) if sass else {}

    results = run_cases(cases, lambda case: [sys.executable, str(kernel_path()), *case.kernel_args(), "--json"],
                        timeout_s=timeout_s, jobs=jobs, log=log)

    summary = {"experiment": experiment, "gpu": gpu, "timeout_s": timeout_s, "jobs": jobs,
               "kernel": {"file": f"kernels/{KERNEL_FILE}", "fingerprint": mod.fingerprint()},
               "plain": plain, "cases": []}
    with store.new_run(experiment, command=sys.argv) as run:
        run.add_file(KERNEL_FILE, kernel_path())
        for name, text in sass_files.items():
            run.write_text(name, text, compress=True)
        for case, result in results:
            summary["cases"].append(keep_case(
                run, case.name, result, racy=case.arrive.value == ArriveMode.ELECTED.value, case=case.name,
                topk=case.topk, heads=case.heads, ctas=case.ctas, arrive=case.arrive.value, work=case.work))
        summary["wall_s"] = round(time.monotonic() - started, 1)
        run.write_json("summary.json", summary)
    recorded = run.recorded
    log(f"recorded {recorded.experiment}/{recorded.id} in {summary['wall_s']:.0f}s")
    for entry in summary["cases"]:
        parsed = entry.get("parsed") or {}
        log(f"  {entry['case']:45s} {entry['status']:8s} correct={entry['correct']!s:5s} "
            f"records={parsed.get('records', '?')} reports={parsed.get('reports', '?')} "
            f"hazard_bytes={parsed.get('hazard_bytes', '?')}")
    return recorded


def readers_table(run):
    """A recorded run of :func:`reader_cases` (or any twin run): per hazard-mode case, how often the kernel
    reads each element, the records racecheck wrote, the distinct bytes they name, and the source lines of
    the reads and writes the records name."""
    import collections

    import pandas as pd
    from racelab.experiments import racecheck_cases
    from racelab.readers import racecheck_log

    rows = []
    for c in map(racecheck_cases.RecordedCase.from_entry, run.read_json("summary.json")["cases"]):
        if c.report != "hazard":
            continue
        with run.open_stream(c.log) as stream:
            records = list(racecheck_log.records_iter(stream))
        reads = collections.Counter(r.second.location.line for r in records if r.second.kind == "Read")
        writes = collections.Counter(r.first.location.line for r in records if r.first.kind == "Write")
        rows.append({"case": c.name, "arrive": c.params["arrive"], "reads of each element": c.params.get("work", 1),
                     "records": len(records), "distinct bytes": len({r.address for r in records}),
                     "read lines named": ", ".join(f"{line} ({n})" for line, n in sorted(reads.items())) or "–",
                     "write lines named": ", ".join(f"{line} ({n})" for line, n in sorted(writes.items())) or "–"})
    return pd.DataFrame(rows).set_index("case")


def repeat_read_lines(run) -> list[int]:
    """Line numbers, in the kernel file recorded with `run`, of the compute warpgroup's repeated reads
    (`work` > 1: each element is read again by another thread, at another instruction)."""
    lines = run.read_text(KERNEL_FILE).splitlines()
    return [n for n, line in enumerate(lines, 1) if "acc += Float32(s" in line and "+ r) %" in line]

# ---------------------------------------------------------------- code layout of the two variants


def layout_diff(topk: int, heads: int, work: int) -> dict:
    """Compile both arrive modes for sm_90a here (no GPU) and compare their SASS: which instructions
    differ, and where each backward branch (a loop) starts, i.e. how the fix moves the hot loops."""
    import difflib

    from racelab.readers import sass as sass_reader

    out = {"topk": topk, "heads": heads, "work": work, "variants": {}}
    listing = {}
    for mode in ArriveMode:
        dis = sass_reader.parse(kernel_sass(topk, heads, mode, work))
        instrs = dis.function()
        flow = sass_reader.Flow(instrs, dis.labels.get(instrs[0].function, {}))
        # a loop starts where a later branch jumps back to
        loops = {instrs[target].address for target, branches in flow.sources.items()
                 if any(b > target for b in branches)}
        listing[mode] = instrs
        out["variants"][mode.value] = {"instructions": len(instrs),
                                       "loop_starts": [f"0x{a:04x}" for a in sorted(loops)],
                                       "loop_starts_mod_128": [a % 128 for a in sorted(loops)]}

    def strip(instrs):
        return [i.text for i in instrs]
    diff = difflib.unified_diff(strip(listing[ArriveMode.ELECTED]), strip(listing[ArriveMode.ALL_LANES]),
                                "elected", "all-lanes", n=0, lineterm="")
    out["diff"] = [line for line in diff if not line.startswith(("---", "+++", "@@"))]
    return out
