"""The triage of every hit the lint reports over the CuTe DSL libraries of run "lint-ecosystem", as data,
keyed by (package, file, function, barrier, rule kind, line): each library is pinned to one version, and two
arrives on one barrier in one function can deserve different verdicts. Each entry was made by reading the hit's source in
the pinned wheel: what the lanes access, what the elected arrive is on, and how the other side of the
handoff accesses the buffer (`readers`: for a store-side hit how the consumer reads, for a load-side hit
how the producer overwrites), which decides whether compute-sanitizer racecheck can see it.

The verdicts follow the release sweep's: a true positive breaks the rule with per-lane accesses on the buffer
the barrier hands over, as the measured W_LOADED and KVEmpty handoffs do; unknown is the shape on the right
barrier where the verdict waits on what neither the model nor the tools settle here (the __syncwarp idiom,
warp-collective ldmatrix reads, the CuTe DSL pipelines' one-lane-per-warp release before a TMA refill); a
false positive is a pairing the lint got wrong (another buffer's barrier, a path no kernel compiles, a
register read as shared memory)."""

from racelab.lint import triage
from racelab.lint.triage import FALSE, TRUE, UNKNOWN, Triage

CUDNN = "nvidia-cudnn-frontend"

Key = tuple[str, str, str, str, str, int]

_FA = "flash-attn-4"
_FA_BWD = "flash_attn/cute/flash_bwd_sm100.py"
_FA_LOOP = "FlashAttentionBackwardSm100.compute_loop"
_LSE_WRONG = ("the compute warps' prefetch of the LSE stage (sLSE, refilled by TMA after pipeline_LSE's empty "
              "barrier) reaches this arrive first in the lint's walk, but {what} says nothing about sLSE, which "
              "pipeline_LSE.consumer_release frees after the stage loop (the hit at line 3704)")
_INFEASIBLE_2CTA = ("split_P_dS needs cluster size 1 and use_2cta_instrs cluster size 2, so the __syncwarp arm "
                    "and this 2-CTA arrive never meet; on the 2-CTA path a named barrier of all 256 compute "
                    "threads (compute_sync_barrier.arrive_and_wait) orders every warp's sdS stores first")

_IF90 = "cudnn/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py"
_IB90 = "cudnn/deepseek_sparse_attention/indexer_backward/indexer_backward_sm90.py"
_KV_EMPTY = ("the KVEmpty write-after-read of the FP8-scale path: in each consumer warp the lanes with lane % 4 == 0 "
             "read rows of sKScale, then one elected lane arrives with arrive_count=32, counting the whole warp, on "
             "the barrier the producer warp waits on before its 32 lanes store the next sKScale stage. The arrive "
             "orders the elected lane's own loads only. racecheck measured this hazard on the H200 (run "
             "fwd-racecheck, release 1.27.0: write-after-read bytes on sKScale in the FP8 cases); the code is "
             "unchanged in 1.32.0")
_K_CONSUMED_WAR = ("the sIndices write-after-read: after the dK staging barrier, compute thread e of each warpgroup "
                   "reads sIndices<stage>[e] to pick its row for the bulk reduction, then only thread 0 of the "
                   "warpgroup arrives on K_CONSUMED (count 2, one per compute warpgroup); the K-load warpgroup "
                   "waits on it and its threads store sIndices[pos] for a later block. Nothing orders the other "
                   "127 threads' reads before those stores. The store-side hit on this barrier was the wrong "
                   "handoff for the dK staging stores; the load-side rule finds the handoff it does break")

_SCHED_INFO_WRONG = ("the {who} read the tile info the scheduler warp staged in {buf}; the lint pairs those loads "
                     "with the first one-lane arrive after them, {arrive}, which frees {freed}, not {buf}. {buf} "
                     "is freed by {release}")

_FI = "flashinfer-python"
_FI_IF90 = ("flashinfer/experimental/qwen_3_5_block/_cudnn_frost/deepseek_sparse_attention/indexer_forward/"
            "indexer_fwd_sm90.py")
_VENDORED = ("flashinfer vendors this file from cuDNN frontend (VENDOR.md: commit 6b21be0e0, cuDNN Frontend "
             "1.33.0; the kernel differs from release 1.32.0's only in its import lines). ")
_KDA = "flashinfer/kda_kernels/kda_chunked_bt16.py"
_REGISTER_S = ("{name} is a register fragment: its `_s` suffix reads as shared memory to the lint's naming rule, "
               "so its element writes look like shared stores")

# Classes of hits that recur across flashinfer's kernels (many generated from one template). Each group below
# was judged by reading one site's source and the lines the hit names in every file of the group.
CONVENTION = Triage(
    UNKNOWN, "the consumer warps read the stage (ldmatrix copies or element loads) and the pipeline's "
             "consumer_release then arrives from one lane per warp with no warp barrier first: the CuTe DSL's "
             "PipelineTmaAsync convention. By the arrive rule only the signalling lane's reads are ordered before "
             "the producer's refill; the producer is TMA (async proxy), so racecheck cannot see the pair, and "
             "whether a converged warp's other lanes can still be reading when the refill lands is the open point",
    120, "TMA")
CONVENTION_SM90 = Triage(CONVENTION.verdict, CONVENTION.why, 90, "TMA")
CONVENTION_SM100 = Triage(CONVENTION.verdict, CONVENTION.why, 100, "TMA")
COUNTED_LANE = Triage(
    UNKNOWN, "each consumer warp reads the stage with ldmatrix and one elected lane arrives with count=WARP_SIZE "
             "on the barrier that frees it (the KVEmpty shape, with warp-collective ldmatrix reads instead of "
             "per-lane loads); the producer refills by TMA, which racecheck cannot see", 120, "TMA")
SYNCWARP_AB = Triage(
    UNKNOWN, "generated frost GEMM (flashinfer's vendored cuDNN frost MoE kernels): the MMA warp's lanes read the "
             "A/B stage with ldmatrix, bar.warp.sync, fence.proxy.async, and one elected lane arrives on "
             "ab_empty, after which TMA refills the stage: the __syncwarp idiom on the write-after-read side",
    120, "TMA")
SCHED_STAGING = Triage(
    FALSE, "generated frost GEMM: the loads the lint pairs with the elected sched_empty arrive are the epilogue's "
           "reads of its own staging buffer (_stg_stage), which sched_empty does not guard; the scheduler-slot "
           "reads it does guard go through a pointer the lint does not recognise as shared memory, followed by "
           "bar.warp.sync ('Finish every lane's slot reads before the elected release')", 120, "thread stores")


def _wrong(what: str, sm: int, other: str = "TMA") -> Triage:
    return Triage(FALSE, "wrong barrier: " + what, sm, other)


_ALPHA = ("the reads of {buf} before this release belong to the alpha stage, which the alpha pipeline releases on "
          "its own; the {stage} stage this consumer_release frees is read by the MMA")
DEBUG_DUMP = Triage(
    FALSE, "the loads the lint names are not reads of the stage this release frees: a debug dump helper's reads "
           "(sSrc, flat) and a register fragment (frag_s, whose `_s` suffix reads as shared memory)", 120, "TMA")
CP_ASYNC_LDMATRIX = Triage(
    UNKNOWN, "each compute warp reads the stage with ldmatrix and one elected lane arrives on bar_empty, counted "
             "one per compute warp, with no warp barrier; the producer threads then refill the stage with "
             "cp.async. The KVEmpty shape with warp-collective ldmatrix reads; both sides are thread accesses, "
             "so racecheck can judge it on a GPU that runs the kernel", 100, "cp.async",
    follow_up="racecheck (hazard mode) on a GPU the kernel runs on")
CP_ASYNC_SCALES = Triage(
    TRUE, "the KVEmpty shape: every lane of each compute warp reads scale-factor words of the stage (sSFA, sSFB) "
          "with plain loads, then one elected lane arrives on bar_empty, counted one per compute warp, with no "
          "warp barrier; the producer threads wait on it and refill the stage with cp.async, so the other lanes' "
          "reads are not ordered before the overwrite. Both sides are thread accesses: racecheck can see it",
    100, "cp.async", follow_up="racecheck (hazard mode) on a GPU the kernel runs on")
VENDORED_DEAD = Triage(
    FALSE, "the vendored cuDNN IndexerForwardSm90: the KVEmpty shape in the plain consumer's use_fp8_scales arm, "
           "which no kernel compiles (use_split_q_wg is use_fp8_scales, so FP8 runs consumer_split_qstage)",
    90, "thread stores")
VENDORED_KV_EMPTY = Triage(
    TRUE, "flashinfer vendors cuDNN's IndexerForwardSm90 (VENDOR.md: cuDNN Frontend 1.33.0's commit, the kernel "
          "unchanged from 1.32.0 but for imports): " + _KV_EMPTY, 90, "thread stores")

_FI_GROUPS: tuple[tuple, ...] = (
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (824,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (809,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (822,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (807,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (821,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (806,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1097,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_gated_normal_quantized_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1135,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1095,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1093,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_non_gated_normal_quantized_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1131,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1091,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1092,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1090,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1097,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_gated_normal_quantized_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1135,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1095,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1093,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_non_gated_normal_quantized_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1131,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1091,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1092,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1090,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1097,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1095,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1093,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1091,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1092,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'ab_empty_mbar_ptr', 'load-war', (1090,), SYNCWARP_AB),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (956,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (940,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (949,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (932,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (947,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/bf16/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (929,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1242,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_gated_normal_quantized_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1364,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1243,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1227,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_non_gated_normal_quantized_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1349,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1225,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1224,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1220,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1242,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_gated_normal_quantized_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1364,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1243,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1227,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_non_gated_normal_quantized_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1349,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1225,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1224,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/mxfp8_mxfp4/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1220,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1242,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1243,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1227,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc1_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1225,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc2_non_gated_normal_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1224,), SCHED_STAGING),
    ('flashinfer/fused_moe/backends/cudnn_frost/artifacts/nvfp4/sources/sm120_fc2_non_gated_swap_bf16_stg.py', 'frost_template_kernel', 'sched_empty_mbar_ptr', 'load-war', (1220,), SCHED_STAGING),
    ('flashinfer/attn_scores/kernels/fp4_paged_mqa_logits.py', 'FP4MQALogitsKernel.kernel', 'q_pipeline', 'load-war', (2752, 3207), CONVENTION_SM100),
    ('flashinfer/attn_scores/kernels/fp8_paged_mqa_logits.py', 'FP8MQALogitsKernel.kernel', 'kv_pipeline_0', 'load-war', (1768, 1776), CONVENTION_SM100),
    ('flashinfer/attn_scores/kernels/fp8_paged_mqa_logits.py', 'FP8MQALogitsKernel.kernel', 'kv_pipeline_1', 'load-war', (2188, 2195), CONVENTION_SM100),
    ('flashinfer/attn_scores/kernels/fp8_paged_mqa_logits.py', 'FP8MQALogitsKernel.kernel', 'q_pipeline', 'load-war', (2015, 2423), CONVENTION_SM100),
    ('flashinfer/cute_dsl/attention/fmha/sm120/fmha_prefill_fp8_tma.py', 'SM120FusedMultiHeadAttentionFP8ForwardTMA.compute_one_kv_tile_direct_state', 'mbar_arrived', 'load-war', (2161, 2229), COUNTED_LANE),
    ('flashinfer/cute_dsl/attention/fmha/sm120/fmha_prefill_fp8_tma.py', 'SM120FusedMultiHeadAttentionFP8ForwardTMA.compute_one_kv_tile_direct_state', 'v_consumed', 'load-war', (2229,), COUNTED_LANE),
    ('flashinfer/cute_dsl/sparse/sm120_blk64/flash_fwd_sm120.py', 'BlockSparseAttnForwardSm120Blk64.kernel', 'K_pipeline', 'load-war', (411,), CONVENTION),
    ('flashinfer/cute_dsl/sparse/sm120_blk64/flash_fwd_sm120.py', 'BlockSparseAttnForwardSm120Blk64.kernel', 'Q_pipeline', 'load-war', (384,), CONVENTION),
    ('flashinfer/cute_dsl/sparse/sm120_blk64/flash_fwd_sm120.py', 'BlockSparseAttnForwardSm120Blk64.kernel', 'V_pipeline', 'load-war', (452,), CONVENTION),
    ('flashinfer/cute_dsl/sparse/sm120_blk64/flash_fwd_sm120_sage.py', 'BlockSparseAttnForwardSageSm120Blk64.kernel', 'K_pipeline', 'load-war', (515,), CONVENTION),
    ('flashinfer/cute_dsl/sparse/sm120_blk64/flash_fwd_sm120_sage.py', 'BlockSparseAttnForwardSageSm120Blk64.kernel', 'Q_pipeline', 'load-war', (480,), CONVENTION),
    ('flashinfer/cute_dsl/sparse/sm120_blk64/flash_fwd_sm120_sage.py', 'BlockSparseAttnForwardSageSm120Blk64.kernel', 'V_pipeline', 'load-war', (567,), CONVENTION),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp4_glm_fulltile_filter.py', 'FP4PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1838, 2223, 2363), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp4_glmflash_queue_recovery.py', 'FP4PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1959, 2281), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp4_queue_recovery.py', 'FP4PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1994, 2340), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp4_safe_filter.py', 'FP4PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1930, 2249, 2396), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_fulltile_filter.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1315, 1670), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_glm_mid_loop_filter.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1315, 1676), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_glmflash_queue_recovery.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'kv_pipeline_0', 'load-war', (1307, 1314), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_glmflash_queue_recovery.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'kv_pipeline_1', 'load-war', (1661, 1668), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_glmflash_queue_recovery.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1518, 1867), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_glmfull_fulltile_filter.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1298, 1599), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_queue_recovery.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'kv_pipeline_0', 'load-war', (1316, 1323), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_queue_recovery.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'kv_pipeline_1', 'load-war', (1694, 1701), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_queue_recovery.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1551, 1924), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_qwen_packed_filter.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1296, 1510), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/fp8_safe_filter.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1401, 1695), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/sampler_upper_fp4.py', 'FP4PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1600, 1710), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/sampler_upper_fp8.py', 'FP8PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1283, 1394), CONVENTION_SM100),
    ('flashinfer/experimental/attn_scores/kernels/selective_topk/prefill/sampler_upper_glmflash_fp4.py', 'FP4PrefillMQALogitsKernel._gemm_body', 'q_pipeline', 'load-war', (1555, 1658), CONVENTION_SM100),
    ('flashinfer/experimental/b12x/_lib/dense_gemm.py', 'DenseGemmKernel.kernel', 'mainloop_pipeline', 'load-war', (2695, 2908), CONVENTION),
    ('flashinfer/experimental/b12x/attention/_shared/contiguous/forward.py', 'ContiguousAttentionForwardKernel.mma_one_n_block', 'pipeline_k', 'load-war', (1125,), CONVENTION),
    ('flashinfer/experimental/b12x/attention/_shared/contiguous/forward.py', 'ContiguousAttentionForwardKernel.mma_one_n_block', 'pipeline_v', 'load-war', (1159,), CONVENTION),
    ('flashinfer/experimental/b12x/attention/paged/forward_paged.py', 'PagedForwardKernel.kernel', 'pipeline_k', 'load-war', (6350, 6505), DEBUG_DUMP),
    ('flashinfer/experimental/b12x/attention/paged/forward_paged.py', 'PagedForwardKernel.kernel', 'pipeline_v', 'load-war', (6926,), DEBUG_DUMP),
    ('flashinfer/experimental/b12x/gemm/bf16_gemv/_prefill.py', 'Bf16PrefillKernel.kernel', 'load_pipeline', 'load-war', (347,), CONVENTION),
    ('flashinfer/experimental/b12x/moe/_shared/kernels/dynamic.py', 'MoEDynamicKernelBackend.kernel', 'ml_pipeline', 'load-war', (5649, 7082, 7251), CONVENTION),
    ('flashinfer/experimental/b12x/moe/_shared/kernels/dynamic.py', 'MoEDynamicKernelBackend.kernel', 'phase2_pipeline', 'load-war', (8340,), CONVENTION),
    ('flashinfer/experimental/b12x/moe/_shared/kernels/dynamic.py', 'MoEDynamicKernelBackend.kernel', 'up_pipeline', 'load-war', (5727, 7423, 7527), CONVENTION),
    ('flashinfer/experimental/b12x/norm/mhc/_kernels.py', 'MHCPrefillBf16ProjectTmaKernel.kernel', 'load_pipeline', 'load-war', (2521,), CONVENTION),
    ('flashinfer/experimental/b12x/norm/mhc/_kernels.py', 'MHCPrefillTf32ProjectTmaKernel.kernel', 'load_pipeline', 'load-war', (3005,), CONVENTION),
    ('flashinfer/experimental/b12x/sequence/mtp_feedback/_cute_prefill.py', 'MTPPrefillBf16GemmKernel.kernel', 'load_pipeline', 'load-war', (373,), CONVENTION),
    ('flashinfer/experimental/qwen_3_5_block/_cudnn_frost/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py', 'IndexerForwardSm90.consumer', 'mbar_KVEmpty0_ptr', 'load-war', (808,), VENDORED_DEAD),
    ('flashinfer/experimental/qwen_3_5_block/_cudnn_frost/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py', 'IndexerForwardSm90.consumer', 'mbar_KVEmpty1_ptr', 'load-war', (816,), VENDORED_DEAD),
    ('flashinfer/experimental/qwen_3_5_block/_cudnn_frost/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py', 'IndexerForwardSm90.consumer_split_qstage', 'mbar_KVEmpty0_ptr', 'load-war', (1057,), VENDORED_KV_EMPTY),
    ('flashinfer/experimental/qwen_3_5_block/_cudnn_frost/deepseek_sparse_attention/indexer_forward/indexer_fwd_sm90.py', 'IndexerForwardSm90.consumer_split_qstage', 'mbar_KVEmpty1_ptr', 'load-war', (1060,), VENDORED_KV_EMPTY),
    ('flashinfer/fused_moe/cute_dsl/blackwell/moe_w4a16_kernel.py', 'Sm100W4A16GroupedGemmKernel._finish_transform_stage', 'a_load2trans_pipeline', 'load-war', (699,), CONVENTION_SM100),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/_moe_dynamic/gated.py', 'MoEGatedDynamicKernel.fc1_gate_up_swiglu_to_sC', 'ml_pipeline', 'load-war', (1446, 1605), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/_moe_dynamic/gated.py', 'MoEGatedDynamicKernel.fc1_gate_up_swiglu_to_sC_tail', 'ml_pipeline', 'load-war', (1904, 2069), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/_moe_dynamic/generic.py', 'MoEDynamicKernel.kernel', 'ml_pipeline', 'load-war', (1965, 2023), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/_moe_dynamic/generic.py', 'MoEDynamicKernel.kernel', 'phase2_pipeline', 'load-war', (2454,), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_micro_kernel.py', 'MoEMicroKernel.kernel', 'ml_pipeline', 'load-war', (1687, 1743), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_micro_kernel.py', 'MoEMicroKernel.kernel', 'phase2_pipeline', 'load-war', (2153,), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_static_kernel.py', 'MoEStaticKernel.kernel', 'ml_pipeline', 'load-war', (2386, 2496), CONVENTION),
    ('flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_static_kernel.py', 'MoEStaticKernel.kernel', 'phase2_pipeline', 'load-war', (2743,), CONVENTION),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm120.py', 'CPDeltaRuleMNPrecomputeSm120.compute_loop_body', 't_pipeline', 'load-war', (922,), _wrong(_ALPHA.format(buf='sAlpha_blk', stage='T'), 120)),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm120.py', 'CPDeltaRulePrefillSm120.compute_loop_body', 'k_pipeline', 'load-war', (4013,), CONVENTION),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm120.py', 'CPDeltaRulePrefillSm120.compute_loop_body', 'q_pipeline', 'load-war', (3896,), _wrong(_ALPHA.format(buf='alpha_cpscale', stage='Q'), 120)),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm120.py', 'CPDeltaRulePrefillSm120.run_aux_loop_body', 't_pipeline', 'load-war', (3769,), CONVENTION),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm120.py', 'CPDeltaRuleTPrecomputeSm120.kernel', 'k_pipeline', 'load-war', (464,), CONVENTION),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm90.py', 'CPDeltaRuleFixupHmmaSm90.run_fixup_loop', 'n_pipeline', 'load-war', (2032, 2083), CONVENTION_SM90),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_cp_sm90.py', 'CPDeltaRulePrefillSm90.run_aux_loop_body', 't_pipeline', 'load-war', (3207,), CONVENTION_SM90),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_sm120.py', '_FullyFusedDeltaRuleSm120.compute_loop_body', 'k_pipeline', 'load-war', (1551,), _wrong(_ALPHA.format(buf='sAlpha and alpha_cumlog', stage='K'), 120)),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_sm120.py', '_FullyFusedDeltaRuleSm120.compute_loop_body', 'q_pipeline', 'load-war', (1469,), CONVENTION),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_sm90.py', '_FullyFusedDeltaRuleSm90.compute_loop_body', 'q_pipeline', 'load-war', (1111,), _wrong(_ALPHA.format(buf='alpha_cpscale', stage='Q'), 90)),
    ('flashinfer/gdn_kernels/delta_rule_dsl/delta_rule_sm90.py', '_FullyFusedDeltaRuleSm90.run_aux_loop_body', 'k_pipeline', 'load-war', (1833,), _wrong('the sKK_inv reads before this release are of the inverse buffer, not the K stage k_pipeline frees', 90)),
    ('flashinfer/gemm/kernels/cute_dsl/dense_gemm_bf16_fp4_sm100.py', 'Sm100DenseGemmBf16Fp4Kernel._transform_tile', 'a_load2trans_pipeline', 'load-war', (497,), CONVENTION_SM100),
    ('flashinfer/gemm/kernels/cute_dsl/dense_gemm_bf16_fp4_sm12x.py', 'Sm12xDenseGemmBf16Fp4Kernel.kernel', 'mainloop_pipeline', 'load-war', (851, 870, 949, 954), CONVENTION),
    ('flashinfer/gemm/kernels/cute_dsl/low_latency_blockscaled_gemm.py', 'LowLatencyBlockscaledGemmKernel.sfb_warp', 'sfb_full_bar', 'load-war', (1383,), _wrong('the SFB warp reads sSFB_stage and then publishes the converted factors to the MMA warp on sfb_full_bar; that arrive frees nothing', 100)),
    ('flashinfer/gemm/kernels/dense_bf16_gemm_warp_splitk.py', 'CpAsyncWarpSplitKKernel.kernel', 'bar_empty', 'load-war', (838,), CP_ASYNC_LDMATRIX),
    ('flashinfer/gemm/kernels/dense_blockscaled_gemm_sm120_b12x.py', 'DenseGemmKernel.kernel', 'mainloop_pipeline', 'load-war', (1706, 1800, 1875), CONVENTION),
    ('flashinfer/gemm/kernels/dense_mxfp8_gemm_warp_splitk.py', 'CpAsyncMxFp8WarpSplitKKernel.kernel', 'bar_empty', 'load-war', (875,), CP_ASYNC_SCALES),
    ('flashinfer/gemm/kernels/grouped_gemm_contiguous_blackwell.py', 'BlockwiseContiguousGroupedGemmKernel.kernel', 'acc_pipeline', 'load-war', (2100,), _wrong('the scale-factor reads (sSFA_flat, sSFB_flat) precede the elected acc_pipeline release, which frees the TMEM accumulator for the MMA warp, not the scale stage', 100)),
    ('flashinfer/gemm/kernels/sm12x_cute/raw.py', 'Sm120BlockScaledGemmKernel.kernel', 'mainloop_pipeline', 'load-war', (846, 984), CONVENTION),
    ('flashinfer/moe_ep/kernel_src/sm100/cutedsl_megamoe/src/moe_mxfp8_bf16_glu/kernel_mxfp8_bf16_glu_fc12.py', 'Sm100SwapABMxfp8Bf16Fc12Kernel._transform_k_tiles', 'a_load_pipeline', 'load-war', (1423,), _wrong('the scale reads belong to the scale stage, released by scale_load_pipeline just below, not to the A stage a_load_pipeline frees', 100)),
    ('flashinfer/moe_ep/kernel_src/sm100/cutedsl_megamoe/src/moe_mxfp8_bf16_glu/kernel_mxfp8_bf16_glu_fc12.py', 'Sm100SwapABMxfp8Bf16Fc12Kernel._transform_k_tiles', 'scale_load_pipeline', 'load-war', (1430,), CONVENTION_SM100),
    ('flashinfer/moe_ep/kernel_src/sm90/pull_style_cutedsl_megakernel/src/moe_hopper_fp8/kernel_fp8_glu_fc12.py', 'Sm90SwigluFp8Fc12Kernel._mma_blockwise_task_tile', 'ab_pipeline', 'load-war', (1435,), CONVENTION_SM90),
)


TRIAGE: dict[Key, Triage] = {
    (_FI, _FI_IF90, "IndexerForwardSm90._issue_tma", "mbar_Q0_ptr", "store-raw", 276): Triage(
        TRUE, _VENDORED + triage.TRIAGE[(_IF90, "IndexerForwardSm90._issue_tma", "mbar_Q0_ptr")].why,
        90, "plain loads"),
    (_FI, _FI_IF90, "IndexerForwardSm90.producer", "mbar_KV0_ptr", "store-raw", 643): Triage(
        TRUE, _VENDORED + triage.TRIAGE[(_IF90, "IndexerForwardSm90.producer", "mbar_KV0_ptr")].why,
        90, "plain loads"),
    (_FI, _FI_IF90, "IndexerForwardSm90.producer", "mbar_KV1_ptr", "store-raw", 679): Triage(
        TRUE, _VENDORED + triage.TRIAGE[(_IF90, "IndexerForwardSm90.producer", "mbar_KV1_ptr")].why,
        90, "plain loads"),
    (_FI, "flashinfer/experimental/b12x/attention/paged/forward_extend_generic.py",
     "_issue_paged_kv_tma_copy_2planes_fp8_raw_impl", "mbar_ptr_K", "store-raw", 335): Triage(
        FALSE, _REGISTER_S.format(name="frag_s (the S accumulator of the paged forward)"), 120, "registers"),
    (_FI, "flashinfer/msa_ops/cute_dsl/sparse_prefill_sm90.py", "MsaSparseAttnFp8.kernel", "mbar", "store-raw",
     761): Triage(FALSE, _REGISTER_S.format(name="acc_s (the WGMMA accumulator)"), 90, "registers"),
    (_FI, _KDA, "tma_stage_load_inputs", "tma_mbar", "store-raw", 1362): Triage(
        UNKNOWN, "the load warp's lanes (lane < BT) store beta to raw_beta_smem[lane], bar.warp.sync, and one "
                 "elected lane arrives with expect-tx on tma_mbar (count 1); the consumer warps wait on that slot "
                 "and read raw_beta_smem with plain loads. The docstring names this arrive's release, after the "
                 "warp sync, as the only edge that publishes beta. It is the calibration's V1 (__syncwarp, then "
                 "one lane arrives), which racecheck reports, in a tcgen05 (SM100) kernel",
        100, "plain loads", follow_up="racecheck on an SM100 GPU: the readers are thread loads"),
    **{(_FI, _KDA, "kernel", "beta_tile_mbar", "store-raw", line): Triage(
        FALSE, "raw_dt_bias_smem is stored by the load warp's lanes and published to the consumers by the first "
               "chunk's tma_mbar arrive (after bar.warp.sync, the hit at line 1362; the consumers wait on "
               "tma_mbar slot 0 before reading it); beta_tile_mbar, the arrive the lint pairs it with, is the "
               "expect-tx of the beta tile's own TMA load", 100, "plain loads") for line in (5104, 5171)},
    **{(_FI, "flashinfer/moe_ep/kernel_src/sm90/pull_style_cutedsl_megakernel/src/src/token_comm.py",
        "TokenInPullTokenBackPush.token_back_by_push", "pull_mbar_ptr", "store-raw", line): Triage(
        FALSE, "the lanes' stores to the warp's staging buffer are made in grouped_reduce_push, under "
               "const_expr(self.grouped_token_back); the elected TMA expect-tx arrive the lint pairs them with is "
               "on the data path under const_expr(self.push_data and not self.grouped_token_back), so no trace "
               "has both (the lint keeps facts per condition text and cannot see the two exclude each other)",
        90, "bulk copy (async proxy)") for line in (2144, 2189)},
    (_FI, "flashinfer/msa_ops/cute_dsl/sparse_decode_sm90.py", "MsaSparseDecode.kernel", "mbar", "store-raw", 434):
        Triage(FALSE, "warp 0's lanes store the page metadata (sPg, sKst), __syncwarp, and warp 0 itself reads it to "
                      "issue the K/V TMA loads; the elected arrive is that TMA's expect-tx on the tile barrier, whose "
                      "consumers read the tiles TMA wrote. The other warps read sPg and sKst only after a CTA "
                      "barrier (cute.arch.barrier) further down", 90, "TMA"),
    ("nvidia-cutlass-operators",
     "cutlass/operators/providers/cutedsl/gemm/implementations/sm100_contiguous_offset_2d3d_dense_gemm_impl.py",
     "ContiguousOffset2D3DGemmDenseKernel.kernel", "acc_pipeline", "load-war", 1455): Triage(
        FALSE, _SCHED_INFO_WRONG.format(
            who="epilogue warps", buf="sInfo", arrive="the elected acc_pipeline.consumer_release",
            freed="the TMEM accumulator stage for the MMA warp",
            release="sched_pipeline.consumer_release, which every epilogue thread calls on a PipelineAsync "
                    "counting all of them"), 100, "thread stores"),
    **{(CUDNN, _IF90, "IndexerForwardSm90.consumer_split_qstage", barrier, "load-war", line):
       Triage(TRUE, _KV_EMPTY, 90, "thread stores") for barrier, line in (("mbar_KVEmpty0_ptr", 1057),
                                                                           ("mbar_KVEmpty1_ptr", 1060))},
    **{(CUDNN, _IF90, "IndexerForwardSm90.consumer", barrier, "load-war", line): Triage(
        FALSE, "the same KVEmpty shape in the use_fp8_scales arm of the plain consumer, an arm no kernel compiles: "
               "use_split_q_wg is set to use_fp8_scales, so every FP8 kernel runs consumer_split_qstage instead "
               "(the hits at its KVEmpty arrives are the live ones)", 90, "thread stores")
       for barrier, line in (("mbar_KVEmpty0_ptr", 808), ("mbar_KVEmpty1_ptr", 816))},
    **{(CUDNN, _IB90, "IndexerBackwardSm90._compute_warpgroup", f"MBAR_K_CONSUMED_{i}", "load-war", line):
       Triage(TRUE, _K_CONSUMED_WAR, 90, "thread stores") for i, line in enumerate((1010, 1012, 1014))},
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_S_P", "load-war", 3586): Triage(
        FALSE, _LSE_WRONG.format(what="releasing S's TMEM slot to the MMA warp (split_P_dS)"), 100, "TMA"),
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_S_P", "load-war", 3592): Triage(
        FALSE, _LSE_WRONG.format(what="releasing S's TMEM slot (TWO_CTA_SERIAL)"), 100, "TMA"),
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_LSE", "load-war", 3704): Triage(
        UNKNOWN, "the right barrier: every lane of each compute warp reads LSE values from the stage "
                 "(autovec_copy or tSsLSE_cur[lane_idx]), and pipeline_LSE (PipelineTmaAsync, consumer count one "
                 "per compute warp) signals 'empty' from one lane per warp before the load warp's TMA refills it. "
                 "With split_P_dS (hdim 64, cluster size 1) only __syncwarp stands between the lanes' loads and "
                 "that lane's arrive, as the source's comment says ('Normally we'd need syncwarp here since only "
                 "1 thread will signal'); otherwise a 256-thread named barrier does. The __syncwarp idiom on the "
                 "write-after-read side; the producer is TMA (async proxy), so racecheck cannot see it",
        100, "TMA"),
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_dP", "load-war", 3818): Triage(
        FALSE, "the compute warps' reads of the dPsum stage reach this arrive first in the lint's walk, but "
               "releasing dP's TMEM slot (2-CTA) is not what frees sdPsum; pipeline_dPsum's own release follows "
               "after a 256-thread named barrier on this path", 100, "TMA"),
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_dPsum", "load-war", 3838): Triage(
        UNKNOWN, "the right barrier: every lane of each compute warp reads its dPsum values from the stage "
                 "(autovec_copy or tSsdPsum_cur[lane_idx]), and pipeline_dPsum (PipelineTmaAsync, consumer count "
                 "one per compute warp) signals 'empty' from one lane per warp; the load warp's TMA then refills "
                 "the stage. With split_P_dS (hdim 64, cluster size 1) only __syncwarp stands between the lanes' "
                 "loads and that one lane's arrive, as the source's comment says ('Normally we'd need syncwarp "
                 "here since only 1 thread will signal'). That is the __syncwarp idiom on the write-after-read "
                 "side: safe if bar.warp.sync orders the warp's loads before the elected release, which the PTX "
                 "model leaves open. The producer is TMA (async proxy), so racecheck cannot see it",
        100, "TMA"),
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_dS", "store-raw", 3843): Triage(
        UNKNOWN, "split_P_dS: every lane of each compute warp writes dS to sdS, fence.proxy.async, __syncwarp, "
                 "and one elected lane per warp commits pipeline_dS (count: one per compute warp); the MMA warp "
                 "reads sdS with UMMA. The store-side __syncwarp idiom of cudnn's SM100 kernels", 100, "UMMA"),
    (_FA, _FA_BWD, _FA_LOOP, "dS_cluster_full_mbar_ptr", "store-raw", 3854): Triage(
        FALSE, "thread 0 arms the peer CTA's barrier and issues the DSMEM bulk copy of sdS_xchg; " +
               _INFEASIBLE_2CTA, 100, "bulk copy (async proxy)"),
    (_FA, _FA_BWD, _FA_LOOP, "pipeline_dS", "store-raw", 3871): Triage(
        FALSE, "the deferred pipeline_dS commit of the TWO_CTA_PIPELINED schedule; " + _INFEASIBLE_2CTA,
        100, "UMMA"),
    (_FA, "flash_attn/cute/flash_fwd_sm100.py", "FlashAttentionForwardSm100.softmax_step", "pipeline_p_lastsplit",
     "store-raw", 2724): Triage(
        FALSE, "sScale[thread_idx + ...] is stored only when not is_first, and then every storing thread arrives "
               "on the named sm_stats barrier the correction warpgroup waits on (arrive_w_index); the lint "
               "cannot tie the two const_expr conditions together, so the store looks pending at the elected "
               "pipeline_p_lastsplit commit, which hands P in TMEM to the MMA warp, not sScale",
        100, "plain loads"),
}


TRIAGE.update({(_FI, file, function, barrier, kind, line): t
               for file, function, barrier, kind, lines, t in _FI_GROUPS for line in lines})


def hit_key(package: str, hit: dict) -> Key:
    """(package, file, function, barrier, rule kind, line) of a hit dict from racelab.lint.rules."""
    return (package, hit["file"], hit["function"], hit["barrier"], hit["rule"], hit["line"])


def triage_for(package: str, hit: dict) -> Triage | None:
    """A hit's triage: this module's entry, or for a store-side hit in nvidia-cudnn-frontend the release
    sweep's (racelab.lint.triage.TRIAGE, keyed by file, function and barrier)."""
    found = TRIAGE.get(hit_key(package, hit))
    if found is None and package == CUDNN and hit["rule"] == "store-raw":
        found = triage.TRIAGE.get((hit["file"], hit["function"], hit["barrier"]))
    return found


def untriaged(data: dict[str, dict]) -> list[tuple]:
    """Keys of hits in a sweep ({package: {"hits": [...]}}) without a triage entry."""
    return sorted({hit_key(p, h) for p, lib in data.items() for h in lib["hits"] if triage_for(p, h) is None})
