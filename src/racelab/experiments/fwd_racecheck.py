"""racecheck the upstream SM90 indexer forward (``IndexerForwardSm90``), where the lint found the W_LOADED shape.

The lint flags two handoffs in ``indexer_fwd_sm90.py``: warp 0's 32 lanes store ``sW`` (``_load_weights``) and
the only signal after them is one elected lane's ``arrive_and_expect_tx`` on the Q0 barrier; on the FP8
path the producer warps' 32 lanes store ``sKScale`` (``_load_k_scales``) and one elected lane arrives on
KV0/KV1. The consumer warpgroups read both with plain shared loads, which racecheck sees.

Each :class:`Case` runs the upstream wrapper (``_interface_sm90.indexer_fwd``, the one
``indexer_forward_wrapper`` calls on SM90) once, on one CTA (``s_q`` = one M tile), in a fresh process:

* ``release``: the kernel as the wheel ships it;
* ``all-lanes``: the same source with every storing lane arriving (:func:`all_lanes_arrive`, a text
  transform checked to touch exactly the lines it means to): Q0 and KV0/KV1 counts raised by 32;
* ``all-lanes-readers`` (FP8): also every reading lane of a consumer warp arrives on KVEmpty, the
  write-after-read side of the ``sKScale`` handoff.

``racelab fwd record --release R`` (SM90 GPU and compute-sanitizer) runs every case, one launch a process
(racelab.experiments.fwd_launch), plainly and under ``racecheck --racecheck-report hazard`` and records run
``fwd-racecheck``; its summary names the release, and :func:`run_release` reads it back. The analysis
functions (:func:`case_frame`, :func:`buffer_frame`, :func:`predicted_bytes`) read a recorded run on any
machine; each stored log is parsed once per process."""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import sys
import tempfile
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

from racelab.experiments import racecheck_cases
from racelab.readers import racecheck_log
from racelab.toolchain import sanitizer
from racelab.toolchain import transforms
from racelab.experiments.timing.plan import FwdShape
from racelab.toolchain.transforms import TransformError  # noqa: F401 - what a refused transform raises
from racelab.vocab import UPSTREAM_PAD_BYTES, WARP_SIZE, Experiment

EXPERIMENT = Experiment.FWD_RACECHECK.value
RELEASE = "1.27.0"  # the release of the first recorded audit
KERNEL_PATH = "cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py"
KERNEL_FILE = Path(KERNEL_PATH).name
INTERFACE = "cudnn.deepseek_sparse_attention.indexer_forward._interface_sm90"
KERNEL_MODULE = "cudnn.deepseek_sparse_attention.indexer_forward.indexer_fwd_sm90"
VARIANTS = ("release", "all-lanes", "all-lanes-readers")
TILE_M = 128      # rows of sW (one per packed query head of the M tile)
TILE_N = 64       # rows of sKScale per KV stage
KV_STAGES = 2
COMMAND = "racelab fwd record"
LAUNCHER = "racelab.experiments.fwd_launch"
WORKER = [sys.executable, "-m", LAUNCHER]  # one case per process: `--case NAME`


class AuditError(RuntimeError):
    """The audit cannot run here, or was asked for something it cannot do."""


# --------------------------------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    precision: str  # "bf16" or "fp8"
    qh: int         # query heads per KV head
    s_k: int
    variant: str = "release"

    def __post_init__(self):
        if self.precision not in FwdShape.QH:  # the query heads per KV head each path supports
            raise ValueError(f"precision must be bf16 or fp8, not {self.precision!r}")
        if self.qh not in FwdShape.QH[self.precision]:
            raise ValueError(f"{self.precision}: qh must be one of {FwdShape.QH[self.precision]}, not {self.qh}")
        if self.s_k < 1 or self.s_k % TILE_N:
            raise ValueError(f"s_k must be a positive multiple of {TILE_N}, not {self.s_k}")
        split_variant(self.variant)

    @property
    def s_q(self) -> int:
        """Query tokens of one M tile: the grid is one CTA."""
        return TILE_M // self.qh

    @property
    def n_blocks(self) -> int:
        return self.s_k // TILE_N

    @property
    def name(self) -> str:
        return f"{self.precision}-qh{self.qh}-sk{self.s_k}-{self.variant}"

    @classmethod
    def parse(cls, name: str) -> "Case":
        m = re.fullmatch(r"(bf16|fp8)-qh(\d+)-sk(\d+)-((?:release|all-lanes-readers|all-lanes)(?:\+pad\d+)?)", name)
        if not m:
            raise ValueError(f"case {name!r} is not PRECISION-qhN-skN-VARIANT (e.g. bf16-qh64-sk512-release)")
        return cls(m[1], int(m[2]), int(m[3]), m[4])


def default_cases() -> list[Case]:
    """BF16 at qh64 (sW only) and FP8 at qh32 (sW as fp32, and sKScale), each as shipped and with the
    all-lane arrive, and FP8 also with the readers arriving; s_k = 8 blocks of 64, so each KV stage is
    refilled after the consumer frees it."""
    return [Case(p, qh, 512, v) for p, qh in (("bf16", 64), ("fp8", 32)) for v in VARIANTS
            if p == "fp8" or v != "all-lanes-readers"]


def predicted_war_bytes(case: Case) -> int:
    """The consumer side of the same shape (FP8 path): each consumer warp's lanes with lane % 4 == 0 load
    sKScale rows m_base + 8 * mi, then ONE elected lane arrives on KVEmpty with arrive_count=32 for the
    warp, and the producer overwrites the stage after waiting on KVEmpty. Only the elected lane 0's loads
    (rows 16 * warp + {0, 8}: TILE_N / 8 rows a stage) are ordered before the overwrite; racecheck should
    report the other rows' bytes as WAR, unless every reading lane arrives (``all-lanes-readers``)."""
    if case.precision != "fp8" or split_variant(case.variant)[0] == "all-lanes-readers":
        return 0
    return KV_STAGES * (TILE_N - TILE_N // 8) * 4


def predicted_bytes(case: Case) -> dict[str, int]:
    """The shared bytes written by lanes 1-31 of a storing warp, per buffer: what racecheck should report as
    RAW hazards if only the arriving lane's (lane 0's) stores are ordered before the readers."""
    w_bytes = 4 if case.precision == "fp8" else 2
    out = {"sW": (TILE_M - TILE_M // WARP_SIZE) * w_bytes}
    if case.precision == "fp8":
        out["sKScale"] = KV_STAGES * (TILE_N - TILE_N // WARP_SIZE) * 4
    if split_variant(case.variant)[0] != "release":
        out = {k: 0 for k in out}
    return out


# --------------------------------------------------------------------------------------------------
# The transforms (racelab.toolchain.transforms), per variant
# --------------------------------------------------------------------------------------------------

all_lanes_arrive = transforms.fwd_all_lanes_arrive  # every storing lane arrives: Q0 (sW), KV0/KV1 (sKScale)


def split_variant(variant: str) -> tuple[str, int]:
    """(variant, code offset in bytes) of ``VARIANT`` or ``VARIANT+padN`` (its code moved N bytes:
    racelab.toolchain.transforms.pad_kernel_entry); ValueError for anything else."""
    base, plus, pad = variant.partition("+pad")
    if base not in VARIANTS or (plus and (not pad.isdigit() or int(pad) not in UPSTREAM_PAD_BYTES)):
        raise ValueError(f"variant must be one of {VARIANTS}, each optionally '+padN' (N in "
                         f"{', '.join(map(str, UPSTREAM_PAD_BYTES))}), not {variant!r}")
    return base, int(pad) if plus else 0


def variant_source(source: str, variant: str) -> str:
    """The kernel source of a variant: ``release`` as shipped; ``all-lanes`` every storing lane arrives;
    ``all-lanes-readers`` also every reading lane of the consumer warps arrives on KVEmpty (the FP8
    consumer-side handoff, :func:`racelab.toolchain.transforms.fwd_readers_all_lanes`); ``+padN`` after any
    of them moves its code N bytes."""
    variant, pad = split_variant(variant)
    if variant != "release":
        source = all_lanes_arrive(source)
        if variant == "all-lanes-readers":
            source = transforms.fwd_readers_all_lanes(source)
    return transforms.pad_kernel_entry(source, pad) if pad else source


changed_lines = transforms.changed_lines


# --------------------------------------------------------------------------------------------------
# GPU side: one launch per process
# --------------------------------------------------------------------------------------------------

def installed_release() -> str | None:
    """The version of the importable nvidia-cudnn-frontend (its dist-info), or None."""
    try:
        return importlib.metadata.version("nvidia-cudnn-frontend")
    except importlib.metadata.PackageNotFoundError:
        return None


def kernel_source(release: str = RELEASE) -> str:
    """The release's kernel file: from the importable ``cudnn`` when it is this release (a GPU machine
    carries the package without the wheel cache, and cannot download), else from the release's wheel."""
    import importlib.util

    from racelab.toolchain import wheels

    spec = importlib.util.find_spec("cudnn") if installed_release() == release else None
    if spec is not None and spec.origin is not None:
        return (Path(spec.origin).parent.parent / KERNEL_PATH).read_text()
    try:
        return wheels.module_file(release, KERNEL_PATH).read_text()
    except Exception as err:  # noqa: BLE001 - said with what was asked
        raise AuditError(f"nvidia-cudnn-frontend {release} is neither a wheel here ({err}) nor the importable "
                         f"cudnn (installed: {installed_release()})") from err


@contextmanager
def load_interface(case, release: str = RELEASE):
    """The upstream ``_interface_sm90`` module of a Case's variant (or a variant named), for the block; a changed
    variant's kernel module is the transformed source, in a file named like upstream's (racecheck's file:line)."""
    from racelab.toolchain.loaders import upstream_module

    variant = case if isinstance(case, str) else case.variant
    replace = None if variant == "release" else {KERNEL_MODULE: variant_source(kernel_source(release), variant)}
    with upstream_module(release, INTERFACE, replace=replace, native=True, installed_ok=True) as iface:
        yield iface


def make_inputs(case, seed: int = 0, device="cuda") -> dict:
    """Random inputs of a Case (one CTA) or a timing.plan.FwdShape; q_causal_offsets = s_k, ratio 1: all visible."""
    import torch

    g = torch.Generator().manual_seed(seed)
    d = 128
    q = torch.randn(1, case.s_q, case.qh, d, generator=g) / d ** 0.25
    k = torch.randn(1, case.s_k, 1, d, generator=g) / d ** 0.25
    w = torch.randn(1, case.s_q, case.qh, generator=g)
    out = {"w": w.to(torch.bfloat16)}
    if case.precision == "bf16":
        out |= {"q": q.to(torch.bfloat16), "k": k.to(torch.bfloat16)}
    else:
        out |= {"q": q.to(torch.float8_e4m3fn), "k": k.to(torch.float8_e4m3fn),
                "q_scale": 0.5 + torch.rand(1, case.s_q, case.qh, generator=g),
                "k_scale": 0.5 + torch.rand(1, case.s_k, 1, generator=g)}
    out["q_causal_offsets"] = torch.tensor([case.s_k], dtype=torch.int32)
    return {k_: v.to(device) for k_, v in out.items()}


def reference(case: Case, inputs: dict, sm_scale: float):
    """sm_scale * sum_h relu(q_h . k * descales) * w_h, in fp32 on the inputs as given."""
    import torch

    q = inputs["q"].float()[0]            # s_q, h, d
    k = inputs["k"].float()[0, :, 0]      # s_k, d
    w = inputs["w"].float()[0]            # s_q, h
    logits = torch.einsum("thd,sd->ths", q, k)
    if case.precision == "fp8":
        logits = logits * inputs["q_scale"].float()[0][:, :, None] * inputs["k_scale"].float()[0, :, 0][None, None, :]
    return sm_scale * torch.einsum("ths,th->ts", logits.clamp_min(0), w)[None]


def run_case(case: Case, seed: int = 0, sm_scale: float = 0.125, release: str = RELEASE) -> dict:
    import torch

    if not torch.cuda.is_available():
        raise AuditError("no CUDA device: the upstream kernel needs an SM90 GPU")
    inputs = make_inputs(case, seed)
    kwargs = {k: inputs[k] for k in ("q_scale", "k_scale") if k in inputs}
    with load_interface(case, release) as iface:
        t0 = time.time()
        out = iface.indexer_fwd(inputs["q"], inputs["k"], inputs["w"], ratio=1, sm_scale=sm_scale,
                                q_causal_offsets=inputs["q_causal_offsets"], precision=case.precision, **kwargs)
        torch.cuda.synchronize()
        wall = time.time() - t0
        version = getattr(sys.modules.get("cudnn"), "__version__", None)
        kernel_class = iface.IndexerForwardSm90.__module__
    ref = reference(case, inputs, sm_scale)
    err = (out.float() - ref).abs().max().item()
    scale = ref.abs().max().item()
    digest = hashlib.sha256(out.detach().float().cpu().contiguous().numpy().tobytes()).hexdigest()  # fp32: exact
    return {"case": case.name, "ok": bool(err <= 2e-2 * scale), "max_abs_err": err, "max_abs_ref": scale,
            "finite": int(torch.isfinite(out).sum().item()), "elements": out.numel(), "wall_s": wall,
            "cudnn": version, "release": release, "kernel_class": kernel_class, "output_sha256": digest}


def compile_only(case: Case, arch: str = "sm_90a", release: str = RELEASE, keep: bool = False,
                 dsl: str | None = None) -> dict:
    """Compile the case's kernel (as shipped, or transformed) for `arch` from fake tensors: no GPU needed.
    The arguments mirror what ``_interface_sm90.indexer_fwd`` passes for a BSHD call with causal offsets.
    `dsl`: another CuTe DSL version (``racelab.toolchain.upstream.dsl_paths``); call that in a fresh process
    (``racelab fwd compile --dsl V``), before this process imports any ``cutlass``."""
    from racelab.toolchain import upstream, wheels
    from racelab.toolchain.loaders import upstream_module

    source = variant_source(wheels.module_file(release, KERNEL_PATH).read_text(), case.variant)
    with tempfile.TemporaryDirectory(prefix="racelab-fwd-") as tmp, upstream_module(
            release, KERNEL_MODULE, replace={KERNEL_MODULE: source}, native=None,
            dsl_paths=upstream.dsl_paths(dsl) if dsl else [],
            name="racelab_fwd_" + re.sub(r"\W", "_", case.variant)) as module:
        import cutlass
        import cutlass.cute as cute
        from cutlass.cute.runtime import make_fake_stream

        def tensor(dtype, rank):
            return upstream.fake_tensor(cute, dtype, rank)

        fp8 = case.precision == "fp8"
        qk = cutlass.Float8E4M3FN if fp8 else cutlass.BFloat16
        args = [tensor(qk, 4), tensor(qk, 4), tensor(cutlass.BFloat16, 3),
                tensor(cutlass.Float32, 3) if fp8 else None, tensor(cutlass.Float32, 3) if fp8 else None,
                tensor(cutlass.Float32, 3), None, cutlass.Int32(1), cutlass.Int32(case.s_q), cutlass.Int32(case.s_k),
                cutlass.Float32(0.125), None, None, tensor(cutlass.Int32, 1), make_fake_stream()]
        options = f"--gpu-arch {arch} --generate-line-info" + (
            f" --keep-cubin --keep-ptx --dump-dir {tmp}" if keep else "")
        t0 = time.time()
        obj = module.IndexerForwardSm90(qk, cutlass.BFloat16, head_dim=128, qhead_per_kvhead=case.qh, ratio=1)
        cute.compile(obj, *args, options=options)
        out = {"case": case.name, "arch": arch, "compile_s": round(time.time() - t0, 2), "ok": True,
               "dsl": getattr(cutlass, "__version__", None), "cutlass_file": cutlass.__file__}
        if keep:
            ptx, cubin = sorted(Path(tmp).glob("*.ptx")), sorted(Path(tmp).glob("*.cubin"))
            if not ptx or not cubin:
                raise AuditError(f"the DSL kept no PTX/cubin in {tmp}")
            out["ptx"], out["cubin"] = ptx[0].read_text(), cubin[0].read_bytes()
    return out


# --------------------------------------------------------------------------------------------------
# Reading a racecheck log: which stores race with which reads
# --------------------------------------------------------------------------------------------------

def site_rows(log_path) -> list[dict]:
    """One row per (hazard type, writer line, reader line) of a hazard-mode log: records, distinct
    addresses, and which warps and lanes wrote and read them."""
    groups: dict = defaultdict(lambda: {"records": 0, "addresses": set(), "writers": set(), "readers": set()})
    for rec in log_records(log_path):
        w, r = (rec.first, rec.second)
        key = (rec.type, w.kind, w.location.file, w.location.line, r.kind, r.location.file, r.location.line)
        g = groups[key]
        g["records"] += 1
        g["addresses"].add(rec.address)
        g["writers"].add(w.tid if w.tid is not None else w.thread[0])
        g["readers"].add(r.tid if r.tid is not None else r.thread[0])
    rows = []
    for (typ, k1, f1, l1, k2, f2, l2), g in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][3] or 0)):
        rows.append({"type": typ, "first": f"{k1} {f1}:{l1}", "second": f"{k2} {f2}:{l2}",
                     "first_line": l1, "second_line": l2, "records": g["records"],
                     "bytes": len(g["addresses"]), "first_threads": _thread_text(g["writers"]),
                     "second_threads": _thread_text(g["readers"]),
                     "first_lanes": sorted({t % WARP_SIZE for t in g["writers"]}),
                     "first_warps": sorted({t // WARP_SIZE for t in g["writers"]}),
                     "addresses": [min(g["addresses"]), max(g["addresses"])]})
    return rows


def _thread_text(tids) -> str:
    warps = defaultdict(list)
    for t in sorted(tids):
        warps[t // WARP_SIZE].append(t % WARP_SIZE)
    return "; ".join(f"warp {warp} lanes {racecheck_log.ranges_text(lanes, sep=',')}"
                     for warp, lanes in sorted(warps.items()))


def buffer_of_line(line: int | None, store_lines: dict[str, set[int]]) -> str | None:
    for buf, lines in store_lines.items():
        if line in lines:
            return buf
    return None


def lint_store_lines(release: str = RELEASE, lint_hits: list[dict] | None = None) -> dict[str, set[int]]:
    """{buffer: source lines} of the stores the lint lists for IndexerForwardSm90 in `release` (from the
    recorded lint run when given its hits, else by running the lint)."""
    if lint_hits is None:
        from racelab.lint import releases
        lint_hits = [h.to_dict() for h in releases.lint_release(release)]
    out: dict[str, set[int]] = defaultdict(set)
    for h in lint_hits:
        if not h["file"].endswith(KERNEL_FILE):
            continue
        for m in re.finditer(r"(\w+)\[[^\]]*\] \(L(\d+)", h.get("storers", "") or ""):
            out[m[1]].add(int(m[2]))
    return dict(out)


# --------------------------------------------------------------------------------------------------
# record
# --------------------------------------------------------------------------------------------------

def record(cases=None, *, release: str = RELEASE, timeout_s: float = 300.0, jobs: int = 2,
           require_sm: int | None = 90, log=print, command=None):
    """On an SM90 GPU: every case once plainly (output checked) and once under racecheck (hazard mode), with
    nvidia-cudnn-frontend `release` (the importable one, or its wheel); logs, outputs and a summary into a
    new run of EXPERIMENT."""
    from concurrent.futures import ThreadPoolExecutor
    from racelab.core import store
    cases = list(cases or default_cases())
    kernel_source(release)  # the release is here before any GPU time is spent
    gpu = sanitizer.preflight(require_sm=require_sm)
    log(f"fwd audit of {release}: {len(cases)} cases on {gpu['name']} (sm_{gpu['sm']}), plain then racecheck, "
        f"{jobs} at a time")
    py = WORKER + ["--release", release, "--case"]

    def plain(case):
        res = sanitizer.run_plain(py + [case.name], timeout_s=timeout_s)
        log(f"  plain {case.name}: {res.status} in {res.wall_s:.1f}s")
        return res

    def checked(case):
        res = sanitizer.run_racecheck(py + [case.name], report="hazard", timeout_s=timeout_s)
        log(f"  racecheck {case.name}: {res.status} in {res.wall_s:.1f}s")
        return res

    with ThreadPoolExecutor(jobs) as pool:
        plains = list(pool.map(plain, cases))
        # a case whose plain run failed is not worth the sanitizer's time: its failure is the finding
        runnable = [c for c, p in zip(cases, plains) if p.status == "ok"]
        done = dict(zip(runnable, pool.map(checked, runnable)))
    checks = [done.get(c) for c in cases]
    with store.new_run(EXPERIMENT, command=command or COMMAND.split()) as run:
        summary = {"release": release, "installed": installed_release(), "gpu": gpu,
                   "cases": {}}
        for case, p, c in zip(cases, plains, checks):
            run.write_text(f"plain-{case.name}.txt", p.output)
            entry = {"case": asdict(case), "predicted_bytes": predicted_bytes(case),
                     "plain": {**p.describe(), "result": sanitizer.json_line(p.stdout)}}
            summary["cases"][case.name] = entry
            if c is None:
                entry["racecheck"] = {"status": "skipped", "why": f"the plain run {p.status}"}
                continue
            stored = run.write_bytes(f"racecheck-{case.name}.log", c.log, compress=True)
            run.write_text(f"stdout-{case.name}.txt", c.output)
            entry["racecheck"] = {**c.describe(), "result": sanitizer.json_line(c.stdout), "log": stored.name}
            try:
                entry["racecheck"]["parsed"] = racecheck_log.report_summary(
                    racecheck_log.parse(stored, allow_truncated=c.status != "ok"))
                entry["racecheck"]["sites"] = site_rows(stored)
            except Exception as err:  # the log is kept either way; say why it could not be read
                entry["racecheck"]["parse_error"] = f"{type(err).__name__}: {err}"
        summary["failed_cases"] = failed_cases(summary)
        summary["complete"] = not summary["failed_cases"]
        run.write_json("summary.json", summary)
    log(f"recorded {EXPERIMENT}/{run.recorded.id}")
    return run.recorded


def failed_cases(summary: dict) -> list[str]:
    """The cases that are not measurements: racecheck_cases.failed_cases over plain run, output, racecheck run."""
    return racecheck_cases.failed_cases([
        {"case": n, "status": e["plain"].get("status") if e["plain"].get("status") != "ok" else
         (e.get("racecheck") or {}).get("status"), "parsed": (e.get("racecheck") or {}).get("parsed"),
         "parse_error": (e.get("racecheck") or {}).get("parse_error", "no log"),
         "correct": bool((e["plain"].get("result") or {}).get("ok"))} for n, e in summary["cases"].items()])


def measured_raw(cases) -> dict:
    """{(precision, qh): {buffer: RAW bytes}} of the shipped cases of case_frame(...).set_index("case")."""
    import pandas as pd

    out: dict = {}
    for name, row in cases.iterrows():
        case = Case.parse(name)
        if case.variant != "release":
            continue
        out[(case.precision, case.qh)] = {c[:-len(" RAW bytes")]: int(row[c]) for c in cases.columns
                                          if c.endswith(" RAW bytes") and not pd.isna(row[c])}
    return out


# --------------------------------------------------------------------------------------------------
# Reading a recorded run
# --------------------------------------------------------------------------------------------------

def run_release(rec) -> str:
    """The nvidia-cudnn-frontend release a recorded run audited (its summary says)."""
    return rec.read_json("summary.json")["release"]


def runs_by_release(root=None) -> dict:
    """{release: newest recorded SM90 run of that release}, over every recorded run of EXPERIMENT."""
    from racelab.core import store

    try:
        runs = store.all_runs(EXPERIMENT, gpu="sm90", root=root)
    except store.StoreError:
        return {}
    out: dict = {}
    for rec in runs:  # oldest first: a later run of a release replaces an earlier one
        out[run_release(rec)] = rec
    return out


def log_records(log_path) -> tuple:
    """The hazard records of a stored log, parsed once per process (per path, size and modification time)."""
    st = Path(log_path).stat()
    return _records(str(Path(log_path).resolve()), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=16)
def _records(path: str, size: int, mtime_ns: int) -> tuple:
    return tuple(racecheck_log.records_iter(path))


def buffer_ranges(log_path, store_lines: dict[str, set[int]]) -> dict[str, tuple[int, int]]:
    """{buffer: (lowest, highest) shared address} of the hazards whose store sits on one of the buffer's
    lint-listed source lines. The other hazards are assigned by address: a store's line info can name an
    inlined helper or the call site instead of the statement (e.g. ``copy.py:99``)."""
    spans: dict[str, list[int]] = {}
    for rec in log_records(log_path):
        store = rec.first if rec.first.kind == "Write" else rec.second
        buf = buffer_of_line(store.location.line, store_lines) if store.kind == "Write" else None
        if buf:
            lo, hi = spans.get(buf, [rec.address, rec.address])
            spans[buf] = [min(lo, rec.address), max(hi, rec.address)]
    return {k: (v[0], v[1]) for k, v in spans.items()}


def buffer_rows(log_path, store_lines: dict[str, set[int]]) -> list[dict]:
    """One row per (hazard type, buffer): records, distinct bytes, the storing and the loading threads."""
    ranges = buffer_ranges(log_path, store_lines)
    groups: dict = defaultdict(lambda: {"records": 0, "addresses": set(), "stores": set(), "loads": set()})
    for rec in log_records(log_path):
        buf = next((b for b, (lo, hi) in ranges.items() if lo <= rec.address <= hi), "other")
        g = groups[(rec.type, buf)]
        g["records"] += 1
        g["addresses"].add(rec.address)
        for acc in (rec.first, rec.second):
            tid = acc.tid if acc.tid is not None else acc.thread[0]
            g["stores" if acc.kind == "Write" else "loads"].add(tid)
    return [{"type": typ, "buffer": buf, "records": g["records"], "bytes": len(g["addresses"]),
             "storing threads": _thread_text(g["stores"]), "loading threads": _thread_text(g["loads"])}
            for (typ, buf), g in sorted(groups.items())]


def _log(rec, entry) -> Path | None:
    name = entry["racecheck"].get("log")
    return rec.path / name if name else None


def buffer_frame(rec, store_lines: dict[str, set[int]]):
    """Every (case, hazard type, buffer) of a recorded run, with the prediction for RAW rows."""
    import pandas as pd

    summary = rec.read_json("summary.json")
    rows = []
    for name, entry in summary["cases"].items():
        log = _log(rec, entry)
        if log is None:
            continue
        for row in buffer_rows(log, store_lines):
            pred = (entry["predicted_bytes"].get(row["buffer"]) if row["type"] == "RAW" else
                    predicted_war_bytes(Case(**entry["case"])) if row["type"] == "WAR" else None)
            rows.append({"case": name, **row, "predicted bytes": pred})
    frame = pd.DataFrame(rows)
    if len(frame):
        frame["predicted bytes"] = frame["predicted bytes"].astype("Int64")
    return frame


def case_frame(rec, store_lines: dict[str, set[int]]):
    """Per case: the output check, racecheck's status and records, and per buffer the RAW bytes measured
    next to the bytes predicted (those stored by lanes 1-31), and the WAR bytes."""
    import pandas as pd
    summary = rec.read_json("summary.json")
    rows = []
    for name, entry in summary["cases"].items():
        res, rc = entry["plain"].get("result") or {}, entry["racecheck"]
        row = {"case": name, "output matches torch": res.get("ok"), "racecheck": rc["status"],
               "hazard records": (rc.get("parsed") or {}).get("records")}
        log = _log(rec, entry)
        found = {(r["type"], r["buffer"]): r["bytes"] for r in buffer_rows(log, store_lines)} if log else {}
        for buf, pred in entry["predicted_bytes"].items():
            row[f"{buf} RAW bytes"] = found.get(("RAW", buf), 0)
            row[f"{buf} predicted"] = pred
        row["WAR bytes"] = sum(v for (t, _), v in found.items() if t == "WAR")
        row["WAR predicted"] = predicted_war_bytes(Case(**entry["case"]))
        row["other bytes"] = sum(v for (t, b), v in found.items() if t != "WAR" and b == "other")
        rows.append(row)
    frame = pd.DataFrame(rows)
    counts = [c for c in frame.columns if c.endswith(("bytes", "predicted", "records"))]
    frame[counts] = frame[counts].astype("Int64")  # a buffer a case does not have stays <NA>, not NaN
    return frame


GLUE_NAMES = ("bf16_sw", "bf16_sw_pred", "fp8_sw", "fp8_sw_pred", "fp8_ks", "fp8_ks_pred", "fixed_raw", "war",
              "war_pred", "war_readers", "outputs")


def matches_predictions(cases) -> bool:
    """Whether every RAW count of case_frame(...) equals its prediction, and every WAR count too."""
    raw_cols = [c for c in cases.columns if c.endswith("RAW bytes")]
    return all((cases[c].fillna(0) == cases[c.replace("RAW bytes", "predicted")].fillna(0)).all()
               for c in raw_cols) and bool((cases["WAR bytes"] == cases["WAR predicted"]).all())


def glue_values(cases, bf16: str = "bf16-qh64-sk512-release", fp8: str = "fp8-qh32-sk512-release") -> dict:
    """The chapter's numbers ({name: value}, names prefixed "fwd_") from case_frame(...).set_index("case")."""
    raw_cols = [c for c in cases.columns if c.endswith("RAW bytes")]
    fixed = cases[~cases.index.str.endswith("-release")]
    readers = cases[cases.index.str.endswith("all-lanes-readers")]
    fp8_war = cases[cases.index.str.startswith("fp8") & ~cases.index.str.endswith("all-lanes-readers")]["WAR bytes"]
    out = {"bf16_sw": cases.loc[bf16, "sW RAW bytes"], "bf16_sw_pred": cases.loc[bf16, "sW predicted"],
           "fp8_sw": cases.loc[fp8, "sW RAW bytes"], "fp8_sw_pred": cases.loc[fp8, "sW predicted"],
           "fp8_ks": cases.loc[fp8, "sKScale RAW bytes"], "fp8_ks_pred": cases.loc[fp8, "sKScale predicted"],
           "fixed_raw": fixed[raw_cols].fillna(0).to_numpy().sum(),
           "war": " and ".join(str(int(v)) for v in sorted(set(fp8_war))),
           "war_pred": cases.loc[fp8, "WAR predicted"],
           "war_readers": (" and ".join(str(int(v)) for v in sorted(set(readers["WAR bytes"]))) if len(readers)
                           else "not measured: this run has no such case"),
           "outputs": f"{int(cases['output matches torch'].sum())} of {len(cases)}"}
    return {f"fwd_{k}": (v if isinstance(v, str) else int(v)) for k, v in out.items()}
