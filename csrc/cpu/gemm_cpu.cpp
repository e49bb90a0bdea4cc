// CPU backend of tiledmm::gemm: the GPU kernels' levels of tiling, for a CPU's caches and
// registers. Parallel over output tiles (at::parallel_for):
//
//   task tile      kMc x kNc of C per task, accumulated in a buffer of the accumulator type;
//   K slice        kKc deep: the slice's A block and B block packed into panels in the
//                  accumulator type, whatever the operands' layouts and dtypes: A as kMr-row
//                  panels [kc][kMr], B as kNr-column panels [kc][kNr], zero-padded at C's
//                  edges, so that the micro-kernel reads both with unit stride (the B block
//                  stays in L2, a B panel in L1 while A's panels stream past it);
//   micro-tile     kMr x kNr accumulators in vector registers over the slice's k: per k, one
//                  B panel row (two vectors), kMr broadcasts of A and 2 kMr multiply-adds.
//
// The micro-kernel uses GCC/Clang vector extensions (no intrinsics, any ISA). On x86-64 it is
// compiled twice, for x86-64-v3 (AVX2 + FMA) and the baseline, and the loader picks the clone
// the CPU runs (target_clones). So results can differ between CPUs in the last bits (FMA
// or not), and are bitwise identical from run to run on one machine.
#include "../gemm_problem.h"
#include "../linear.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <torch/library.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace tiledmm::cpu {

namespace {

constexpr int kVectorBytes = 32;
constexpr int kMr = 6;                // rows of a micro-tile
constexpr int kNrVectors = 2;         // vectors per micro-tile row
constexpr int64_t kMc = 16 * kMr;     // rows of a task tile (96)
constexpr int64_t kNc = 256;          // columns of a task tile
constexpr int64_t kKc = 256;          // depth of a packed K slice

template <typename Acc>
struct CpuVector;
template <>
struct CpuVector<float> {
  typedef float type __attribute__((vector_size(kVectorBytes)));
};
template <>
struct CpuVector<double> {
  typedef double type __attribute__((vector_size(kVectorBytes)));
};

template <typename Acc>
constexpr int64_t kLanes = kVectorBytes / sizeof(Acc);
template <typename Acc>
constexpr int64_t kNr = kNrVectors * kLanes<Acc>;  // columns of a micro-tile

template <typename T>
struct CpuAccumulator {
  using type = float;  // half types and float32 accumulate in float32
};
template <>
struct CpuAccumulator<double> {
  using type = double;
};

int64_t round_up(int64_t x, int64_t multiple) { return (x + multiple - 1) / multiple * multiple; }

template <typename T>
T element(const MatrixView& v, int64_t r, int64_t c) {
  const T* data = static_cast<const T*>(v.data);
  return v.col_major ? data[r + c * v.ld] : data[r * v.ld + c];
}

// One operand's block of a K slice as panels of kPanel lines along M (A: `mn_along_rows`) or N
// (B), each [kc][kPanel] in the accumulator type: line mn, depth kk at
// out[(mn / kPanel) kc kPanel + kk kPanel + mn % kPanel], zeros for the lines past `mn_count`
// up to `mn_padded`. Read along whichever of K and MN is contiguous in memory.
template <typename T, typename Acc, int64_t kPanel>
void pack_panels(const MatrixView& v, bool mn_along_rows, int64_t mn0, int64_t mn_count, int64_t mn_padded,
                 int64_t k0, int64_t kc, Acc* out) {
  auto value = [&](int64_t mn, int64_t kk) {
    if (mn >= mn_count) return Acc(0);
    return static_cast<Acc>(mn_along_rows ? element<T>(v, mn0 + mn, k0 + kk) : element<T>(v, k0 + kk, mn0 + mn));
  };
  auto slot = [&](int64_t mn, int64_t kk) -> Acc& { return out[(mn / kPanel) * kc * kPanel + kk * kPanel + mn % kPanel]; };
  const bool k_contiguous = mn_along_rows != v.col_major;
  if (k_contiguous) {
    for (int64_t mn = 0; mn < mn_padded; ++mn)
      for (int64_t kk = 0; kk < kc; ++kk) slot(mn, kk) = value(mn, kk);
  } else {
    for (int64_t kk = 0; kk < kc; ++kk)
      for (int64_t mn = 0; mn < mn_padded; ++mn) slot(mn, kk) = value(mn, kk);
  }
}

// Vector loads and stores at any element-aligned address (by reference: a vector returned by
// value would take the baseline ABI's path outside the AVX2 clone).
template <typename Acc>
__attribute__((always_inline)) inline void load_vector(typename CpuVector<Acc>::type& v, const Acc* p) {
  std::memcpy(&v, p, sizeof(v));
}
template <typename Acc>
__attribute__((always_inline)) inline void store_vector(Acc* p, const typename CpuVector<Acc>::type& v) {
  std::memcpy(p, &v, sizeof(v));
}

// c[kMr][kNr] (row pitch ldc) += a_panel[kc][kMr] * b_panel[kc][kNr].
template <typename Acc>
__attribute__((always_inline)) inline void micro_tile(int64_t kc, const Acc* a_panel, const Acc* b_panel, Acc* c,
                                                      int64_t ldc) {
  using Vec = typename CpuVector<Acc>::type;
  constexpr int64_t kL = kLanes<Acc>;
  Vec acc[kMr][kNrVectors] = {};
  for (int64_t kk = 0; kk < kc; ++kk) {
    Vec b[kNrVectors];
    for (int v = 0; v < kNrVectors; ++v) load_vector(b[v], b_panel + kk * kNr<Acc> + v * kL);
    for (int i = 0; i < kMr; ++i) {
      const Acc a = a_panel[kk * kMr + i];  // broadcast by the vector-scalar product
      for (int v = 0; v < kNrVectors; ++v) acc[i][v] += b[v] * a;
    }
  }
  for (int i = 0; i < kMr; ++i) {
    for (int v = 0; v < kNrVectors; ++v) {
      Acc* out = c + i * ldc + v * kL;
      Vec sum;
      load_vector(sum, out);
      store_vector(out, sum + acc[i][v]);
    }
  }
}

// A task tile's K slice: every micro-tile of the packed blocks, B panel by B panel. Compiled
// into each clone of run_slice, below.
template <typename Acc>
__attribute__((always_inline)) inline void slice_product(int64_t a_panels, int64_t b_panels, int64_t kc,
                                                         const Acc* a_pack, const Acc* b_pack, Acc* c_tile,
                                                         int64_t ldc) {
  for (int64_t q = 0; q < b_panels; ++q) {
    for (int64_t p = 0; p < a_panels; ++p) {
      micro_tile(kc, a_pack + p * kc * kMr, b_pack + q * kc * kNr<Acc>, c_tile + p * kMr * ldc + q * kNr<Acc>, ldc);
    }
  }
}

// target_clones needs the loader's ifunc support: ELF on Linux.
#if defined(__x86_64__) && defined(__linux__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define TILEDMM_CPU_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
#endif
#ifndef TILEDMM_CPU_CLONES
#define TILEDMM_CPU_CLONES
#endif

TILEDMM_CPU_CLONES void run_slice(int64_t a_panels, int64_t b_panels, int64_t kc, const float* a_pack,
                                  const float* b_pack, float* c_tile, int64_t ldc) {
  slice_product(a_panels, b_panels, kc, a_pack, b_pack, c_tile, ldc);
}
TILEDMM_CPU_CLONES void run_slice(int64_t a_panels, int64_t b_panels, int64_t kc, const double* a_pack,
                                  const double* b_pack, double* c_tile, int64_t ldc) {
  slice_product(a_panels, b_panels, kc, a_pack, b_pack, c_tile, ldc);
}

template <typename T>
void blocked_gemm(const GemmProblem& p, T* c) {
  using Acc = typename CpuAccumulator<T>::type;
  constexpr int64_t kNrAcc = kNr<Acc>;
  static_assert(kNc % kNrAcc == 0, "whole B panels per task tile");
  const int64_t tiles_m = (p.m + kMc - 1) / kMc;
  const int64_t tiles_n = (p.n + kNc - 1) / kNc;
  at::parallel_for(0, tiles_m * tiles_n, 1, [&](int64_t begin, int64_t end) {
    // Sized to the problem, not the full tile: a tiny gemm should not pay for a full tile's
    // zeroed buffers per call.
    const int64_t mc_max = round_up(std::min(kMc, p.m), kMr), nc_max = round_up(std::min(kNc, p.n), kNrAcc);
    const int64_t kc_max = std::min(kKc, p.k);
    std::vector<Acc> a_pack(mc_max * kc_max), b_pack(kc_max * nc_max), c_tile(mc_max * nc_max);
    for (int64_t t = begin; t < end; ++t) {
      const int64_t m0 = (t / tiles_n) * kMc, n0 = (t % tiles_n) * kNc;
      const int64_t mc = std::min(kMc, p.m - m0), nc = std::min(kNc, p.n - n0);
      const int64_t a_panels = (mc + kMr - 1) / kMr, b_panels = (nc + kNrAcc - 1) / kNrAcc;
      std::fill(c_tile.begin(), c_tile.end(), Acc(0));
      for (int64_t k0 = 0; k0 < p.k; k0 += kKc) {
        const int64_t kc = std::min(kKc, p.k - k0);
        pack_panels<T, Acc, kMr>(p.a, /*mn_along_rows=*/true, m0, mc, a_panels * kMr, k0, kc, a_pack.data());
        pack_panels<T, Acc, kNrAcc>(p.b, /*mn_along_rows=*/false, n0, nc, b_panels * kNrAcc, k0, kc, b_pack.data());
        run_slice(a_panels, b_panels, kc, a_pack.data(), b_pack.data(), c_tile.data(), nc_max);
      }
      // Epilogue: bias + activation in the accumulator type, one rounding to T.
      const T* bias = static_cast<const T*>(p.epilogue.bias);
      for (int64_t i = 0; i < mc; ++i)
        for (int64_t j = 0; j < nc; ++j) {
          Acc v = c_tile[i * nc_max + j];
          if (bias != nullptr) v += static_cast<Acc>(bias[n0 + j]);
          c[(m0 + i) * p.n + n0 + j] = static_cast<T>(activate(v, p.epilogue.activation));
        }
    }
  });
}

at::Tensor run_cpu(const GemmProblem& p, const at::Tensor& a) {
  at::Tensor c = allocate_output(p, a);
  if (p.m == 0 || p.n == 0) return c;
  if (p.k == 0) return epilogue_of_zeros(c, p);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, p.dtype, "tiledmm_gemm_cpu",
                                  [&] { blocked_gemm<scalar_t>(p, c.data_ptr<scalar_t>()); });
  return c;
}

at::Tensor gemm_cpu(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel) {
  return run_cpu(make_gemm_problem(a, b, kernel), a);
}

at::Tensor linear_cpu(const at::Tensor& x, const at::Tensor& weight, const std::optional<at::Tensor>& bias,
                      std::string_view activation, std::optional<std::string_view> kernel) {
  const LinearProblem lp = make_linear_problem(x, weight, bias, activation, kernel);
  return run_cpu(lp.gemm, lp.x_rows).view(lp.output_shape);
}

}  // namespace

TORCH_LIBRARY_IMPL(tiledmm, CPU, m) {
  m.impl("gemm", &gemm_cpu);
  m.impl("linear", &linear_cpu);
}

}  // namespace tiledmm::cpu
