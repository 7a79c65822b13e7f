#include "host_tools/noisy_groups/soft_group_reference_adversary.h"

#include <utility>

namespace tinyfair::host::noisy_groups {

// The table is flattened row by row: entry (r, j) at r m + j.

AssignmentProjection::Affine::Affine(Eigen::MatrixXd A_in, Eigen::VectorXd b_in)
    : A(std::move(A_in)), b(std::move(b_in)), gram(A * A.transpose()) {}

Eigen::VectorXd AssignmentProjection::Affine::operator()(const Eigen::VectorXd& x) const {
  return x - A.transpose() * gram.solve(A * x - b);
}

AssignmentProjection::Affine AssignmentProjection::GroupEqualities(
    const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy) {
  const Eigen::Index m = true_given_noisy.rows(), m_hat = true_given_noisy.cols();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(m * m_hat, 4 * m_hat * m);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(m * m_hat);
  for (Eigen::Index k = 0; k < m_hat; ++k) {
    const Cells& c = cells.group[static_cast<size_t>(k)];
    const double total = c[0] + c[1] + c[2] + c[3];
    if (total == 0.0) continue;  // an empty noisy group constrains nothing
    for (Eigen::Index j = 0; j < m; ++j) {
      for (int cell = 0; cell < 4; ++cell) {
        A(j * m_hat + k, (4 * k + cell) * m + j) = c[static_cast<size_t>(cell)] / total;
      }
      b[j * m_hat + k] = true_given_noisy(j, k);
    }
  }
  return Affine(std::move(A), std::move(b));
}

AssignmentProjection::Affine AssignmentProjection::RowEqualities(Eigen::Index m,
                                                                 Eigen::Index m_hat) {
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(4 * m_hat, 4 * m_hat * m);
  for (Eigen::Index r = 0; r < 4 * m_hat; ++r) A.block(r, r * m, 1, m).setOnes();
  return Affine(std::move(A), Eigen::VectorXd::Ones(4 * m_hat));
}

AssignmentProjection::AssignmentProjection(const GroupCells& cells,
                                           const Eigen::MatrixXd& true_given_noisy)
    : m_(true_given_noisy.rows()),
      m_hat_(true_given_noisy.cols()),
      groups_(GroupEqualities(cells, true_given_noisy)),
      rows_(RowEqualities(m_, m_hat_)) {}

SoftAssignment AssignmentProjection::operator()(const SoftAssignment& table, int rounds) const {
  Eigen::VectorXd x = table.reshaped<Eigen::RowMajor>();
  Eigen::VectorXd p = Eigen::VectorXd::Zero(x.size()), q = p, r = p;
  for (int round = 0; round < rounds; ++round) {
    const Eigen::VectorXd y = groups_(x + p);
    p = x + p - y;
    const Eigen::VectorXd z = rows_(y + q);
    q = y + q - z;
    x = (z + r).cwiseMax(0.0);
    r = z + r - x;
  }
  return x.reshaped<Eigen::RowMajor>(4 * m_hat_, m_);
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
                                                        metrics::FairnessConstraint constraint) {
  const AssignmentProjection project(CountCells(scores, data.labels, data.groups, data.group_count),
                                     true_given_noisy_);
  if (!started_) {
    table_ = project(table_, rounds_);
    started_ = true;
  }
  const SurrogateCellSums sums = SoftAssignmentSums(scores, data);
  for (int step = 0; step < steps_; ++step) {
    const SoftAssignment ascent = SoftAssignmentTableGradient(sums, table_, lambda, constraint);
    Eigen::VectorXd x = table_.reshaped<Eigen::RowMajor>();
    adam_.Step(-ascent.reshaped<Eigen::RowMajor>().eval(), x);
    table_ = project(x.reshaped<Eigen::RowMajor>(table_.rows(), table_.cols()), rounds_);
  }
  return table_;
}

}  // namespace tinyfair::host::noisy_groups
