// common::ExactSum rounds the exact sum once: the expected values are the
// exact sums rounded by hand (and math.fsum's, which rounds the same way),
// where adding in order gives another double.
#include "host_tools/common/exact_sum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>

namespace tinyfair::host::common {
namespace {

double SumOf(std::initializer_list<double> terms) {
  ExactSum sum;
  for (const double term : terms) sum.Add(term);
  return sum.Value();
}

TEST(ExactSum, TenTenthsAreOne) {
  double in_order = 0.0;
  for (int k = 0; k < 10; ++k) in_order += 0.1;
  ASSERT_NE(in_order, 1.0);  // 0.9999999999999999
  ExactSum sum;
  for (int k = 0; k < 10; ++k) sum.Add(0.1);
  EXPECT_EQ(sum.Value(), 1.0);
}

TEST(ExactSum, ATermLostBetweenLargeOnesIsKept) {
  EXPECT_EQ(SumOf({1e16, 1.0, -1e16}), 1.0);
  EXPECT_EQ(SumOf({1.0, 1e16, -1e16}), 1.0);
}

TEST(ExactSum, SmallTermsThatTogetherPassHalfAnUlpRoundUp) {
  // 1 + 2e-16 lies beyond the half-way point to the next double above 1.
  EXPECT_EQ(SumOf({1.0, 1e-16, 1e-16}), std::nextafter(1.0, 2.0));
}

TEST(ExactSum, AnExactHalfIsDecidedByWhatLiesBelowIt) {
  const double half_ulp = std::ldexp(1.0, -53);
  const double below = std::ldexp(1.0, -105);
  EXPECT_EQ(SumOf({1.0, half_ulp}), 1.0);  // a tie: to even
  EXPECT_EQ(SumOf({1.0, half_ulp, below}), std::nextafter(1.0, 2.0));
  EXPECT_EQ(SumOf({1.0, half_ulp, -below}), 1.0);
  EXPECT_EQ(SumOf({-1.0, -half_ulp, -below}), -std::nextafter(1.0, 2.0));
}

TEST(ExactSum, NoTermsAndZerosSumToPositiveZero) {
  EXPECT_EQ(ExactSum().Value(), 0.0);
  EXPECT_FALSE(std::signbit(SumOf({-0.0})));
  EXPECT_FALSE(std::signbit(SumOf({2.5, -2.5})));
}

}  // namespace
}  // namespace tinyfair::host::common
