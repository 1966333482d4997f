"""The SM90 twin of the W_LOADED handoff: its named variants, its shared-memory layout, and `racelab twin`,
which records every racecheck run the racecheck chapter replays (one run, "twin-racecheck").

The kernel itself is kernels/handoff_twin_sm90.py (`HandoffTwinSm90`). What lives here needs no GPU and
no CuTe DSL: the variants, the layout the kernel's SharedStorage must have (the kernel checks it while
tracing and, on a GPU, reports the live shared addresses), and the orchestration."""

import argparse
import enum
import importlib.util
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from racelab.core.paths import kernels_dir

EXPERIMENT = "twin-racecheck"
KERNEL_FILE = "handoff_twin_sm90.py"
WARP_SIZE = 32


class ArriveMode(enum.Enum):
    """How the load warp signals the compute warpgroup after its shared-memory stores."""

    ELECTED = "elected"
    """mbarrier count 1; only the elected lane (lane 0) arrives: nvidia-cudnn-frontend <= 1.26.0, the bug."""
    ALL_LANES = "all-lanes"
    """mbarrier count 32; every lane of the load warp arrives: the PR #426 fix (1.27.0+)."""

    @property
    def count(self) -> int:
        """The mbarrier's expected arrival count."""
        return 1 if self is ArriveMode.ELECTED else WARP_SIZE

    @property
    def arriving_lanes(self) -> tuple[int, ...]:
        """The lanes whose stores the arrive releases (elect.sync picks the lowest active lane)."""
        return (0,) if self is ArriveMode.ELECTED else tuple(range(WARP_SIZE))

    @classmethod
    def parse(cls, value) -> "ArriveMode":
        if isinstance(value, cls):
            return value
        text = str(value).strip().lower().replace("_", "-")
        for mode in cls:
            if text in (mode.value, mode.name.lower().replace("_", "-")):
                return mode
        raise ValueError(f"unknown arrive mode {value!r}; one of {[m.value for m in cls]}")


def _align_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


@dataclass(frozen=True)
class Site:
    """Where one shared byte of the handoff sits and which store of which lane wrote it."""

    array: str  # "sGradSignal" or "sW"
    element: int  # index into the array
    byte: int  # byte within the element
    lane: int  # the load-warp lane that stores the element
    store: int  # that lane's store number within the array (upstream's si / wi loop index)
    lane_store: int  # that lane's store number overall: grad stores first, then W stores

    @property
    def label(self) -> str:
        loop = "si" if self.array == "sGradSignal" else "wi"
        return f"{self.array} store {loop}={self.store}"


@dataclass(frozen=True)
class TwinLayout:
    """The twin's SharedStorage, in byte offsets from its start: one mbarrier, then sGradSignal[topk]
    (fp32) and sW[heads] (bf16), each aligned to 128 bytes as upstream aligns them. Lane L of the load
    warp stores elements L, L+32, L+64, ... of each array (upstream `_load_warp`)."""

    topk: int
    heads: int
    grad_bytes: int = 4
    w_bytes: int = 2
    lanes: int = WARP_SIZE
    align: int = 128

    mbar_offset: int = field(default=0, init=False)

    @property
    def grad_offset(self) -> int:
        return _align_up(self.mbar_offset + 8, self.align)

    @property
    def w_offset(self) -> int:
        return _align_up(self.grad_offset + self.topk * self.grad_bytes, self.align)

    @property
    def size(self) -> int:
        return _align_up(self.w_offset + self.heads * self.w_bytes, self.align)

    @property
    def grad_stores_per_lane(self) -> int:
        return -(-self.topk // self.lanes)

    @property
    def w_stores_per_lane(self) -> int:
        return -(-self.heads // self.lanes)

    def offsets(self) -> dict[str, int]:
        return {"mbar": self.mbar_offset, "sGradSignal": self.grad_offset, "sW": self.w_offset}

    def locate(self, offset: int) -> Site | None:
        """The site of a byte offset from the start of SharedStorage; None outside both arrays."""
        for array, start, count, width, before in (
                ("sGradSignal", self.grad_offset, self.topk, self.grad_bytes, 0),
                ("sW", self.w_offset, self.heads, self.w_bytes, self.grad_stores_per_lane)):
            if start <= offset < start + count * width:
                element, byte = divmod(offset - start, width)
                store = element // self.lanes
                return Site(array, element, byte, element % self.lanes, store, before + store)
        return None

    def store_labels(self) -> list[str]:
        """Every store a lane makes, in program order."""
        return ([f"sGradSignal store si={i}" for i in range(self.grad_stores_per_lane)]
                + [f"sW store wi={i}" for i in range(self.w_stores_per_lane)])


# ------------------------------------------------------------------ the kernel module

def kernel_path() -> Path:
    return kernels_dir() / KERNEL_FILE


def kernel_module():
    """kernels/handoff_twin_sm90.py, imported once (it needs the CuTe DSL)."""
    name = "handoff_twin_sm90"
    if name in sys.modules:
        return sys.modules[name]
    main = sys.modules.get("__main__")
    if main is not None and Path(getattr(main, "__file__", "") or "").resolve() == kernel_path().resolve():
        return main  # the kernel file run as a script
    spec = importlib.util.spec_from_file_location(name, kernel_path())
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the DSL reads kernel source through the module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


# ------------------------------------------------------------------ the recorded experiment

@dataclass(frozen=True)
class Case:
    """One racecheck run of the twin."""

    report: str  # "hazard" or "analysis"
    topk: int
    heads: int
    ctas: int
    arrive: ArriveMode

    @property
    def name(self) -> str:
        return f"{self.report}-topk{self.topk}-heads{self.heads}-ctas{self.ctas}-{self.arrive.value}"

    def kernel_args(self) -> list[str]:
        return ["--topk", str(self.topk), "--heads", str(self.heads), "--ctas", str(self.ctas),
                "--arrive", self.arrive.value]


def default_cases() -> list[Case]:
    """What the chapter shows: hazard mode at the PR's one-CTA shape and at topk=512, and the default
    analysis mode over 1, 132 (one per H200 SM) and 512 CTAs; each before and after the fix."""
    cases = []
    for topk in (128, 512):
        cases += [Case("hazard", topk, 64, 1, arrive) for arrive in ArriveMode]
    for ctas in (1, 132, 512):
        cases += [Case("analysis", 128, 64, ctas, arrive) for arrive in ArriveMode]
    return cases


def record(cases=None, *, timeout_s: float = 90.0, jobs: int = 2, require_sm: int | None = 90,
           sass: bool = True, log=print):
    """On an H200: run every case under racecheck (each a fresh process) and record one run holding the
    logs, each run's correctness check, a plain (no sanitizer) correctness check of each variant, the SASS
    of each variant, and a summary. Returns the RecordedRun."""
    from racelab.toolchain import sanitizer as racecheck
    from racelab.core import store

    cases = list(cases or default_cases())
    gpu = racecheck.preflight(require_sm=require_sm)
    log(f"twin record: {len(cases)} racecheck runs on {gpu['name']} (sm_{gpu['sm']}), {jobs} at a time, "
        f"timeout {timeout_s:.0f}s each")
    started = time.monotonic()
    mod = kernel_module()

    # Plain runs first: correctness without the sanitizer; then the SASS of each variant for this GPU.
    plain, sass_files = [], {}
    for key in sorted({(c.topk, c.heads, c.ctas, c.arrive) for c in cases},
                      key=lambda k: (k[0], k[1], k[2], k[3].value)):
        topk, heads, ctas, arrive = key
        try:
            res = mod.run(topk=topk, heads=heads, n_cta=ctas, arrive=arrive, check=True)
            verdict = f"{'correct' if res['correct'] else 'WRONG'} ({res['compile_s']:.1f}s compile)"
        except Exception as err:  # recorded, and the sanitizer runs still go ahead
            res = {"topk": topk, "heads": heads, "n_cta": ctas, "arrive": arrive.value, "correct": False,
                   "error": f"{type(err).__name__}: {err}"}
            verdict = f"FAILED: {res['error']}"
        plain.append(res)
        log(f"  plain {arrive.value:9s} topk={topk} heads={heads} ctas={ctas}: {verdict}")
    if sass:
        for topk, heads, arrive in sorted({(c.topk, c.heads, c.arrive) for c in cases},
                                          key=lambda k: (k[0], k[1], k[2].value)):
            name = f"sass-topk{topk}-heads{heads}-{arrive.value}.txt"
            try:
                sass_files[name] = mod.sass(topk=topk, heads=heads, arrive=arrive, arch=mod.device_arch())
            except Exception as err:
                log(f"  SASS of {name} failed: {type(err).__name__}: {err}")

    python = sys.executable
    script = str(kernel_path())

    def one(case: Case):
        cmd = [python, script, *case.kernel_args(), "--json"]
        t0 = time.monotonic()
        result = racecheck.run_racecheck(cmd, report=case.report, timeout_s=timeout_s)
        log(f"  racecheck {case.name}: {result.status} in {time.monotonic() - t0:.1f}s")
        return case, result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(one, cases))

    summary = {"experiment": EXPERIMENT, "gpu": gpu, "timeout_s": timeout_s, "jobs": jobs,
               "kernel": {"file": f"kernels/{KERNEL_FILE}", "fingerprint": mod.fingerprint()},
               "plain": plain, "cases": []}
    with store.new_run(EXPERIMENT, command=sys.argv) as run:
        run.add_file(KERNEL_FILE, kernel_path())
        for name, text in sass_files.items():
            run.write_text(name, text, compress=True)
        for case, result in results:
            log_name = f"racecheck-{case.name}.log"
            stored = run.write_bytes(log_name, result.log, compress=True)
            run.write_text(f"stdout-{case.name}.txt", result.stdout + ("\n--- stderr ---\n" + result.stderr
                                                                      if result.stderr.strip() else ""))
            entry = {"case": case.name, "report": case.report, "topk": case.topk, "heads": case.heads,
                     "ctas": case.ctas, "arrive": case.arrive.value, "log": stored.name,
                     **result.describe(), "kernel_output": racecheck.json_line(result.stdout)}
            try:
                report = racecheck.parse_log(stored, truncated=result.status != "ok")
                entry["parsed"] = racecheck.report_summary(report)
            except Exception as err:  # a log the parser rejects is recorded, and said so
                entry["parsed"] = None
                entry["parse_error"] = f"{type(err).__name__}: {err}"
            entry["correct"] = bool(entry["kernel_output"] and entry["kernel_output"].get("correct"))
            summary["cases"].append(entry)
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


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="racelab twin", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    rec = sub.add_parser("record", help="on an H200: run all twin racecheck cases and record one run")
    rec.add_argument("--timeout", type=float, default=90.0, help="seconds per racecheck run (default 90)")
    rec.add_argument("--jobs", type=int, default=2, help="racecheck runs at a time (default 2)")
    rec.add_argument("--only", action="append", default=[],
                     help="run only cases whose name contains this (repeatable), e.g. hazard-topk128")
    rec.add_argument("--any-gpu", action="store_true", help="do not insist on an SM90 GPU")
    rec.add_argument("--no-sass", action="store_true", help="skip disassembling the variants")
    cas = sub.add_parser("cases", help="list the cases `record` runs")
    cas.add_argument("--commands", action="store_true", help="with the full sanitizer command line of each")
    lay = sub.add_parser("layout", help="print the shared-memory layout and the predicted hazard bytes")
    lay.add_argument("--topk", type=int, default=128)
    lay.add_argument("--heads", type=int, default=64)
    args = parser.parse_args(argv)

    if args.action == "cases":
        from racelab.toolchain.sanitizer import sanitizer_command
        for case in default_cases():
            if args.commands:
                cmd = sanitizer_command([sys.executable, str(kernel_path()), *case.kernel_args(), "--json"],
                                        case.report, 0, f"racecheck-{case.name}.log")
                print(f"{case.name}: {' '.join(cmd)}")
            else:
                print(case.name)
        return 0
    if args.action == "layout":
        from racelab.book.breakdown import predict_hazard_bytes
        if args.topk < 1 or args.heads < 1:
            print("racelab twin layout: --topk and --heads must be positive", file=sys.stderr)
            return 2
        layout = TwinLayout(args.topk, args.heads)
        print(json.dumps({**asdict(layout), **layout.offsets(), "size": layout.size,
                          "predicted_hazard_bytes": {m.value: predict_hazard_bytes(args.topk, args.heads, arrive=m)
                                                     for m in ArriveMode}}, indent=2))
        return 0

    cases = default_cases()
    if args.only:
        cases = [c for c in cases if any(s in c.name for s in args.only)]
        if not cases:
            print(f"racelab twin record: no case matches {args.only}; see `racelab twin cases`", file=sys.stderr)
            return 2
    if args.jobs < 1 or args.timeout <= 0:
        print("racelab twin record: --jobs must be >= 1 and --timeout > 0", file=sys.stderr)
        return 2
    from racelab.toolchain.sanitizer import RacecheckError
    try:
        record(cases, timeout_s=args.timeout, jobs=args.jobs, require_sm=None if args.any_gpu else 90,
               sass=not args.no_sass, log=lambda s: print(s, flush=True))
    except RacecheckError as err:
        print(f"racelab twin record: {err}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------- code layout of the two variants

def layout_diff(topk: int, heads: int, work: int) -> dict:
    """Compile both arrive modes for sm_90a here (no GPU) and compare their SASS: which instructions
    differ, and where each backward branch (a loop) starts, i.e. how the fix moves the hot loops."""
    import difflib

    from racelab.readers import sass as sass_reader

    out = {"topk": topk, "heads": heads, "work": work, "variants": {}}
    module = kernel_module()
    listing = {}
    for mode in ArriveMode:
        dis = sass_reader.parse(module.sass(topk=topk, heads=heads, arrive=mode, work=work))
        instrs = dis.function()
        labels = dis.labels.get(instrs[0].function, {})
        loops = set()
        for i in instrs:
            m = sass_reader._TARGET.match(i.operands[0]) if i.base == "BRA" and i.operands else None
            if m and m["label"] in labels and labels[m["label"]] < i.address:
                loops.add(labels[m["label"]])
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
