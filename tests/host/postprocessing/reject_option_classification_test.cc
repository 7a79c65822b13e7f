// Reject option classification: the per-group thresholds decide exactly as
// the band rule, theta is the smallest grid value within the bias target,
// and the minimum-bias fallback when scores leave no theta that works.
#include "host_tools/postprocessing/reject_option_classification.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

namespace tinyfair::host::postprocessing {
namespace {

struct RocSample {
  std::vector<double> scores;
  std::vector<int> labels;
  std::vector<uint32_t> groups;
};

// The rule as stated, with the documented band edges.
bool BandRule(double p, uint32_t group, double theta, uint32_t unprivileged) {
  const double lo = 0.5 - theta, hi = 0.5 + theta;
  if (lo <= p && p <= hi) return group == unprivileged;
  return p > 0.5;
}

double Gap(const RocSample& s, double theta, uint32_t unprivileged) {
  double selected[2] = {0, 0}, n[2] = {0, 0};
  for (size_t i = 0; i < s.scores.size(); ++i) {
    n[s.groups[i]] += 1;
    selected[s.groups[i]] += BandRule(s.scores[i], s.groups[i], theta, unprivileged);
  }
  return std::fabs(selected[0] / n[0] - selected[1] / n[1]);
}

// Group 1 (privileged) scores run higher than group 0's (unprivileged, the
// default).
RocSample MakeRocSample(size_t n, uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  RocSample s;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t g = uniform(engine) < 0.4 ? 0 : 1;
    const double margin = normal(engine) + (g == 0 ? -0.5 : 0.3);
    const double p = 1.0 / (1.0 + std::exp(-1.5 * margin));
    s.scores.push_back(p);
    s.labels.push_back(uniform(engine) < p ? 1 : 0);
    s.groups.push_back(g);
  }
  return s;
}

TEST(RejectOptionClassification, ThresholdsDecideAsTheBandExampleByExample) {
  std::mt19937_64 engine(1);
  std::uniform_real_distribution<double> uniform;
  std::vector<double> thetas = {0.0, 0.5, 0.7, 1.0, 0.123456789};
  for (int k = 1; k <= 100; ++k) thetas.push_back(k / 100.0);
  const double up = std::numeric_limits<double>::infinity();
  for (double theta : thetas) {
    const double lo = 0.5 - theta, hi = 0.5 + theta;
    std::vector<double> ps = {0.0,
                              1.0,
                              0.5,
                              lo,
                              hi,
                              std::nextafter(lo, -up),
                              std::nextafter(lo, up),
                              std::nextafter(hi, -up),
                              std::nextafter(hi, up)};
    for (int k = 0; k <= 1000; ++k) ps.push_back(k / 1000.0);
    for (int k = 0; k < 1000; ++k) ps.push_back(uniform(engine));
    for (uint32_t unprivileged : {0u, 1u}) {
      const std::vector<double> t = RocThresholds(theta, unprivileged);
      for (double p : ps) {
        if (p < 0.0 || p > 1.0) continue;
        for (uint32_t g : {0u, 1u}) {
          ASSERT_EQ(BandRule(p, g, theta, unprivileged), p >= t[g])
              << "theta " << theta << " p " << p << " group " << g;
        }
      }
    }
  }
}

TEST(RejectOptionClassification, BandEdgesAreInclusive) {
  // theta = 0.25: the band is [0.25, 0.75] exactly.
  const std::vector<double> t = RocThresholds(0.25, 1);
  EXPECT_TRUE(0.25 >= t[1]);   // unprivileged on the lower edge: positive
  EXPECT_FALSE(0.75 >= t[0]);  // privileged on the upper edge: negative
  EXPECT_TRUE(std::nextafter(0.75, 1.0) >= t[0]);
  EXPECT_FALSE(std::nextafter(0.25, 0.0) >= t[1]);
}

TEST(RejectOptionClassification, ChoosesTheSmallestThetaWithinTheTarget) {
  const RocSample s = MakeRocSample(20000, 2);
  RocOptions options;
  const RocFit fit = FitRejectOptionClassification(s.scores, s.labels, s.groups, 2, options);
  ASSERT_EQ(100u, fit.thetas.size());
  double first = -1.0;
  for (size_t j = 0; j < fit.thetas.size(); ++j) {
    EXPECT_DOUBLE_EQ(static_cast<double>(j + 1) / 100.0, fit.thetas[j]);
    EXPECT_NEAR(Gap(s, fit.thetas[j], 0), fit.gaps[j], 1e-15);
    if (first < 0 && fit.gaps[j] <= 0.02) first = fit.thetas[j];
  }
  ASSERT_GT(first, 0.0);
  EXPECT_TRUE(fit.reached_target);
  EXPECT_EQ(first, fit.theta);
  EXPECT_LE(fit.parity_gap, 0.02);
  // The unconstrained gap was large, and theta is well inside the grid.
  EXPECT_GT(Gap(s, 0.0, 0), 0.2);
  EXPECT_GT(fit.theta, 0.05);
  EXPECT_LT(fit.theta, 0.5);

  size_t correct = 0;
  double selected[2] = {0, 0};
  for (size_t i = 0; i < s.scores.size(); ++i) {
    const bool positive = BandRule(s.scores[i], s.groups[i], fit.theta, 0);
    EXPECT_EQ(positive, s.scores[i] >= fit.thresholds[s.groups[i]]);
    correct += positive == (s.labels[i] == 1);
    selected[s.groups[i]] += positive;
  }
  EXPECT_DOUBLE_EQ(static_cast<double>(correct) / static_cast<double>(s.scores.size()),
                   fit.accuracy);
  for (size_t g = 0; g < 2; ++g) {
    EXPECT_DOUBLE_EQ(selected[g] / static_cast<double>(fit.group_sizes[g]), fit.selection_rates[g]);
  }

  // A looser target stops earlier.
  options.bias_target = 0.1;
  const RocFit loose = FitRejectOptionClassification(s.scores, s.labels, s.groups, 2, options);
  EXPECT_TRUE(loose.reached_target);
  EXPECT_LT(loose.theta, fit.theta);
}

// Scores concentrated at 0 and 1 (a confident deep net): a band narrower
// than 0.5 changes nobody, a wider one flips everybody, so no theta reaches
// the target and the smallest-gap theta is reported.
TEST(RejectOptionClassification, ConcentratedScoresFailWithTheMinimumBiasTheta) {
  RocSample s;
  for (int i = 0; i < 100; ++i) {
    s.groups.push_back(i < 50 ? 1 : 0);
    const bool high = i < 50 ? i < 35 : i < 65;  // privileged 70%, unprivileged 30%
    s.scores.push_back(high ? 1.0 : 0.0);
    s.labels.push_back(high ? 1 : 0);
  }
  const RocFit fit = FitRejectOptionClassification(s.scores, s.labels, s.groups, 2, RocOptions{});
  EXPECT_FALSE(fit.reached_target);
  EXPECT_EQ(0.01, fit.theta);
  EXPECT_NEAR(0.4, fit.parity_gap, 1e-15);
  EXPECT_EQ(*std::min_element(fit.gaps.begin(), fit.gaps.end()), fit.parity_gap);
  EXPECT_NEAR(1.0, fit.gaps.back(), 1e-15);  // theta = 1: all or nothing
}

// k-NN-like scores on multiples of 0.1: once the band reaches 0.4 and 0.6
// the gap jumps from 0.4 for the privileged group to 1 for the unprivileged.
TEST(RejectOptionClassification, DiscreteScoresFailWithTheMinimumBiasTheta) {
  RocSample s;
  for (int i = 0; i < 10; ++i) {
    s.groups.push_back(1);
    s.scores.push_back(i < 6 ? 0.6 : 0.0);
    s.labels.push_back(i < 5 ? 1 : 0);
    s.groups.push_back(0);
    s.scores.push_back(i < 2 ? 0.6 : 0.4);
    s.labels.push_back(i < 3 ? 1 : 0);
  }
  const RocFit fit = FitRejectOptionClassification(s.scores, s.labels, s.groups, 2, RocOptions{});
  EXPECT_FALSE(fit.reached_target);
  for (size_t j = 0; j < fit.thetas.size(); ++j) {
    EXPECT_NEAR(Gap(s, fit.thetas[j], 0), fit.gaps[j], 1e-15);
    EXPECT_GT(fit.gaps[j], 0.02);
    EXPECT_GE(fit.gaps[j], fit.parity_gap);
  }
  EXPECT_EQ(0.01, fit.theta);
  EXPECT_NEAR(0.4, fit.parity_gap, 1e-15);
  EXPECT_NEAR(1.0, fit.gaps[9], 1e-15);  // theta = 0.1
}

TEST(RejectOptionClassification, ThetaOneIsAllOrNothing) {
  const std::vector<double> t = RocThresholds(1.0, 0);
  EXPECT_TRUE(0.0 >= t[0]);
  EXPECT_FALSE(1.0 >= t[1]);
  EXPECT_TRUE(std::isfinite(t[1]));
}

TEST(RejectOptionClassification, CustomGridAndUnprivilegedGroup) {
  // Group 0 privileged now: swap the groups of the sample.
  RocSample s = MakeRocSample(5000, 3);
  for (uint32_t& g : s.groups) g = 1 - g;
  RocOptions options;
  options.unprivileged_group = 1;
  options.thetas = {0.3, 0.05, 0.2, 0.1, 0.1};
  const RocFit fit = FitRejectOptionClassification(s.scores, s.labels, s.groups, 2, options);
  EXPECT_EQ((std::vector<double>{0.05, 0.1, 0.2, 0.3}), fit.thetas);
  for (size_t j = 0; j < fit.thetas.size(); ++j) {
    EXPECT_NEAR(Gap(s, fit.thetas[j], 1), fit.gaps[j], 1e-15);
  }
  EXPECT_EQ(0.5 - fit.theta, fit.thresholds[1]);
  EXPECT_GT(fit.thresholds[0], 0.5 + fit.theta);
}

TEST(RejectOptionClassification, RejectsBadInput) {
  const RocOptions o;
  const std::vector<double> p = {0.1, 0.6, 0.3, 0.9};
  const std::vector<int> y = {0, 1, 0, 1};
  const std::vector<uint32_t> g = {0, 0, 1, 1};
  EXPECT_NO_THROW(FitRejectOptionClassification(p, y, g, 2, o));
  EXPECT_THROW(FitRejectOptionClassification(p, y, g, 3, o), std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification(p, {0, 1}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification(p, y, {0, 0, 1}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification(p, y, {0, 0, 0, 0}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification(p, y, {0, 0, 1, 2}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification({0.1, 1.5, 0.3, 0.9}, y, g, 2, o),
               std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification({0.1, std::nan(""), 0.3, 0.9}, y, g, 2, o),
               std::invalid_argument);
  EXPECT_THROW(FitRejectOptionClassification(p, {0, 1, 2, 1}, g, 2, o), std::invalid_argument);
  RocOptions bad = o;
  bad.thetas = {0.1, -0.1};
  EXPECT_THROW(FitRejectOptionClassification(p, y, g, 2, bad), std::invalid_argument);
  bad = o;
  bad.unprivileged_group = 2;
  EXPECT_THROW(FitRejectOptionClassification(p, y, g, 2, bad), std::invalid_argument);
  bad = o;
  bad.bias_target = std::nan("");
  EXPECT_THROW(FitRejectOptionClassification(p, y, g, 2, bad), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
