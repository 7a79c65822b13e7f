#include "host_tools/noisy_groups/soft_group_assignment.h"

#include <stdexcept>
#include <utility>

#include "host_tools/learn/linear_program.h"
#include "host_tools/noisy_groups/soft_group_reference_adversary.h"

namespace tinyfair::host::noisy_groups {
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
  const learn::LpSolution solution = learn::SolveLinearProgram(cost, A, rhs);
  return solution.status == learn::LpStatus::kOptimal ? solution.objective : -1.0;
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
                                             metrics::FairnessConstraint constraint, double alpha) {
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
  if (constraint == metrics::FairnessConstraint::kEqualizedOdds) {
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
                                   const std::vector<double>& lambda,
                                   metrics::FairnessConstraint constraint, double alpha) {
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
  const learn::LpSolution solution = learn::SolveLinearProgram(cost, A.leftCols(variables), rhs);
  if (solution.status != learn::LpStatus::kOptimal) return IndependentAssignment(true_given_noisy);
  SoftAssignment table(4 * m_hat, m);
  for (int k = 0; k < m_hat; ++k) {
    for (int cell = 0; cell < 4; ++cell) {
      for (int j = 0; j < m; ++j) table(4 * k + cell, j) = solution.x[Variable(j, cell, k, m)];
    }
  }
  return table;
}

SurrogateCellSums SoftAssignmentSums(const Eigen::VectorXd& scores, const NoisyGroupData& data) {
  SurrogateCellSums out;
  out.positives.resize(static_cast<size_t>(data.group_count));
  out.negatives.resize(static_cast<size_t>(data.group_count));
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    const double z = scores[i];
    const auto k = static_cast<size_t>(data.groups[static_cast<size_t>(i)]);
    if (data.labels[i] > 0.5) {
      out.positive_count += 1.0;
      out.mean_upper += UpperHinge(z);
      out.positives[k].hinge += LowerHinge(z);
      out.positives[k].negative_ramp += NegativeRamp(z);
      out.positives[k].positive_ramp += PositiveRamp(z);
    } else {
      out.negative_count += 1.0;
      out.mean_lower += LowerHinge(z);
      out.negatives[k].hinge += UpperHinge(z);
      out.negatives[k].negative_ramp += NegativeRamp(z);
      out.negatives[k].positive_ramp += PositiveRamp(z);
    }
  }
  if (out.positive_count > 0.0) out.mean_upper /= out.positive_count;
  if (out.negative_count > 0.0) out.mean_lower /= out.negative_count;
  return out;
}

namespace {

// Constraint j of a label's family: r1.W_j / (r2.W_j + 1), r1 in the hit
// cell (1, label), r2 in the hit and miss cells.
struct TableRatio {
  double numerator = 0.0, denominator = 1.0;
};
TableRatio AssignedRatio(const std::vector<SurrogateCellSums::Sums>& sums,
                         const SoftAssignment& table, int j, int label) {
  const int hit = CellIndex(1, label), miss = CellIndex(0, label);
  TableRatio r;
  for (size_t k = 0; k < sums.size(); ++k) {
    const auto row = static_cast<Eigen::Index>(4 * k);
    r.numerator += table(row + hit, j) * sums[k].hinge;
    r.denominator +=
        table(row + miss, j) * sums[k].negative_ramp + table(row + hit, j) * sums[k].positive_ramp;
  }
  return r;
}

}  // namespace

SoftAssignment SoftAssignmentTableGradient(const SurrogateCellSums& sums,
                                           const SoftAssignment& table,
                                           const std::vector<double>& lambda,
                                           metrics::FairnessConstraint constraint) {
  const auto m = static_cast<int>(table.cols());
  SoftAssignment gradient = SoftAssignment::Zero(table.rows(), table.cols());
  for (int label = 1; label >= 0; --label) {
    if (label == 0 && constraint != metrics::FairnessConstraint::kEqualizedOdds) break;
    const auto& family = label == 1 ? sums.positives : sums.negatives;
    const int hit = CellIndex(1, label), miss = CellIndex(0, label);
    for (int j = 0; j < m; ++j) {
      const double l = lambda[static_cast<size_t>(label == 1 ? j : m + j)];
      if (l == 0.0) continue;
      const TableRatio r = AssignedRatio(family, table, j, label);
      const double ratio = r.numerator / r.denominator;
      // TPR enters with a minus sign, FPR with a plus.
      const double sign = label == 1 ? -1.0 : 1.0;
      for (size_t k = 0; k < family.size(); ++k) {
        const auto row = static_cast<Eigen::Index>(4 * k);
        gradient(row + hit, j) +=
            sign * l * (family[k].hinge - ratio * family[k].positive_ramp) / r.denominator;
        gradient(row + miss, j) += sign * l * (-ratio * family[k].negative_ramp) / r.denominator;
      }
    }
  }
  return gradient;
}

SurrogateConstraints SoftAssignmentSurrogates(const Eigen::VectorXd& scores,
                                              const NoisyGroupData& data,
                                              const SoftAssignment& table, int true_group_count,
                                              metrics::FairnessConstraint constraint,
                                              double slack) {
  const Eigen::Index n = scores.size();
  const int m = true_group_count;
  const SurrogateCellSums sums = SoftAssignmentSums(scores, data);

  SurrogateConstraints out;
  // label 1: TPR_j (hinge in cell (1,1)); label 0: FPR_j (cell (1,0)).
  for (int label = 1; label >= 0; --label) {
    if (label == 0 && constraint != metrics::FairnessConstraint::kEqualizedOdds) break;
    const int hit = CellIndex(1, label), miss = CellIndex(0, label);
    for (int j = 0; j < m; ++j) {
      const TableRatio r =
          AssignedRatio(label == 1 ? sums.positives : sums.negatives, table, j, label);
      const double ratio = r.numerator / r.denominator, denominator = r.denominator;
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
        gradient[i] = label == 1 ? UpperHingeSlope(z) / sums.positive_count - d_ratio
                                 : d_ratio - LowerHingeSlope(z) / sums.negative_count;
      }
      out.value.push_back(label == 1 ? sums.mean_upper - ratio - slack
                                     : ratio - sums.mean_lower - slack);
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
  const metrics::FairnessConstraint constraint = options.constraint;
  SoftAssignment table = IndependentAssignment(true_given_noisy);
  const bool like_code = options.adversary == NoisyGroupOptions::Adversary::kReferenceCode;
  ReferenceCodeTableAdversary code_adversary(true_given_noisy, options.weight_rate);
  return RunDescentAscent(
      data, options, ConstraintCount(constraint, m),
      [&](const Eigen::VectorXd& scores) {
        return SoftAssignmentSurrogates(scores, data, table, m, constraint, options.hinge_slack);
      },
      [&](const Eigen::VectorXd& scores, const std::vector<double>& lambda) {
        table = like_code ? code_adversary.Step(scores, data, lambda, constraint)
                          : WorstCaseAssignment(
                                CountCells(scores, data.labels, data.groups, data.group_count),
                                true_given_noisy, lambda, constraint, options.alpha);
      },
      nullptr,
      [&](const Eigen::VectorXd& scores, const NoisyGroupData& set) {
        return SoftGroupWorstViolations(scores, set, true_given_noisy, constraint, options.alpha);
      },
      [&](Candidate& candidate) { candidate.assignment = table; });
}

}  // namespace tinyfair::host::noisy_groups
