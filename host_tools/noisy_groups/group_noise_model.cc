#include "host_tools/noisy_groups/group_noise_model.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tinyfair::host::noisy_groups {

GroupNoiseModel GroupNoiseModel::FromGroups(const std::vector<int>& true_groups,
                                            const std::vector<int>& noisy_groups, int true_count,
                                            int noisy_count) {
  if (true_groups.empty() || true_groups.size() != noisy_groups.size()) {
    throw std::invalid_argument("the noise model needs rows with both groups");
  }
  Eigen::MatrixXd joint = Eigen::MatrixXd::Zero(true_count, noisy_count);
  for (size_t i = 0; i < true_groups.size(); ++i) joint(true_groups[i], noisy_groups[i]) += 1.0;
  return GroupNoiseModel(joint / static_cast<double>(true_groups.size()));
}

GroupNoiseModel GroupNoiseModel::FromFlipRate(const Eigen::VectorXd& noisy_marginal, double rate) {
  const Eigen::Index m = noisy_marginal.size();
  if (m < 2) throw std::invalid_argument("a flip rate needs at least two groups");
  if (!(rate >= 0.0 && rate < 1.0) ||
      std::fabs(rate - static_cast<double>(m - 1) / static_cast<double>(m)) < 1e-9) {
    throw std::invalid_argument(
        "--noise-rate must be in [0, 1) and not (m - 1) / m = " +
        std::to_string(static_cast<double>(m - 1) / static_cast<double>(m)) +
        " (the groups would carry no information)");
  }
  // flip(j, k) = P(G^ = k | G = j); P(G^) = flip' P(G).
  Eigen::MatrixXd flip = Eigen::MatrixXd::Constant(m, m, rate / static_cast<double>(m - 1));
  flip.diagonal().setConstant(1.0 - rate);
  Eigen::VectorXd prior = flip.transpose().partialPivLu().solve(noisy_marginal);
  prior = prior.cwiseMax(0.0);
  prior /= prior.sum();
  Eigen::MatrixXd joint = prior.asDiagonal() * flip;
  return GroupNoiseModel(joint);
}

GroupNoiseModel GroupNoiseModel::FromConditional(const Eigen::MatrixXd& true_given_noisy,
                                                 const Eigen::VectorXd& noisy_marginal) {
  if (true_given_noisy.cols() != noisy_marginal.size()) {
    throw std::invalid_argument("the noise model has " + std::to_string(true_given_noisy.cols()) +
                                " columns but the noisy group has " +
                                std::to_string(noisy_marginal.size()) + " categories");
  }
  if ((true_given_noisy.array() < 0.0).any()) {
    throw std::invalid_argument("the noise model has a negative probability");
  }
  Eigen::MatrixXd joint(true_given_noisy.rows(), true_given_noisy.cols());
  for (Eigen::Index k = 0; k < joint.cols(); ++k) {
    const double total = true_given_noisy.col(k).sum();
    if (total <= 0.0) throw std::invalid_argument("a noise model column sums to 0");
    // Estimated columns need not sum to 1 exactly; the soft-assignment
    // constraints are infeasible unless they do.
    joint.col(k) = true_given_noisy.col(k) / total * noisy_marginal[k];
  }
  return GroupNoiseModel(joint);
}

Eigen::MatrixXd GroupNoiseModel::TrueGivenNoisy() const {
  Eigen::MatrixXd conditional(joint_.rows(), joint_.cols());
  const Eigen::VectorXd prior = TrueMarginal();
  for (Eigen::Index k = 0; k < joint_.cols(); ++k) {
    const double total = joint_.col(k).sum();
    conditional.col(k) = total > 0.0 ? Eigen::VectorXd(joint_.col(k) / total) : prior;
  }
  return conditional;
}

Eigen::VectorXd GroupNoiseModel::TrueMarginal() const { return joint_.rowwise().sum(); }

Eigen::VectorXd GroupNoiseModel::PaperRadii() const {
  if (joint_.rows() != joint_.cols()) {
    throw std::invalid_argument("TV radii need as many noisy groups as true groups");
  }
  Eigen::VectorXd radii(joint_.rows());
  for (Eigen::Index j = 0; j < joint_.rows(); ++j) {
    const double total = joint_.row(j).sum();
    radii[j] = total > 0.0 ? 1.0 - joint_(j, j) / total : 1.0;
  }
  return radii;
}

Eigen::VectorXd GroupNoiseModel::BoundRadii() const {
  Eigen::VectorXd radii = PaperRadii();
  for (Eigen::Index j = 0; j < joint_.rows(); ++j) {
    const double total = joint_.col(j).sum();
    radii[j] = std::max(radii[j], total > 0.0 ? 1.0 - joint_(j, j) / total : 1.0);
  }
  return radii;
}

}  // namespace tinyfair::host::noisy_groups
