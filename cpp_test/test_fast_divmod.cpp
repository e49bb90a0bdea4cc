// FastDivmod (csrc/cuda/common/fast_divmod.h), the persistent schedule's division by a
// divisor its launcher prepares: the host's multiplier and shift against `/` and `%`, over
// every divisor up to 4096 and random ones up to 2^31 - 1, at the dividends where a
// multiply-high division goes wrong first (around multiples of the divisor, up to 2^31 - 1).
// The device divides with the same multiplier and shift (__umulhi for the host's product).
#include "cuda/common/fast_divmod.h"

#include <cstdint>
#include <cstdio>
#include <random>

using tiledmm::cuda::FastDivmod;

namespace {

int64_t checks = 0, failures = 0;

void check(uint32_t divisor, uint64_t dividend) {
  if (dividend > FastDivmod::kMaxValue) return;
  const uint32_t n = static_cast<uint32_t>(dividend);
  uint32_t quotient = 0, remainder = 0;
  FastDivmod(divisor).divmod(n, quotient, remainder);
  ++checks;
  if (quotient != n / divisor || remainder != n % divisor) {
    if (failures++ < 10) std::printf("FAIL %u / %u: %u rem %u\n", n, divisor, quotient, remainder);
  }
}

// Dividends next to multiples of `divisor`: at the bottom, near q_max, and at 2^31 - 1.
void check_divisor(uint32_t divisor, std::mt19937_64& rng) {
  const uint64_t top = FastDivmod::kMaxValue, q_max = top / divisor;
  for (uint64_t n = 0; n < 64; ++n) check(divisor, n);
  for (uint64_t q : {uint64_t{1}, uint64_t{2}, q_max / 2, q_max - 1, q_max}) {
    for (int e = -1; e <= 1; ++e) check(divisor, q * divisor + e);
  }
  for (int i = 0; i < 64; ++i) {
    const uint64_t q = rng() % (q_max + 1);
    for (int e = -1; e <= 1; ++e) check(divisor, q * divisor + e);
  }
  check(divisor, top);
}

}  // namespace

int main() {
  std::mt19937_64 rng(20261126);
  for (uint32_t d = 1; d <= 4096; ++d) check_divisor(d, rng);
  for (int i = 0; i < 20000; ++i) check_divisor(1 + static_cast<uint32_t>(rng() % FastDivmod::kMaxValue), rng);
  for (int k = 0; k <= 31; ++k) {  // powers of two and their neighbours
    for (int e = -1; e <= 1; ++e) {
      const int64_t d = (int64_t{1} << k) + e;
      if (d >= 1 && d <= FastDivmod::kMaxValue) check_divisor(static_cast<uint32_t>(d), rng);
    }
  }
  std::printf("%s: %lld divisions, %lld wrong\n", failures ? "FAIL" : "ok", static_cast<long long>(checks),
              static_cast<long long>(failures));
  return failures ? 1 : 0;
}
