// Calibration repro for the W_LOADED handoff: warp 0's 32 lanes each store one float to shared
// memory and signal an mbarrier; warp 1 waits on it and reads the floats back.
// The variant is chosen at compile time (-DCALIB_VARIANT=N), so each variant has its own SASS.
//
//   V0  lane 0 arrives, count 1                       (the bug's shape, no fence)
//   V1  __syncwarp(), then lane 0 arrives             (warp barrier instead of per-lane release)
//   V2  all 32 lanes arrive, count 32                 (PR #426's fix)
//   V3  fence.proxy.async.shared::cta, lane 0 arrives (what the real kernel does)
//   V4  fence.acq_rel.cta, lane 0 arrives             (a generic-proxy fence instead)
//   V5  fence.acq_rel.cta + __syncwarp(), lane 0      (both)
//   V6  bar.sync 1, 32 across warp 0, lane 0 arrives  (a named barrier: in the memory model's
//                                                      synchronizes-with list, unlike __syncwarp)
//   V7  each lane st.release.cta its own flag; lane 0 ld.acquire.cta every flag, then arrives
//                                                     (release/acquire from every lane to lane 0)
//
// Usage: mbar_calib [seed]   prints one JSON line; exit 1 if any value read back is wrong.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifndef CALIB_VARIANT
#error "compile with -DCALIB_VARIANT=0..7"
#endif

constexpr int kLanes = 32;
constexpr int kVariant = CALIB_VARIANT;
constexpr bool kAllLanesArrive = kVariant == 2;
constexpr unsigned kArriveCount = kAllLanesArrive ? kLanes : 1;

__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbarrier_init(uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}

// Default semantics: .release at .cta scope, for the executing thread's own prior accesses only.
__device__ __forceinline__ void mbarrier_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}

// Default semantics: .acquire at .cta scope.
__device__ __forceinline__ void mbarrier_wait(uint64_t* bar, unsigned phase) {
  uint32_t done = 0;
  while (!done) {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
        : "=r"(done) : "r"(smem_addr(bar)), "r"(phase) : "memory");
  }
}

__device__ __forceinline__ void store_release(uint32_t* p, uint32_t v) {
  asm volatile("st.release.cta.shared::cta.u32 [%0], %1;" ::"r"(smem_addr(p)), "r"(v) : "memory");
}

__device__ __forceinline__ uint32_t load_acquire(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.acquire.cta.shared::cta.u32 %0, [%1];" : "=r"(v) : "r"(smem_addr(p)) : "memory");
  return v;
}

__global__ void calibration_handoff(const float* in, float* out) {
  __shared__ float data[kLanes];
  __shared__ uint32_t flags[kLanes];
  __shared__ uint64_t bar;
  const int lane = threadIdx.x % kLanes;
  const int warp = threadIdx.x / kLanes;

  if (threadIdx.x == 0) mbarrier_init(&bar, kArriveCount);
  if (threadIdx.x < kLanes) flags[threadIdx.x] = 0;
  __syncthreads();

  if (warp == 0) {
    data[lane] = in[lane];
    if constexpr (kVariant == 1) __syncwarp();
    if constexpr (kVariant == 3) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    if constexpr (kVariant == 4 || kVariant == 5) asm volatile("fence.acq_rel.cta;" ::: "memory");
    if constexpr (kVariant == 5) __syncwarp();
    if constexpr (kVariant == 6) asm volatile("bar.sync 1, 32;" ::: "memory");
    if constexpr (kVariant == 7) {
      store_release(&flags[lane], 1u);
      if (lane == 0) {
        for (int i = 0; i < kLanes; ++i) {
          while (load_acquire(&flags[i]) == 0) {
          }
        }
      }
    }
    if (kAllLanesArrive || lane == 0) mbarrier_arrive(&bar);
  } else if (warp == 1) {
    mbarrier_wait(&bar, 0);
    out[lane] = data[lane];  // thread 32+i reads the word that lane i wrote
  }
}

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t err_ = (call);                                                       \
    if (err_ != cudaSuccess) {                                                       \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
      return 2;                                                                      \
    }                                                                                \
  } while (0)

int main(int argc, char** argv) {
  unsigned seed = argc > 1 ? static_cast<unsigned>(strtoul(argv[1], nullptr, 10)) : 1u;
  float host_in[kLanes], host_out[kLanes];
  srand(seed);
  for (int i = 0; i < kLanes; ++i) host_in[i] = 1.0f + static_cast<float>(rand()) / RAND_MAX;
  float *in = nullptr, *out = nullptr;
  CHECK(cudaMalloc(&in, sizeof host_in));
  CHECK(cudaMalloc(&out, sizeof host_out));
  CHECK(cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(out, 0xff, sizeof host_out));  // poison: NaN unless written
  calibration_handoff<<<1, 2 * kLanes>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < kLanes; ++i) wrong += host_out[i] != host_in[i];
  printf("{\"variant\": \"V%d\", \"arrive_count\": %u, \"values\": %d, \"wrong\": %d}\n",
         kVariant, kArriveCount, kLanes, wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return wrong ? 1 : 0;
}
