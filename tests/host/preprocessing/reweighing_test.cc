// Reweighing: hand-computed weights, and A independent of Y in the weighted
// sample with both marginals unchanged.
#include "host_tools/preprocessing/reweighing.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace tinyfair::host::preprocessing {
namespace {

TEST(Reweighing, HandComputedWeights) {
  // Group 0: labels 1, 0, 0; group 1: labels 1, 1, 1, 0 (n = 7, n_y1 = 4).
  Eigen::VectorXi a(7);
  a << 0, 0, 0, 1, 1, 1, 1;
  Eigen::VectorXd y(7);
  y << 1, 0, 0, 1, 1, 1, 0;
  const Eigen::VectorXd w = KamiranCaldersWeights(a, y);
  EXPECT_DOUBLE_EQ(w[0], 3.0 * 4.0 / (7.0 * 1.0));  // (a=0, y=1)
  EXPECT_DOUBLE_EQ(w[1], 3.0 * 3.0 / (7.0 * 2.0));  // (a=0, y=0)
  EXPECT_DOUBLE_EQ(w[3], 4.0 * 4.0 / (7.0 * 3.0));  // (a=1, y=1)
  EXPECT_DOUBLE_EQ(w[6], 4.0 * 3.0 / (7.0 * 1.0));  // (a=1, y=0)
}

TEST(Reweighing, WeightedSampleMakesGroupAndLabelIndependent) {
  // Three groups with base rates 0.2, 0.5 and 0.8 and unequal sizes.
  const int n = 600;
  Eigen::VectorXi a(n);
  Eigen::VectorXd y(n);
  for (int i = 0; i < n; ++i) {
    a[i] = i % 6 == 0 ? 0 : (i % 6 < 3 ? 1 : 2);
    const int within = i / 6 % 10;
    y[i] = within < (a[i] == 0 ? 2 : a[i] == 1 ? 5 : 8) ? 1.0 : 0.0;
  }
  const Eigen::VectorXd w = KamiranCaldersWeights(a, y);
  const double total = w.sum();
  EXPECT_NEAR(total, n, 1e-9);
  double p_y = 0.0;
  for (int i = 0; i < n; ++i) p_y += w[i] * y[i] / total;
  EXPECT_NEAR(p_y, y.mean(), 1e-12);  // the label marginal is unchanged
  for (int g = 0; g < 3; ++g) {
    double p_a = 0.0, p_ay = 0.0, count = 0.0;
    for (int i = 0; i < n; ++i) {
      if (a[i] != g) continue;
      p_a += w[i] / total;
      p_ay += w[i] * y[i] / total;
      count += 1.0;
    }
    SCOPED_TRACE(g);
    EXPECT_NEAR(p_a, count / n, 1e-12);   // the group marginal is unchanged
    EXPECT_NEAR(p_ay, p_a * p_y, 1e-12);  // P_w(a, y = 1) = P_w(a) P_w(y = 1)
    EXPECT_NEAR(p_ay / p_a, p_y, 1e-12);  // every group's weighted base rate is the same
  }
}

TEST(Reweighing, RefusesAGroupWithOneLabel) {
  Eigen::VectorXi a(4);
  a << 0, 0, 1, 1;
  Eigen::VectorXd y(4);
  y << 1, 0, 1, 1;
  EXPECT_THROW(KamiranCaldersWeights(a, y), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
