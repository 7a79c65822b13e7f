// The polynomial-time dual oracle against brute-force enumeration of the
// domain: value, gradient and Hessian for random lambda and every C, plus
// finite differences and the closed form for C = 1.
#include "host_tools/preprocessing/maxent_oracle.h"

#include <gtest/gtest.h>

#include "tests/host/preprocessing/maxent_test_fixture.h"

namespace tinyfair::host::preprocessing {
namespace {

Eigen::VectorXd RandomVector(runtime::Pcg32& rng, Eigen::Index n, double scale) {
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = scale * (2.0 * (rng.Next() * 0x1.0p-32) - 1.0);
  return v;
}

TEST(MaxentOracle, MatchesEnumerationForEveryPriorWeight) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = Deduplicate(domain, testing::BiasedRows(500, 3));
  const MaxentRoles roles{0, 1};
  runtime::Pcg32 rng(42, 1);
  for (double c : {0.0, 0.3, 0.5, 1.0}) {
    const MixturePrior prior{c, ReweightForStatisticalRate(domain, data, roles, 0.8)};
    const Eigen::VectorXd theta = WeightedMean(data, prior.weights);
    const DualOracle oracle(domain, data, prior, theta);
    for (int trial = 0; trial < 5; ++trial) {
      const Eigen::VectorXd lambda = RandomVector(rng, 6, trial == 0 ? 0.0 : 3.0);
      const DualPoint point = oracle.Evaluate(lambda, true);
      const testing::Enumerated e = testing::Enumerate(domain, data, prior, lambda);
      EXPECT_NEAR(point.h, e.log_partition - theta.dot(lambda), 1e-12) << c;
      EXPECT_LT((point.gradient - (testing::EnumeratedMean(e) - theta)).cwiseAbs().maxCoeff(),
                1e-12)
          << c;
      EXPECT_LT((point.hessian - testing::EnumeratedCovariance(e)).cwiseAbs().maxCoeff(), 1e-12)
          << c;
      EXPECT_NEAR(point.pi_uniform + point.pi_data, 1.0, 1e-15);
      EXPECT_EQ(point.pi_uniform == 0.0, c == 0.0);
      EXPECT_EQ(point.pi_data == 0.0, c == 1.0);
    }
  }
}

TEST(MaxentOracle, GradientAndHessianAreDerivatives) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = Deduplicate(domain, testing::BiasedRows(400, 9));
  const MixturePrior prior{0.4, EmpiricalWeights(data)};
  const DualOracle oracle(domain, data, prior, WeightedMean(data, prior.weights));
  runtime::Pcg32 rng(8, 2);
  const Eigen::VectorXd lambda = RandomVector(rng, 6, 1.0);
  const DualPoint point = oracle.Evaluate(lambda, true);
  const double step = 1e-5;
  for (Eigen::Index i = 0; i < 6; ++i) {
    Eigen::VectorXd up = lambda, down = lambda;
    up[i] += step;
    down[i] -= step;
    const DualPoint a = oracle.Evaluate(up, false), b = oracle.Evaluate(down, false);
    EXPECT_NEAR((a.h - b.h) / (2 * step), point.gradient[i], 1e-8);
    EXPECT_LT(((a.gradient - b.gradient) / (2 * step) - point.hessian.col(i)).cwiseAbs().maxCoeff(),
              1e-8);
  }
}

TEST(MaxentOracle, LargeLambdaStaysFinite) {
  // exp(<alpha, lambda>) overflows a double here; the log-space oracle not.
  const Domain domain = testing::SmallDomain();
  const DomainData data = Deduplicate(domain, testing::BiasedRows(200, 4));
  const MixturePrior prior{0.5, EmpiricalWeights(data)};
  const DualOracle oracle(domain, data, prior, WeightedMean(data, prior.weights));
  Eigen::VectorXd lambda = Eigen::VectorXd::Constant(6, 400.0);
  const DualPoint point = oracle.Evaluate(lambda, true);
  EXPECT_TRUE(std::isfinite(point.h));
  EXPECT_TRUE(point.gradient.allFinite());
  EXPECT_TRUE(point.hessian.allFinite());
}

TEST(MaxentOracle, OneHotGaugeDirectionLeavesHUnchanged) {
  const Domain domain = testing::SmallDomain();
  const DomainData data = Deduplicate(domain, testing::BiasedRows(300, 6));
  const MixturePrior prior{0.5, EmpiricalWeights(data)};
  const DualOracle oracle(domain, data, prior, WeightedMean(data, prior.weights));
  runtime::Pcg32 rng(3, 3);
  const Eigen::VectorXd lambda = RandomVector(rng, 6, 2.0);
  Eigen::VectorXd shifted = lambda;
  shifted.segment(2, 3).array() += 1.7;
  const DualPoint a = oracle.Evaluate(lambda, true), b = oracle.Evaluate(shifted, true);
  EXPECT_NEAR(a.h, b.h, 1e-12);
  EXPECT_LT((a.gradient - b.gradient).cwiseAbs().maxCoeff(), 1e-12);
  // ... and is a zero eigenvector of the Hessian.
  Eigen::VectorXd ones = Eigen::VectorXd::Zero(6);
  ones.segment(2, 3).setOnes();
  EXPECT_LT((a.hessian * ones).cwiseAbs().maxCoeff(), 1e-12);
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
