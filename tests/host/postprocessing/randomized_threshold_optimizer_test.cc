// The randomized threshold optimizer against the properties the paper proves.
#include "host_tools/postprocessing/randomized_threshold_optimizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace tinyfair::host::postprocessing {
namespace {

struct RtoSample {
  std::vector<double> scores;
  std::vector<uint32_t> groups;
};

RtoSample MakeRtoSample(size_t n, uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  RtoSample s;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t g = uniform(engine) < 0.3 ? 1 : (uniform(engine) < 0.5 ? 2 : 0);
    const double shift = g == 1 ? -0.6 : (g == 2 ? 0.3 : 0.0);
    s.scores.push_back(std::tanh(0.8 * normal(engine) + shift));
    s.groups.push_back(g);
  }
  return s;
}

// The positive rates of the fitted rule, recounted from the sample and the
// thresholds alone (not from the fitter's own rates): the ramp decides
// positive with probability clamp((f - t_k) / gamma, 0, 1).
std::vector<double> RecountedRates(const RtoSample& s, const RtoFit& fit, size_t group_count) {
  std::vector<double> sum(group_count, 0.0), count(group_count, 0.0);
  for (size_t i = 0; i < s.scores.size(); ++i) {
    const uint32_t g = s.groups[i];
    const double ramp = (s.scores[i] - fit.thresholds[g]) / fit.gamma;
    sum[g] += std::min(1.0, std::max(0.0, ramp));
    count[g] += 1.0;
  }
  for (size_t g = 0; g < group_count; ++g) sum[g] /= count[g];
  return sum;
}

TEST(Rto, ExactSolverGivesParityOnTheFittingSample) {
  const RtoSample s = MakeRtoSample(20000, 1);
  for (double gamma : {0.01, 0.1, 0.5, 1.0}) {
    for (double rho : {0.1, 0.3, 0.5, 0.9}) {
      RtoOptions options;
      options.gamma = gamma;
      options.rho = rho;
      const RtoFit fit = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
      ASSERT_EQ(gamma, fit.gamma);
      const std::vector<double> rates = RecountedRates(s, fit, 3);
      for (size_t k = 0; k < 3; ++k) {
        EXPECT_NEAR(rho, rates[k], 1e-9) << gamma << " " << rho << " group " << k;
        EXPECT_NEAR(rates[k], fit.positive_rates[k], 1e-12) << "the fit reports other rates";
      }
    }
  }
}

TEST(Rto, EpsilonKeepsRatesInTheBandClosestToZero) {
  const RtoSample s = MakeRtoSample(20000, 2);
  RtoOptions options;
  options.rho = 0.4;
  options.epsilon = 0.1;
  const RtoFit fit = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
  const std::vector<double> rates = RecountedRates(s, fit, 3);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_GE(rates[k], 0.35 - 1e-9);
    EXPECT_LE(rates[k], 0.45 + 1e-9);
    // Either unconstrained (t = 0) or on the band's edge.
    if (fit.thresholds[k] != 0.0) {
      EXPECT_NEAR(0.05, std::fabs(rates[k] - 0.4), 1e-9);
    }
  }
}

TEST(Rto, SgdReachesTheExactThresholds) {
  // The paper's Algorithm 1 with its step 0.1 sqrt(K / T).
  const RtoSample s = MakeRtoSample(20000, 3);
  RtoOptions options;
  options.gamma = 0.2;
  options.rho = 0.35;
  const RtoFit exact = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
  options.solver = RtoOptions::Solver::kSgd;
  options.sgd_steps = 20000000;
  const RtoFit sgd = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_NEAR(exact.thresholds[k], sgd.thresholds[k], 1e-3) << "group " << k;
  }
}

TEST(Rto, TargetPerGroup) {
  const RtoSample s = MakeRtoSample(20000, 5);
  RtoOptions options;
  options.gamma = 0.1;
  options.rho_by_group = {0.2, 0.4, 0.6};
  const RtoFit fit = FitRandomizedThresholdOptimizer(s.scores, s.groups, 3, options);
  for (size_t k = 0; k < 3; ++k) EXPECT_NEAR(options.rho_by_group[k], fit.positive_rates[k], 1e-9);
}

TEST(Rto, CovarianceControlWithinStrata) {
  std::mt19937_64 engine(9);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  std::vector<double> scores;
  std::vector<uint8_t> in_s;
  std::vector<uint32_t> strata;
  for (int i = 0; i < 30000; ++i) {
    const uint32_t stratum = uniform(engine) < 0.5 ? 0 : 1;
    const bool s_member = uniform(engine) < (stratum == 0 ? 0.3 : 0.6);
    scores.push_back(std::tanh(0.7 * normal(engine) + (s_member ? -0.4 : 0.2) + 0.3 * stratum));
    in_s.push_back(s_member ? 1 : 0);
    strata.push_back(stratum);
  }
  const CovarianceFit fit = FitCovarianceControl(scores, in_s, strata, 2, 0.2, 0.0);
  for (size_t k = 0; k < 2; ++k) {
    EXPECT_NEAR(0.0, fit.covariance[k], 1e-9);
    // Zero covariance of binary variables: equal rates in and out of S.
    double rate[2] = {0, 0}, count[2] = {0, 0};
    for (size_t i = 0; i < scores.size(); ++i) {
      if (strata[i] != k) continue;
      const double t = fit.thresholds[in_s[i] * 2 + k];
      rate[in_s[i]] += std::clamp((scores[i] - t) / 0.2, 0.0, 1.0);
      count[in_s[i]] += 1;
    }
    EXPECT_NEAR(rate[0] / count[0], rate[1] / count[1], 1e-9);
  }
  const CovarianceFit loose = FitCovarianceControl(scores, in_s, strata, 2, 0.2, 0.01);
  for (size_t k = 0; k < 2; ++k) EXPECT_LE(std::fabs(loose.covariance[k]), 0.01 + 1e-12);
}

TEST(Rto, PaperExampleOne) {
  // X = {-1, 0, 1} with P = 1/2, 1/3, 1/6 in one group and the same support
  // in another; any rho is met exactly by randomising at a single point.
  std::vector<double> scores;
  std::vector<uint32_t> groups;
  for (int i = 0; i < 600; ++i) {
    scores.push_back(i < 300 ? -1.0 : (i < 500 ? 0.0 : 1.0));
    groups.push_back(0);
  }
  for (int i = 0; i < 600; ++i) {
    scores.push_back(i < 200 ? -1.0 : (i < 400 ? 0.0 : 1.0));
    groups.push_back(1);
  }
  RtoOptions options;
  options.gamma = 0.01;
  options.rho = 0.4;
  const RtoFit fit = FitRandomizedThresholdOptimizer(scores, groups, 2, options);
  EXPECT_NEAR(0.4, fit.positive_rates[0], 1e-12);
  EXPECT_NEAR(0.4, fit.positive_rates[1], 1e-12);
}

TEST(Rto, RefusesBadInput) {
  RtoOptions options;
  EXPECT_THROW(FitRandomizedThresholdOptimizer({0.5}, {0}, 2, options), std::invalid_argument);
  EXPECT_THROW(FitRandomizedThresholdOptimizer({1.5}, {0}, 1, options), std::invalid_argument);
  options.gamma = 0.0;
  EXPECT_THROW(FitRandomizedThresholdOptimizer({0.5}, {0}, 1, options), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::postprocessing
