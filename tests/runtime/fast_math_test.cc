// The runtime's exp and logistic links: exact points, bounds, monotonicity.
// Their bits are compared across targets by the golden decision vectors.
#include "tinyfair_runtime/internal/fast_math.h"

#include <string.h>

#include "tests/framework/tinytest.h"

namespace {

using namespace tinyfair::runtime::internal;

uint32_t Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

long long UlpDistance(float a, float b) {
  return static_cast<long long>(Bits(a)) - static_cast<long long>(Bits(b));
}

TEST(FastMath, ExpExactPoints) {
  EXPECT_EQ(Bits(1.0f), Bits(Exp(0.0f)));
  // e and 1/e rounded to float: 0x402df854 and 0x3ebc5ab2.
  EXPECT_TRUE(UlpDistance(Exp(1.0f), 2.71828183f) <= 1 &&
              UlpDistance(Exp(1.0f), 2.71828183f) >= -1);
  EXPECT_TRUE(UlpDistance(Exp(-1.0f), 0.367879441f) <= 1 &&
              UlpDistance(Exp(-1.0f), 0.367879441f) >= -1);
  // e^10 = 22026.4658.
  EXPECT_TRUE(UlpDistance(Exp(10.0f), 22026.4658f) <= 2 &&
              UlpDistance(Exp(10.0f), 22026.4658f) >= -2);
}

TEST(FastMath, ExpLimits) {
  EXPECT_EQ(0x7F800000U, Bits(Exp(89.0f)));
  EXPECT_EQ(0U, Bits(Exp(-88.0f)));
  EXPECT_TRUE(Exp(88.7f) > 3.0e38f);
  const float nan = __builtin_nanf("");
  EXPECT_TRUE(Exp(nan) != Exp(nan));
}

TEST(FastMath, ExpIsMonotone) {
  float previous = 0.0f;
  for (int i = -8000; i <= 8000; ++i) {
    const float value = Exp(static_cast<float>(i) * 0.01f);
    EXPECT_TRUE(value >= previous);
    previous = value;
  }
}

TEST(FastMath, LogisticLinks) {
  EXPECT_EQ(Bits(0.5f), Bits(Logistic(0.0f)));
  EXPECT_EQ(Bits(0.0f), Bits(SignedLogistic(0.0f)));
  EXPECT_EQ(Bits(1.0f), Bits(Logistic(1000.0f)));
  EXPECT_EQ(Bits(0.0f), Bits(Logistic(-1000.0f)));
  EXPECT_EQ(Bits(1.0f), Bits(SignedLogistic(1000.0f)));
  EXPECT_EQ(Bits(-1.0f), Bits(SignedLogistic(-1000.0f)));
  for (int i = -2000; i <= 2000; ++i) {
    const float x = static_cast<float>(i) * 0.01f;
    // tanh is odd exactly (as values: +0 and -0 compare equal at x = 0).
    EXPECT_TRUE(SignedLogistic(x) == -SignedLogistic(-x));
    const float p = Logistic(x);
    EXPECT_TRUE(p >= 0.0f && p <= 1.0f);
  }
}

}  // namespace

namespace {

using namespace tinyfair::runtime::internal;

bool WithinUlps(float a, float b, long long ulps) {
  const long long d = static_cast<long long>(Bits(a)) - static_cast<long long>(Bits(b));
  return d <= ulps && d >= -ulps;
}

TEST(FastMath, LogKnownValues) {
  EXPECT_EQ(Bits(0.0f), Bits(Log(1.0f)));
  // ln of 2, 10, 0.5, 1e-30f, 3e38f and 1.1f (the float nearest each).
  EXPECT_TRUE(WithinUlps(Log(2.0f), 0.693147181f, 1));
  EXPECT_TRUE(WithinUlps(Log(10.0f), 2.30258509f, 2));
  EXPECT_TRUE(WithinUlps(Log(0.5f), -0.693147181f, 1));
  EXPECT_TRUE(WithinUlps(Log(1e-30f), -69.0775528f, 2));
  EXPECT_TRUE(WithinUlps(Log(3e38f), 88.5968458f, 2));
  EXPECT_TRUE(WithinUlps(Log(1.1f), 0.0953102015f, 2));
}

TEST(FastMath, LogLimits) {
  EXPECT_EQ(0xFF800000U, Bits(Log(0.0f)));
  EXPECT_EQ(0xFF800000U, Bits(Log(-0.0f)));
  EXPECT_EQ(0x7F800000U, Bits(Log(__builtin_inff())));
  EXPECT_TRUE(Log(-1.0f) != Log(-1.0f));
  const float nan = __builtin_nanf("");
  EXPECT_TRUE(Log(nan) != Log(nan));
}

TEST(FastMath, LogInvertsExp) {
  float previous = -1000.0f;
  for (int i = -8000; i <= 8000; ++i) {
    const float x = static_cast<float>(i) * 0.01f;
    const float y = Log(Exp(x));
    // Exp is within 2 ulp: Log of it is within about 2^-22 of x absolutely.
    EXPECT_TRUE(y - x < 2.5e-6f + 2.5e-7f * (x < 0 ? -x : x) &&
                x - y < 2.5e-6f + 2.5e-7f * (x < 0 ? -x : x));
    EXPECT_TRUE(y >= previous);
    previous = y;
  }
}

TEST(FastMath, SqrtOfSquares) {
  EXPECT_EQ(Bits(0.0f), Bits(Sqrt(0.0f)));
  EXPECT_TRUE(Sqrt(-1.0f) != Sqrt(-1.0f));
  EXPECT_EQ(0x7F800000U, Bits(Sqrt(__builtin_inff())));
  for (int i = 1; i <= 4096; ++i) {
    const float root = static_cast<float>(i);
    EXPECT_TRUE(WithinUlps(Sqrt(root * root), root, 1));
  }
  EXPECT_TRUE(WithinUlps(Sqrt(2.0f), 1.41421356f, 1));
  EXPECT_TRUE(WithinUlps(Sqrt(1e-30f), 1e-15f, 1));
  EXPECT_TRUE(WithinUlps(Sqrt(3e38f), 1.73205081e19f, 1));
}

}  // namespace
