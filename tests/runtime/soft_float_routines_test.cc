// Float subtraction and comparison answer as IEEE 754 says, on every class
// of operand and on pseudo-random pairs, on the host and on every board. On
// the micro:bit, x - y and x == y are the runtime's soft-float routines
// (runtime/soft_float_routines.h); the answers they are checked against are
// computed without them: the difference in double precision (libgcc's
// double routines there), the order from the bits.
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

bool IsNaNBits(uint32_t bits) { return (bits & 0x7FFFFFFFU) > 0x7F800000U; }

// Whether x - y is the correctly rounded difference: the same bits as the
// difference in double precision rounded once to float (exact for a sum of
// two floats: 53 >= 2 * 24 + 2 bits), or a NaN where that is one. The
// operands are volatile, so that nothing folds the subtraction, and so are
// the double ones: GCC would otherwise narrow the double subtraction to the
// float one, knowing the two the same.
bool SubtractsExactly(uint32_t x_bits, uint32_t y_bits) {
  volatile float x = FloatOf(x_bits), y = FloatOf(y_bits);
  const float difference = x - y;
  volatile double wide_x = x, wide_y = y;
  const float reference = static_cast<float>(wide_x - wide_y);
  if (IsNaNBits(BitsOf(reference))) return IsNaNBits(BitsOf(difference));
  return BitsOf(difference) == BitsOf(reference);
}

// A float's place in the order of the numbers, from its bits: sign and
// magnitude mapped onto a signed integer (+0 and -0 share a place).
int64_t OrderOf(uint32_t bits) {
  const int64_t magnitude = bits & 0x7FFFFFFFU;
  return (bits & 0x80000000U) != 0 ? -magnitude : magnitude;
}

// Whether the comparisons of x and y answer as their order: all but !=
// false when either is a NaN.
bool ComparesExactly(uint32_t x_bits, uint32_t y_bits) {
  volatile float x = FloatOf(x_bits), y = FloatOf(y_bits);
  const bool ordered = !IsNaNBits(x_bits) && !IsNaNBits(y_bits);
  const int64_t a = OrderOf(x_bits), b = OrderOf(y_bits);
  return (x >= y) == (ordered && a >= b) && (x > y) == (ordered && a > b) &&
         (x <= y) == (ordered && a <= b) && (x < y) == (ordered && a < b) &&
         (x == y) == (ordered && a == b) && (x != y) == !(ordered && a == b);
}

bool AnswersExactly(uint32_t x, uint32_t y) {
  return SubtractsExactly(x, y) && ComparesExactly(x, y);
}

constexpr uint32_t kEdges[] = {
    0x00000000U, 0x80000000U,                            // +0, -0
    0x00000001U, 0x807FFFFFU, 0x007FFFFFU, 0x80000001U,  // subnormals
    0x00800000U, 0x80800000U, 0x00800001U,               // smallest normals
    0x3F7FFFFFU, 0x3F800000U, 0x3F800001U,               // below 1, 1, above 1
    0xBF800000U, 0xBF7FFFFFU, 0x4B800000U, 0x33800000U,  // -1, above -1, 2^24, 2^-24
    0x7F7FFFFFU, 0xFF7FFFFFU, 0x7F000000U,               // largest finite, 2^127
    0x7F800000U, 0xFF800000U,                            // infinities
    0x7FC00000U, 0xFFC00000U, 0x7F800001U, 0xFFFFFFFFU,  // NaNs
};

TEST(SoftFloatRoutines, EveryPairOfEdgeCasesAnswersExactly) {
  int wrong = 0;
  for (uint32_t x : kEdges) {
    for (uint32_t y : kEdges) {
      if (!AnswersExactly(x, y)) ++wrong;
    }
  }
  EXPECT_EQ(0, wrong);
}

// Random patterns, and pairs of nearby exponents and of equal signs, where
// the difference cancels leading bits and rounding has most to do.
TEST(SoftFloatRoutines, RandomPairsAnswerExactly) {
  tinyfair::runtime::Pcg32 rng(7, 11);
  int wrong = 0;
  for (int i = 0; i < 20000; ++i) {
    const uint32_t x = rng.Next(), y = rng.Next();
    const uint32_t near_y = (x & 0xFF800000U) ^ (y & 0x01FFFFFFU);
    if (!AnswersExactly(x, y) || !AnswersExactly(x, near_y) || !AnswersExactly(x, x)) ++wrong;
  }
  EXPECT_EQ(0, wrong);
}

}  // namespace
