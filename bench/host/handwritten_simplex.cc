// The project's hand-written LP solver as it was before COIN-OR CLP
// replaced it (two-phase tableau simplex with Bland's rule), kept here only
// as the baseline of lp_bench.cc.
#include "bench/host/handwritten_simplex.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace tinyfair::bench {
using host::learn::LpSolution;
using host::learn::LpStatus;
namespace {

constexpr double kPivotTolerance = 1e-9;
// Entries this small after a pivot are rounding noise of exact zeros; left
// in, they can make Bland's rule cycle on degenerate programs.
constexpr double kZeroTolerance = 1e-12;

// Tableau rows 0..m-1 are the constraints (last column: right-hand side);
// row m is the reduced-cost row, whose last entry is minus the objective.
struct Tableau {
  Eigen::MatrixXd t;
  std::vector<Eigen::Index> basis;

  Eigen::Index rows() const { return t.rows() - 1; }
  Eigen::Index rhs() const { return t.cols() - 1; }

  void Pivot(Eigen::Index row, Eigen::Index column) {
    t.row(row) /= t(row, column);
    for (Eigen::Index r = 0; r < t.rows(); ++r) {
      if (r != row && t(r, column) != 0.0) t.row(r) -= t(r, column) * t.row(row);
    }
    t = (t.array().abs() < kZeroTolerance).select(0.0, t);
    basis[static_cast<size_t>(row)] = column;
  }

  // Bland's rule over the columns allowed to enter; false when unbounded.
  bool Optimize(Eigen::Index allowed_columns) {
    const Eigen::Index m = rows();
    const long limit = 100L * (t.rows() + t.cols()) * (t.rows() + t.cols());
    for (long pivots = 0;; ++pivots) {
      if (pivots > limit) throw std::runtime_error("linear program: the simplex did not terminate");
      Eigen::Index enter = -1;
      for (Eigen::Index j = 0; j < allowed_columns; ++j) {
        if (t(m, j) < -kPivotTolerance) {
          enter = j;
          break;
        }
      }
      if (enter < 0) return true;
      Eigen::Index leave = -1;
      double best = 0.0;
      for (Eigen::Index r = 0; r < m; ++r) {
        if (t(r, enter) <= kPivotTolerance) continue;
        const double ratio = t(r, rhs()) / t(r, enter);
        if (leave < 0 || ratio < best - 1e-15 ||
            (ratio <= best + 1e-15 &&
             basis[static_cast<size_t>(r)] < basis[static_cast<size_t>(leave)])) {
          leave = r, best = ratio;
        }
      }
      if (leave < 0) return false;
      Pivot(leave, enter);
    }
  }
};

}  // namespace

LpSolution SolveLinearProgramHandwritten(const Eigen::VectorXd& c, const Eigen::MatrixXd& A,
                                         const Eigen::VectorXd& b) {
  const Eigen::Index m = A.rows(), n = A.cols();
  LpSolution solution;
  // Phase 1: artificial variables n..n+m-1 with b >= 0; minimize their sum.
  Tableau tab;
  tab.t = Eigen::MatrixXd::Zero(m + 1, n + m + 1);
  for (Eigen::Index r = 0; r < m; ++r) {
    const double sign = b[r] < 0.0 ? -1.0 : 1.0;
    tab.t.row(r).head(n) = sign * A.row(r);
    tab.t(r, n + r) = 1.0;
    tab.t(r, n + m) = sign * b[r];
    tab.basis.push_back(n + r);
  }
  for (Eigen::Index r = 0; r < m; ++r) tab.t.row(m) -= tab.t.row(r);
  for (Eigen::Index r = 0; r < m; ++r) tab.t(m, n + r) = 0.0;
  tab.Optimize(n + m);
  const double scale = 1.0 + b.cwiseAbs().sum();
  if (-tab.t(m, n + m) > 1e-9 * scale) return solution;  // kInfeasible

  // Drive artificial variables out of the basis; a row where no original
  // column can replace one is redundant and dropped.
  std::vector<Eigen::Index> keep;
  for (Eigen::Index r = 0; r < m; ++r) {
    if (tab.basis[static_cast<size_t>(r)] >= n) {
      Eigen::Index column = -1;
      for (Eigen::Index j = 0; j < n && column < 0; ++j) {
        if (std::fabs(tab.t(r, j)) > 1e-9) column = j;
      }
      if (column < 0) continue;
      tab.Pivot(r, column);
    }
    keep.push_back(r);
  }
  Tableau phase2;
  phase2.t = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(keep.size()) + 1, n + 1);
  for (size_t k = 0; k < keep.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(k);
    phase2.t.row(r).head(n) = tab.t.row(keep[k]).head(n);
    phase2.t(r, n) = tab.t(keep[k], n + m);
    phase2.basis.push_back(tab.basis[static_cast<size_t>(keep[k])]);
  }
  // Reduced costs of c with respect to the basis.
  const Eigen::Index rows = phase2.rows();
  phase2.t.row(rows).head(n) = c.transpose();
  for (Eigen::Index r = 0; r < rows; ++r) {
    const double cost = c[phase2.basis[static_cast<size_t>(r)]];
    if (cost != 0.0) phase2.t.row(rows) -= cost * phase2.t.row(r);
  }
  if (!phase2.Optimize(n)) {
    solution.status = LpStatus::kUnbounded;
    return solution;
  }
  solution.status = LpStatus::kOptimal;
  solution.x = Eigen::VectorXd::Zero(n);
  for (Eigen::Index r = 0; r < rows; ++r) {
    solution.x[phase2.basis[static_cast<size_t>(r)]] = std::max(0.0, phase2.t(r, n));
  }
  solution.objective = c.dot(solution.x);
  return solution;
}

}  // namespace tinyfair::bench
