// gamma_j from the noise (Lemma 1 and the bound without equal marginals),
// and the group-flipping protocol's statistics.
#include "host_tools/noisy_groups/group_noise_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "host_tools/noisy_groups/group_flipping.h"

namespace tinyfair::host::noisy_groups {
namespace {

// Uniform flips at rate g: P(G^ != j | G = j) = g for every group, however
// unbalanced the groups; the true marginal is recovered from the observed.
TEST(GroupNoiseModel, FlipRateGivesTheRateAsPaperRadius) {
  Eigen::Vector3d prior(0.855, 0.096, 0.049);
  for (double rate : {0.1, 0.3, 0.5}) {
    Eigen::Matrix3d flip = Eigen::Matrix3d::Constant(rate / 2.0);
    flip.diagonal().setConstant(1.0 - rate);
    const Eigen::VectorXd observed = flip.transpose() * prior;
    const GroupNoiseModel noise = GroupNoiseModel::FromFlipRate(observed, rate);
    EXPECT_LT((noise.TrueMarginal() - prior).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((noise.PaperRadii().array() - rate).abs().maxCoeff(), 1e-12);
    // Minority groups: most of the observed group is someone else, so the
    // bound exceeds the rate (section 1.5's caveat).
    EXPECT_GT(noise.BoundRadii()[2], rate + 0.2);
  }
  EXPECT_THROW(GroupNoiseModel::FromFlipRate(Eigen::Vector3d(0.3, 0.3, 0.4), 2.0 / 3.0),
               std::invalid_argument);
}

// Lemma 1: with equal marginals both conditional error rates coincide.
TEST(GroupNoiseModel, EqualMarginalsMakeBothRadiiEqual) {
  std::vector<int> truth, noisy;
  // A symmetric confusion table: marginals equal.
  const int table[3][3] = {{50, 5, 3}, {5, 20, 2}, {3, 2, 10}};
  for (int j = 0; j < 3; ++j) {
    for (int k = 0; k < 3; ++k) {
      for (int c = 0; c < table[j][k]; ++c) truth.push_back(j), noisy.push_back(k);
    }
  }
  const GroupNoiseModel noise = GroupNoiseModel::FromGroups(truth, noisy, 3, 3);
  EXPECT_LT((noise.PaperRadii() - noise.BoundRadii()).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_NEAR(noise.PaperRadii()[0], 8.0 / 58.0, 1e-15);
  EXPECT_NEAR(noise.TrueGivenNoisy()(1, 0), 5.0 / 58.0, 1e-15);
}

// The bound holds for TV(p_j, p^_j) of any joint law of (x, G, G^); the
// paper's P(G^ != j | G = j) can fall short when the marginals differ.
TEST(GroupNoiseModel, BoundRadiiBoundTheTotalVariation) {
  std::mt19937_64 engine(3);
  std::gamma_distribution<double> gamma(0.5, 1.0);
  const int xs = 6;
  int paper_short = 0;
  for (int trial = 0; trial < 300; ++trial) {
    // A random joint P(x, G, G^) on 6 x 3 x 3 cells.
    double p[xs][3][3], total = 0.0;
    for (auto& a : p) {
      for (auto& b : a) {
        for (double& c : b) total += (c = gamma(engine));
      }
    }
    Eigen::Matrix3d joint = Eigen::Matrix3d::Zero();
    for (auto& a : p) {
      for (int j = 0; j < 3; ++j) {
        for (int k = 0; k < 3; ++k) joint(j, k) += (a[j][k] /= total);
      }
    }
    const GroupNoiseModel noise = GroupNoiseModel::FromConditional(
        joint.array().rowwise() / joint.colwise().sum().array(), joint.colwise().sum());
    const Eigen::VectorXd bound = noise.BoundRadii(), paper = noise.PaperRadii();
    for (int j = 0; j < 3; ++j) {
      double tv = 0.0;
      for (auto& a : p) {
        double true_j = 0.0, noisy_j = 0.0;
        for (int k = 0; k < 3; ++k) true_j += a[j][k], noisy_j += a[k][j];
        tv += std::fabs(true_j / joint.row(j).sum() - noisy_j / joint.col(j).sum());
      }
      tv /= 2.0;
      EXPECT_LE(tv, bound[j] + 1e-12);
      if (tv > paper[j] + 1e-9) ++paper_short;
    }
  }
  EXPECT_GT(paper_short, 0);
}

// Section 1.5's example: x = G, P(G = 1) = 0.1, 30% flips. The observed
// group 1 is mostly group 0, so TV(p_1, p^_1) = 1 - 0.07 / 0.34 > 0.3.
TEST(GroupNoiseModel, PaperRadiusUnderestimatesForMinorities) {
  Eigen::Matrix2d flip;
  flip << 0.7, 0.3, 0.3, 0.7;
  const Eigen::Vector2d prior(0.9, 0.1);
  const GroupNoiseModel noise = GroupNoiseModel::FromFlipRate(flip.transpose() * prior, 0.3);
  const double tv = 1.0 - 0.07 / 0.34;
  EXPECT_NEAR(noise.PaperRadii()[1], 0.3, 1e-12);
  EXPECT_NEAR(noise.BoundRadii()[1], tv, 1e-12);
}

// The protocol: exactly floor(rate n) rows flipped; per group the flip rate
// is the rate within 4.5 standard errors of a sample of the group's size
// (sampling without replacement has a smaller variance); the new group is
// uniform over the other two within 4.5 standard errors; seeded.
TEST(GroupFlipping, FlipRateAndDestinations) {
  std::mt19937_64 engine(17);
  std::uniform_real_distribution<double> uniform;
  std::vector<int> groups;
  for (int i = 0; i < 30000; ++i) {
    const double u = uniform(engine);
    groups.push_back(u < 0.7 ? 0 : (u < 0.9 ? 1 : 2));
  }
  for (double rate : {0.1, 0.35}) {
    const std::vector<int> noisy = FlipGroups(groups, 3, rate, 42);
    double size[3] = {0, 0, 0}, flipped[3] = {0, 0, 0}, to_next[3] = {0, 0, 0};
    size_t total = 0;
    for (size_t i = 0; i < groups.size(); ++i) {
      const int g = groups[i];
      size[g] += 1;
      if (noisy[i] != g) {
        flipped[g] += 1, ++total;
        if (noisy[i] == (g + 1) % 3) to_next[g] += 1;
      }
    }
    EXPECT_EQ(total, static_cast<size_t>(std::floor(rate * 30000)));
    for (int g = 0; g < 3; ++g) {
      const double se = std::sqrt(rate * (1 - rate) / size[g]);
      EXPECT_NEAR(flipped[g] / size[g], rate, 4.5 * se) << "group " << g;
      EXPECT_NEAR(to_next[g] / flipped[g], 0.5, 4.5 * std::sqrt(0.25 / flipped[g]));
    }
    EXPECT_EQ(FlipGroups(groups, 3, rate, 42), noisy);
    EXPECT_NE(FlipGroups(groups, 3, rate, 43), noisy);
  }
  EXPECT_EQ(FlipGroups(groups, 3, 0.0, 1), groups);
}

}  // namespace
}  // namespace tinyfair::host::noisy_groups
