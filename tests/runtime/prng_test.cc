// PCG32 against the reference implementation's published outputs.
#include "tests/framework/tinytest.h"
#include "tinyfair_runtime/internal/multiply_low64.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

using tinyfair::runtime::Pcg32;

TEST(Pcg32, MatchesReferenceVectors) {
  // pcg32_srandom_r(&rng, 42, 54), then pcg32_random_r six times.
  Pcg32 rng(42U, 54U);
  const uint32_t expected[] = {0xa15c02b7U, 0x7b47f409U, 0xba1d3330U,
                               0x83d2f293U, 0xbfa4784bU, 0xcbed606eU};
  for (uint32_t value : expected) EXPECT_EQ(value, rng.Next());
}

TEST(Pcg32, StreamsDiffer) {
  Pcg32 a(42U, 54U), b(42U, 55U);
  EXPECT_NE(a.Next(), b.Next());
}

TEST(Pcg32, IsConstexpr) {
  constexpr uint32_t first = [] {
    Pcg32 rng(42U, 54U);
    return rng.Next();
  }();
  static_assert(first == 0xa15c02b7U);
  EXPECT_EQ(0xa15c02b7U, first);
}

TEST(Pcg32, MultiplyLow64IsTheProductsLowBits) {
  // The Cortex-M0's step (Pcg32::Advance) against the compiler's 64-bit
  // product, for PCG32's multiplier and for factors whose 16-bit parts are
  // all ones, zero or one, where a lost carry would show.
  const uint64_t factors[] = {0U,
                              1U,
                              0xFFFFU,
                              0x10000U,
                              0xFFFFFFFFU,
                              0x100000000ULL,
                              0xFFFFFFFFFFFFFFFFULL,
                              0xFFFF0000FFFF0000ULL,
                              0x0000FFFF0000FFFFULL,
                              0x8000000080000000ULL,
                              Pcg32::kMultiplier,
                              0x0123456789ABCDEFULL};
  for (const uint64_t x : factors) {
    for (const uint64_t m : factors) {
      EXPECT_TRUE(tinyfair::runtime::internal::MultiplyLow64(x, m) == x * m);
    }
  }
  // A stream's states: each the step of the one before.
  uint64_t state = 0x853C49E6748FEA9BULL;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t next = state * Pcg32::kMultiplier + 1442695040888963407ULL;
    EXPECT_TRUE(tinyfair::runtime::internal::MultiplyLow64(state, Pcg32::kMultiplier) +
                    1442695040888963407ULL ==
                next);
    state = next;
  }
  static_assert(
      tinyfair::runtime::internal::MultiplyLow64(0xFFFFFFFFFFFFFFFFULL, Pcg32::kMultiplier) ==
      0xFFFFFFFFFFFFFFFFULL * Pcg32::kMultiplier);
}

}  // namespace
