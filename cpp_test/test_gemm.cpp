// C++ (LibTorch) test of tiledmm::gemm against at::matmul, run by ctest.
#include <tiledmm/tiledmm.h>

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

void check_against_matmul(const at::Tensor& a, const at::Tensor& b, const std::string& what,
                          const std::string& kernel = "") {
  const at::Tensor out = kernel.empty() ? tiledmm::gemm(a, b) : tiledmm::gemm(a, b, kernel);
  const at::Tensor ref = at::matmul(a.to(at::kDouble), b.to(at::kDouble));
  const double tol = a.scalar_type() == at::kBFloat16 ? 2e-2 : a.scalar_type() == at::kHalf ? 2e-3 : 1e-5;
  const bool ok = out.sizes() == ref.sizes() && out.scalar_type() == a.scalar_type() &&
                  out.is_contiguous() &&
                  at::allclose(out.to(at::kDouble), ref, tol, tol * std::sqrt(double(a.size(1))));
  expect(ok, what + (kernel.empty() ? "" : " [" + kernel + "]"));
}

void run_device(const at::Device& device, const std::vector<std::string>& kernels) {
  const auto dev = at::TensorOptions().device(device);
  for (auto dtype : {at::kFloat, at::kDouble, at::kHalf, at::kBFloat16}) {
    const auto opts = dev.dtype(dtype);
    const std::string tag = device.str() + " " + std::string(c10::toString(dtype));
    for (const auto& kernel : kernels) {
      if (kernel == "simt" && dtype != at::kFloat && dtype != at::kDouble) continue;
      check_against_matmul(at::randn({67, 45}, opts), at::randn({45, 33}, opts), tag + " 67x33x45", kernel);
      check_against_matmul(at::randn({45, 130}, opts).t(), at::randn({33, 45}, opts).t(),
                           tag + " transposed operands", kernel);
    }
  }
  // K = 0 gives zeros.
  const at::Tensor z = tiledmm::gemm(at::randn({3, 0}, dev), at::randn({0, 4}, dev));
  expect(z.sizes() == at::IntArrayRef({3, 4}) && z.abs().sum().item<float>() == 0.0f,
         device.str() + " K = 0 gives zeros");
}

// Autograd is registered in C++, so gradients flow in LibTorch: dA = dC Bᵀ, dB = Aᵀ dC.
void check_gradients() {
  const at::Tensor a = at::randn({7, 5}, at::kDouble).set_requires_grad(true);
  const at::Tensor b = at::randn({5, 3}, at::kDouble).set_requires_grad(true);
  const at::Tensor grad_c = at::randn({7, 3}, at::kDouble);
  tiledmm::gemm(a, b).backward(grad_c);
  expect(a.grad().defined() && at::allclose(a.grad(), at::matmul(grad_c, b.detach().t())) && b.grad().defined() &&
             at::allclose(b.grad(), at::matmul(a.detach().t(), grad_c)),
         "gradients of gemm match dC Bᵀ and Aᵀ dC");
}

}  // namespace

int main() {
  const auto names = tiledmm::kernel_names();
  expect(std::find(names.begin(), names.end(), "cpu_blocked") != names.end(),
         "kernel_names() lists cpu_blocked");

  run_device(at::kCPU, {""});
  check_gradients();
  try {
    tiledmm::gemm(at::randn({3, 4}), at::randn({5, 6}));
    expect(false, "mismatched inner sizes throw");
  } catch (const c10::Error& e) {
    expect(std::string(e.what()).find("inner sizes must agree") != std::string::npos,
           "mismatched inner sizes throw a clear error");
  }
  if (torch::cuda::is_available()) {
    run_device(at::Device(at::kCUDA, 0), {"", "classic16", "simt"});
  } else {
    std::printf("skip CUDA checks: no GPU\n");
  }
  std::printf("%d failure(s)\n", failures);
  return failures == 0 ? 0 : 1;
}
