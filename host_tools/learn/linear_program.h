// The linear programs of soft group assignments and of the mixture step of
// the reductions, solved by COIN-OR CLP's simplex (a vertex of the optimal
// face; CLP's anti-degeneracy keeps it from cycling).
#pragma once

#include <Eigen/Core>

namespace tinyfair::host::learn {

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

}  // namespace tinyfair::host::learn
