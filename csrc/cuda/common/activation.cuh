// The activations as the GPU epilogues compute them on float32 accumulators: branch-free
// forms on the hardware exp2 and reciprocal (MUFU), whose constants are FFMA immediates.
// An epilogue evaluates its activation for every output while the tensor cores wait, so its
// instruction count is the activation's whole cost: libdevice's erff selects between two
// coefficient sets (11 FSEL/MOV) and tanhf between two formulas, 30 and 20 SASS instructions
// for the two gelus; these take 17 and 7 (bench/NOTES.md, session 17), and gelu for 16-bit
// outputs, which need less accuracy, 11 (session 71).
// float64 (simt) keeps the reference math of ../../epilogue.h, which the CPU kernel uses too.
#pragma once

#include "../../epilogue.h"

namespace tiledmm::cuda {

// 2^x and 1/x to within ~2 ulp; 2^(-inf) = 0 and 1/inf = 0, which the forms below rely on.
__device__ __forceinline__ float fast_exp2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

__device__ __forceinline__ float fast_reciprocal(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// gelu(x) = x Φ(x). With h = Φ(-|x|) = erfc(|x| / √2) / 2, Φ(x) is 1 - h for x ≥ 0 and h
// for x < 0, so no 1 + erf(...) cancels in the negative tail. h = e^(-x²/2) R(u), where
// u = 1 / (1 + p|x|) maps [0, ∞) onto (0, 1] and R, smooth there, is a degree-8 polynomial
// in u (no constant term: R vanishes with u), fitted for relative error
// (bench/fit_gelu_erf.py: ≤ 9.2e-8 before rounding). In float32 with the MUFU
// approximations, |error| ≤ ~3e-7 max(|x|, 1) (1.0e-7 with exact exp2 and reciprocal):
// torch's float32 formula is as close in absolute terms but loses all relative accuracy
// below x ≈ -5, where this keeps ~2e-6.
// gelu(inf) = inf and gelu(-inf) = NaN, as torch's.
__device__ __forceinline__ float gelu_erf(float x) {
  const float u = fast_reciprocal(fmaf(fabsf(x), 0.304764688f, 1.0f));  // p / √2, p = 0.431002
  float r = 0.0367390998f;
  r = fmaf(r, u, -0.15353936f);
  r = fmaf(r, u, 0.187243253f);
  r = fmaf(r, u, -0.0391850211f);
  r = fmaf(r, u, 0.121612638f);
  r = fmaf(r, u, 0.103188284f);
  r = fmaf(r, u, 0.122396678f);
  r = fmaf(r, u, 0.121544465f);
  r *= u;
  const float h = r * fast_exp2(x * (x * -0.721347520f));  // e^(-x²/2) = 2^(-x² / (2 ln 2))
  return x * (x >= 0.0f ? 1.0f - h : h);
}

// gelu for bf16 and fp16 outputs, whose rounding (2^-9 and 2^-12 relative) hides an error
// far larger than gelu_erf's: h = Φ(-|x|) = 2^P(|x|), P a degree-7 polynomial fitted to
// log2 Φ(-t) on [0, 6] (bench/fit_gelu_erf.py --form exp2: |P - log2 Φ| ≤ 4.7e-6, so h is
// within 6.6e-6 relative in float32). One MUFU operation and 11 instructions where
// gelu_erf takes two and 17: the epilogue's issue slots and energy are gelu's whole cost
// (bench/NOTES.md, sessions 57 and 70). 0.13% of fp16 outputs and 0.017% of bf16 outputs
// round to the other neighbour of the exact value. Past 6 P keeps falling (P' < 0; then
// its t^7 term rules) and stays close: h within 0.6% at 8, 4% at 9, and 0 where exp2
// flushes, below x ≈ -12.8 (torch's float32 gelu, whose 1 + erf cancels, is -0 below
// -5.55). gelu(±inf) as gelu_erf's.
__device__ __forceinline__ float gelu_erf_for_16_bit_output(float x) {
  const float t = fabsf(x);
  float p = -1.83479233e-06f;
  p = fmaf(p, t, 6.15979152e-05f);
  p = fmaf(p, t, -0.000930521812f);
  p = fmaf(p, t, 0.00850787852f);
  p = fmaf(p, t, -0.0539600439f);
  p = fmaf(p, t, -0.458464414f);
  p = fmaf(p, t, -1.15125108f);
  p = fmaf(p, t, -0.999995291f);  // log2 Φ(0) = -1
  const float h = fast_exp2(p);
  return x * (x >= 0.0f ? 1.0f - h : h);
}

// gelu with tanh: x (1 + tanh(y)) / 2 = x / (1 + e^(-2y)), y = √(2/π) (x + 0.044715 x³);
// the exponent -2y log2(e) = x (a + b x²). No tanh, no cancellation; a few ulp.
__device__ __forceinline__ float gelu_tanh(float x) {
  constexpr float a = -2.30220819f;  // -2 √(2/π) / ln 2
  constexpr float b = a * 0.044715f;
  return x * fast_reciprocal(1.0f + fast_exp2(x * fmaf(b, x * x, a)));
}

// silu(x) = x / (1 + e^(-x)).
__device__ __forceinline__ float silu(float x) {
  return x * fast_reciprocal(1.0f + fast_exp2(x * -1.44269504f));
}

// The epilogue's activation of an accumulator that is rounded to Out next: the forms above
// for float accumulators (gelu's shorter form when Out has 16 bits), the reference for double.
template <typename Out, typename Acc>
__device__ __forceinline__ Acc activate_on_device(Acc v, Activation activation) {
  if constexpr (std::is_same_v<Acc, float>) {
    switch (activation) {
      case Activation::kGeluErf:
        if constexpr (sizeof(Out) == 2) return gelu_erf_for_16_bit_output(v);
        return gelu_erf(v);
      case Activation::kGeluTanh: return gelu_tanh(v);
      case Activation::kSilu: return silu(v);
      default: break;
    }
  }
  return activate(v, activation);
}

}  // namespace tiledmm::cuda
