// PCG32 against the reference implementation's published outputs.
#include "tests/framework/tinytest.h"
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

}  // namespace
