// Float subtraction gives the correctly rounded difference, the same bits as
// the difference computed in double precision and rounded once to float
// (exact for a sum of two floats: 53 >= 2 * 24 + 2 bits), on every class of
// operand and on pseudo-random pairs. On the micro:bit the subtraction is
// the runtime's (runtime/soft_float_subtract.h) and the double arithmetic
// is libgcc's, an independent implementation; on every other target both
// are the core's.
#include <stdint.h>
#include <string.h>

#include "tests/framework/tinytest.h"
#include "tinyfair_runtime/pcg32.h"

namespace {

float FloatOf(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

uint32_t BitsOf(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

bool IsNaN(float value) { return (BitsOf(value) & 0x7FFFFFFFU) > 0x7F800000U; }

// Whether x - y is the correctly rounded difference: the same bits, or a
// NaN where the difference is not a number. The operands are volatile, so
// that nothing folds the subtraction, and so are the double ones: GCC
// would otherwise narrow the double subtraction to the float one, knowing
// the two the same.
bool SubtractsExactly(uint32_t x_bits, uint32_t y_bits) {
  volatile float x = FloatOf(x_bits), y = FloatOf(y_bits);
  const float difference = x - y;
  volatile double wide_x = x, wide_y = y;
  const float reference = static_cast<float>(wide_x - wide_y);
  if (IsNaN(reference)) return IsNaN(difference);
  return BitsOf(difference) == BitsOf(reference);
}

constexpr uint32_t kEdges[] = {
    0x00000000U, 0x80000000U,                            // +0, -0
    0x00000001U, 0x807FFFFFU, 0x007FFFFFU, 0x80000001U,  // subnormals
    0x00800000U, 0x80800000U, 0x00800001U,               // smallest normals
    0x3F7FFFFFU, 0x3F800000U, 0x3F800001U,               // below 1, 1, above 1
    0xBF800000U, 0xBF7FFFFFU, 0x4B800000U, 0x33800000U,  // -1, below -1, 2^24, 2^-24
    0x7F7FFFFFU, 0xFF7FFFFFU, 0x7F000000U,               // largest finite, 2^127
    0x7F800000U, 0xFF800000U,                            // infinities
    0x7FC00000U, 0xFFC00000U, 0x7F800001U, 0xFFFFFFFFU,  // NaNs
};

TEST(SoftFloatSubtract, EveryPairOfEdgeCasesSubtractsExactly) {
  int wrong = 0;
  for (uint32_t x : kEdges) {
    for (uint32_t y : kEdges) {
      if (!SubtractsExactly(x, y)) ++wrong;
    }
  }
  EXPECT_EQ(0, wrong);
}

// Random patterns, and pairs of nearby exponents and of equal signs, where
// the difference cancels leading bits and rounding has most to do.
TEST(SoftFloatSubtract, RandomPairsSubtractExactly) {
  tinyfair::runtime::Pcg32 rng(7, 11);
  int wrong = 0;
  for (int i = 0; i < 20000; ++i) {
    const uint32_t x = rng.Next(), y = rng.Next();
    const uint32_t near_y = (x & 0xFF800000U) ^ (y & 0x01FFFFFFU);
    if (!SubtractsExactly(x, y) || !SubtractsExactly(x, near_y)) ++wrong;
  }
  EXPECT_EQ(0, wrong);
}

}  // namespace
