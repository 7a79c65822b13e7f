// An exact solver for the small dense linear programs of soft group
// assignments (tens of variables): two-phase tableau simplex with Bland's
// rule, which cannot cycle, in double precision.
#pragma once

#include <Eigen/Core>

namespace tinyfair::host {

enum class LpStatus { kOptimal, kInfeasible, kUnbounded };

struct LpSolution {
  LpStatus status = LpStatus::kInfeasible;
  Eigen::VectorXd x;
  double objective = 0.0;
};

/// minimize c'x subject to A x = b, x >= 0. Redundant equality rows are
/// allowed (they are detected and dropped after phase 1).
LpSolution SolveLinearProgram(const Eigen::VectorXd& c, const Eigen::MatrixXd& A,
                              const Eigen::VectorXd& b);

}  // namespace tinyfair::host
