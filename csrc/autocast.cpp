// Autocast for gemm and linear: under torch.autocast the operands are cast to the
// autocast dtype (float16/bfloat16), as torch.mm and F.linear are, then the op runs
// again below the autocast dispatch key.
#include "op_calls.h"

#include <ATen/autocast_mode.h>
#include <torch/library.h>

#include <optional>
#include <string_view>

namespace tiledmm {

namespace {

template <c10::DeviceType kDevice>
at::Tensor gemm_autocast(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel) {
  const c10::impl::ExcludeDispatchKeyGuard no_autocast(at::autocast::get_autocast_dispatch_key_from_device_type(kDevice));
  const at::ScalarType dtype = at::autocast::get_lower_precision_fp_from_device_type(kDevice);
  return call_gemm(at::autocast::cached_cast(dtype, a, kDevice), at::autocast::cached_cast(dtype, b, kDevice), kernel);
}

template <c10::DeviceType kDevice>
at::Tensor linear_autocast(const at::Tensor& x, const at::Tensor& weight, const std::optional<at::Tensor>& bias,
                           std::string_view activation, std::optional<std::string_view> kernel) {
  const c10::impl::ExcludeDispatchKeyGuard no_autocast(at::autocast::get_autocast_dispatch_key_from_device_type(kDevice));
  const at::ScalarType dtype = at::autocast::get_lower_precision_fp_from_device_type(kDevice);
  return call_linear(at::autocast::cached_cast(dtype, x, kDevice), at::autocast::cached_cast(dtype, weight, kDevice),
                     at::autocast::cached_cast(dtype, bias, kDevice), activation, kernel);
}

}  // namespace

TORCH_LIBRARY_IMPL(tiledmm, AutocastCUDA, m) {
  m.impl("gemm", &gemm_autocast<c10::DeviceType::CUDA>);
  m.impl("linear", &linear_autocast<c10::DeviceType::CUDA>);
}

TORCH_LIBRARY_IMPL(tiledmm, AutocastCPU, m) {
  m.impl("gemm", &gemm_autocast<c10::DeviceType::CPU>);
  m.impl("linear", &linear_autocast<c10::DeviceType::CPU>);
}

}  // namespace tiledmm
