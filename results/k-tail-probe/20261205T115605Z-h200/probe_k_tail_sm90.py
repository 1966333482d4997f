"""KTailProbeSm90: the K-load tail handoff of the SM90 dense indexer backward kernel, with plain reads.

Upstream (nvidia-cudnn-frontend, `IndexerBackwardSm90._k_load_warpgroup_dense_inline`) loads each K block
with TMA, except the last one when s_k is not a multiple of block_I: there all 128 threads of the K-load
warpgroup copy the valid rows with cp.async (8 threads a row, 16 bytes each) and zero-fill the rows past
s_k with `.fill(0)`, wait for their cp.async groups, fence, and then ONE elected lane of warp 0 of the
warpgroup arrives on K_LOADED (initialised with count 1 in dense mode). The compute warpgroups read sK
through WGMMA, which compute-sanitizer racecheck does not see as thread reads, so a racecheck run of the
upstream kernel cannot show whether the other 127 threads' writes are ordered before the readers.

This kernel keeps that handoff and replaces WGMMA by plain shared loads, so racecheck can see the reads:

- warpgroup 0 (warps 0-3, the producer) loads the tail block of K[s_k, head_dim] (bf16) into
  sK[block_I, head_dim] with upstream's thread mapping: cp.async for rows < s_k, `.fill(0)` for the rest;
  then `cp_async_commit_group`, `cp_async_wait_group(0)`, `fence_view_async_shared()`, and the arrive:
  `Arrive.ELECTED` (count 1; warp 0's elected lane: the upstream pattern) or `Arrive.ALL_LANES`
  (count 128; every producer thread arrives: the pattern of PR #426's fix, here over a warpgroup);
- warpgroup 1 (warps 4-7, the consumer) waits for phase 0 and copies sK to out[cta] with plain loads, one
  element per read; the host checks out against torch exactly (a copy, so equality).

Run it: `python kernels/probe_k_tail_sm90.py --s-k 200 --arrive elected` prints one JSON line (exit 0 if
the output is correct, 1 if not, 2 on bad settings, 3 without a GPU); `--compile-only` compiles for sm_90a
from fake tensors (no GPU needed). `racelab k-tail record` runs it under compute-sanitizer racecheck and
records the run "k-tail-probe". The file stands alone: it imports the CuTe DSL, torch and the
standard library only (`Arrive` is `racelab.vocab.ArriveMode`'s two arrives, which the package's tests check)."""

from __future__ import annotations

import argparse
import enum
import hashlib
import importlib.metadata
import json
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import cuda.bindings.driver as cuda
import cutlass
import cutlass.cute as cute
from cutlass import BFloat16, Int32, const_expr
from cutlass.cute.nvgpu import cpasync

WARP_SIZE = 32
WARPGROUP_SIZE = 4 * WARP_SIZE
MAX_SMEM_BYTES = 48 * 1024


class Arrive(enum.Enum):
    """Who arrives on the tail's barrier after the producer's stores."""

    ELECTED = "elected"
    ALL_LANES = "all-lanes"

    @classmethod
    def parse(cls, value) -> "Arrive":
        """A member, an enum member with the same value, or its spelling ("all" and "all-threads" are
        "all-lanes"; "_" is "-")."""
        text = str(getattr(value, "value", value)).strip().lower().replace("_", "-")
        text = {"all": "all-lanes", "all-threads": "all-lanes"}.get(text, text)
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f"unknown arrive mode {value!r}; one of {[m.value for m in cls]}") from None


def arrive_count(arrive: Arrive) -> int:
    """The barrier's count: 1 for the elected arrive (warp 0's elected lane arrives once for the warpgroup,
    as upstream's dense K-load tail does), 128 when every producer thread arrives after its own stores."""
    return 1 if Arrive.parse(arrive) is Arrive.ELECTED else WARPGROUP_SIZE


@dataclass(frozen=True)
class Tail:
    """Which rows of the tail block are copied and which are zero-filled."""

    s_k: int
    block_I: int

    @property
    def block(self) -> int:
        """Index of the block that holds row s_k - 1 (the tail block when s_k % block_I != 0)."""
        return (self.s_k - 1) // self.block_I

    @property
    def valid_rows(self) -> int:
        return self.s_k - self.block * self.block_I

    @property
    def zero_rows(self) -> int:
        return self.block_I - self.valid_rows


class KTailProbeSm90:
    """The dense K-load tail handoff on SM90, read back with plain loads. Compile-time settings only."""

    THREADS_PER_CTA = 2 * WARPGROUP_SIZE
    PRODUCER_WG = 0
    CONSUMER_WG = 1
    GROUP = 8  # threads per K row: each copies 8 bf16 (16 bytes) per 64-column tile

    def __init__(self, block_I: int = 64, head_dim: int = 64, arrive: Arrive = Arrive.ELECTED):
        ok, reason = self.can_implement(block_I, head_dim, arrive)
        if not ok:
            raise ValueError(reason)
        self.block_I = block_I
        self.head_dim = head_dim
        self.arrive = Arrive.parse(arrive)
        self.arrive_count = arrive_count(self.arrive)

    @staticmethod
    def can_implement(block_I, head_dim, arrive=Arrive.ELECTED, s_k=None, n_cta=None) -> tuple[bool, str]:
        """(True, "") if these settings make a valid kernel and launch, else (False, why)."""
        for name, value in (("block_I", block_I), ("head_dim", head_dim)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                return False, f"{name} must be a positive int, got {value!r}"
        groups = WARPGROUP_SIZE // KTailProbeSm90.GROUP
        if block_I % groups:
            return False, f"block_I must be a multiple of {groups} (rows per pass of the warpgroup), got {block_I}"
        if head_dim % 64:
            return False, f"head_dim must be a multiple of 64 (8 threads x 8 bf16 per tile), got {head_dim}"
        if block_I * head_dim * 2 > MAX_SMEM_BYTES:
            return False, f"block_I x head_dim x 2 B = {block_I * head_dim * 2} B exceeds {MAX_SMEM_BYTES} B"
        try:
            Arrive.parse(arrive)
        except ValueError as err:
            return False, str(err)
        if s_k is not None and (isinstance(s_k, bool) or not isinstance(s_k, int) or s_k < 1):
            return False, f"s_k must be a positive int, got {s_k!r}"
        if n_cta is not None and (isinstance(n_cta, bool) or not isinstance(n_cta, int) or n_cta < 1):
            return False, f"n_cta must be a positive int, got {n_cta!r}"
        return True, ""

    @cute.jit
    def __call__(self, mK: cute.Tensor, mOut: cute.Tensor, s_k: Int32, stream: cuda.CUstream):
        """mK [s_k, head_dim] bf16 (rows 16-byte aligned), mOut [n_cta * block_I, head_dim] bf16."""
        n_cta = cute.size(mOut.shape[0]) // self.block_I
        self.kernel(mK, mOut, s_k).launch(grid=(n_cta, 1, 1), block=[self.THREADS_PER_CTA, 1, 1], stream=stream)

    @cute.kernel
    def kernel(self, mK: cute.Tensor, mOut: cute.Tensor, s_k: Int32):
        tidx = cute.arch.thread_idx()[0]
        cta = cute.arch.block_idx()[0]
        warp_idx = cute.arch.make_warp_uniform(cute.arch.warp_idx())
        wg_idx = warp_idx // 4

        @cute.struct
        class SharedStorage:
            mbar: cute.struct.MemRange[cutlass.Int64, 1]
            sK: cute.struct.Align[cute.struct.MemRange[mK.element_type, self.block_I * self.head_dim], 128]

        smem = cutlass.utils.SmemAllocator()
        storage = smem.allocate(SharedStorage)
        mbar = storage.mbar.data_ptr()
        sK = storage.sK.get_tensor(cute.make_layout((self.block_I, self.head_dim), stride=(self.head_dim, 1)))

        if warp_idx == 0:
            with cute.arch.elect_one():
                cute.arch.mbarrier_init(mbar, self.arrive_count)
        cute.arch.sync_threads()

        if wg_idx == self.PRODUCER_WG:
            self._produce(mK, sK, s_k, tidx, warp_idx, mbar)
        else:
            self._consume(sK, mOut, cta, tidx - WARPGROUP_SIZE, mbar)

    @cute.jit
    def _produce(self, mK: cute.Tensor, sK: cute.Tensor, s_k: Int32, tidx, warp_idx, mbar):
        wg_tidx = tidx % WARPGROUP_SIZE
        warp_in_wg = warp_idx % 4
        groups = WARPGROUP_SIZE // self.GROUP
        in_group = wg_tidx % self.GROUP
        group = wg_tidx // self.GROUP
        copy_atom = cute.make_copy_atom(cpasync.CopyG2SOp(cache_mode=cpasync.LoadCacheMode.GLOBAL),
                                        mK.element_type, num_bits_per_copy=128)
        thr_copy = cute.make_tiled_copy_tv(copy_atom, cute.make_layout((1,)), cute.make_layout((8,))).get_slice(0)
        block = (s_k - 1) // self.block_I
        for r in cutlass.range_constexpr(self.block_I // groups):
            row = r * groups + group
            k_pos = block * self.block_I + row
            s_chunks = cute.flat_divide(sK[row, None], (8,))
            if k_pos < s_k:
                g_row = mK[k_pos, None]
                g_row = cute.make_tensor(
                    cute.make_ptr(mK.element_type, g_row.iterator.llvm_ptr, cute.AddressSpace.gmem, assumed_align=16),
                    g_row.layout)
                g_chunks = cute.flat_divide(g_row, (8,))
                for tile in cutlass.range_constexpr(self.head_dim // 64):
                    chunk = tile * self.GROUP + in_group
                    cute.copy(copy_atom, thr_copy.partition_S(g_chunks[None, chunk]),
                              thr_copy.partition_D(s_chunks[None, chunk]))
            else:
                for tile in cutlass.range_constexpr(self.head_dim // 64):
                    chunk = tile * self.GROUP + in_group
                    s_chunks[None, chunk].fill(0)
        cute.arch.cp_async_commit_group()
        cute.arch.cp_async_wait_group(0)
        cute.arch.fence_view_async_shared()
        if const_expr(self.arrive is Arrive.ELECTED):
            if warp_in_wg == 0:
                with cute.arch.elect_one():
                    cute.arch.mbarrier_arrive(mbar)
        else:
            cute.arch.mbarrier_arrive(mbar)

    @cute.jit
    def _consume(self, sK: cute.Tensor, mOut: cute.Tensor, cta, c, mbar):
        cute.arch.mbarrier_wait(mbar, Int32(0))
        for k in cutlass.range_constexpr(self.block_I * self.head_dim // WARPGROUP_SIZE):
            idx = k * WARPGROUP_SIZE + c
            row = idx // self.head_dim
            col = idx % self.head_dim
            mOut[cta * self.block_I + row, col] = sK[row, col]


# ---------------------------------------------------------------------------------- compiling

@dataclass(frozen=True)
class CompileKey:
    """Everything that changes the generated code (s_k and n_cta are runtime values)."""

    block_I: int
    head_dim: int
    arrive: Arrive
    arch: str
    fake: bool
    fingerprint: str


_compiled: dict = {}


def fingerprint() -> str:
    """This file and the DSL version that compiles it."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    try:
        dsl = importlib.metadata.version("nvidia-cutlass-dsl")
    except importlib.metadata.PackageNotFoundError:
        dsl = getattr(cutlass, "__version__", None) or "unknown"
    h.update(str(dsl).encode())
    return h.hexdigest()[:16]


def device_arch() -> str:
    import torch
    if not torch.cuda.is_available():
        raise RuntimeError("no CUDA GPU visible to torch")
    major, minor = torch.cuda.get_device_capability()
    return f"sm_{major}{minor}a"


def _fake_args():
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    def matrix():
        return make_fake_tensor(BFloat16, (cute.sym_int32(), cute.sym_int32()), stride=(cute.sym_int64(), 1),
                                assumed_align=16)
    return matrix(), matrix(), Int32(200), make_fake_stream()


def _compile(key: CompileKey, args, keep_dir: str | None = None):
    options = f"--gpu-arch {key.arch} --generate-line-info"
    if keep_dir:
        options += f" --keep-cubin --keep-ptx --dump-dir {keep_dir}"
    return cute.compile(KTailProbeSm90(key.block_I, key.head_dim, key.arrive), *args, options=options)


def compile_only(block_I=64, head_dim=64, arrive=Arrive.ELECTED, arch="sm_90a", keep: bool = False) -> dict:
    """Compile from fake tensors (no GPU needed). With keep=True the result holds the cubin bytes and PTX."""
    arrive = Arrive.parse(arrive)
    key = CompileKey(block_I, head_dim, arrive, arch, True, fingerprint())
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ktail-keep-") as tmp:
        fn = _compile(key, _fake_args(), keep_dir=tmp if keep else None)
        out = {"key": key, "compiled": fn, "compile_s": time.perf_counter() - t0}
        if keep:
            cubin, ptx = fn.artifacts.CUBIN, fn.artifacts.PTX
            out["cubin"] = cubin if isinstance(cubin, bytes) else Path(cubin).read_bytes()
            out["ptx"] = ptx if isinstance(ptx, str) and not ptx.endswith(".ptx") else Path(ptx).read_text()
    return out


# ---------------------------------------------------------------------------------- running

def make_inputs(s_k: int, head_dim: int, seed: int = 0):
    """K on the CPU: nonzero multiples of 1/8 in [-1, 1] (exact in bf16, so a stale zero would show)."""
    import torch
    gen = torch.Generator().manual_seed(seed)
    mag = torch.randint(1, 9, (s_k, head_dim), generator=gen)
    sign = torch.randint(0, 2, (s_k, head_dim), generator=gen) * 2 - 1
    return ((mag * sign).to(torch.float32) / 8).to(torch.bfloat16)


def reference(k, block_I: int, n_cta: int):
    """What every CTA's out block must hold: the tail block of K, zero past s_k."""
    import torch
    tail = Tail(k.shape[0], block_I)
    block = torch.zeros((block_I, k.shape[1]), dtype=k.dtype)
    block[:tail.valid_rows] = k[tail.block * block_I:]
    return block.repeat(n_cta, 1)


def run(s_k: int = 200, block_I: int = 64, head_dim: int = 64, n_cta: int = 1, arrive=Arrive.ELECTED,
        check: bool = True, seed: int = 0) -> dict:
    """Compile (cached), launch once, and (check=True) compare against torch. Returns numbers only."""
    import torch
    from cutlass.cute.runtime import from_dlpack
    arrive = Arrive.parse(arrive)
    ok, reason = KTailProbeSm90.can_implement(block_I, head_dim, arrive, s_k, n_cta)
    if not ok:
        raise ValueError(reason)
    k_host = make_inputs(s_k, head_dim, seed)
    k = k_host.cuda()
    out = torch.full((n_cta * block_I, head_dim), -3.0, dtype=torch.bfloat16, device="cuda")
    args = tuple(from_dlpack(t, assumed_align=16).mark_layout_dynamic(leading_dim=1) for t in (k, out))
    stream = cuda.CUstream(torch.cuda.current_stream().cuda_stream)
    key = CompileKey(block_I, head_dim, arrive, device_arch(), False, fingerprint())
    t0 = time.perf_counter()
    if key not in _compiled:
        _compiled[key] = _compile(key, (*args, Int32(s_k), stream))
    compile_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    _compiled[key](*args, Int32(s_k), stream)
    torch.cuda.synchronize()
    tail = Tail(s_k, block_I)
    result = {"kernel": "KTailProbeSm90", "s_k": s_k, "block_I": block_I, "head_dim": head_dim, "n_cta": n_cta,
              "arrive": arrive.value, "arrive_count": arrive_count(arrive), "tail": asdict(tail) | {
                  "block": tail.block, "valid_rows": tail.valid_rows, "zero_rows": tail.zero_rows},
              "arch": key.arch, "device": torch.cuda.get_device_name(), "fingerprint": key.fingerprint,
              "compile_s": round(compile_s, 3), "launch_wall_s": round(time.perf_counter() - t0, 6),
              "checked": check}
    if check:
        wrong = out.cpu() != reference(k_host, block_I, n_cta)
        result.update({"correct": not bool(wrong.any()), "mismatches": int(wrong.sum())})
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--s-k", type=int, default=200, help="rows of K; the probe loads the block holding row s_k-1")
    parser.add_argument("--block-i", type=int, default=64)
    parser.add_argument("--head-dim", type=int, default=64)
    parser.add_argument("--ctas", type=int, default=1)
    parser.add_argument("--arrive", default="elected",
                        help="elected (count 1) or all-lanes (count 128, every producer thread; also all-threads)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-check", action="store_true")
    parser.add_argument("--compile-only", action="store_true", help="compile for --arch from fake tensors (no GPU)")
    parser.add_argument("--arch", default="sm_90a")
    args = parser.parse_args(argv)
    ok, reason = KTailProbeSm90.can_implement(args.block_i, args.head_dim, args.arrive, args.s_k, args.ctas)
    if not ok:
        print(json.dumps({"error": reason}), flush=True)
        return 2
    if args.compile_only:
        out = compile_only(args.block_i, args.head_dim, args.arrive, args.arch, keep=True)
        print(json.dumps({"compiled": True, "arch": args.arch, "arrive": Arrive.parse(args.arrive).value,
                          "compile_s": round(out["compile_s"], 2), "cubin_bytes": len(out["cubin"])}), flush=True)
        return 0
    import torch
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA GPU visible: the probe runs on an SM90 GPU"}), flush=True)
        return 3
    result = run(args.s_k, args.block_i, args.head_dim, args.ctas, args.arrive, check=not args.no_check,
                 seed=args.seed)
    print(json.dumps(result, sort_keys=True), flush=True)
    return 0 if result.get("correct", True) else 1


if __name__ == "__main__":
    sys.exit(main())
