// The randomized threshold optimizer fitted from score histograms against
// the in-memory fit on the same examples.
#include "host_tools/postprocessing/streamed_rto_fit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "host_tools/postprocessing/randomized_threshold_optimizer.h"

namespace tinyfair::host::postprocessing {
namespace {

// The tolerance stated in docs/stress.md for thresholds on continuous
// scores: a few grid cells (2 / 65536 each).
constexpr double kThresholdTolerance = 1e-4;

struct Sample {
  std::vector<double> scores;
  std::vector<uint32_t> groups;
};

// Three groups of continuous scores; `digits` > 0 rounds them to that many
// decimals (few distinct values, as from a tree or k-NN scorer).
Sample MakeSample(size_t n, uint64_t seed, int digits = 0) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  Sample s;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t g = uniform(engine) < 0.3 ? 1 : (uniform(engine) < 0.5 ? 2 : 0);
    const double shift = g == 1 ? -0.6 : (g == 2 ? 0.3 : 0.0);
    double f = std::tanh(0.8 * normal(engine) + shift);
    if (digits > 0) f = std::round(f * std::pow(10.0, digits)) / std::pow(10.0, digits);
    s.scores.push_back(f);
    s.groups.push_back(g);
  }
  return s;
}

ScoreHistograms HistogramsOf(const Sample& s, size_t group_count) {
  ScoreHistograms histograms(group_count);
  for (size_t i = 0; i < s.scores.size(); ++i) histograms.Add(s.scores[i], s.groups[i], -1);
  return histograms;
}

// The group's scores, sorted, for RampMean on the examples themselves.
std::vector<double> SortedScoresOf(const Sample& s, uint32_t group) {
  std::vector<double> scores;
  for (size_t i = 0; i < s.scores.size(); ++i) {
    if (s.groups[i] == group) scores.push_back(s.scores[i]);
  }
  std::sort(scores.begin(), scores.end());
  return scores;
}

TEST(StreamedRto, ContinuousScoresAgreeWithTheInMemoryFitWithinTheBound) {
  const Sample s = MakeSample(30000, 11);
  const ScoreHistograms histograms = HistogramsOf(s, 3);
  for (double gamma : {0.01, 0.1, 0.5}) {
    for (double rho : {0.1, 0.35, 0.8}) {
      for (double epsilon : {0.0, 0.05}) {
        RtoOptions options;
        options.gamma = gamma;
        options.rho = rho;
        options.epsilon = epsilon;
        const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
        const StreamedRtoFit streamed = FitRandomizedThresholdOptimizer(histograms, options);
        for (uint32_t k = 0; k < 3; ++k) {
          SCOPED_TRACE("gamma " + std::to_string(gamma) + " rho " + std::to_string(rho) +
                       " epsilon " + std::to_string(epsilon) + " group " + std::to_string(k));
          EXPECT_NEAR(streamed.fit.thresholds[k], exact.thresholds[k], kThresholdTolerance);
          EXPECT_EQ(streamed.fit.group_sizes[k], exact.group_sizes[k]);
          // The bound holds on the examples themselves.
          const double on_examples =
              RampMean(SortedScoresOf(s, k), streamed.fit.thresholds[k], gamma);
          EXPECT_LE(std::fabs(on_examples - streamed.fit.positive_rates[k]),
                    streamed.rate_error_bounds[k] + 1e-12);
          EXPECT_LT(streamed.rate_error_bounds[k], 1e-3);
          if (epsilon == 0.0) EXPECT_NEAR(on_examples, rho, streamed.rate_error_bounds[k] + 1e-9);
        }
      }
    }
  }
}

TEST(StreamedRto, FewDistinctScoresAreFittedExactly) {
  // Every cell holds one score value: the histograms are the sample.
  const Sample s = MakeSample(30000, 12, 2);
  const ScoreHistograms histograms = HistogramsOf(s, 3);
  for (double gamma : {0.01, 0.2}) {
    for (double rho : {0.2, 0.5}) {
      RtoOptions options;
      options.gamma = gamma;
      options.rho = rho;
      const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
      const StreamedRtoFit streamed = FitRandomizedThresholdOptimizer(histograms, options);
      for (size_t k = 0; k < 3; ++k) {
        EXPECT_NEAR(streamed.fit.thresholds[k], exact.thresholds[k], 1e-12) << gamma << " " << rho;
        EXPECT_NEAR(streamed.fit.positive_rates[k], exact.positive_rates[k], 1e-12);
        EXPECT_EQ(streamed.rate_error_bounds[k], 0.0);
      }
    }
  }
}

TEST(StreamedRto, SgdOnTheHistogramsReachesTheExactThresholds) {
  const Sample s = MakeSample(20000, 3);
  RtoOptions options;
  options.gamma = 0.2;
  options.rho = 0.35;
  const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
  options.solver = RtoOptions::Solver::kSgd;
  options.sgd_steps = 4000000;
  const StreamedRtoFit sgd = FitRandomizedThresholdOptimizer(HistogramsOf(s, 3), options);
  for (size_t k = 0; k < 3; ++k) EXPECT_NEAR(exact.thresholds[k], sgd.fit.thresholds[k], 3e-3);
}

TEST(StreamedRto, LabelsAreCountedPerGroup) {
  ScoreHistograms histograms(2);
  histograms.Add(0.5, 0, 1);
  histograms.Add(-0.5, 0, 0);
  histograms.Add(0.25, 1, 1);
  histograms.Add(1.0, 1, -1);
  EXPECT_EQ(histograms.examples(0), 2u);
  EXPECT_EQ(histograms.positives(0), 1u);
  EXPECT_EQ(histograms.examples(1), 2u);
  EXPECT_EQ(histograms.positives(1), 1u);
  const auto cells = histograms.OccupiedCells(1);
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[1].lowest, 1.0);  // the top score falls in the last cell
}

TEST(StreamedRto, RefusesBadScoresGroupsAndEmptyGroups) {
  ScoreHistograms histograms(2);
  EXPECT_THROW(histograms.Add(1.5, 0, -1), std::invalid_argument);
  EXPECT_THROW(histograms.Add(std::nan(""), 0, -1), std::invalid_argument);
  EXPECT_THROW(histograms.Add(0.0, 2, -1), std::invalid_argument);
  histograms.Add(0.0, 0, -1);
  EXPECT_THROW(FitRandomizedThresholdOptimizer(histograms, RtoOptions{}), std::invalid_argument);
  histograms.Add(0.1, 1, -1);
  RtoOptions bad;
  bad.gamma = 0.0;
  EXPECT_THROW(FitRandomizedThresholdOptimizer(histograms, bad), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
