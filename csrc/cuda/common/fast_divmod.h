// Division by a divisor fixed for a whole kernel launch but known only at run time. The
// launcher finds a multiplier and a shift once (Granlund and Montgomery, "Division by
// invariant integers using multiplication", PLDI 1994); the device then divides with one
// multiply-high and a shift, where a 32-bit `/` by a run-time value compiles to a ~25-
// instruction dependent sequence (I2F, MUFU.RCP, F2I, multiply-backs and corrections).
// Exact for dividends in [0, 2^31) and divisors in [1, 2^31). Plain C++ on the host, so
// that the host's arithmetic can be tested without a GPU (cpp_test/test_fast_divmod.cpp).
#pragma once

#include "../../host_device.h"

#include <cstdint>

namespace tiledmm::cuda {

class FastDivmod {
 public:
  static constexpr uint32_t kMaxValue = (uint32_t{1} << 31) - 1;  // the largest dividend and divisor

  FastDivmod() = default;  // divides by 1

  // d in [1, kMaxValue]; the caller checks.
  explicit FastDivmod(uint32_t d) : divisor_(d) {
    if (d == 1) return;  // its multiplier would be 2^32: div() passes the dividend through
    // p = 31 + ceil(log2 d) and m = ceil(2^p / d), in [2^31, 2^32). For n < 2^31 the rounding
    // error of n m / 2^p over n / d is n (m d - 2^p) / (d 2^p) < n / 2^p < 1 / d, too small
    // to reach the next multiple of 1 / d: floor(n m / 2^p) = floor(n / d).
    uint32_t ceil_log2 = 1;
    while ((uint64_t{1} << ceil_log2) < d) ++ceil_log2;
    const uint32_t p = 31 + ceil_log2;
    multiplier_ = static_cast<uint32_t>(((uint64_t{1} << p) + d - 1) / d);
    shift_ = p - 32;
  }

  TILEDMM_HOST_DEVICE uint32_t divisor() const { return divisor_; }

  TILEDMM_HOST_DEVICE uint32_t div(uint32_t n) const {
    return divisor_ == 1 ? n : multiply_high(n, multiplier_) >> shift_;
  }

  // n = quotient x divisor + remainder.
  TILEDMM_HOST_DEVICE void divmod(uint32_t n, uint32_t& quotient, uint32_t& remainder) const {
    quotient = div(n);
    remainder = n - quotient * divisor_;
  }

 private:
  static TILEDMM_HOST_DEVICE uint32_t multiply_high(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    return __umulhi(a, b);
#else
    return static_cast<uint32_t>((uint64_t{a} * b) >> 32);
#endif
  }

  uint32_t divisor_ = 1, multiplier_ = 0, shift_ = 0;
};

}  // namespace tiledmm::cuda
