#include "host_tools/learn/mixture_lp.h"

#include <algorithm>
#include <stdexcept>

#include "host_tools/learn/linear_program.h"

namespace tinyfair::host {

Eigen::VectorXd SolveMixtureLp(const Eigen::VectorXd& cost, const Eigen::MatrixXd& A,
                               const Eigen::VectorXd& b, Eigen::Index feasible_column) {
  const Eigen::Index K = A.cols(), m = A.rows();
  if (cost.size() != K || b.size() != m || feasible_column < 0 || feasible_column >= K) {
    throw std::invalid_argument("SolveMixtureLp: mismatched sizes");
  }
  if (((A.col(feasible_column) - b).array() > 1e-12).any()) {
    throw std::invalid_argument("SolveMixtureLp: the starting column is not feasible");
  }
  // Equality form: variables q_0..q_{K-1}, then slacks s_0..s_{m-1};
  // rows 0..m-1: A q + s = b; row m: sum q = 1.
  Eigen::MatrixXd equalities = Eigen::MatrixXd::Zero(m + 1, K + m);
  equalities.topLeftCorner(m, K) = A;
  equalities.block(0, K, m, m).setIdentity();
  equalities.row(m).head(K).setOnes();
  Eigen::VectorXd rhs(m + 1);
  rhs << b, 1.0;
  Eigen::VectorXd full_cost = Eigen::VectorXd::Zero(K + m);
  full_cost.head(K) = cost;
  const LpSolution solution = SolveLinearProgram(full_cost, equalities, rhs);
  if (solution.status != LpStatus::kOptimal) {
    // Cannot happen with a feasible column and sum q = 1; the column alone
    // is the safe answer.
    Eigen::VectorXd q = Eigen::VectorXd::Zero(K);
    q[feasible_column] = 1.0;
    return q;
  }
  const Eigen::VectorXd q = solution.x.head(K).cwiseMax(0.0);
  return q / q.sum();
}

}  // namespace tinyfair::host
