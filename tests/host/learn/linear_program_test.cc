// The small-LP solver against optima known by hand, and its infeasible,
// unbounded and redundant-row cases.
#include "host_tools/learn/linear_program.h"

#include <gtest/gtest.h>

namespace tinyfair::host::learn {
namespace {

// max 3x + 5y s.t. x <= 4, 2y <= 12, 3x + 2y <= 18 (Hillier & Lieberman's
// Wyndor example): optimum x = 2, y = 6, value 36. Slacks s1..s3.
TEST(LinearProgram, TextbookMaximum) {
  Eigen::MatrixXd A(3, 5);
  A << 1, 0, 1, 0, 0,  //
      0, 2, 0, 1, 0,   //
      3, 2, 0, 0, 1;
  Eigen::VectorXd b(3), c(5);
  b << 4, 12, 18;
  c << -3, -5, 0, 0, 0;
  const LpSolution s = SolveLinearProgram(c, A, b);
  ASSERT_EQ(s.status, LpStatus::kOptimal);
  EXPECT_NEAR(s.objective, -36.0, 1e-9);
  EXPECT_NEAR(s.x[0], 2.0, 1e-9);
  EXPECT_NEAR(s.x[1], 6.0, 1e-9);
}

// min x1 + x2 s.t. x1 + 2 x2 = 4, 3 x1 + x2 = 6 (one feasible point x1 = 1.6,
// x2 = 1.2), with the first row repeated (a redundant equality) and a
// negative right-hand side written as the negated row.
TEST(LinearProgram, EqualitiesWithRedundantAndNegatedRows) {
  Eigen::MatrixXd A(4, 2);
  A << 1, 2,  //
      3, 1,   //
      1, 2,   //
      -3, -1;
  Eigen::VectorXd b(4), c(2);
  b << 4, 6, 4, -6;
  c << 1, 1;
  const LpSolution s = SolveLinearProgram(c, A, b);
  ASSERT_EQ(s.status, LpStatus::kOptimal);
  EXPECT_NEAR(s.x[0], 1.6, 1e-9);
  EXPECT_NEAR(s.x[1], 1.2, 1e-9);
  EXPECT_NEAR(s.objective, 2.8, 1e-9);
}

TEST(LinearProgram, Infeasible) {
  // x1 + x2 = 1 and x1 + x2 = 2.
  Eigen::MatrixXd A(2, 2);
  A << 1, 1, 1, 1;
  Eigen::VectorXd b(2), c(2);
  b << 1, 2;
  c << 1, 0;
  EXPECT_EQ(SolveLinearProgram(c, A, b).status, LpStatus::kInfeasible);
  // x1 = -1 with x1 >= 0.
  Eigen::MatrixXd A1(1, 1);
  A1 << 1;
  EXPECT_EQ(SolveLinearProgram(Eigen::VectorXd::Ones(1), A1, -Eigen::VectorXd::Ones(1)).status,
            LpStatus::kInfeasible);
}

TEST(LinearProgram, Unbounded) {
  // min -x1 s.t. x1 - x2 = 1.
  Eigen::MatrixXd A(1, 2);
  A << 1, -1;
  Eigen::VectorXd b(1), c(2);
  b << 1;
  c << -1, 0;
  EXPECT_EQ(SolveLinearProgram(c, A, b).status, LpStatus::kUnbounded);
}

// A degenerate LP on which the textbook largest-coefficient rule cycles
// (Beale's example); Bland's rule must terminate at the optimum -1/20.
TEST(LinearProgram, BealeCyclingExample) {
  Eigen::MatrixXd A(3, 7);
  A << 0.25, -60, -1.0 / 25, 9, 1, 0, 0,  //
      0.5, -90, -1.0 / 50, 3, 0, 1, 0,    //
      0, 0, 1, 0, 0, 0, 1;
  Eigen::VectorXd b(3), c(7);
  b << 0, 0, 1;
  c << -0.75, 150, -1.0 / 50, 6, 0, 0, 0;
  const LpSolution s = SolveLinearProgram(c, A, b);
  ASSERT_EQ(s.status, LpStatus::kOptimal);
  EXPECT_NEAR(s.objective, -0.05, 1e-9);
}

}  // namespace
}  // namespace tinyfair::host::learn
