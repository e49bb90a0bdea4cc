// CUDA backend of tiledmm::gemm: device guard, current stream, plan, one launch.
#include "../autotune_cache.h"
#include "../gemm_problem.h"
#include "../kernel_registry.h"
#include "../linear.h"
#include "autotune.h"
#include "kernels/launchers.h"
#include "operand_workspace.h"
#include "planner.h"

#include <ATen/Context.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/ops/empty.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/util/SmallVector.h>
#include <torch/library.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tiledmm::cuda {

namespace {

GpuInfo describe_gpu(const cudaDeviceProp& prop) {
  return {prop.major * 10 + prop.minor, prop.multiProcessorCount};
}

void check_compute_capability(std::string_view kernel, const cudaDeviceProp& prop, int device_index) {
  const KernelInfo* info = find_kernel(kernel);
  TORCH_CHECK(info != nullptr, "tiledmm.gemm: unknown kernel '", kernel, "'");
  const int need = info->min_compute_capability;
  TORCH_CHECK(info->runs_on(prop.major * 10 + prop.minor), "tiledmm.gemm: kernel '", kernel,
              "' needs compute capability ",
              info->arch_specific ? "exactly " : ">= ", need / 10, ".", need % 10,
              info->arch_specific ? " (arch-specific sm_90a code)" : "", ", but cuda:", device_index,
              " (", prop.name, ") has ", prop.major, ".", prop.minor);
}

// torch.matmul's float32 rule: TF32 tensor cores only when the user allowed them
// (torch.backends.cuda.matmul.allow_tf32, or float32 matmul precision "high"/"medium").
bool tf32_allowed() { return at::globalContext().allowTF32CuBLAS(); }

// Row pitch of the split-K planes (elements). simt and mma store C from registers, in
// 16-byte vectors (simt) or pairs (mma) where a row's alignment allows: planes N wide
// would turn every partial store of a ragged N into a scalar one, so their rows are padded
// to 16 bytes (the padding is never read). wgmma writes through a shared-memory box in
// whole rows whatever the pitch, and skinny one output at a time: N wide.
int64_t split_k_pitch(KernelFamily family, int64_t n, int64_t element_bytes) {
  if (family != KernelFamily::kSimt && family != KernelFamily::kMma) return n;
  const int64_t vector = 16 / element_bytes;
  return (n + vector - 1) / vector * vector;
}

// Split-K partial sums: a workspace [splits, m, pitch] from the caching allocator (freed on
// this stream after the reduction), which reduce_split_k turns into C.
at::Tensor split_k_planes(const GemmProblem& p, KernelFamily family, const SplitK& split, int64_t m,
                          const at::Tensor& c) {
  const auto accumulator = p.dtype == at::kDouble ? at::kDouble : at::kFloat;
  const int64_t pitch = split_k_pitch(family, p.n, at::elementSize(accumulator));
  return at::empty({split.splits, m, pitch}, c.options().dtype(accumulator));
}

// simt: C in one band of rows, or two where the plan has a row tail (row_tail.h). Each band
// writes its rows of C, or its own split-K planes, reduced once every band has run.
void launch_simt_plan(const GemmProblem& p, const Plan& plan, at::Tensor& c, cudaStream_t stream) {
  const int64_t first_rows = p.m - plan.row_tail.rows;
  c10::SmallVector<SimtBand, 2> bands{{0, first_rows, plan.simt_config, plan.split, {}}};
  if (plan.row_tail.active()) {
    bands.push_back({first_rows, plan.row_tail.rows, plan.row_tail.config, plan.row_tail.split, {},
                     plan.row_tail.beside_blocks});
  }
  // (One band is all of C: no views, no copy of the problem on a small call's host path.)
  auto rows_of_c = [&](const SimtBand& band) { return band.rows == p.m ? c : c.narrow(0, band.first_row, band.rows); };
  for (SimtBand& band : bands) {
    band.out = band.split.active() ? split_k_planes(p, KernelFamily::kSimt, band.split, band.rows, c)
                                   : rows_of_c(band);
  }
  launch_simt(p, bands, stream);
  for (const SimtBand& band : bands) {
    if (!band.split.active()) continue;
    at::Tensor c_rows = rows_of_c(band);
    if (band.rows == p.m) {
      reduce_split_k(band.out, p, c_rows, stream);
    } else {
      GemmProblem rows = p;
      rows.m = band.rows;
      reduce_split_k(band.out, rows, c_rows, stream);
    }
  }
}

// Launches `plan` for p, writing C into c.
void launch_plan(const GemmProblem& p, const Plan& plan, at::Tensor& c, cudaStream_t stream) {
  if (plan.family == KernelFamily::kClassic16) {
    launch_classic16(p, c, stream);
    return;
  }
  if (plan.family == KernelFamily::kSimt) {
    launch_simt_plan(p, plan, c, stream);
    return;
  }
  at::Tensor partials;
  if (plan.split.active()) partials = split_k_planes(p, plan.family, plan.split, p.m, c);
  at::Tensor& out = plan.split.active() ? partials : c;
  switch (plan.family) {
    case KernelFamily::kMma: launch_mma(p, plan.mma_config, plan.split, out, stream); break;
    case KernelFamily::kSkinny: launch_skinny(p, plan.skinny_config, plan.split, out, stream); break;
    default:
      launch_wgmma(p, plan.wgmma_config, plan.wgmma_c_transposed, plan.split, plan.last_wave, out, stream);
      break;
  }
  if (plan.split.active()) reduce_split_k(partials, p, c, stream);
}

bool capturing(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  C10_CUDA_CHECK(cudaStreamIsCapturing(stream, &status));
  return status != cudaStreamCaptureStatusNone;
}

// What the planner sees of a call: shape, dtype, layouts, the TF32 setting and how TMA reads
// the operands where they lie. The alignment is read by TF32 with a row-major B (its
// orientation choice) and by the 16-bit types' tile rules (ping-pong and the wave-filling C^T
// configs take operands TMA reads in place; the C^T configs, A's lines on their sectors);
// float32 otherwise skips the check. (The B copy of rows off sectors, operand_workspace.h, is
// not counted here.)
GemmShape planner_shape(const GemmProblem& p) {
  GemmShape shape{p.m, p.n, p.k, p.dtype, p.a.col_major, p.b.col_major, tf32_allowed()};
  const bool sixteen_bit = p.dtype != c10::kFloat;
  if (sixteen_bit || (shape.allow_tf32 && wgmma_computes_c_transposed(p.dtype == c10::kFloat, p.b.col_major))) {
    const TmaInPlaceRead a_read = tma_in_place_read(p.a, c10::elementSize(p.dtype));
    const TmaInPlaceRead b_read = tma_in_place_read(p.b, c10::elementSize(p.dtype));
    shape.a_tma_aligned = a_read.in_place;
    shape.b_tma_aligned = b_read.in_place;
    shape.a_lines_off_sectors = sixteen_bit && a_read.lines_off_sectors;
    shape.b_lines_off_sectors = sixteen_bit && b_read.lines_off_sectors;
    shape.b_lines_off_cache_lines = sixteen_bit && b_read.lines_off_cache_lines;
  }
  return shape;
}

at::Tensor run_cuda(const GemmProblem& p, const at::Tensor& a) {
  const c10::cuda::CUDAGuard guard(a.device());
  at::Tensor c = allocate_output(p, a);
  if (p.m == 0 || p.n == 0) return c;
  if (p.k == 0) return epilogue_of_zeros(c, p);

  const cudaDeviceProp& prop = *at::cuda::getDeviceProperties(a.device().index());
  if (!p.kernel.empty()) {
    check_compute_capability(split_kernel_spec(p.kernel).first, prop, a.device().index());
  }
  const GemmShape shape = planner_shape(p);
  const GpuInfo gpu = describe_gpu(prop);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream(a.device().index());
  std::string spec = p.kernel;
  if (spec.empty() && autotune_enabled() && !capturing(stream)) {
    spec = autotuned_spec(shape, prop, stream,
                          [&](const std::string& candidate) { launch_plan(p, plan_gemm(shape, gpu, candidate), c, stream); });
  }
  launch_plan(p, plan_gemm(shape, gpu, spec), c, stream);
  return c;
}

at::Tensor gemm_cuda(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel) {
  return run_cuda(make_gemm_problem(a, b, kernel), a);
}

at::Tensor linear_cuda(const at::Tensor& x, const at::Tensor& weight, const std::optional<at::Tensor>& bias,
                       std::string_view activation, std::optional<std::string_view> kernel) {
  const LinearProblem lp = make_linear_problem(x, weight, bias, activation, kernel);
  return run_cuda(lp.gemm, lp.x_rows).view(lp.output_shape);
}

// Where a host operand would lie on the GPU: at its byte offset in a block of the CUDA caching
// allocator, which starts every block on 512 bytes (a copy the problem made starts one).
const void* as_if_in_a_cuda_block(const at::Tensor& t, const at::Tensor& copy) {
  const int64_t offset = copy.defined() ? 0 : t.storage_offset() * t.element_size();
  return reinterpret_cast<const void*>(static_cast<uintptr_t>(offset));
}

// tiledmm::_plan_for: the plan a gemm call of `a` and `b` gets (tiledmm.plan_for). CUDA
// operands are planned for their GPU; host operands for the GPU described by
// compute_capability and sm_count, as if each lay at its storage offset in a fresh block.
std::vector<std::string> plan_for_op(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel,
                                     int64_t compute_capability, int64_t sm_count) {
  // The operands are checked as gemm checks them; the kernel name by plan_report (for CUDA,
  // whatever the operands' device).
  GemmProblem p = make_gemm_problem(a, b, std::nullopt);
  GpuInfo gpu{static_cast<int>(compute_capability), static_cast<int>(sm_count)};
  if (a.is_cuda()) {
    const GpuInfo own = describe_gpu(*at::cuda::getDeviceProperties(a.device().index()));
    if (gpu.compute_capability == 0) gpu.compute_capability = own.compute_capability;
    if (gpu.sm_count == 0) gpu.sm_count = own.sm_count;
  } else {
    TORCH_CHECK(gpu.compute_capability > 0 && gpu.sm_count > 0,
                "tiledmm.plan_for: operands on ", a.device(),
                " need the GPU described (compute_capability and sm_count), got ", compute_capability, " and ",
                sm_count);
    p.a.data = as_if_in_a_cuda_block(a, p.a_storage);
    p.b.data = as_if_in_a_cuda_block(b, p.b_storage);
  }
  return plan_report(planner_shape(p), gpu, kernel);
}

// tiledmm::_kernel_resources: [registers per thread, local (spill) bytes per thread,
// static shared bytes, max threads per block] of the kernel the planner picks.
std::vector<int64_t> kernel_resources_op(int64_t m, int64_t n, int64_t k, c10::ScalarType dtype,
                                         bool a_col_major, bool b_col_major,
                                         std::optional<std::string_view> kernel) {
  std::string requested;
  if (kernel.has_value() && !kernel->empty() && *kernel != "auto") {
    require_kernel(*kernel, c10::DeviceType::CUDA, dtype);
    requested = std::string(*kernel);
  }
  const int device = c10::cuda::current_device();
  const cudaDeviceProp& prop = *at::cuda::getDeviceProperties(device);
  const Plan plan = plan_gemm({m, n, k, dtype, a_col_major, b_col_major, tf32_allowed()},
                              describe_gpu(prop), requested);
  cudaFuncAttributes attributes{};
  switch (plan.family) {
    case KernelFamily::kSimt: attributes = simt_kernel_attributes(dtype, plan.simt_config, a_col_major, b_col_major); break;
    case KernelFamily::kMma: attributes = mma_kernel_attributes(dtype, plan.mma_config, a_col_major, b_col_major); break;
    case KernelFamily::kSkinny: attributes = skinny_kernel_attributes(dtype, plan.skinny_config, std::min(m, n)); break;
    case KernelFamily::kWgmma: attributes = wgmma_kernel_attributes(dtype, plan.wgmma_config, a_col_major, b_col_major); break;
    default: attributes = classic16_kernel_attributes(dtype);
  }
  return {attributes.numRegs, static_cast<int64_t>(attributes.localSizeBytes),
          static_cast<int64_t>(attributes.sharedSizeBytes), attributes.maxThreadsPerBlock};
}

}  // namespace

TORCH_LIBRARY_IMPL(tiledmm, CUDA, m) {
  m.impl("gemm", &gemm_cuda);
  m.impl("linear", &linear_cuda);
}

TORCH_LIBRARY_FRAGMENT(tiledmm, m) {
  m.def("_plan_for(Tensor a, Tensor b, str? kernel=None, int compute_capability=0, int sm_count=0) -> str[]",
        &plan_for_op);
  m.def("_kernel_resources(int m, int n, int k, ScalarType dtype, bool a_col_major, "
        "bool b_col_major, str? kernel=None) -> int[]",
        &kernel_resources_op);
}

}  // namespace tiledmm::cuda
