#include "host_tools/reductions/eg_linear_program.h"

#include "host_tools/learn/linear_program.h"

namespace tinyfair::host::reductions {
namespace {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

// Primal columns: q (H), s, the constraints' slacks (K); rows: the K
// constraints sum_h q_h gamma_hk - s + u_k = bound_k, then sum q = 1.
learn::LpSolution SolvePrimal(const std::vector<EgPoint>& hypotheses, const VectorXd& bound,
                              double B) {
  const Index H = static_cast<Index>(hypotheses.size()), K = bound.size();
  MatrixXd A = MatrixXd::Zero(K + 1, H + 1 + K);
  VectorXd c = VectorXd::Zero(H + 1 + K), b(K + 1);
  for (Index h = 0; h < H; ++h) {
    A.col(h).head(K) = hypotheses[static_cast<size_t>(h)].gamma;
    A(K, h) = 1.0;
    c[h] = hypotheses[static_cast<size_t>(h)].cost;
  }
  A.col(H).head(K).setConstant(-1.0);
  c[H] = B;
  A.block(0, H + 1, K, K).setIdentity();
  b << bound, 1.0;
  return learn::SolveLinearProgram(c, A, b);
}

// Dual columns: lambda (K), mu+ and mu- (mu = mu+ - mu- is free), the
// hypotheses' slacks (H), the slack of |lambda|_1 <= B; rows: mu <=
// cost_h + lambda . (gamma_h - bound) for every h, then sum lambda + w = B.
// Maximises mu.
learn::LpSolution SolveDual(const std::vector<EgPoint>& hypotheses, const VectorXd& bound,
                            double B) {
  const Index H = static_cast<Index>(hypotheses.size()), K = bound.size();
  MatrixXd A = MatrixXd::Zero(H + 1, K + 2 + H + 1);
  VectorXd c = VectorXd::Zero(A.cols()), b(H + 1);
  for (Index h = 0; h < H; ++h) {
    const EgPoint& point = hypotheses[static_cast<size_t>(h)];
    A.row(h).head(K) = -(point.gamma - bound).transpose();
    A(h, K) = 1.0;
    A(h, K + 1) = -1.0;
    A(h, K + 2 + h) = 1.0;
    b[h] = point.cost;
  }
  A.row(H).head(K).setOnes();
  A(H, K + 2 + H) = 1.0;
  b[H] = B;
  c[K] = -1.0;
  c[K + 1] = 1.0;
  return learn::SolveLinearProgram(c, A, b);
}

}  // namespace

EgLpSolution SolveEgLinearProgram(const std::vector<EgPoint>& hypotheses, const VectorXd& bound,
                                  double multiplier_bound) {
  EgLpSolution solution;
  if (hypotheses.empty()) return solution;
  const Index H = static_cast<Index>(hypotheses.size()), K = bound.size();
  const learn::LpSolution primal = SolvePrimal(hypotheses, bound, multiplier_bound);
  const learn::LpSolution dual = SolveDual(hypotheses, bound, multiplier_bound);
  if (primal.status != learn::LpStatus::kOptimal || dual.status != learn::LpStatus::kOptimal)
    return solution;
  const double total = primal.x.head(H).sum();
  if (!(total > 0.0)) return solution;
  solution.solved = true;
  solution.weights = primal.x.head(H) / total;
  solution.lambda = dual.x.head(K);
  return solution;
}

}  // namespace tinyfair::host::reductions
