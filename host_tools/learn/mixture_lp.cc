#include "host_tools/learn/mixture_lp.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace tinyfair::host::learn {

Eigen::VectorXd SolveMixtureLp(const Eigen::VectorXd& cost, const Eigen::MatrixXd& A,
                               const Eigen::VectorXd& b, Eigen::Index feasible_column) {
  const Eigen::Index K = A.cols(), m = A.rows();
  if (cost.size() != K || b.size() != m || feasible_column < 0 || feasible_column >= K) {
    throw std::invalid_argument("SolveMixtureLp: mismatched sizes");
  }
  if (((A.col(feasible_column) - b).array() > 1e-12).any()) {
    throw std::invalid_argument("SolveMixtureLp: the starting column is not feasible");
  }
  constexpr double kEps = 1e-12;
  // Columns: q_0..q_{K-1}, slacks s_0..s_{m-1}, then the right-hand side.
  // Rows 0..m-1: A q + s = b; row m: sum q = 1.
  const Eigen::Index columns = K + m;
  Eigen::MatrixXd T = Eigen::MatrixXd::Zero(m + 1, columns + 1);
  T.topLeftCorner(m, K) = A;
  T.block(0, K, m, m).setIdentity();
  T.col(columns).head(m) = b;
  T.row(m).head(K).setOnes();
  T(m, columns) = 1.0;
  // Basis: the slacks, and q_start for the sum row (eliminated from the rows above).
  std::vector<Eigen::Index> basis(static_cast<size_t>(m + 1));
  for (Eigen::Index i = 0; i < m; ++i) {
    basis[static_cast<size_t>(i)] = K + i;
    T.row(i) -= T(i, feasible_column) * T.row(m);
  }
  basis[static_cast<size_t>(m)] = feasible_column;
  Eigen::VectorXd full_cost = Eigen::VectorXd::Zero(columns);
  full_cost.head(K) = cost;
  for (int iteration = 0; iteration < 100000; ++iteration) {
    // Reduced costs r_j = c_j - c_B . T_j; Bland: the first negative one enters.
    Eigen::VectorXd basic_cost(m + 1);
    for (Eigen::Index i = 0; i <= m; ++i) basic_cost[i] = full_cost[basis[static_cast<size_t>(i)]];
    const Eigen::RowVectorXd reduced =
        full_cost.transpose() - basic_cost.transpose() * T.leftCols(columns);
    Eigen::Index entering = -1;
    for (Eigen::Index j = 0; j < columns && entering < 0; ++j) {
      if (reduced[j] < -1e-10) entering = j;
    }
    if (entering < 0) break;
    Eigen::Index leaving = -1;
    double best_ratio = 0.0;
    for (Eigen::Index i = 0; i <= m; ++i) {
      if (T(i, entering) <= kEps) continue;
      const double ratio = T(i, columns) / T(i, entering);
      if (leaving < 0 || ratio < best_ratio - kEps ||
          (ratio <= best_ratio + kEps &&
           basis[static_cast<size_t>(i)] < basis[static_cast<size_t>(leaving)])) {
        leaving = i;
        best_ratio = ratio;
      }
    }
    if (leaving < 0) break;  // unbounded cannot happen: sum q = 1, q >= 0
    T.row(leaving) /= T(leaving, entering);
    for (Eigen::Index i = 0; i <= m; ++i) {
      if (i != leaving && T(i, entering) != 0.0) T.row(i) -= T(i, entering) * T.row(leaving);
    }
    basis[static_cast<size_t>(leaving)] = entering;
  }
  Eigen::VectorXd q = Eigen::VectorXd::Zero(K);
  for (Eigen::Index i = 0; i <= m; ++i) {
    const Eigen::Index j = basis[static_cast<size_t>(i)];
    if (j < K) q[j] = std::max(0.0, T(i, columns));
  }
  return q / q.sum();
}

}  // namespace tinyfair::host::learn
