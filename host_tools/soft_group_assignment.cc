#include "host_tools/soft_group_assignment.h"

#include <stdexcept>

#include "host_tools/linear_program.h"

namespace tinyfair::host {
namespace {

// The LP's variables: w(j | cell, k) at (4 k + cell) m + j, then (for the
// Charnes-Cooper form) the scale s.
Eigen::Index Variable(int j, int cell, int k, int m) {
  return static_cast<Eigen::Index>((4 * k + cell) * m + j);
}

// The equalities of W(theta): per noisy group k with rows and true group j,
// sum_cell pi_k(cell) w(j | cell, k) = P(G = j | G^ = k); per (cell, k),
// sum_j w(j | cell, k) = 1. With `scaled`, the right-hand sides multiply
// the extra last variable s (Charnes-Cooper) and are 0.
void AssignmentConstraints(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy,
                           bool scaled, Eigen::MatrixXd& A, Eigen::VectorXd& b, int first_row) {
  const int m = static_cast<int>(true_given_noisy.rows());
  const int m_hat = static_cast<int>(true_given_noisy.cols());
  const Eigen::Index s = A.cols() - 1;
  int row = first_row;
  for (int k = 0; k < m_hat; ++k) {
    const Cells& c = cells.group[static_cast<size_t>(k)];
    const double size = c[0] + c[1] + c[2] + c[3];
    for (int j = 0; j < m; ++j, ++row) {
      if (size == 0.0) continue;  // an empty noisy group constrains nothing
      for (int cell = 0; cell < 4; ++cell) {
        A(row, Variable(j, cell, k, m)) = c[static_cast<size_t>(cell)] / size;
      }
      if (scaled) {
        A(row, s) = -true_given_noisy(j, k);
      } else {
        b[row] = true_given_noisy(j, k);
      }
    }
  }
  for (int k = 0; k < m_hat; ++k) {
    for (int cell = 0; cell < 4; ++cell, ++row) {
      for (int j = 0; j < m; ++j) A(row, Variable(j, cell, k, m)) = 1.0;
      if (scaled) {
        A(row, s) = -1.0;
      } else {
        b[row] = 1.0;
      }
    }
  }
}

int AssignmentRowCount(int m, int m_hat) { return m * m_hat + 4 * m_hat; }

// min over W(theta) of sum_k n_k . a w(j|.,k) / sum_k n_k . b w(j|.,k) for
// 0/1 cell vectors a <= b; -1 when the denominator cannot be positive.
double MinimumAssignedRatio(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy, int j,
                            const Cells& a, const Cells& b) {
  const int m = static_cast<int>(true_given_noisy.rows());
  const int m_hat = static_cast<int>(true_given_noisy.cols());
  const double n = cells.overall[0] + cells.overall[1] + cells.overall[2] + cells.overall[3];
  const Eigen::Index variables = 4 * m * m_hat + 1;
  const int rows = 1 + AssignmentRowCount(m, m_hat);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(rows, variables);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(rows), cost = Eigen::VectorXd::Zero(variables);
  for (int k = 0; k < m_hat; ++k) {
    for (int cell = 0; cell < 4; ++cell) {
      const double share = cells.group[static_cast<size_t>(k)][static_cast<size_t>(cell)] / n;
      cost[Variable(j, cell, k, m)] = a[static_cast<size_t>(cell)] * share;
      A(0, Variable(j, cell, k, m)) = b[static_cast<size_t>(cell)] * share;
    }
  }
  rhs[0] = 1.0;
  AssignmentConstraints(cells, true_given_noisy, true, A, rhs, 1);
  const LpSolution solution = SolveLinearProgram(cost, A, rhs);
  return solution.status == LpStatus::kOptimal ? solution.objective : -1.0;
}

}  // namespace

SoftAssignment IndependentAssignment(const Eigen::MatrixXd& true_given_noisy) {
  const Eigen::Index m = true_given_noisy.rows(), m_hat = true_given_noisy.cols();
  SoftAssignment table(4 * m_hat, m);
  for (Eigen::Index k = 0; k < m_hat; ++k) {
    for (int cell = 0; cell < 4; ++cell) table.row(4 * k + cell) = true_given_noisy.col(k);
  }
  return table;
}

Eigen::VectorXd TrueGroupShares(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy) {
  Eigen::VectorXd noisy(true_given_noisy.cols());
  for (Eigen::Index k = 0; k < noisy.size(); ++k) {
    const Cells& c = cells.group[static_cast<size_t>(k)];
    noisy[k] = c[0] + c[1] + c[2] + c[3];
  }
  return true_given_noisy * (noisy / noisy.sum());
}

std::vector<double> SoftGroupWorstViolations(const Eigen::VectorXd& scores,
                                             const NoisyGroupData& data,
                                             const Eigen::MatrixXd& true_given_noisy,
                                             RateConstraint constraint, double alpha) {
  if (true_given_noisy.cols() != data.group_count) {
    throw std::invalid_argument("the noise model needs one column per noisy group");
  }
  const GroupCells cells = CountCells(scores, data.labels, data.groups, data.group_count);
  const int m = static_cast<int>(true_given_noisy.rows());
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  std::vector<double> violations;
  for (int j = 0; j < m; ++j) {
    const double worst =
        MinimumAssignedRatio(cells, true_given_noisy, j, {0, 0, 0, 1}, {0, 1, 0, 1});
    violations.push_back(worst < 0.0 ? -alpha : tpr - worst - alpha);
  }
  if (constraint == RateConstraint::kEqualizedOdds) {
    for (int j = 0; j < m; ++j) {
      // max FPR_j^w = 1 - min TNR_j^w.
      const double worst =
          MinimumAssignedRatio(cells, true_given_noisy, j, {1, 0, 0, 0}, {1, 0, 1, 0});
      violations.push_back(worst < 0.0 ? -alpha : (1.0 - worst) - fpr - alpha);
    }
  }
  return violations;
}

SoftAssignment WorstCaseAssignment(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy,
                                   const std::vector<double>& lambda, RateConstraint constraint,
                                   double alpha) {
  const int m = static_cast<int>(true_given_noisy.rows());
  const int m_hat = static_cast<int>(true_given_noisy.cols());
  if (static_cast<int>(lambda.size()) != ConstraintCount(constraint, m)) {
    throw std::invalid_argument("one multiplier per rate constraint expected");
  }
  bool any = false;
  for (double l : lambda) any = any || l > 0.0;
  if (!any) return IndependentAssignment(true_given_noisy);

  const double n = cells.overall[0] + cells.overall[1] + cells.overall[2] + cells.overall[3];
  const double tpr = TruePositiveRate(cells.overall), fpr = FalsePositiveRate(cells.overall);
  // The linearized constraints per cell (0,0), (0,1), (1,0), (1,1).
  const Cells h_tpr{0.0, -0.5 * (alpha - tpr), 0.0, 0.5 * (-1.0 - (alpha - tpr))};
  const Cells h_fpr{-0.5 * (alpha + fpr), 0.0, 0.5 * (1.0 - (alpha + fpr)), 0.0};
  const Eigen::VectorXd shares = TrueGroupShares(cells, true_given_noisy);
  const Eigen::Index variables = 4 * m * m_hat;
  Eigen::VectorXd cost = Eigen::VectorXd::Zero(variables);
  for (size_t c = 0; c < lambda.size(); ++c) {
    const int j = static_cast<int>(c) % m;
    if (lambda[c] == 0.0 || shares[j] <= 0.0) continue;
    const Cells& h = static_cast<int>(c) < m ? h_tpr : h_fpr;
    for (int k = 0; k < m_hat; ++k) {
      for (int cell = 0; cell < 4; ++cell) {
        const double share = cells.group[static_cast<size_t>(k)][static_cast<size_t>(cell)] / n;
        // Maximize: the LP minimizes the negative.
        cost[Variable(j, cell, k, m)] -=
            lambda[c] * h[static_cast<size_t>(cell)] * share / shares[j];
      }
    }
  }
  const int rows = AssignmentRowCount(m, m_hat);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(rows, variables + 1);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(rows);
  AssignmentConstraints(cells, true_given_noisy, false, A, rhs, 0);
  const LpSolution solution = SolveLinearProgram(cost, A.leftCols(variables), rhs);
  if (solution.status != LpStatus::kOptimal) return IndependentAssignment(true_given_noisy);
  SoftAssignment table(4 * m_hat, m);
  for (int k = 0; k < m_hat; ++k) {
    for (int cell = 0; cell < 4; ++cell) {
      for (int j = 0; j < m; ++j) table(4 * k + cell, j) = solution.x[Variable(j, cell, k, m)];
    }
  }
  return table;
}

SurrogateConstraints SoftAssignmentSurrogates(const Eigen::VectorXd& scores,
                                              const NoisyGroupData& data,
                                              const SoftAssignment& table, int true_group_count,
                                              RateConstraint constraint, double slack) {
  const Eigen::Index n = scores.size();
  const int m = true_group_count, m_hat = data.group_count;
  // Per noisy group and label: sums of the hinges over its rows.
  struct Sums {
    double hinge = 0.0, negative_ramp = 0.0, positive_ramp = 0.0;
  };
  std::vector<Sums> positives(static_cast<size_t>(m_hat)), negatives(static_cast<size_t>(m_hat));
  double positive_count = 0.0, mean_upper = 0.0, mean_lower = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double z = scores[i];
    const auto k = static_cast<size_t>(data.groups[static_cast<size_t>(i)]);
    if (data.labels[i] > 0.5) {
      positive_count += 1.0;
      mean_upper += UpperHinge(z);
      positives[k].hinge += LowerHinge(z);
      positives[k].negative_ramp += NegativeRamp(z);
      positives[k].positive_ramp += PositiveRamp(z);
    } else {
      mean_lower += LowerHinge(z);
      negatives[k].hinge += UpperHinge(z);
      negatives[k].negative_ramp += NegativeRamp(z);
      negatives[k].positive_ramp += PositiveRamp(z);
    }
  }
  const double negative_count = static_cast<double>(n) - positive_count;
  if (positive_count > 0.0) mean_upper /= positive_count;
  if (negative_count > 0.0) mean_lower /= negative_count;

  SurrogateConstraints out;
  // label 1: TPR_j (hinge in cell (1,1)); label 0: FPR_j (cell (1,0)).
  for (int label = 1; label >= 0; --label) {
    if (label == 0 && constraint != RateConstraint::kEqualizedOdds) break;
    const std::vector<Sums>& sums = label == 1 ? positives : negatives;
    const int hit = CellIndex(1, label), miss = CellIndex(0, label);
    for (int j = 0; j < m; ++j) {
      double numerator = 0.0, denominator = 1.0;
      for (int k = 0; k < m_hat; ++k) {
        const auto sk = static_cast<size_t>(k);
        numerator += table(4 * k + hit, j) * sums[sk].hinge;
        denominator += table(4 * k + miss, j) * sums[sk].negative_ramp +
                       table(4 * k + hit, j) * sums[sk].positive_ramp;
      }
      const double ratio = numerator / denominator;
      Eigen::VectorXd gradient = Eigen::VectorXd::Zero(n);
      for (Eigen::Index i = 0; i < n; ++i) {
        if ((data.labels[i] > 0.5) != (label == 1)) continue;
        const double z = scores[i];
        const int k = data.groups[static_cast<size_t>(i)];
        const double w_hit = table(4 * k + hit, j), w_miss = table(4 * k + miss, j);
        const double hinge_slope = label == 1 ? LowerHingeSlope(z) : UpperHingeSlope(z);
        const double d_ratio = (w_hit * hinge_slope - ratio * (w_miss * NegativeRampSlope(z) +
                                                               w_hit * PositiveRampSlope(z))) /
                               denominator;
        gradient[i] = label == 1 ? UpperHingeSlope(z) / positive_count - d_ratio
                                 : d_ratio - LowerHingeSlope(z) / negative_count;
      }
      out.value.push_back(label == 1 ? mean_upper - ratio - slack : ratio - mean_lower - slack);
      out.score_gradient.push_back(std::move(gradient));
    }
  }
  return out;
}

NoisyGroupFit TrainSoftGroups(const NoisyGroupData& data, const Eigen::MatrixXd& true_given_noisy,
                              const NoisyGroupOptions& options) {
  if (true_given_noisy.cols() != data.group_count) {
    throw std::invalid_argument("the noise model needs one column per noisy group");
  }
  const int m = static_cast<int>(true_given_noisy.rows());
  const RateConstraint constraint = options.constraint;
  SoftAssignment table = IndependentAssignment(true_given_noisy);
  return RunDescentAscent(
      data, options, ConstraintCount(constraint, m),
      [&](const Eigen::VectorXd& scores) {
        return SoftAssignmentSurrogates(scores, data, table, m, constraint, options.hinge_slack);
      },
      [&](const Eigen::VectorXd& scores, const std::vector<double>& lambda) {
        table = WorstCaseAssignment(CountCells(scores, data.labels, data.groups, data.group_count),
                                    true_given_noisy, lambda, constraint, options.alpha);
      },
      nullptr,
      [&](const Eigen::VectorXd& scores, const NoisyGroupData& set) {
        return SoftGroupWorstViolations(scores, set, true_given_noisy, constraint, options.alpha);
      },
      [&](Candidate& candidate) { candidate.assignment = table; });
}

}  // namespace tinyfair::host
