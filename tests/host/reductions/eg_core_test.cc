// The exponentiated-gradient core on finite games whose exact best response
// is a search over a table, so that every number can be recounted here:
// the LP step's primal and dual against each other (strong duality), the
// returned candidate's gap recomputed from its definition, Theorem 1's
// violation bound, and the LP step's convergence where the average alone
// does not converge.
#include "host_tools/reductions/eg_core.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "host_tools/reductions/eg_linear_program.h"

namespace tinyfair::host::reductions {
namespace {

using Eigen::VectorXd;

// A table of hypotheses with one moment gamma each, as the pair
// (+gamma, -gamma) against epsilon.
std::vector<EgPoint> PairedTable(const std::vector<double>& cost,
                                 const std::vector<double>& gamma) {
  std::vector<EgPoint> table;
  for (size_t j = 0; j < cost.size(); ++j) {
    table.push_back({cost[j], (VectorXd(2) << gamma[j], -gamma[j]).finished()});
  }
  return table;
}

double Lagrangian(const EgPoint& h, const VectorXd& lambda, const VectorXd& bound) {
  return h.cost + lambda.dot(h.gamma - bound);
}

// The exact best response: the table's first hypothesis of least Lagrangian.
EgOracle TableOracle(const std::vector<EgPoint>& table, const VectorXd& bound) {
  return [table, bound](const VectorXd& lambda) {
    size_t best = 0;
    for (size_t j = 1; j < table.size(); ++j) {
      if (Lagrangian(table[j], lambda, bound) < Lagrangian(table[best], lambda, bound)) best = j;
    }
    return table[best];
  };
}

// Four hypotheses: the cheapest far from parity, the fair ones costly; the
// best fair mixture needs two of them.
std::vector<EgPoint> UnfairTable() {
  return PairedTable({0.10, 0.18, 0.30, 0.45}, {0.40, 0.15, -0.05, -0.30});
}

TEST(EgLinearProgram, PrimalAndDualMeetAtTheMixturesOptimum) {
  const std::vector<EgPoint> table = UnfairTable();
  const VectorXd bound = VectorXd::Constant(2, 0.01);
  const double B = 100.0;
  const EgLpSolution lp = SolveEgLinearProgram(table, bound, B);
  ASSERT_TRUE(lp.solved);
  double total = 0.0, cost = 0.0, gamma = 0.0;
  for (size_t j = 0; j < table.size(); ++j) {
    const double q = lp.weights[static_cast<Eigen::Index>(j)];
    EXPECT_GE(q, 0.0);
    total += q;
    cost += q * table[j].cost;
    gamma += q * table[j].gamma[0];
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  // With B = 100 violating costs more than mixing: the mixture meets the
  // bound, and no mixture of the table meeting it is cheaper. The cheapest
  // is on the segment between h_0 (0.40) and h_2 (-0.05) or h_1 and h_2 at
  // gamma = 0.01: recomputed here over every pair.
  EXPECT_LE(std::abs(gamma), 0.01 + 1e-12);
  double best = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < table.size(); ++i) {
    for (size_t j = 0; j < table.size(); ++j) {
      const double gi = table[i].gamma[0], gj = table[j].gamma[0];
      for (const double target : {0.01, -0.01}) {
        if (gi == gj || (gi - target) * (gj - target) > 0.0) continue;
        const double t = (target - gj) / (gi - gj);
        best = std::min(best, t * table[i].cost + (1 - t) * table[j].cost);
      }
    }
  }
  EXPECT_NEAR(cost, best, 1e-9);
  // Strong duality: the dual's multiplier attains min_h L(h, lambda) = the
  // primal optimum, within |lambda|_1 <= B.
  ASSERT_EQ(lp.lambda.size(), 2);
  EXPECT_GE(lp.lambda.minCoeff(), -1e-12);
  EXPECT_LE(lp.lambda.sum(), B + 1e-9);
  double dual = std::numeric_limits<double>::infinity();
  for (const EgPoint& h : table) dual = std::min(dual, Lagrangian(h, lp.lambda, bound));
  EXPECT_NEAR(dual, cost, 1e-9);
}

TEST(EgLinearProgram, ViolatesWhenViolatingIsCheaperThanB) {
  // B = 0.1: a unit of violation costs 0.1, less than the cost of fairness.
  const std::vector<EgPoint> table = UnfairTable();
  const EgLpSolution lp = SolveEgLinearProgram(table, VectorXd::Constant(2, 0.01), 0.1);
  ASSERT_TRUE(lp.solved);
  EXPECT_NEAR(lp.weights[0], 1.0, 1e-12);
}

EgSettings Settings(double epsilon, bool lp_step) {
  EgSettings settings;
  settings.bound = VectorXd::Constant(2, epsilon);
  settings.multiplier_bound = 1.0 / epsilon;
  settings.nu = 1e-4;
  settings.paired = true;
  settings.max_iterations = 50;
  settings.min_iterations = 5;
  settings.lp_step = lp_step;
  return settings;
}

// The returned candidate's gap from its definition, with the exact best
// response: max(L_high - L, L - min_h L(h, lambda)).
double RecountedGap(const std::vector<EgPoint>& table, const EgOutcome& outcome,
                    const EgSettings& settings) {
  const VectorXd& lambda = outcome.lambda;
  const double middle = Lagrangian(outcome.mixture, lambda, settings.bound);
  const double high =
      outcome.mixture.cost + settings.multiplier_bound *
                                 std::max(0.0, (outcome.mixture.gamma - settings.bound).maxCoeff());
  double low = std::numeric_limits<double>::infinity();
  for (const EgPoint& h : table) low = std::min(low, Lagrangian(h, lambda, settings.bound));
  return std::max(high - middle, middle - low);
}

TEST(EgGame, LpStepConvergesWhereTheAverageDoesNot) {
  const std::vector<EgPoint> table = UnfairTable();
  for (const double epsilon : {0.1, 0.01, 0.001}) {
    SCOPED_TRACE(epsilon);
    const EgSettings with_lp = Settings(epsilon, true);
    EgGame game(with_lp, TableOracle(table, with_lp.bound));
    const EgOutcome outcome = game.Play();
    EXPECT_TRUE(outcome.converged);
    EXPECT_EQ(outcome.stopped_by, "duality gap <= nu");
    EXPECT_LE(outcome.gap, with_lp.nu);
    EXPECT_NEAR(outcome.gap, RecountedGap(table, outcome, with_lp), 1e-12);
    // Theorem 1: every constraint within epsilon + (1 + 2 nu) / B.
    const double moment = std::abs(outcome.mixture.gamma[0]);
    EXPECT_LE(moment, epsilon + (1.0 + 2.0 * with_lp.nu) / with_lp.multiplier_bound);
    // The weights are a distribution whose numbers are the mixture's.
    EXPECT_NEAR(outcome.weights.sum(), 1.0, 1e-12);
    EXPECT_GE(outcome.weights.minCoeff(), 0.0);
    EXPECT_NEAR(game.MixtureOf(outcome.weights).cost, outcome.mixture.cost, 1e-12);

    const EgSettings average_only = Settings(epsilon, false);
    EgGame slow(average_only, TableOracle(table, average_only.bound));
    const EgOutcome average = slow.Play();
    EXPECT_LE(outcome.iterations, average.iterations);
    if (epsilon == 0.001) {
      EXPECT_FALSE(average.converged);
      EXPECT_EQ(average.stopped_by, "iteration limit");
      EXPECT_GT(average.gap, RecountedGap(table, outcome, with_lp));
    }
  }
}

TEST(EgGame, CachesAResponseNoBetterThanAnEarlierOne) {
  const std::vector<EgPoint> table = UnfairTable();
  const VectorXd bound = VectorXd::Constant(2, 0.01);
  EgGame game(Settings(0.01, true), TableOracle(table, bound));
  const size_t first = game.Respond(VectorXd::Zero(2));
  const size_t again = game.Respond(VectorXd::Zero(2));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(again, 0u);
  EXPECT_EQ(game.found().size(), 2u);
  EXPECT_TRUE(game.kept()[0]);
  EXPECT_FALSE(game.kept()[1]);
}

TEST(EgGame, StopsAtTheMemberLimitWithoutTheLpStep) {
  const std::vector<EgPoint> table = UnfairTable();
  EgSettings settings = Settings(0.001, false);
  settings.max_members = 2;
  EgGame game(settings, TableOracle(table, settings.bound));
  const EgOutcome outcome = game.Play();
  EXPECT_EQ(outcome.stopped_by, "member limit");
  EXPECT_LE((outcome.weights.array() > 0.0).count(), 2);
}

}  // namespace
}  // namespace tinyfair::host::reductions
