// Fair regression by reductions: the identities the paper's reduction rests
// on (telescoping, eq. 12, the LS rewrite), the oracles against brute
// force, Algorithm 1's constraint guarantee on the training sample,
// Algorithm 2's infeasibility verdict, and the KS / DKW metrics by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "host_tools/learn/mixture_lp.h"
#include "host_tools/metrics/regression_loss.h"
#include "host_tools/metrics/regression_metrics.h"
#include "host_tools/reductions/bounded_group_loss.h"
#include "host_tools/reductions/fair_regression_reduction.h"
#include "host_tools/reductions/regression_grid.h"

namespace tinyfair::host::reductions {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Two groups; group 1's labels sit higher, and x carries the label and
// the group, so an unconstrained fit is far from statistical parity.
struct RegressionSample {
  MatrixXd X;
  VectorXd y;
  std::vector<int> group;
};

RegressionSample ShiftedGroups(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> noise(0.0, 0.05);
  RegressionSample s{MatrixXd(n, 2), VectorXd(n), std::vector<int>(static_cast<size_t>(n))};
  for (int i = 0; i < n; ++i) {
    const int a = unit(rng) < 0.4 ? 1 : 0;
    const double x = unit(rng);
    s.group[static_cast<size_t>(i)] = a;
    s.X(i, 0) = x;
    s.X(i, 1) = a;
    s.y[i] = std::fmin(std::fmax(0.15 + 0.5 * x + 0.25 * a + noise(rng), 0.0), 1.0);
  }
  return s;
}

TEST(RegressionGrid, BucketsGridValuesIntoTheirOwnCell) {
  const RegressionGrid grid(100);
  EXPECT_EQ(grid.Bucket(29.0 / 100.0), 29);  // floor(0.29 * 100) is 28
  EXPECT_EQ(grid.Bucket(0.0099), 0);
  EXPECT_EQ(grid.Bucket(-5.0), 0);
  EXPECT_EQ(grid.Bucket(1.0), 100);
  EXPECT_EQ(grid.Bucket(1e300), 100);
  EXPECT_DOUBLE_EQ(grid.Midpoint(100), 1.0);
  EXPECT_THROW(grid.Bucket(std::nan("")), std::invalid_argument);
  for (int k = 1; k <= 100; ++k) {
    EXPECT_EQ(grid.Bucket(grid.threshold(k)), k);
    EXPECT_EQ(grid.Bucket(std::nextafter(grid.threshold(k), 0.0)), k - 1);
  }
}

// l_alpha(y, u) - l(y, alpha/2) = (1/N) sum_k c(y, z_k) 1{u >= z_k} (eq. 15).
TEST(RegressionLoss, ThresholdCostsTelescopeToTheDiscretizedLoss) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (metrics::RegressionLoss loss :
       {metrics::RegressionLoss::kSquared, metrics::RegressionLoss::kLogistic}) {
    const RegressionGrid grid(40);
    for (int trial = 0; trial < 200; ++trial) {
      const double y =
          loss == metrics::RegressionLoss::kLogistic ? (unit(rng) < 0.5 ? 0.0 : 1.0) : unit(rng);
      const int j = grid.Bucket(unit(rng) * 1.2 - 0.1);
      double sum = 0.0;
      for (int k = 1; k <= j; ++k)
        sum += metrics::ThresholdCost(loss, y, grid.threshold(k), 40) / 40;
      const double discretized = metrics::LossValue(loss, y, j * grid.alpha() + grid.alpha() / 2);
      EXPECT_NEAR(discretized - metrics::LossValue(loss, y, grid.alpha() / 2), sum, 1e-12);
    }
    for (double y : {0.0, 0.3, 1.0}) {
      for (int k = 1; k <= 40; ++k) {
        EXPECT_LE(std::fabs(metrics::ThresholdCost(loss, y, grid.threshold(k), 40)), 1.0 + 1e-12);
      }
    }
  }
}

// sigmoid(C(2U-1)) l'(1, U) + (1 - sigmoid(C(2U-1))) l'(0, U) = 0 (§3.3).
TEST(RegressionLoss, LogisticOracleWeightsMakeTheTargetStationary) {
  for (double u : {0.05, 0.3, 0.5, 0.71, 0.98}) {
    const double w = metrics::LogisticProbability(u);
    EXPECT_NEAR(w * metrics::LossSlope(metrics::RegressionLoss::kLogistic, 1.0, u) +
                    (1 - w) * metrics::LossSlope(metrics::RegressionLoss::kLogistic, 0.0, u),
                0.0, 1e-12);
  }
}

TEST(StatisticalParityProblem, DisparitiesAverageToZeroAndEq12Holds) {
  const RegressionSample s = ShiftedGroups(300, 1);
  StatisticalParityOptions options;
  options.grid_size = 10;
  const StatisticalParityProblem problem(s.X, s.y, s.group, 2, options);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  VectorXd predictions(300);
  for (int i = 0; i < 300; ++i) predictions[i] = 0.5 + 0.6 * unit(rng);
  const ParityStats stats = problem.Evaluate(predictions);
  for (int k = 0; k < 10; ++k) {
    EXPECT_NEAR(
        problem.proportions()[0] * stats.gamma(0, k) + problem.proportions()[1] * stats.gamma(1, k),
        0.0, 1e-12);
  }
  MatrixXd lambda(2, 10);
  for (int a = 0; a < 2; ++a) {
    for (int k = 0; k < 10; ++k) lambda(a, k) = unit(rng);
  }
  const ThresholdCosts costs = problem.Costs(lambda);
  double augmented = 0.0;
  for (int i = 0; i < 300; ++i) {
    const int j = problem.grid().Bucket(predictions[i]);
    for (int k = 1; k <= j; ++k) augmented += costs.Cost(i, k) / 10;
  }
  EXPECT_NEAR(StatisticalParityProblem::Lagrangian(stats, lambda), augmented / 300, 1e-12);
}

// The LS/LR targets minimize g_lambda(y_i, a_i, u) over the cells.
TEST(StatisticalParityProblem, CellTargetsMinimizeThePrefixSums) {
  const RegressionSample s = ShiftedGroups(200, 2);
  StatisticalParityOptions options;
  options.grid_size = 20;
  const StatisticalParityProblem problem(s.X, s.y, s.group, 2, options);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-0.05, 0.05);
  MatrixXd lambda(2, 20);
  for (int a = 0; a < 2; ++a) {
    for (int k = 0; k < 20; ++k) lambda(a, k) = unit(rng);
  }
  const ThresholdCosts costs = problem.Costs(lambda);
  const VectorXd targets = CellTargets(costs);
  for (int i = 0; i < 200; ++i) {
    double g = 0.0, best = 0.0;
    std::vector<double> prefix = {0.0};
    for (int k = 1; k <= 20; ++k) {
      g += costs.Cost(i, k) / 20;
      prefix.push_back(g);
      best = std::min(best, g);
    }
    EXPECT_NEAR(prefix[static_cast<size_t>(problem.grid().Bucket(targets[i]))], best, 1e-12);
  }
}

// On a one-feature sample, every oracle's best response to lambda = 0 is
// within the grid's resolution of the brute-force best linear regressor.
TEST(StatisticalParityOracleExperiment, OraclesAgreeWithBruteForceOnSmallData) {
  RegressionSample s = ShiftedGroups(120, 4);
  s.X = s.X.leftCols(1).eval();
  for (ParityOracle oracle : {ParityOracle::kLeastSquares, ParityOracle::kCostSensitive}) {
    StatisticalParityOptions options;
    options.grid_size = 20;
    options.oracle = oracle;
    const StatisticalParityProblem problem(s.X, s.y, s.group, 2, options);
    const MatrixXd zero = MatrixXd::Zero(2, 20);
    double brute = std::numeric_limits<double>::infinity();
    for (double slope = -1.0; slope <= 2.0; slope += 0.01) {
      for (double intercept = -0.5; intercept <= 1.0; intercept += 0.005) {
        const VectorXd u = (s.X.col(0) * slope).array() + intercept;
        brute = std::min(brute, StatisticalParityProblem::Lagrangian(problem.Evaluate(u), zero));
      }
    }
    const LinearRegressor h = problem.Oracle(zero);
    const double value =
        StatisticalParityProblem::Lagrangian(problem.Evaluate(h.Predict(s.X)), zero);
    EXPECT_GE(value, brute - 1e-3);
    EXPECT_LE(value, brute + problem.grid().alpha() / 10) << "oracle " << static_cast<int>(oracle);
  }
}

// Theorem 4: the returned Q violates no empirical constraint by more than
// (2 + 2 nu) / B beyond eps; and the disparity falls with eps.
TEST(FitStatisticalParity, ReturnedMixtureMeetsTheConstraintsOnTheSample) {
  const RegressionSample s = ShiftedGroups(600, 8);
  for (bool lp_step : {false, true}) {
    double previous = 1.0;
    for (double slack : {1.0, 0.1, 0.03}) {
      StatisticalParityOptions options;
      options.grid_size = 20;
      options.slack = {slack};
      options.max_members = 1000;
      options.lp_step = lp_step;
      options.initial_step = lp_step ? 2.0 : 50.0;
      const StatisticalParityFit fit = FitStatisticalParity(s.X, s.y, s.group, 2, options);
      EXPECT_LE(fit.disparity, slack + fit.violation_tolerance) << "slack " << slack;
      EXPECT_LE(fit.disparity, previous + 1e-12) << "slack " << slack;
      previous = fit.disparity;
      // The same disparity measured independently from the mixture's members.
      MatrixXd outputs(600, static_cast<Eigen::Index>(fit.mixture.members.size()));
      std::vector<double> probability;
      const RegressionGrid grid(20);
      for (size_t k = 0; k < fit.mixture.members.size(); ++k) {
        const VectorXd u = fit.mixture.members[k].Predict(s.X);
        for (int i = 0; i < 600; ++i)
          outputs(i, static_cast<Eigen::Index>(k)) = grid.Floor(grid.Bucket(u[i]));
        probability.push_back(fit.mixture.probability(k));
      }
      const std::vector<double> ks = metrics::KsDisparityByGroup(outputs, probability, s.group, 2);
      EXPECT_NEAR(std::max(ks[0], ks[1]), fit.disparity, 1e-9);
      // The LP's mixture meets the slack itself and is no worse than the average.
      if (lp_step) {
        EXPECT_LE(fit.disparity, slack + 1e-9);
        EXPECT_LE(fit.loss, fit.average_loss + 1e-12);
      }
    }
    EXPECT_LT(previous, 0.1);
  }
}

// The LP's optimum against every vertex of a tiny instance: three
// hypotheses, one constraint; the best mix of 0 and 1 meeting the bound.
TEST(SolveMixtureLp, FindsTheBruteForceOptimum) {
  Eigen::VectorXd cost(3), b(2);
  cost << 0.5, 0.1, 0.3;
  Eigen::MatrixXd A(2, 3);
  A << 0.0, 0.4, 0.2,   // gamma
      0.0, -0.4, -0.2;  // -gamma
  b << 0.1, 0.1;
  const Eigen::VectorXd q = learn::SolveMixtureLp(cost, A, b, 0);
  // Brute force over a fine simplex grid.
  double best = 1e9;
  for (int i = 0; i <= 200; ++i) {
    for (int j = 0; i + j <= 200; ++j) {
      const double q1 = i / 200.0, q2 = j / 200.0, q0 = 1 - q1 - q2;
      if (std::fabs(0.4 * q1 + 0.2 * q2) <= 0.1 + 1e-12) {
        best = std::min(best, 0.5 * q0 + 0.1 * q1 + 0.3 * q2);
      }
    }
  }
  EXPECT_NEAR(cost.dot(q), best, 1e-9);
  EXPECT_NEAR(q.sum(), 1.0, 1e-12);
  EXPECT_LE((A * q - b).maxCoeff(), 1e-12);
}

TEST(FitBoundedGroupLoss, DetectsUnattainableBoundsAndMeetsAttainableOnes) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int n = 400;
  MatrixXd X(n, 1);
  VectorXd y(n);
  std::vector<int> group(n);
  for (int i = 0; i < n; ++i) {
    group[static_cast<size_t>(i)] = i % 2;
    X(i, 0) = unit(rng);
    y[i] = unit(rng);  // unpredictable: every group loss is near 1/24
  }
  BoundedGroupLossOptions options;
  options.bound = {0.0};
  options.multiplier_bound = 40.0;  // (1 + 2 nu) / B = 0.0275, below the losses' 1/24
  options.tolerance = 0.05;
  options.max_iterations = 3000;
  options.initial_step = 5.0;
  options.max_members = 100000;
  const BoundedGroupLossFit infeasible = FitBoundedGroupLoss(X, y, group, 2, options);
  EXPECT_TRUE(infeasible.converged);
  EXPECT_TRUE(infeasible.infeasible);
  EXPECT_TRUE(infeasible.mixture.members.empty());
  options.bound = {0.05};
  const BoundedGroupLossFit feasible = FitBoundedGroupLoss(X, y, group, 2, options);
  EXPECT_FALSE(feasible.infeasible);
  for (double loss : feasible.group_loss) EXPECT_LE(loss, 0.05 + feasible.violation_tolerance);
}

TEST(RegressionMetrics, KsDisparityAndDkwWidthByHand) {
  // Group 0: outputs {0.2, 0.8}; group 1: {0.8, 0.8}; two members, the
  // second shifting group 1's first row to 0.2 with probability 1/4.
  MatrixXd outputs(4, 2);
  outputs << 0.2, 0.2, 0.8, 0.8, 0.8, 0.2, 0.8, 0.8;
  const std::vector<int> group = {0, 0, 1, 1};
  const std::vector<double> probability = {0.75, 0.25};
  // P[>= 0.8 | 0] = 1/2, P[>= 0.8 | 1] = (0.75 + 1) / 2 = 0.875,
  // P[>= 0.8] = 0.6875: gaps 0.1875 each.
  const std::vector<double> ks = metrics::KsDisparityByGroup(outputs, probability, group, 2);
  EXPECT_NEAR(ks[0], 0.1875, 1e-12);
  EXPECT_NEAR(ks[1], 0.1875, 1e-12);
  EXPECT_NEAR(metrics::DkwHalfWidth(1000, 0.05), std::sqrt(std::log(40.0) / 2000.0), 1e-15);
  VectorXd y(4);
  y << 0.0, 1.0, 1.0, 1.0;
  const metrics::RegressionReport report =
      metrics::EvaluateRegression(outputs, probability, y, group, {"a", "b"});
  // Squared errors: 0.04, 0.04, 0.75 * 0.04 + 0.25 * 0.64, 0.04.
  EXPECT_NEAR(report.rmse, std::sqrt((0.04 * 3 + 0.03 + 0.16) / 4), 1e-12);
  EXPECT_NEAR(report.disparity, 0.1875, 1e-12);
  EXPECT_FALSE(std::isnan(report.log_loss));
}

// The spec's counterexample (§2.7): two members that each satisfy SP
// exactly; their mean does not.
TEST(RegressionMetrics, MeanOfFairMembersIsNotFair) {
  MatrixXd outputs(4, 2), mean(4, 1);
  // Rows: (x, a) = (0,0), (1,0), (0,1), (1,1); f1 = x (a=0), 1-x (a=1); f2 = x.
  outputs << 0, 0, 1, 1, 1, 0, 0, 1;
  mean = outputs.rowwise().mean();
  const std::vector<int> group = {0, 0, 1, 1};
  const auto fair = metrics::KsDisparityByGroup(outputs, {0.5, 0.5}, group, 2);
  EXPECT_NEAR(std::max(fair[0], fair[1]), 0.0, 1e-12);
  const auto averaged = metrics::KsDisparityByGroup(mean, {1.0}, group, 2);
  EXPECT_NEAR(std::max(averaged[0], averaged[1]), 0.25, 1e-12);
}

}  // namespace
}  // namespace tinyfair::host::reductions
