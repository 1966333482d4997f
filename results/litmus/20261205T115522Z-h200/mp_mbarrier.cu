// Message passing through an mbarrier, with the signal sent by one elected lane while the data is
// stored by all 32 lanes: the shape of the W_LOADED handoff, repeated many times per CTA while
// "stress" warps hammer shared memory. Counts reads that see the previous trial's value.
//
// Per trial t (stamp = t + 1; every word starts at 0):
//   warp 0 (producer): wait EMPTY(t-1); lane l stores stamp to words l, l+32, l+64, l+96;
//                      variant's sync; signal FULL (elected lane, count 1; V2: all lanes, count 32)
//   warp 1 (consumer): wait FULL(t); lane c reads word k*32 + (c+1+k)%32 for k = 0..3 (each word once,
//                      never the one it would have written); a word != stamp is a stale read; then all
//                      32 lanes arrive on EMPTY (count 32), which is correct and releases the buffer
//   warps 2.. (stress): plain shared loads and stores on a scratch area in the same banks, until done
//
// Variants (as the calibration repro): V0 none; V1 __syncwarp; V2 all lanes arrive (count 32);
// V3 fence.proxy.async.shared::cta; V4 fence.acq_rel.cta; V5 fence.acq_rel.cta + __syncwarp.
// --leader lane0 replaces elect.sync (which waits for all 32 lanes) with `if (lane == 0)`;
// --skew N makes lanes 1..31 spin about N cycles before their stores (on that path they diverge, but the
// warp reconverges before the stores, so every lane's store is still the same instruction as lane 0's).
// --leader diverge puts lane 0's stores and its arrive on one side of a branch and lanes 1..31's (skewed)
// stores on the other, with no reconvergence before the arrive: lanes 1..31's stores are instructions of
// their own that may issue after lane 0's arrive. This is the shape the memory model allows to read stale
// data; its SASS shows which side of the branch the warp executes first. --leader diverge-forced is the
// positive control: lanes 1..31 wait for lane 0's go-ahead, given after its arrive, before they store, so the
// consumer can read stale words whenever it is quick; it shows what a stale read looks like to this test.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90a -o mp_mbarrier mp_mbarrier.cu
// Run:   ./mp_mbarrier --variant V0 --trials 50000000 --seconds 7   (prints one JSON line)

#include <cuda_runtime.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

constexpr int kWarp = 32;
constexpr int kWordsPerLane = 4;
constexpr int kWords = kWarp * kWordsPerLane;  // 128 words = 512 B per trial
constexpr int kScratchWords = 32 * kWarp;      // stress area, 4 KiB
constexpr long long kWaitTimeoutCycles = 4LL << 30;  // ~2 s at 2 GHz: a wait this long is a hang

#define CHECK(call)                                                                             \
  do {                                                                                          \
    cudaError_t err_ = (call);                                                                  \
    if (err_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(err_), __FILE__,    \
                   __LINE__, cudaGetErrorString(err_));                                         \
      std::exit(1);                                                                             \
    }                                                                                           \
  } while (0)

struct Counters {
  unsigned long long trials;
  unsigned long long reads_checked;
  unsigned long long stale_reads;
  unsigned long long stale_reads_leader_words;  // words the signalling lane stored itself
  unsigned long long timeouts;
  unsigned long long stress_ops;
};

__device__ __forceinline__ uint32_t smem(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Plain (weak) shared accesses, kept by the compiler, never merged or reordered by it.
__device__ __forceinline__ void st_weak(uint32_t* p, uint32_t v) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(smem(p)), "r"(v) : "memory");
}
__device__ __forceinline__ uint32_t ld_weak(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(smem(p)) : "memory");
  return v;
}

__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"r"(smem(bar)) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(uint64_t* bar, uint32_t parity) {
  uint32_t done;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(done)
      : "r"(smem(bar)), "r"(parity)
      : "memory");
  return done != 0;
}
__device__ __forceinline__ bool elect_one() {
  uint32_t pred;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "elect.sync _|p, 0xffffffff;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(pred));
  return pred != 0;
}
__device__ __forceinline__ void fence_proxy_async() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
__device__ __forceinline__ void fence_acq_rel() { asm volatile("fence.acq_rel.cta;" ::: "memory"); }

// Wait for `parity` with a time limit; false (and the CTA's abort flag set) on timeout.
__device__ bool wait_or_abort(uint64_t* bar, uint32_t parity, volatile int* aborted) {
  const long long start = clock64();
  while (!mbar_try_wait(bar, parity)) {
    if (*aborted) return false;
    if (clock64() - start > kWaitTimeoutCycles) {
      *aborted = 1;
      return false;
    }
  }
  return true;
}

__device__ __forceinline__ void spin(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

enum Leader { kLane0 = 0, kElect = 1, kDiverge = 2, kDivergeForced = 3 };

template <int kVariant, int kLeader>
__global__ void __launch_bounds__(1024) mp_mbarrier(int iters, int skew_cycles, uint32_t epoch,
                                                     Counters* out) {
  __shared__ uint32_t data[kWords];
  __shared__ uint32_t scratch[kScratchWords];
  __shared__ uint64_t full, empty;
  __shared__ volatile int done, aborted;
  __shared__ volatile uint32_t go;

  const int tid = threadIdx.x, warp = tid / kWarp, lane = tid % kWarp;
  for (int i = tid; i < kWords; i += blockDim.x) data[i] = 0;
  for (int i = tid; i < kScratchWords; i += blockDim.x) scratch[i] = 0;
  if (tid == 0) {
    mbar_init(&full, kVariant == 2 ? kWarp : 1);
    mbar_init(&empty, kWarp);
    done = 0;
    aborted = 0;
    go = 0;
  }
  __syncthreads();

  if (warp == 0) {  // producer
    for (int t = 0; t < iters; ++t) {
      const uint32_t stamp = epoch + static_cast<uint32_t>(t) + 1u;
      if (t > 0 && !wait_or_abort(&empty, (t - 1) & 1, &aborted)) break;
      if constexpr (kLeader == kDiverge && kVariant != 2) {
        if (lane == 0) {
#pragma unroll
          for (int k = 0; k < kWordsPerLane; ++k) st_weak(&data[k * kWarp], stamp);
          mbar_arrive(&full);
        } else {
          if (skew_cycles > 0) spin(skew_cycles + 13 * lane);
#pragma unroll
          for (int k = 0; k < kWordsPerLane; ++k) st_weak(&data[k * kWarp + lane], stamp);
        }
        continue;
      }
      if constexpr (kLeader == kDivergeForced && kVariant != 2) {
        // positive control: lanes 1..31 store only after lane 0 has arrived (they wait for its go-ahead)
        if (lane == 0) {
#pragma unroll
          for (int k = 0; k < kWordsPerLane; ++k) st_weak(&data[k * kWarp], stamp);
          mbar_arrive(&full);
          go = stamp;
        } else {
          const long long start = clock64();
          while (go != stamp && !aborted) {
            if (clock64() - start > kWaitTimeoutCycles) aborted = 1;
          }
#pragma unroll
          for (int k = 0; k < kWordsPerLane; ++k) st_weak(&data[k * kWarp + lane], stamp);
        }
        continue;
      }
      if (skew_cycles > 0 && lane != 0) spin(skew_cycles + 13 * lane);
#pragma unroll
      for (int k = 0; k < kWordsPerLane; ++k) st_weak(&data[k * kWarp + lane], stamp);
      if constexpr (kVariant == 1) __syncwarp();
      if constexpr (kVariant == 3) fence_proxy_async();
      if constexpr (kVariant == 4) fence_acq_rel();
      if constexpr (kVariant == 5) {
        fence_acq_rel();
        __syncwarp();
      }
      if constexpr (kVariant == 2) {
        mbar_arrive(&full);
      } else if constexpr (kLeader == kElect) {
        if (elect_one()) mbar_arrive(&full);
      } else {
        if (lane == 0) mbar_arrive(&full);
      }
    }
  } else if (warp == 1) {  // consumer
    unsigned long long stale = 0, stale_leader = 0, checked = 0, trials = 0;
    for (int t = 0; t < iters; ++t) {
      const uint32_t stamp = epoch + static_cast<uint32_t>(t) + 1u;
      if (!wait_or_abort(&full, t & 1, &aborted)) break;
#pragma unroll
      for (int k = 0; k < kWordsPerLane; ++k) {
        const int writer = (lane + 1 + k) % kWarp;
        const uint32_t v = ld_weak(&data[k * kWarp + writer]);
        if (v != stamp) {
          ++stale;
          if (writer == 0) ++stale_leader;
        }
        ++checked;
      }
      ++trials;
      mbar_arrive(&empty);
    }
    atomicAdd(&out->stale_reads, stale);
    atomicAdd(&out->stale_reads_leader_words, stale_leader);
    atomicAdd(&out->reads_checked, checked);
    if (lane == 0) {
      atomicAdd(&out->trials, trials);
      done = 1;
    }
  } else {  // stress: same banks as `data`, different words
    unsigned long long ops = 0;
    uint32_t x = tid * 2654435761u;
    while (!done && !aborted) {
#pragma unroll 8
      for (int i = 0; i < 64; ++i) {
        x = x * 1664525u + 1013904223u;
        const int w = ((x >> 8) % (kScratchWords / kWarp)) * kWarp + lane;
        st_weak(&scratch[w], ld_weak(&scratch[(w + kWarp) % kScratchWords]) + 1u);
      }
      ops += 64;
    }
    if (lane == 0) atomicAdd(&out->stress_ops, ops);
  }
  __syncthreads();
  if (tid == 0 && aborted) atomicAdd(&out->timeouts, 1ull);
}

using Kernel = void (*)(int, int, uint32_t, Counters*);

template <int kLeader>
Kernel pick_variant(int v) {
  switch (v) {
    case 0: return mp_mbarrier<0, kLeader>;
    case 1: return mp_mbarrier<1, kLeader>;
    case 2: return mp_mbarrier<2, kLeader>;
    case 3: return mp_mbarrier<3, kLeader>;
    case 4: return mp_mbarrier<4, kLeader>;
    default: return mp_mbarrier<5, kLeader>;
  }
}

const char* kLeaderText[] = {"lane0", "elect", "diverge", "diverge-forced"};

const char* kVariantText[] = {
    "lane 0 arrives (count 1)",
    "__syncwarp(), then lane 0 arrives (count 1)",
    "all 32 lanes arrive (count 32)",
    "fence.proxy.async.shared::cta, then lane 0 arrives (count 1)",
    "fence.acq_rel.cta, then lane 0 arrives (count 1)",
    "fence.acq_rel.cta and __syncwarp(), then lane 0 arrives (count 1)",
};

[[noreturn]] void usage(const char* msg) {
  std::fprintf(stderr,
               "mp_mbarrier: %s\nusage: mp_mbarrier --variant V0..V5 [--trials N] [--seconds S] "
               "[--blocks B] [--stress-warps W] [--iters-per-launch I] [--leader elect|lane0|diverge|diverge-forced] "
               "[--skew CYCLES] [--device D]\n",
               msg);
  std::exit(2);
}

long long parse_int(const char* s, const char* what, long long lo, long long hi) {
  char* end = nullptr;
  const long long v = std::strtoll(s, &end, 10);
  if (end == s || *end != '\0' || v < lo || v > hi) {
    std::string m = std::string("bad value for ") + what + ": " + s;
    usage(m.c_str());
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  int variant = -1, device = 0, blocks = 0, stress_warps = 6, iters = 20000, skew = 0;
  long long trials = 50000000;
  double seconds = 7.0;
  int leader = kElect;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + a).c_str());
    const char* v = argv[++i];
    if (a == "--variant") {
      if (std::strlen(v) != 2 || v[0] != 'V' || v[1] < '0' || v[1] > '5') usage("variant must be V0..V5");
      variant = v[1] - '0';
    } else if (a == "--trials") {
      trials = parse_int(v, "--trials", 1, 1LL << 40);
    } else if (a == "--seconds") {
      seconds = std::atof(v);
      if (!(seconds > 0 && seconds <= 60)) usage("--seconds must be in (0, 60]");
    } else if (a == "--blocks") {
      blocks = static_cast<int>(parse_int(v, "--blocks", 1, 1 << 16));
    } else if (a == "--stress-warps") {
      stress_warps = static_cast<int>(parse_int(v, "--stress-warps", 0, 30));
    } else if (a == "--iters-per-launch") {
      iters = static_cast<int>(parse_int(v, "--iters-per-launch", 1, 1 << 22));
    } else if (a == "--skew") {
      skew = static_cast<int>(parse_int(v, "--skew", 0, 1 << 20));
    } else if (a == "--device") {
      device = static_cast<int>(parse_int(v, "--device", 0, 64));
    } else if (a == "--leader") {
      const std::string l = v;
      if (l == "elect") leader = kElect;
      else if (l == "lane0") leader = kLane0;
      else if (l == "diverge") leader = kDiverge;
      else if (l == "diverge-forced") leader = kDivergeForced;
      else usage("--leader must be elect, lane0, diverge or diverge-forced");
    } else {
      usage(("unknown option " + a).c_str());
    }
  }
  if (variant < 0) usage("--variant is required");

  CHECK(cudaSetDevice(device));
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, device));
  if (prop.major < 9) usage("needs an sm_90 or newer GPU (mbarrier try_wait, elect.sync)");
  if (blocks == 0) blocks = 2 * prop.multiProcessorCount;
  int driver = 0, runtime = 0;
  CHECK(cudaDriverGetVersion(&driver));
  CHECK(cudaRuntimeGetVersion(&runtime));

  Kernel kernel = leader == kElect    ? pick_variant<kElect>(variant)
                  : leader == kLane0 ? pick_variant<kLane0>(variant)
                  : leader == kDiverge ? pick_variant<kDiverge>(variant)
                                       : pick_variant<kDivergeForced>(variant);
  const int threads = kWarp * (2 + stress_warps);
  Counters* d = nullptr;
  CHECK(cudaMalloc(&d, sizeof(Counters)));
  CHECK(cudaMemset(d, 0, sizeof(Counters)));

  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  long long launches = 0, launched_trials = 0;
  // Each launch is bounded (blocks x iters trials, tens of ms); stop at the trial target or time limit.
  while (launched_trials < trials && elapsed() < seconds) {
    kernel<<<blocks, threads>>>(iters, skew, static_cast<uint32_t>(launches) * 0x9E3779B9u, d);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    ++launches;
    launched_trials += static_cast<long long>(blocks) * iters;
  }
  Counters h{};
  CHECK(cudaMemcpy(&h, d, sizeof(Counters), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));

  std::printf(
      "{\"kernel\": \"mp_mbarrier\", \"variant\": \"V%d\", \"variant_text\": \"%s\", \"leader\": \"%s\", "
      "\"skew_cycles\": %d, \"stress_warps\": %d, \"blocks\": %d, \"threads_per_block\": %d, "
      "\"iters_per_launch\": %d, \"launches\": %lld, \"trials\": %llu, \"words_per_trial\": %d, "
      "\"reads_checked\": %llu, \"stale_reads\": %llu, \"stale_reads_leader_words\": %llu, "
      "\"timeouts\": %llu, \"stress_ops\": %llu, \"elapsed_s\": %.3f, \"device\": \"%s\", "
      "\"sm\": \"%d.%d\", \"sm_count\": %d, \"driver\": %d, \"runtime\": %d}\n",
      variant, kVariantText[variant], kLeaderText[leader], skew, stress_warps, blocks, threads,
      iters, launches, h.trials, kWords, h.reads_checked, h.stale_reads, h.stale_reads_leader_words,
      h.timeouts, h.stress_ops, elapsed(), prop.name, prop.major, prop.minor,
      prop.multiProcessorCount, driver, runtime);
  return h.timeouts ? 3 : 0;
}
