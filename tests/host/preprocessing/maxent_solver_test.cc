// The dual solvers on an enumerable domain: the solved distribution meets
// the target marginals, KL(p*||q) = -h(lambda*), both methods find the same
// minimiser, and the closed forms the paper and the spec give hold.
#include "host_tools/preprocessing/maxent_solver.h"

#include <gtest/gtest.h>

#include "host_tools/preprocessing/maxent_report.h"
#include "tests/host/preprocessing/maxent_test_fixture.h"

namespace tinyfair::host::preprocessing {
namespace {

struct Problem {
  Domain domain = testing::SmallDomain();
  DomainData data = Deduplicate(domain, testing::BiasedRows(2000, 17));
  MaxentRoles roles{0, 1};
  MixturePrior prior{0.5, ReweightForStatisticalRate(domain, data, roles, 0.8)};
  Eigen::VectorXd theta = RenormaliseOneHotBlocks(domain, WeightedMean(data, prior.weights));
};

double EnumeratedKl(const testing::Enumerated& e) {
  double kl = 0.0;
  for (std::size_t k = 0; k < e.points.size(); ++k) {
    if (e.probability[k] > 0.0) kl += e.probability[k] * std::log(e.probability[k] / e.prior[k]);
  }
  return kl;
}

TEST(MaxentSolver, NewtonMeetsTheTargetMarginalsByEnumeration) {
  const Problem p;
  const DualOracle oracle(p.domain, p.data, p.prior, p.theta);
  const DualSolution solution = SolveDual(oracle, {});
  EXPECT_EQ(solution.status, DualStatus::kConverged);
  EXPECT_LE(solution.feasibility, 1e-10);
  EXPECT_LE(solution.iterations, 20);
  const testing::Enumerated e = testing::Enumerate(p.domain, p.data, p.prior, solution.lambda);
  EXPECT_LT((testing::EnumeratedMean(e) - p.theta).cwiseAbs().maxCoeff(), 1e-8);
  // Strong duality: KL(p* || q) = -h(lambda*) >= 0.
  EXPECT_NEAR(EnumeratedKl(e), -solution.point.h, 1e-8);
  EXPECT_GT(-solution.point.h, 0.0);
  // Gauge: the first coordinate of the one-hot block is pinned to 0.
  EXPECT_EQ(solution.lambda[2], 0.0);
  // The exact group/label joint equals the enumerated one, and p*(Z=1)
  // is theta's protected coordinate, 1 / (1 + tau).
  const GroupLabelJoint joint = JointOfTilted(p.data, solution.point, p.roles);
  GroupLabelJoint enumerated;
  for (std::size_t k = 0; k < e.points.size(); ++k) {
    enumerated.mass[e.points[k][0]][e.points[k][1]] += e.probability[k];
  }
  for (int z = 0; z < 2; ++z) {
    for (int y = 0; y < 2; ++y) EXPECT_NEAR(joint.mass[z][y], enumerated.mass[z][y], 1e-12);
  }
  const FairnessRates rates = RatesOf(joint, 1);
  EXPECT_NEAR(rates.group_share[1], 1.0 / 1.8, 1e-9);
  EXPECT_NEAR(rates.representation_rate, 0.8, 1e-9);
  // Theorem 4.5's bound holds.
  const double bound =
      TheoremStatisticalRateBound(0.8, 0.5, joint, JointOfPrior(p.data, p.prior, p.roles), 1);
  EXPECT_GE(rates.statistical_rate, bound);
}

TEST(MaxentSolver, PaperBoxNewtonFindsTheSameMinimiser) {
  const Problem p;
  const DualOracle oracle(p.domain, p.data, p.prior, p.theta);
  const DualSolution newton = SolveDual(oracle, {});
  DualSolverOptions options;
  options.method = DualMethod::kBoxNewtonPaper;
  options.gradient_tolerance = 1e-9;
  const DualSolution box = SolveDual(oracle, options);
  EXPECT_EQ(box.status, DualStatus::kConverged);
  EXPECT_GT(box.iterations, newton.iterations);
  EXPECT_NEAR(box.point.h, newton.point.h, 1e-12);
  EXPECT_LT((box.lambda - newton.lambda).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(MaxentSolver, ThetaOfThePriorLeavesThePriorUnchanged) {
  const Problem p;
  const Eigen::VectorXd theta = PriorMean(p.domain, p.data, p.prior);
  const DualOracle oracle(p.domain, p.data, p.prior, theta);
  const DualSolution solution = SolveDual(oracle, {});
  EXPECT_EQ(solution.status, DualStatus::kConverged);
  EXPECT_EQ(solution.iterations, 0);
  EXPECT_LT(solution.lambda.cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_NEAR(solution.point.h, 0.0, 1e-12);
}

TEST(MaxentSolver, UniformPriorHasClosedFormLogits) {
  const Problem p;
  const MixturePrior uniform{1.0, p.prior.weights};
  const DualOracle oracle(p.domain, p.data, uniform, p.theta);
  const DualSolution solution = SolveDual(oracle, {});
  ASSERT_EQ(solution.status, DualStatus::kConverged);
  for (Eigen::Index j : {0, 1}) {
    EXPECT_NEAR(solution.lambda[j], std::log(p.theta[j] / (1.0 - p.theta[j])), 1e-9);
  }
  for (Eigen::Index j : {3, 4}) {
    EXPECT_NEAR(solution.lambda[j], std::log(p.theta[j] / p.theta[2]), 1e-9);
  }
  // The ordinal block: the softmax over {0,1,2,3} with scores v lambda has mean theta.
  const Eigen::VectorXd& pi = solution.point.block_probabilities[3];
  EXPECT_NEAR(pi[1] + 2 * pi[2] + 3 * pi[3], p.theta[5], 1e-10);
  EXPECT_NEAR(std::log(pi[1] / pi[0]), solution.lambda[5], 1e-9);
}

TEST(MaxentSolver, DataOnlyPriorConverges) {
  const Problem p;
  const MixturePrior data_only{0.0, p.prior.weights};
  // theta^d lies inside conv(S) (S covers most of the domain here).
  const Eigen::VectorXd theta = WeightedMean(p.data, EmpiricalWeights(p.data));
  const DualOracle oracle(p.domain, p.data, data_only, theta);
  const DualSolution solution = SolveDual(oracle, {});
  EXPECT_EQ(solution.status, DualStatus::kConverged);
  const testing::Enumerated e = testing::Enumerate(p.domain, p.data, data_only, solution.lambda);
  EXPECT_LT((testing::EnumeratedMean(e) - theta).cwiseAbs().maxCoeff(), 1e-8);
}

TEST(MaxentSolver, RefusesThetaOnTheBoundary) {
  const Problem p;
  Eigen::VectorXd theta = p.theta;
  theta[1] = 1.0;  // the label constant
  EXPECT_EQ(BoundaryProblems(p.domain, theta).size(), 1u);
  EXPECT_THROW(SolveDual(DualOracle(p.domain, p.data, p.prior, theta), {}), std::invalid_argument);
  theta = p.theta;
  theta[4] = 0.0;  // a category that never occurs (and a block not summing to 1)
  EXPECT_EQ(BoundaryProblems(p.domain, theta).size(), 2u);
  theta = p.theta;
  theta[5] = 3.0;  // the ordinal block at its maximum
  EXPECT_EQ(BoundaryProblems(p.domain, theta).size(), 1u);
  EXPECT_TRUE(BoundaryProblems(p.domain, p.theta).empty());
}

TEST(MaxentSolver, NearBoundaryThetaIsFlagged) {
  const Problem p;
  DualSolverOptions options;
  options.lambda_guard = 15.0;
  EXPECT_TRUE(SolveDual(DualOracle(p.domain, p.data, p.prior, p.theta), options).warnings.empty());
  // A label that is almost constant needs lambda near logit(1 - 1e-9) = 20.7.
  Eigen::VectorXd theta = p.theta;
  theta[1] = 1.0 - 1e-9;
  options.gradient_tolerance = 1e-13;
  const DualSolution solution = SolveDual(DualOracle(p.domain, p.data, p.prior, theta), options);
  EXPECT_EQ(solution.status, DualStatus::kConverged);
  EXPECT_GT(solution.lambda[1], 15.0);
  ASSERT_EQ(solution.warnings.size(), 1u);
  EXPECT_NE(solution.warnings[0].find("boundary"), std::string::npos);
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
