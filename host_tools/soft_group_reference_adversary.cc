#include "host_tools/soft_group_reference_adversary.h"

#include <Eigen/QR>

namespace tinyfair::host {
namespace {

// The projection onto {x : A x = b} (Euclidean): x - A' (A A')^+ (A x - b).
class AffineProjection {
 public:
  AffineProjection(Eigen::MatrixXd A, Eigen::VectorXd b)
      : A_(std::move(A)), b_(std::move(b)), gram_(A_ * A_.transpose()) {}
  Eigen::VectorXd operator()(const Eigen::VectorXd& x) const {
    return x - A_.transpose() * gram_.solve(A_ * x - b_);
  }

 private:
  Eigen::MatrixXd A_;
  Eigen::VectorXd b_;
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> gram_;
};

// The table flattened row by row: entry (r, j) at r m + j.
Eigen::VectorXd Flatten(const SoftAssignment& table) {
  Eigen::VectorXd x(table.size());
  for (Eigen::Index r = 0; r < table.rows(); ++r) {
    for (Eigen::Index j = 0; j < table.cols(); ++j) x[r * table.cols() + j] = table(r, j);
  }
  return x;
}

SoftAssignment Unflatten(const Eigen::VectorXd& x, Eigen::Index rows, Eigen::Index m) {
  SoftAssignment table(rows, m);
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index j = 0; j < m; ++j) table(r, j) = x[r * m + j];
  }
  return table;
}

}  // namespace

SoftAssignment ProjectOntoAssignments(const SoftAssignment& table, const GroupCells& cells,
                                      const Eigen::MatrixXd& true_given_noisy, int rounds) {
  const Eigen::Index m = true_given_noisy.rows(), m_hat = true_given_noisy.cols();
  const Eigen::Index size = 4 * m_hat * m;
  Eigen::MatrixXd groups = Eigen::MatrixXd::Zero(m * m_hat, size);
  Eigen::VectorXd group_rhs = Eigen::VectorXd::Zero(m * m_hat);
  Eigen::MatrixXd rows = Eigen::MatrixXd::Zero(4 * m_hat, size);
  for (Eigen::Index k = 0; k < m_hat; ++k) {
    const Cells& c = cells.group[static_cast<size_t>(k)];
    const double total = c[0] + c[1] + c[2] + c[3];
    for (int cell = 0; cell < 4; ++cell) {
      const Eigen::Index r = 4 * k + cell;
      for (Eigen::Index j = 0; j < m; ++j) {
        rows(r, r * m + j) = 1.0;
        // An empty noisy group constrains nothing (its row stays 0 = 0).
        if (total > 0.0) groups(j * m_hat + k, r * m + j) = c[static_cast<size_t>(cell)] / total;
      }
    }
    if (total > 0.0) {
      for (Eigen::Index j = 0; j < m; ++j) group_rhs[j * m_hat + k] = true_given_noisy(j, k);
    }
  }
  const AffineProjection onto_groups(groups, group_rhs);
  const AffineProjection onto_rows(rows, Eigen::VectorXd::Ones(4 * m_hat));
  Eigen::VectorXd x = Flatten(table);
  Eigen::VectorXd p = Eigen::VectorXd::Zero(size), q = p, r = p;
  for (int round = 0; round < rounds; ++round) {
    const Eigen::VectorXd y = onto_groups(x + p);
    p = x + p - y;
    const Eigen::VectorXd z = onto_rows(y + q);
    q = y + q - z;
    x = (z + r).cwiseMax(0.0);
    r = z + r - x;
  }
  return Unflatten(x, 4 * m_hat, m);
}

ReferenceCodeTableAdversary::ReferenceCodeTableAdversary(const Eigen::MatrixXd& true_given_noisy,
                                                         double rate, int steps, int rounds)
    : true_given_noisy_(true_given_noisy),
      steps_(steps),
      rounds_(rounds),
      table_(SoftAssignment::Zero(4 * true_given_noisy.cols(), true_given_noisy.rows())),
      adam_(4 * true_given_noisy.cols() * true_given_noisy.rows(), rate) {}

const SoftAssignment& ReferenceCodeTableAdversary::Step(const Eigen::VectorXd& scores,
                                                        const NoisyGroupData& data,
                                                        const std::vector<double>& lambda,
                                                        RateConstraint constraint) {
  const GroupCells cells = CountCells(scores, data.labels, data.groups, data.group_count);
  if (!started_) {
    table_ = ProjectOntoAssignments(table_, cells, true_given_noisy_, rounds_);
    started_ = true;
  }
  const SurrogateCellSums sums = SoftAssignmentSums(scores, data);
  for (int step = 0; step < steps_; ++step) {
    const SoftAssignment ascent = SoftAssignmentTableGradient(sums, table_, lambda, constraint);
    Eigen::VectorXd x = Flatten(table_);
    adam_.Step(-Flatten(ascent), x);
    table_ = ProjectOntoAssignments(Unflatten(x, table_.rows(), table_.cols()), cells,
                                    true_given_noisy_, rounds_);
  }
  return table_;
}

}  // namespace tinyfair::host
