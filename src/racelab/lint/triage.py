"""The same class of bug elsewhere, as data: fixed bugs in public repositories (the catalog), the
conventions that avoid it, and the triage of every hit `racelab.lint.ast_lint` reports over the
nvidia-cudnn-frontend releases (keyed by file, function and barrier, as `Hit.key`).

The class: shared memory written by many threads is handed to a consumer by a signal that carries only
some of those threads' ordering (one elected lane's mbarrier arrive, one thread's bulk copy, a thread
barrier without the proxy fence it needs). Each entry says which rule the code broke and what fixed it,
in this project's words; `read` says what the entry rests on."""

from dataclasses import asdict, dataclass

TRUE = "true positive"
FALSE = "false positive"
UNKNOWN = "unknown"
VERDICTS = (TRUE, FALSE, UNKNOWN)


@dataclass(frozen=True)
class Fix:
    """One fixed bug (or convention-setting change) in a public repository."""

    repo: str
    number: int
    title: str
    broke: str  # the rule the code broke
    fix: str  # what the change does
    relation: str  # "same class" (a lane's signal standing in for others' writes) or "neighbour"
    read: str  # what this entry rests on: the PR's description, or a one-line summary not checked against it
    kind: str = "pull"

    @property
    def url(self) -> str:
        return f"https://github.com/{self.repo}/{self.kind}/{self.number}"

    @property
    def ref(self) -> str:
        return f"{self.repo}#{self.number}"

    def to_dict(self) -> dict:
        return asdict(self) | {"url": self.url, "ref": self.ref}


READ_PR = "the pull request's description"
NOT_FOUND = ("a one-line summary of the pull request, not checked against its description; the summary is "
             "the book's own")

CATALOG: tuple[Fix, ...] = (
    Fix("NVIDIA/cudnn-frontend", 426,
        "Fix a latent SMEM handoff race in the SM100 DSA indexer backward kernel",
        "all 32 lanes of the load warp store sW / sGradSignal, one elected lane arrives on W_LOADED (count 1); "
        "nothing synchronizes the other lanes with the arriving one, so its release does not cover their writes",
        "count WARP_SIZE and every lane arrives, so each lane's release covers its own stores (release 1.27.0)",
        "same class", READ_PR),
    Fix("NVIDIA/cudnn-frontend", 993,
        "(title not read)",
        "the readers of a buffer signalled 'empty' with one arrive per warp, so the writer could overwrite words "
        "that other lanes had not finished reading (the write-after-read mirror of W_LOADED)",
        "count all 128 reading threads and add the proxy fence before the arrive",
        "same class", NOT_FOUND),
    Fix("NVIDIA/cudnn-frontend", 1049, "fix(dsa): synchronize SM90 indexer dK staging",
        "many threads write each row of the dK staging buffer, one thread per row issues the bulk reduction "
        "that reads it; the per-thread bulk wait and the async-proxy fence order only the issuing thread",
        "a 128-thread named barrier per compute warpgroup after the bulk-read wait and another after the "
        "staging stores and proxy fence (in the wheels from release 1.30.0)",
        "same class", READ_PR),
    Fix("NVIDIA/cudnn-frontend", 1135, "fix(dsa): synchronize SM100 dense indexer dK staging",
        "the SM100 dense indexer's reducer has the #1049 gap: staging writers and the thread issuing the bulk "
        "reduction are not synchronised",
        "one dedicated 128-thread barrier used after the bulk-read wait and after the staging stores and fences; "
        "DMA issue stays single-threaded",
        "same class", READ_PR),
    Fix("NVIDIA/cudnn-frontend", 784, "Fix HSTU TMA store synchronization",
        "the epilogue wrote sO with generic stores and synchronised with a named barrier only; the barrier orders "
        "threads, not proxies, so the TMA store (async proxy) could read partially visible data",
        "fence.proxy.async.shared::cta by the writers before the barrier that hands off to the TMA issuer",
        "neighbour", READ_PR),
    Fix("NVIDIA/cudnn-frontend", 395, "Fix two latent synchronization bugs in the SM100 DSA backward kernel",
        "two synchronisation gaps in the SM100 DSA backward kernel, reproduced by changing stage constants "
        "(same author as #426)",
        "the pull request's two fixes (details not quoted here: only its title and repro note were readable)",
        "neighbour", "the pull request's title and repro note"),
    Fix("NVIDIA/cudnn-frontend", 396, "Fix latent TMEM WAR race in the SM100 DSA backward dKV drain (head_dim 576)",
        "the reduce warp read dKV2/dKV3 from TMEM columns that alias dKV0/dKV1, while the MMA warp's acquire "
        "only waited for an older release: the MMA could overwrite before the read (write after read)",
        "load the columns into registers and arrive on a dedicated named barrier before the slow global "
        "reduction, as the kernel's first part already did",
        "neighbour", READ_PR),
    Fix("NVIDIA/TransformerEngine", 3417, "(title not read)",
        "cp.async.bulk commit/wait groups belong to the thread that issued them; another thread's wait does not "
        "cover them",
        "wait in the issuing thread (or synchronise after it) before the buffer is reused",
        "same class", NOT_FOUND),
    Fix("Dao-AILab/flash-attention", 2033,
        "[Cute,Bwd,Sm100] enable deterministic mode for sm100 bwd and fix race conditions",
        "after fence_view_async_tmem_load only the warp was synchronised before releasing data that the whole "
        "compute warpgroup had produced; releases of LSE and dS were made before the warpgroup had finished",
        "synchronise the compute warpgroup (not just the warp) before the release and the producer commit",
        "same class", READ_PR),
    Fix("deepseek-ai/DeepEP", 642, "Add fence.proxy.async.shared::cta between mbarrier wait and TMA load.",
        "data polled and read through the generic proxy was then loaded with TMA (async proxy) without a "
        "cross-proxy fence, so the TMA could see stale shared memory",
        "a CTA-scope fence.proxy.async.shared::cta between the wait and the TMA load",
        "neighbour", READ_PR),
    Fix("NVlabs/cuda-oxide", 1066, "fix: gemm sol phase4b",
        "five reader warps read a shared tile-info mailbox with no acknowledgement before the producer "
        "overwrote it (write after read)",
        "a TILE_INFO_FREE mbarrier with count 5: each reader warp syncs its lanes and lane 0 arrives -- the "
        "syncwarp-then-one-lane idiom that this project's lint reports with its own reason",
        "neighbour", READ_PR),
)

CONVENTIONS: tuple[dict, ...] = (
    {"where": "CuTe DSL pipelines (nvidia-cutlass-dsl 4.6.1, cutlass/pipeline/helpers.py)",
     "convention": "a CooperativeGroup of Agent.Warp with size n expects n x 32 arrivals; producer_commit "
                   "arrives once per calling thread",
     "read": "the installed package's source, in this project's environment"},
    {"where": "CuTe DSL PipelineTmaAsync (nvidia-cutlass-dsl 4.6.1, cutlass/pipeline/sm90.py)",
     "convention": "consumer_release arrives on the empty barrier only from the lanes whose index in the warp "
                   "is below the cluster size (is_signaling_thread): one lane per warp per multicast partner, "
                   "with no warp barrier of its own; a consumer whose lanes read the stage with plain loads "
                   "needs one first",
     "read": "the installed package's source, in this project's environment"},
    {"where": "flash-attn-4 pipelines (4.0.0b36, flash_attn/cute/pipeline.py)",
     "convention": "create(..., elect_one_release=True) elects one lane per warp for consumer_release after a "
                   "__syncwarp (syncwarp_before_release, on by default, off 'when threads are already converged, "
                   "e.g. after wgmma wait_group')",
     "read": "the wheel's source (run lint-ecosystem)"},
    {"where": "CUTLASS C++ SM90 pipelines",
     "convention": "warp-specialised producers set producer_arv_count = NumThreadsPerWarp",
     "read": NOT_FOUND},
    {"where": "Triton (triton-lang/triton#11573, open)",
     "convention": "per-warp mbarrier arrivals where the warp is first synchronised (bar.warp.sync), with "
                   "init and arrive counts scaled to match",
     "read": READ_PR},
)


@dataclass(frozen=True)
class Finding:
    """An instance of the bug class this project found in shipped code (not a fix upstream made): where,
    which side of the handoff (a rule kind of racelab.lint.rules), what the code does, what the finding
    rests on (a recorded run, or the source read in the wheel) and where it stands in the newest code read."""

    where: str
    rule: str
    what: str
    evidence: str
    status: str

    def to_dict(self) -> dict:
        return asdict(self)


OPEN = "open"  # status prefix: present in the newest version read
QUESTION = "open question"  # the __syncwarp idiom: the verdict waits on the memory model

FINDINGS: tuple[Finding, ...] = (
    Finding("nvidia-cudnn-frontend: IndexerForwardSm90 (`_load_weights`, `_load_k_scales`)", "store-raw",
            "warp 0's 32 lanes store sW (and a producer warp's lanes sKScale on the FP8 path), fence, and one "
            "elected lane arrives on the Q / KV barrier the consumers wait on",
            "run fwd-racecheck (H200, release 1.27.0): racecheck reports the bytes lanes 1-31 stored, none once "
            "every storing lane arrives; the lint flags it in every release of run lint-releases",
            f"{OPEN} in 1.32.0"),
    Finding("nvidia-cudnn-frontend: IndexerForwardSm90.consumer_split_qstage (`KVEmpty`)", "load-war",
            "lanes with lane % 4 == 0 read sKScale rows, then one elected lane arrives with arrive_count=32 on "
            "the barrier after which the producer's lanes overwrite the stage",
            "run fwd-racecheck: write-after-read bytes on sKScale in the FP8 cases; the load-side rule flags "
            "both KVEmpty arrives (run lint-ecosystem)", f"{OPEN} in 1.32.0"),
    Finding("nvidia-cudnn-frontend: IndexerBackwardSm90._compute_warpgroup (`K_CONSUMED`)", "load-war",
            "compute thread e reads sIndices[e] for the dK bulk reduction, then thread 0 of each warpgroup "
            "arrives (count 2); the K-load warpgroup's threads then store the next block's sIndices",
            "run real-racecheck (H200, release 1.27.0, the driver through upstream's wrapper): at the multi-block "
            "shape racecheck reports write-after-read hazards as shipped and none when every compute thread "
            "arrives (1.27.0-k-consumed-all); at topk=128 no K stage is reused and there are none; the load-side "
            "rule flags the three K_CONSUMED arrives (run lint-ecosystem)",
            f"{OPEN} in 1.32.0 by the source"),
    Finding("nvidia-cudnn-frontend: IndexerBackwardSm90 dense K-load tail (`K_LOADED`)", "store-raw",
            "all 128 K-load threads cp.async and zero-fill the tail block, one elected lane arrives (count 1); "
            "WGMMA reads sK",
            "run k-tail-probe: the same handoff read with plain loads gives every byte other threads wrote as a "
            "hazard, none when all threads arrive", f"{OPEN}; invisible to racecheck upstream (WGMMA reader)"),
    Finding("flashinfer-python 0.7.4: the vendored cuDNN IndexerForwardSm90 "
            "(`experimental/qwen_3_5_block/_cudnn_frost`)", "store-raw, load-war",
            "the sW / sKScale stores and the KVEmpty reads above, in the copy of cuDNN Frontend 1.33.0's source that "
            "flashinfer ships (VENDOR.md); the kernel differs from 1.32.0's only in its imports",
            "the lint (run lint-ecosystem) and the source compared with the 1.32.0 wheel; the same code as the "
            "handoffs run fwd-racecheck measured", f"{OPEN} in flashinfer-python 0.7.4"),
    Finding("flashinfer-python 0.7.4: CpAsyncMxFp8WarpSplitKKernel (`gemm/kernels/dense_mxfp8_gemm_warp_splitk.py`)",
            "load-war",
            "each compute warp's lanes read the stage's scale factors (sSFA, sSFB) with plain loads, then one elected "
            "lane arrives on bar_empty (one per warp); the producer threads refill the stage with cp.async",
            "the source, read in the wheel (run lint-ecosystem); both sides are thread accesses, not yet run under "
            "racecheck", f"{OPEN} in flashinfer-python 0.7.4"),
    Finding("flashinfer-python 0.7.4: KDA chunked kernel (`kda_kernels/kda_chunked_bt16.py`, "
            "`tma_stage_load_inputs`)", "store-raw",
            "the load warp's lanes store beta, bar.warp.sync, one elected lane arrives with expect-tx; consumers read "
            "beta with plain loads (the calibration's V1 shape in a tcgen05 kernel)",
            "the source, read in the wheel (run lint-ecosystem); racecheck could judge it on an SM100 GPU",
            f"{QUESTION} (bar.warp.sync, chapter 06)"),
    Finding("flash-attn-4: FlashAttentionBackwardSm100.compute_loop (split_P_dS)", "load-war",
            "lanes read the dPsum stage, __syncwarp, and PipelineTmaAsync's consumer_release arrives from one "
            "lane per warp before TMA refills the stage (the LSE stage likewise)",
            "the source, read in the wheel (run lint-ecosystem)", f"{QUESTION} (bar.warp.sync, chapter 06)"),
    Finding("flash-attn-4: FlashAttentionBackwardSm100.compute_loop (split_P_dS)", "store-raw",
            "lanes store dS to sdS, fence, __syncwarp, one elected lane per warp commits pipeline_dS; UMMA reads",
            "the source, read in the wheel (run lint-ecosystem)", f"{QUESTION} (bar.warp.sync, chapter 06)"),
)


def findings_table():
    """This project's findings as a pandas DataFrame (one row per finding)."""
    import pandas as pd
    return pd.DataFrame([f.to_dict() for f in FINDINGS])


def catalog_table():
    """The catalog as a pandas DataFrame (one row per fix)."""
    import pandas as pd
    return pd.DataFrame([{"fix": f.ref, "title": f.title, "rule broken": f.broke, "fix applied": f.fix,
                          "relation": f.relation, "url": f.url, "read": f.read} for f in CATALOG])


# ------------------------------------------------------------------------------------------------
# Triage of the lint's hits over nvidia-cudnn-frontend 1.24.0 .. 1.32.0
# ------------------------------------------------------------------------------------------------

THREAD_ACCESSES = ("plain loads", "thread stores", "cp.async")  # what racecheck tracks


@dataclass(frozen=True)
class Triage:
    verdict: str  # TRUE, FALSE or UNKNOWN
    why: str
    sm: int  # the kernel's architecture
    # how the other side of the handoff accesses the buffer: for a store-side hit how the consumer reads
    # ("plain loads", "WGMMA", "UMMA", "same warp", ...), for a load-side hit how the producer overwrites
    # ("thread stores", "TMA", ...)
    readers: str
    fixed_in: str | None = None  # the first release without the hit, where upstream changed the code
    follow_up: str = ""

    @property
    def racecheck_can_see(self) -> bool:
        """racecheck reports a hazard only where both sides are thread accesses: the lanes' own accesses
        always are; the other side's must be plain loads, thread stores or cp.async, not the async proxy."""
        return self.readers in THREAD_ACCESSES

    def to_dict(self) -> dict:
        return asdict(self) | {"racecheck_can_see": self.racecheck_can_see}


_IB100 = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm100.py"
_DIB100 = "cudnn/deepseek_sparse_attention/indexer_backward/dense_indexer_backward_sm100.py"
_IB90 = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"
_IF90 = "cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py"
_DSA2 = "cudnn/deepseek_sparse_attention/sparse_attention_backward/dsa_bwd_sm100_h128_2cta.py"
_DSA576 = "cudnn/deepseek_sparse_attention/sparse_attention_backward/dsa_bwd_sm100_h128_d576_2cta.py"

# the hit of PR #426 itself, as (file, function, barrier): `Hit.key`
W_LOADED = (_IB100, "IndexerBackwardSm100._load_warp", "MBAR_W_LOADED")

_W_LOADED_SIBLING = TRIAGE_2Q = Triage(
    TRUE, "the W_LOADED shape in the 2-query dense kernel: the load warp's 32 lanes store sW_full (and, through "
          "_load_grad_signal_to_buf, the grad-signal buffers), fence, and one elected lane arrives on a count-1 "
          "barrier; upstream fixed it in 1.29.0 exactly as PR #426 did (count WARP_SIZE, every lane arrives)",
    100, "plain loads", "1.29.0")
_SYNCWARP_UMMA = ("stores by every lane, fence.proxy.async, __syncwarp, then one elected lane per warp arrives on "
                  "a barrier counting one arrival per warp; the consumer is the MMA warp (UMMA reads through the "
                  "async proxy). This is the idiom the PTX model leaves open: CUDA C++ gives __syncwarp memory "
                  "ordering among the warp's lanes, but whether that composes with a one-lane release is not "
                  "spelled out, and racecheck still reports the calibration's V1")

TRIAGE: dict[tuple[str, str, str], Triage] = {
    W_LOADED: Triage(
        TRUE, "the bug of PR #426: 32 lanes store sW and sGradSignal, fence, one elected lane arrives on W_LOADED "
              "(count 1); racecheck reports 620 byte hazards at topk=128, heads=64", 100, "plain loads", "1.27.0"),
    (_DIB100, "DenseIndexerBackward2QGemmSm100._load_warp_2q", "MBAR_2Q_W_LOADED"): _W_LOADED_SIBLING,
    (_DIB100, "DenseIndexerBackward2QGemmSm100._load_warp_2q", "MBAR_2Q_GS_LOADED_0"): _W_LOADED_SIBLING,
    (_DIB100, "DenseIndexerBackward2QGemmSm100._load_warp_2q", "MBAR_2Q_GS_LOADED_1"): _W_LOADED_SIBLING,
    **{(_IB90, "IndexerBackwardSm90._compute_warpgroup", f"MBAR_K_CONSUMED_{i}"): Triage(
        FALSE, "wrong barrier, right stores: K_CONSUMED tells the K-load warpgroup that sK may be overwritten, and "
               "that warpgroup never reads sdK_staging, so this arrive is not the stores' handoff. The stores are "
               "real, though: 128 threads write each dK staging row and one thread per row issues the bulk "
               "reduction that reads it, with only a per-thread fence between -- the race cudnn-frontend #1049 "
               "fixed with a warpgroup barrier (in the wheels from 1.30.0, where this hit disappears). Right about "
               "the stores, not about the arrive: the same arrive frees sIndices, which every compute thread reads "
               "before one per warpgroup arrives, so as a load-side hit it is a true positive (the K_CONSUMED "
               "finding, measured by run real-racecheck)",
        90, "bulk copy (async proxy)", "1.30.0") for i in range(3)},
    (_IB90, "IndexerBackwardSm90._k_load_warpgroup_dense_inline", "MBAR_K_LOADED_0"): Triage(
        TRUE, "the dense K-load tail: when s_k is not a multiple of block_I all 128 threads cp.async the valid "
              "rows and zero-fill the rest, wait for their own groups, fence, and one elected lane of warp 0 "
              "arrives on K_LOADED (count 1 in dense mode). racecheck saw 0 hazards on the upstream kernel "
              "because the compute warpgroups read sK through WGMMA; kernels/probe_k_tail_sm90.py keeps the "
              "handoff and reads with plain loads, and its recorded run (k-tail-probe) reports every byte not "
              "written by the arriving thread with the elected arrive, and none when all 128 threads arrive",
        90, "WGMMA", None, "upstream: count 128 with every K-load thread arriving, or a warpgroup barrier "
                           "before the elected arrive"),
    (_IF90, "IndexerForwardSm90._issue_tma", "mbar_Q0_ptr"): Triage(
        TRUE, "the W_LOADED shape in the SM90 indexer forward: warp 0's 32 lanes store sW in _load_weights, fence, "
              "and the only signal after them is one elected lane's arrive_and_expect_tx on the Q0 TMA barrier; "
              "the consumer warpgroups read sW with plain loads after waiting on Q0. Confirmed on the H200 "
              "(run fwd-racecheck): racecheck reports exactly the sW bytes that lanes 1-31 stored, and none "
              "once every storing lane arrives",
        90, "plain loads", None),
    (_IF90, "IndexerForwardSm90.producer", "mbar_KV0_ptr"): Triage(
        TRUE, "FP8-scale path (use_fp8_scales): a producer warp's 32 lanes store sKScale in _load_k_scales, fence, "
              "and one elected lane arrives on KV0 (count 2: the TMA expect-tx arrive plus this one); the consumer "
              "reads sKScale with plain loads after waiting on KV0. Confirmed on the H200 (run fwd-racecheck), "
              "like sW",
        90, "plain loads", None),
    (_IF90, "IndexerForwardSm90.producer", "mbar_KV1_ptr"): Triage(
        TRUE, "the KV1 stage of the same FP8-scale handoff (warp 2 of the producer warpgroup); confirmed with KV0",
        90, "plain loads", None),
    ("cudnn/gemm/frost/kernel_templates/sm100_matmul_mainloop_1ctamma.py", "_kernel", "mainloop_full_mbar_ptr"):
        Triage(UNKNOWN, "fused mainloop transform of the A/B stage in place: " + _SYNCWARP_UMMA, 100, "UMMA"),
    ("cudnn/gemm/frost/kernel_templates/sm100_matmul_mainloop.py", "_kernel", "mainloop_full_mbar_ptr"):
        Triage(UNKNOWN, "the same fused mainloop transform (file moved in 1.30.0): " + _SYNCWARP_UMMA, 100, "UMMA"),
    ("cudnn/gemm/frost/sm100/kernel_templates/sm100_matmul_mainloop.py", "_kernel", "mainloop_full_mbar_ptr"):
        Triage(UNKNOWN, "the same fused mainloop transform: " + _SYNCWARP_UMMA, 100, "UMMA"),
    ("cudnn/gemm/frost/ln_prologue/sm100_dual_gemm.py", "frost_ln_dual_gemm_128x256x128_cluster2x1_2ctamma",
     "a_norm_full_mbar_ptr"): Triage(
        UNKNOWN, "LayerNorm prologue normalising the A stage in place; the source comments that bar.warp.sync "
                 "orders all 32 lanes' stores before the one arriving lane. " + _SYNCWARP_UMMA, 100, "UMMA"),
    ("cudnn/gemm/frost/ln_prologue/sm107_dual_gemm.py", "frost_ln_dual_gemm_128x256x128_cluster2x1_2ctamma",
     "a_norm_full_mbar_ptr"): Triage(
        UNKNOWN, "the SM107 copy of the LayerNorm prologue. " + _SYNCWARP_UMMA, 107, "UMMA"),
    (_DSA2, "FlashAttentionDSABackwardSm100H128TwoCTA.kernel", "p_ready_mbars"): Triage(
        UNKNOWN, "P tile staged by each math warp (stmatrix copies), then " + _SYNCWARP_UMMA, 100, "UMMA"),
    (_DSA2, "FlashAttentionDSABackwardSm100H128TwoCTA.kernel", "pds_ready_mbars"): Triage(
        UNKNOWN, "dS tile staged by each math warp, then " + _SYNCWARP_UMMA, 100, "UMMA"),
    (_DSA576, "FlashAttentionDSABackwardSm100H128D576TwoCTA.kernel", "p_ready_mbars"): Triage(
        UNKNOWN, "the head_dim 576 copy of the P staging. " + _SYNCWARP_UMMA, 100, "UMMA"),
    (_DSA576, "FlashAttentionDSABackwardSm100H128D576TwoCTA.kernel", "pds_ready_mbars"): Triage(
        UNKNOWN, "the head_dim 576 copy of the dS staging. " + _SYNCWARP_UMMA, 100, "UMMA"),
    (_DSA2, "FlashAttentionDSABackwardSm100H128TwoCTA.kernel", "pipe_kscore"): Triage(
        TRUE, "the score-KV gather: every lane of the gather warps cp.asyncs and zero-fills rows, waits for its "
              "own groups, fences, and lane 0 of each warp (tidx & 31 == 0) commits the pipeline, with no warp "
              "barrier at all. The shape the K-tail probe settled on SM90, here on SM100; not run (it needs an "
              "SM100 GPU, and its UMMA reads are invisible to racecheck)", 100, "UMMA"),
    (_DSA576, "FlashAttentionDSABackwardSm100H128D576TwoCTA.kernel", "pipe_kscore"): Triage(
        TRUE, "the head_dim 576 copy of the score-KV gather commit (lane 0 of each gather warp, no warp "
              "barrier); the shape the K-tail probe settled; not run", 100, "UMMA"),
    (_DSA576, "FlashAttentionDSABackwardSm100H128D576TwoCTA._accumulate_dk_tail_wmma", "tail_ld_mbar"): Triage(
        FALSE, "wrong barrier: the stores listed are the gather's cp.async rows from earlier in the loop, which "
               "reach this syncwarp + elected arrive on the tail-load barrier only because the lint pairs a store "
               "with the first one-lane arrive after it; their handoff is the pipe_kscore commit", 100, "UMMA"),
    (_DSA576, "FlashAttentionDSABackwardSm100H128D576TwoCTA._gather_score_kv_tma_upper", "kv_tma_mbars"): Triage(
        FALSE, "wrong barrier: an elected arrive_and_expect_tx that arms the TMA gather of the upper half; the "
               "wave-0 cp.async rows pending before it are published later by the pipe_kscore commit", 100, "UMMA"),
    ("cudnn/block_sparse_attention/csrc/fwd/sm100_blk64/bsa_fwd_sm100.py",
     "BlockSparseAttnForwardSm100Blk64.epilogue_s2g", "pipeline_load_epi"): Triage(
        FALSE, "one epilogue warp stages the per-channel V scales (sVScale), __syncwarp, and reads them itself; "
               "the elected producer_commit on pipeline_load_epi tells the load warps that aliased KV/O storage "
               "is free (a write-after-read release), not that sVScale is ready", 100, "same warp"),
    ("cudnn/sdpa/fwd/kernels/sm100/prefill_d512_mxfp8.py", "_correction_warp_group", "mb_sf_reuse"): Triage(
        FALSE, "the sO stores of _emit_output_slice are published by every thread's mb_o_full arrive on the odd "
               "blocks; on an even block the store stays pending in the lint's walk and meets this elected "
               "scale-factor-reuse arrive, which has nothing to do with sO", 100, "TMA store"),
}


def hit_key(hit) -> tuple[str, str, str]:
    """(file, function, barrier) of a hit (a racelab.lint.ast_lint.Hit or its dict): what triage is keyed by."""
    return hit.key if hasattr(hit, "key") else (hit["file"], hit["function"], hit["barrier"])


def triage_for(hit) -> Triage | None:
    """The triage of a hit (a racelab.lint.ast_lint.Hit or its dict)."""
    return TRIAGE.get(hit_key(hit))


def untriaged(data: dict[str, list[dict]]) -> list[tuple]:
    """Keys of hits (per release: {release: [hit dict]}) that have no triage entry."""
    keys = {hit_key(h) for hits in data.values() for h in hits}
    return sorted(k for k in keys if k not in TRIAGE)


def triage_table(data: dict[str, list[dict]]):
    """One row per (file, function, barrier) seen in `data` ({release: [hit dict]}): where, releases, verdict."""
    import pandas as pd
    order = list(data)
    seen: dict[tuple, dict] = {}
    for release, hits in data.items():
        for h in hits:
            key = hit_key(h)
            row = seen.setdefault(key, {"file": h["file"].removeprefix("cudnn/"), "function": h["function"],
                                        "barrier": h["barrier"], "reason": h["reason"], "releases": []})
            if release not in row["releases"]:
                row["releases"].append(release)
    rows = []
    for key, row in seen.items():
        t = TRIAGE.get(key)
        rels = sorted(row.pop("releases"), key=order.index)
        rows.append({**row, "first": rels[0], "last": rels[-1], "n releases": len(rels),
                     "verdict": t.verdict if t else "untriaged", "sm": t.sm if t else None,
                     "readers": t.readers if t else "", "fixed in": (t.fixed_in or "") if t else "",
                     "why": t.why if t else ""})
    return pd.DataFrame(rows)


VERDICT_COLOURS = {TRUE: "vermillion", UNKNOWN: "orange", FALSE: "grey", "untriaged": "black"}


def release_table(data: dict[str, list[dict]]):
    """Hits per release (rows, oldest first) by triage verdict, with the PR #426 site marked."""
    import pandas as pd
    rows = []
    for release, hits in data.items():
        row = {"release": release, "hits": len(hits)}
        for verdict in VERDICTS:
            row[verdict] = sum(1 for h in hits if (triage_for(h) or Triage("untriaged", "", 0, "")).verdict == verdict)
        row["untriaged"] = sum(1 for h in hits if triage_for(h) is None)
        row["kernels (files)"] = len({h["file"] for h in hits})
        row["W_LOADED flagged"] = any(hit_key(h) == W_LOADED for h in hits)
        rows.append(row)
    return pd.DataFrame(rows).set_index("release")


def releases_figure(data: dict[str, list[dict]], fixed_release: str = "1.27.0"):
    """Stacked bars: hits per release by verdict; the release that shipped PR #426 marked."""
    from racelab import style
    table = release_table(data)
    releases = list(table.index)
    with style.figure(1, 1, figsize=(8.4, 3.6), alt=(
            "Stacked bars of lint hits per nvidia-cudnn-frontend release, from "
            f"{releases[0]} to {releases[-1]}, split into true positives, unknowns and false positives; "
            f"a vertical line marks {fixed_release}, the first release with the PR #426 fix.")) as (fig, ax):
        bottom = [0] * len(releases)
        for verdict in (TRUE, UNKNOWN, FALSE):
            values = list(table[verdict])
            ax.bar(releases, values, bottom=bottom, color=style.PALETTE[VERDICT_COLOURS[verdict]],
                   label=verdict, edgecolor="white", linewidth=0.6)
            bottom = [b + v for b, v in zip(bottom, values)]
        if table["untriaged"].any():
            ax.bar(releases, list(table["untriaged"]), bottom=bottom, color=style.PALETTE["black"], label="untriaged")
        if fixed_release in releases:
            x = releases.index(fixed_release) - 0.5
            ax.axvline(x, color=style.ROLE["patched"], linestyle="--", linewidth=1.2)
            ax.annotate("PR #426 fix ships", (x, max(table["hits"]) * 0.95), xytext=(4, 0),
                        textcoords="offset points", color=style.ROLE["patched"], fontsize=9)
        ax.set_xlabel("nvidia-cudnn-frontend release")
        ax.set_ylabel("lint hits (arrive sites)")
        ax.set_title("Elected arrives after multi-lane shared stores, per release")
        ax.legend(frameon=False, fontsize=9, loc="upper left")
        ax.grid(axis="x", visible=False)
    return fig
