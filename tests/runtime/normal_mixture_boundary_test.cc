// The normal-mixture confidence sequence: the half-width against its formula
// in double precision, and the tuning of rho.
#include "tinyfair_runtime/internal/normal_mixture_boundary.h"

#include <math.h>

#include "tests/framework/tinytest.h"

namespace {

using namespace tinyfair::runtime::internal;

double HalfWidth(double n, double rho, double c) {
  const double v = 0.25 * n + rho;
  return sqrt(v * (log(v / rho) + c)) / n;
}

TEST(NormalMixtureBoundary, HalfWidthFollowsTheFormula) {
  const float c = static_cast<float>(2.0 * log(2.0 / 0.05));
  const float rho = 50.0f;
  const uint32_t counts[] = {1, 2, 10, 100, 1000, 12345, 1000000, 50000000};
  for (uint32_t n : counts) {
    const double expected = HalfWidth(n, rho, c);
    const double actual = NormalMixtureHalfWidth(n, rho, c);
    EXPECT_TRUE(fabs(actual - expected) <= 2e-6 * expected);
  }
  // It shrinks like sqrt(log n / n).
  EXPECT_TRUE(NormalMixtureHalfWidth(1000000, rho, c) < NormalMixtureHalfWidth(10000, rho, c));
}

TEST(NormalMixtureBoundary, TightestRhoMinimisesTheHalfWidthThere) {
  const float c = static_cast<float>(2.0 * log(1.0 / 0.01));
  const float n = 5000.0f;
  const float rho = NormalMixtureTightestRho(n, c);
  EXPECT_TRUE(rho > 0.0f);
  const double best = HalfWidth(n, rho, c);
  // Any other rho gives a wider interval at n.
  const double factors[] = {0.5, 0.8, 0.95, 1.05, 1.25, 2.0};
  for (double f : factors) EXPECT_TRUE(HalfWidth(n, rho * f, c) > best);
}

}  // namespace
