// Shift inference: the per-group thresholds decide exactly as the adjusted
// posterior, and the method does not bring the groups' rates together.
#include "host_tools/postprocessing/shift_inference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

namespace tinyfair::host::postprocessing {
namespace {

struct ShiftSample {
  std::vector<double> scores;
  std::vector<int> labels;
  std::vector<uint32_t> groups;
};

// x | y ~ N(+-1, 1) in every group, base rates 0.2, 0.45, 0.7. The score is
// the Bayes posterior under the pooled prior, as a group-blind scorer would
// learn it; the group's own posterior differs only through the prior.
ShiftSample MakeShiftSample(size_t n, uint64_t seed, double* pooled_prior) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  const double base_rate[] = {0.2, 0.45, 0.7};
  const double group_share[] = {0.4, 0.3, 0.3};
  const double pi =
      group_share[0] * base_rate[0] + group_share[1] * base_rate[1] + group_share[2] * base_rate[2];
  *pooled_prior = pi;
  ShiftSample s;
  for (size_t i = 0; i < n; ++i) {
    const double u = uniform(engine);
    const uint32_t g = u < 0.4 ? 0 : (u < 0.7 ? 1 : 2);
    const int y = uniform(engine) < base_rate[g] ? 1 : 0;
    const double x = (y == 1 ? 1.0 : -1.0) + normal(engine);
    s.scores.push_back(1.0 / (1.0 + std::exp(-(2.0 * x + std::log(pi / (1.0 - pi))))));
    s.labels.push_back(y);
    s.groups.push_back(g);
  }
  return s;
}

TEST(ShiftInference, ThresholdsDecideAsTheAdjustedPosteriorExampleByExample) {
  double pi = 0.0;
  const ShiftSample s = MakeShiftSample(20000, 1, &pi);
  const ShiftInferenceFit fit =
      FitShiftInference(s.scores, s.labels, s.groups, 3, ShiftInferenceOptions{});
  for (size_t i = 0; i < s.scores.size(); ++i) {
    const uint32_t g = s.groups[i];
    const double adjusted =
        ShiftAdjustedPosterior(s.scores[i], fit.group_priors[g], fit.source_prior);
    ASSERT_EQ(adjusted >= 0.5, s.scores[i] >= fit.thresholds[g]) << i;
  }
  // On a threshold the adjusted posterior is 1/2 up to rounding; at the
  // ends of [0, 1] the decisions are the obvious ones.
  for (size_t g = 0; g < 3; ++g) {
    const double t = fit.thresholds[g];
    EXPECT_NEAR(0.5, ShiftAdjustedPosterior(t, fit.group_priors[g], fit.source_prior), 1e-15);
    EXPECT_EQ(0.0, ShiftAdjustedPosterior(0.0, fit.group_priors[g], fit.source_prior));
    EXPECT_EQ(1.0, ShiftAdjustedPosterior(1.0, fit.group_priors[g], fit.source_prior));
    EXPECT_GT(t, 0.0);
    EXPECT_LT(t, 1.0);
  }
  // A finer sweep over [0, 1] away from the thresholds' rounding.
  for (int k = 0; k <= 100000; ++k) {
    const double p = k / 100000.0;
    for (size_t g = 0; g < 3; ++g) {
      if (std::fabs(p - fit.thresholds[g]) < 1e-12) continue;
      ASSERT_EQ(ShiftAdjustedPosterior(p, fit.group_priors[g], fit.source_prior) >= 0.5,
                p >= fit.thresholds[g])
          << p << " " << g;
    }
  }
}

TEST(ShiftInference, HandCheckedThresholds) {
  EXPECT_EQ(0.5, ShiftThreshold(0.3, 0.3));
  EXPECT_DOUBLE_EQ(0.75, ShiftThreshold(0.25, 0.5));
  EXPECT_DOUBLE_EQ(0.25, ShiftThreshold(0.75, 0.5));
  // Group prior 0.2 against source 0.4: w1 = 1/2, w0 = 4/3, t = 8/11.
  EXPECT_DOUBLE_EQ(8.0 / 11.0, ShiftThreshold(0.2, 0.4));
  EXPECT_DOUBLE_EQ(0.5, ShiftAdjustedPosterior(8.0 / 11.0, 0.2, 0.4));

  // Two groups of four: priors 1/4 and 3/4, overall 1/2.
  const std::vector<double> p = {0.1, 0.5, 0.7, 0.8, 0.2, 0.3, 0.6, 0.9};
  const std::vector<int> y = {0, 0, 0, 1, 0, 1, 1, 1};
  const std::vector<uint32_t> g = {0, 0, 0, 0, 1, 1, 1, 1};
  const ShiftInferenceFit fit = FitShiftInference(p, y, g, 2, ShiftInferenceOptions{});
  EXPECT_EQ(0.5, fit.source_prior);
  EXPECT_DOUBLE_EQ(0.75, fit.thresholds[0]);
  EXPECT_DOUBLE_EQ(0.25, fit.thresholds[1]);
  EXPECT_EQ(0.25, fit.selection_rates[0]);  // 0.8 only
  EXPECT_EQ(0.75, fit.selection_rates[1]);  // all but 0.2
  EXPECT_EQ(0.5, fit.parity_gap);
  EXPECT_EQ(1.0, fit.accuracy);
}

// The scorer's 0.5 threshold already favours the high-base-rate group; the
// prior adjustment recovers each group's Bayes decision, which is more
// accurate and further from parity.
TEST(ShiftInference, DoesNotControlParity) {
  double pi = 0.0;
  const ShiftSample s = MakeShiftSample(20000, 2, &pi);
  const ShiftInferenceFit fit =
      FitShiftInference(s.scores, s.labels, s.groups, 3, ShiftInferenceOptions{});
  double plain_selected[3] = {0, 0, 0}, n[3] = {0, 0, 0};
  size_t plain_correct = 0;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    const bool positive = s.scores[i] >= 0.5;
    plain_selected[s.groups[i]] += positive;
    n[s.groups[i]] += 1;
    plain_correct += positive == (s.labels[i] == 1);
  }
  std::vector<double> plain_rates;
  for (size_t g = 0; g < 3; ++g) plain_rates.push_back(plain_selected[g] / n[g]);
  const double plain_gap = *std::max_element(plain_rates.begin(), plain_rates.end()) -
                           *std::min_element(plain_rates.begin(), plain_rates.end());
  EXPECT_GT(plain_gap, 0.3);
  EXPECT_GT(fit.parity_gap, plain_gap + 0.05);
  EXPECT_GT(fit.accuracy,
            static_cast<double>(plain_correct) / static_cast<double>(s.scores.size()));
  // Thresholds ordered against the base rates.
  EXPECT_GT(fit.thresholds[0], fit.thresholds[1]);
  EXPECT_GT(fit.thresholds[1], fit.thresholds[2]);
  EXPECT_NEAR(pi, fit.source_prior, 0.01);
}

TEST(ShiftInference, SourcePriorOption) {
  double pi = 0.0;
  const ShiftSample s = MakeShiftSample(2000, 3, &pi);
  ShiftInferenceOptions options;
  const ShiftInferenceFit sample_prior =
      FitShiftInference(s.scores, s.labels, s.groups, 3, options);
  options.source_prior = sample_prior.group_priors[1];
  const ShiftInferenceFit fit = FitShiftInference(s.scores, s.labels, s.groups, 3, options);
  EXPECT_EQ(sample_prior.group_priors[1], fit.source_prior);
  EXPECT_DOUBLE_EQ(0.5, fit.thresholds[1]);
}

TEST(ShiftInference, RejectsBadInput) {
  const ShiftInferenceOptions o;
  const std::vector<double> p = {0.1, 0.6, 0.3, 0.9};
  const std::vector<int> y = {0, 1, 0, 1};
  const std::vector<uint32_t> g = {0, 0, 1, 1};
  EXPECT_NO_THROW(FitShiftInference(p, y, g, 2, o));
  EXPECT_THROW(FitShiftInference(p, {0, 1}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference(p, y, {0, 0, 1}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference(p, y, g, 3, o), std::invalid_argument);  // empty group
  EXPECT_THROW(FitShiftInference(p, y, {0, 0, 1, 2}, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference(p, {0, 1, 1, 1}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference(p, {0, 1, 0, 2}, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference({0.1, std::nan(""), 0.3, 0.9}, y, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference({0.1, -0.5, 0.3, 0.9}, y, g, 2, o), std::invalid_argument);
  EXPECT_THROW(FitShiftInference(p, y, g, 0, o), std::invalid_argument);
  ShiftInferenceOptions bad;
  bad.source_prior = 1.0;
  EXPECT_THROW(FitShiftInference(p, y, g, 2, bad), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
