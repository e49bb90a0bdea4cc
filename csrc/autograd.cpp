// Autograd for gemm and linear, registered in C++ at the Autograd dispatch key.
//
// In C++ rather than Python (torch.library.register_autograd) because every call passes
// through this kernel, with or without gradients: a Python autograd kernel cost ~5 us per
// call without gradients and ~30 us with them, more than a small gemm's GPU time and most
// of the gap between a model's training step with tiledmm and with nn.Linear. Here the
// cost is one C++ autograd node. C++ users of the dispatcher (tiledmm.h) get the same
// gradients.
//
// The backward formulas call the tiledmm ops themselves through the dispatcher, so they
// are differentiable again (double backward) and traceable by torch.compile.
#include "gemm_problem.h"
#include "op_calls.h"

#include <ATen/ATen.h>
#include <torch/autograd.h>
#include <torch/library.h>

#include <optional>
#include <string>
#include <string_view>

namespace tiledmm {

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// The kernel name travels to backward so that the gradients run on the same variant.
void save_kernel(AutogradContext* ctx, std::optional<std::string_view> kernel) {
  if (kernel.has_value()) ctx->saved_data["kernel"] = std::string(*kernel);
}

std::optional<std::string> saved_kernel(AutogradContext* ctx) {
  const auto it = ctx->saved_data.find("kernel");
  if (it == ctx->saved_data.end()) return std::nullopt;
  return it->second.toStringRef();
}

std::optional<std::string_view> as_view(const std::optional<std::string>& s) {
  return s.has_value() ? std::optional<std::string_view>(*s) : std::nullopt;
}

class GemmFunction : public torch::autograd::Function<GemmFunction> {
 public:
  static at::Tensor forward(AutogradContext* ctx, const at::Tensor& a, const at::Tensor& b,
                            std::optional<std::string_view> kernel) {
    save_kernel(ctx, kernel);
    // Only what the requested gradients read: dA needs B, dB needs A.
    ctx->save_for_backward({b.requires_grad() ? a : at::Tensor(), a.requires_grad() ? b : at::Tensor()});
    const at::AutoDispatchBelowADInplaceOrView below_autograd;
    return call_gemm(a, b, kernel);
  }

  // dA = dC Bᵀ, dB = Aᵀ dC: the op on transposed views, read in place (no copies).
  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const variable_list saved = ctx->get_saved_variables();
    const at::Tensor &a = saved[0], &b = saved[1], &grad = grads[0];
    const std::optional<std::string> kernel = saved_kernel(ctx);
    at::Tensor grad_a, grad_b;
    if (ctx->needs_input_grad(0)) grad_a = call_gemm(grad, b.mT(), as_view(kernel));
    if (ctx->needs_input_grad(1)) grad_b = call_gemm(a.mT(), grad, as_view(kernel));
    return {grad_a, grad_b, at::Tensor()};
  }
};

// The gradient with respect to the pre-activation z = x Wᵀ + b.
at::Tensor activation_backward(const at::Tensor& grad, Activation activation, const at::Tensor& x,
                               const at::Tensor& weight, const at::Tensor& bias, const at::Tensor& output,
                               std::optional<std::string_view> kernel) {
  if (activation == Activation::kNone) return grad;
  if (activation == Activation::kRelu) return at::threshold_backward(grad, output, 0);
  // Recompute z instead of keeping it from the forward pass: one more gemm, no stored
  // activation-sized tensor (the fused forward never materializes z).
  const at::Tensor z = call_linear(x, weight, bias.defined() ? std::optional<at::Tensor>(bias) : std::nullopt,
                                   "none", kernel);
  if (activation == Activation::kSilu) return at::silu_backward(grad, z);
  return at::gelu_backward(grad, z, activation == Activation::kGeluTanh ? "tanh" : "none");
}

class LinearFunction : public torch::autograd::Function<LinearFunction> {
 public:
  static at::Tensor forward(AutogradContext* ctx, const at::Tensor& x, const at::Tensor& weight,
                            const std::optional<at::Tensor>& bias, std::string_view activation,
                            std::optional<std::string_view> kernel) {
    const Activation act = parse_activation(activation);
    const bool has_bias = bias.has_value() && bias->defined();
    save_kernel(ctx, kernel);
    ctx->saved_data["activation"] = static_cast<int64_t>(act);
    ctx->saved_data["has_bias"] = has_bias;
    const at::AutoDispatchBelowADInplaceOrView below_autograd;
    at::Tensor output = call_linear(x, weight, bias, activation, kernel);
    // gelu and silu derivatives need z = x Wᵀ + b again; relu's only needs the output.
    const bool recompute = act == Activation::kGeluErf || act == Activation::kGeluTanh || act == Activation::kSilu;
    ctx->save_for_backward({weight.requires_grad() || recompute ? x : at::Tensor(),
                            x.requires_grad() || recompute ? weight : at::Tensor(),
                            recompute && has_bias ? *bias : at::Tensor(),
                            act == Activation::kRelu ? output : at::Tensor()});
    return output;
  }

  // With g = dL/dz as [rows, out]: dX = g W, dW = gᵀ X, db = Σ_rows g. W [out, in] is read
  // row-major and gᵀ as a column-major view: no transposing copies.
  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const variable_list saved = ctx->get_saved_variables();
    const at::Tensor &x = saved[0], &weight = saved[1], &bias = saved[2], &output = saved[3];
    const std::optional<std::string> kernel = saved_kernel(ctx);
    const auto activation = static_cast<Activation>(ctx->saved_data["activation"].toInt());
    const at::Tensor g = activation_backward(grads[0], activation, x, weight, bias, output, as_view(kernel));
    const at::Tensor g_rows = g.reshape({-1, g.size(-1)});
    at::Tensor grad_x, grad_w, grad_b;
    if (ctx->needs_input_grad(0)) {
      std::vector<int64_t> x_shape = g.sizes().vec();
      x_shape.back() = weight.size(1);
      grad_x = call_gemm(g_rows, weight, as_view(kernel)).view(x_shape);
    }
    if (ctx->needs_input_grad(1)) {
      grad_w = call_gemm(g_rows.mT(), x.reshape({g_rows.size(0), x.size(-1)}), as_view(kernel));
    }
    if (ctx->saved_data["has_bias"].toBool() && ctx->needs_input_grad(2)) grad_b = g_rows.sum(0);
    return {grad_x, grad_w, grad_b, at::Tensor(), at::Tensor()};
  }
};

// Without a gradient to record, skip building the autograd node (~1 us of host time).
bool records_gradient(std::initializer_list<const at::Tensor*> inputs) {
  if (!at::GradMode::is_enabled()) return false;
  for (const at::Tensor* t : inputs) {
    if (t->defined() && t->requires_grad()) return true;
  }
  return false;
}

at::Tensor gemm_autograd(const at::Tensor& a, const at::Tensor& b, std::optional<std::string_view> kernel) {
  if (records_gradient({&a, &b})) return GemmFunction::apply(a, b, kernel);
  const at::AutoDispatchBelowADInplaceOrView below_autograd;
  return call_gemm(a, b, kernel);
}

at::Tensor linear_autograd(const at::Tensor& x, const at::Tensor& weight, const std::optional<at::Tensor>& bias,
                           std::string_view activation, std::optional<std::string_view> kernel) {
  const at::Tensor no_bias;
  if (records_gradient({&x, &weight, bias.has_value() ? &*bias : &no_bias})) {
    return LinearFunction::apply(x, weight, bias, activation, kernel);
  }
  const at::AutoDispatchBelowADInplaceOrView below_autograd;
  return call_linear(x, weight, bias, activation, kernel);
}

}  // namespace

TORCH_LIBRARY_IMPL(tiledmm, Autograd, m) {
  m.impl("gemm", &gemm_autograd);
  m.impl("linear", &linear_autograd);
}

}  // namespace tiledmm
