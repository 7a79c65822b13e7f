#include "host_tools/learn/linear_program.h"

#include <algorithm>
#include <cmath>
#include <coin/ClpSimplex.hpp>
#include <limits>
#include <vector>

namespace tinyfair::host::learn {

LpSolution SolveLinearProgram(const Eigen::VectorXd& c, const Eigen::MatrixXd& A,
                              const Eigen::VectorXd& b) {
  const Eigen::Index m = A.rows(), n = A.cols();
  LpSolution solution;
  // The matrix column by column, without its zeros (CLP's packed form).
  std::vector<CoinBigIndex> start{0};
  std::vector<int> row;
  std::vector<double> value;
  for (Eigen::Index j = 0; j < n; ++j) {
    for (Eigen::Index i = 0; i < m; ++i) {
      if (A(i, j) == 0.0) continue;
      row.push_back(static_cast<int>(i));
      value.push_back(A(i, j));
    }
    start.push_back(static_cast<CoinBigIndex>(row.size()));
  }
  const std::vector<double> lower(static_cast<size_t>(n), 0.0);
  const std::vector<double> upper(static_cast<size_t>(n), std::numeric_limits<double>::max());
  const std::vector<double> rhs(b.data(), b.data() + m);
  const std::vector<double> cost(c.data(), c.data() + n);

  ClpSimplex model;
  model.setLogLevel(0);
  model.loadProblem(static_cast<int>(n), static_cast<int>(m), start.data(), row.data(),
                    value.data(), lower.data(), upper.data(), cost.data(), rhs.data(), rhs.data());
  model.initialSolve();
  if (model.isProvenPrimalInfeasible()) return solution;  // kInfeasible
  if (model.isProvenDualInfeasible()) {
    solution.status = LpStatus::kUnbounded;
    return solution;
  }
  if (!model.isProvenOptimal()) return solution;
  solution.status = LpStatus::kOptimal;
  const double* x = model.primalColumnSolution();
  solution.x.resize(n);
  for (Eigen::Index j = 0; j < n; ++j) solution.x[j] = std::max(0.0, x[j]);
  solution.objective = c.dot(solution.x);
  return solution;
}

}  // namespace tinyfair::host::learn
