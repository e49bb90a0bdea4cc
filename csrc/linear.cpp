#include "linear.h"

#include "kernel_registry.h"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <c10/util/accumulate.h>

namespace tiledmm {

namespace {

void check_dense(const at::Tensor& t, const char* name) {
  TORCH_CHECK(t.defined(), "tiledmm.linear: ", name, " is an undefined tensor");
  TORCH_CHECK(t.layout() == at::kStrided, "tiledmm.linear: ", name,
              " must be a dense (strided) tensor, got layout ", t.layout());
}

}  // namespace

LinearProblem make_linear_problem(const at::Tensor& x, const at::Tensor& weight,
                                  const std::optional<at::Tensor>& bias, std::string_view activation,
                                  std::optional<std::string_view> kernel) {
  check_dense(x, "input");
  check_dense(weight, "weight");
  TORCH_CHECK(x.dim() >= 1, "tiledmm.linear: input must have at least 1 dimension, got a 0-D tensor");
  TORCH_CHECK(weight.dim() == 2, "tiledmm.linear: weight must be 2-D [out_features, in_features], got shape ",
              weight.sizes());
  TORCH_CHECK(x.size(-1) == weight.size(1), "tiledmm.linear: input's last dimension (", x.size(-1),
              ") must equal weight's in_features (", weight.size(1), "); input ", x.sizes(), ", weight ",
              weight.sizes());
  TORCH_CHECK(is_supported_dtype(x.scalar_type()), "tiledmm.linear: unsupported dtype ",
              dtype_name(x.scalar_type()), "; supported: float32, float64, float16, bfloat16");
  TORCH_CHECK(weight.scalar_type() == x.scalar_type(), "tiledmm.linear: input and weight must have the same dtype, got ",
              dtype_name(x.scalar_type()), " and ", dtype_name(weight.scalar_type()));
  TORCH_CHECK(weight.device() == x.device(), "tiledmm.linear: input and weight must be on the same device, got ",
              x.device(), " and ", weight.device());
  const bool has_bias = bias.has_value() && bias->defined();
  if (has_bias) {
    check_dense(*bias, "bias");
    TORCH_CHECK(bias->dim() == 1 && bias->size(0) == weight.size(0), "tiledmm.linear: bias must be 1-D [",
                weight.size(0), "] (out_features), got shape ", bias->sizes());
    TORCH_CHECK(bias->scalar_type() == x.scalar_type(), "tiledmm.linear: bias must have the input's dtype ",
                dtype_name(x.scalar_type()), ", got ", dtype_name(bias->scalar_type()));
    TORCH_CHECK(bias->device() == x.device(), "tiledmm.linear: bias must be on the input's device ", x.device(),
                ", got ", bias->device());
  }
  const Activation act = parse_activation(activation);

  LinearProblem lp;
  const int64_t in_features = weight.size(1), out_features = weight.size(0);
  const int64_t rows = c10::multiply_integers(x.sizes().begin(), x.sizes().end() - 1);
  lp.x_rows = x.reshape({rows, in_features});  // a view whenever the strides allow
  lp.output_shape = x.sizes().vec();
  lp.output_shape.back() = out_features;
  lp.gemm = make_gemm_problem(lp.x_rows, weight.t(), kernel);
  if (has_bias) {
    lp.gemm.bias_storage = bias->contiguous();
    lp.gemm.epilogue.bias = lp.gemm.bias_storage.data_ptr();
  }
  lp.gemm.epilogue.activation = act;
  return lp;
}

}  // namespace tiledmm
