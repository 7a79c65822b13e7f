// The range checks Load makes from a float's bits (internal/float_bits.h)
// answer as the float comparisons they stand for, on every bit pattern class
// (zeros, subnormals, the unit interval's ends and neighbours, infinities,
// NaNs) and on pseudo-random patterns, on the host and on every board.
#include "tinyfair_runtime/internal/float_bits.h"

#include <string.h>

#include "tests/framework/tinytest.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

using namespace tinyfair::runtime::internal;

float FloatOf(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

// Whether every check agrees with its comparison on the pattern; the float
// comparisons are volatile, so that nothing folds them into bit tests.
bool AgreesWithComparisons(uint32_t bits) {
  volatile float value = FloatOf(bits);
  const float v = value;
  return IsNaN(v) == (v != v) && IsZero(v) == (v == 0.0f) &&
         InClosedUnitInterval(v) == (v >= 0.0f && v <= 1.0f) &&
         InHalfOpenUnitInterval(v) == (v >= 0.0f && v < 1.0f) &&
         IsPositiveFinite(v) == (IsFinite(v) && v > 0.0f);
}

TEST(FloatBits, RangeChecksAgreeOnEveryClassOfFloat) {
  const uint32_t edges[] = {
      0x00000000U, 0x80000000U,                            // +0, -0
      0x00000001U, 0x807FFFFFU, 0x007FFFFFU, 0x80000001U,  // subnormals
      0x00800000U, 0x80800000U,                            // smallest normals
      0x3F7FFFFFU, 0x3F800000U, 0x3F800001U,               // below 1, 1, above 1
      0xBF800000U, 0xBF7FFFFFU,                            // -1, above -1
      0x7F7FFFFFU, 0xFF7FFFFFU,                            // largest finite
      0x7F800000U, 0xFF800000U,                            // infinities
      0x7FC00000U, 0xFFC00000U, 0x7F800001U, 0xFFFFFFFFU,  // NaNs
  };
  for (uint32_t bits : edges) EXPECT_TRUE(AgreesWithComparisons(bits));
}

TEST(FloatBits, RangeChecksAgreeOnRandomPatterns) {
  tinyfair::runtime::Pcg32 rng(42, 54);
  int disagreements = 0;
  for (int i = 0; i < 20000; ++i) {
    if (!AgreesWithComparisons(rng.Next())) ++disagreements;
  }
  EXPECT_EQ(0, disagreements);
}

}  // namespace
