#include "host_tools/reductions/classification_moments.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace tinyfair::host::reductions {

int ConstraintEvents(metrics::FairnessConstraint constraint) {
  using metrics::FairnessConstraint;
  metrics::RequireSupportedConstraint(
      "reduction", constraint,
      {FairnessConstraint::kDemographicParity, FairnessConstraint::kEqualizedOdds});
  return constraint == FairnessConstraint::kEqualizedOdds ? 2 : 1;
}

ClassificationMoments::ClassificationMoments(metrics::FairnessConstraint constraint,
                                             const Eigen::VectorXd& y, const Eigen::VectorXi& group,
                                             const Eigen::VectorXd& sample_weight) {
  const Eigen::Index n = y.size();
  if (group.size() != n || (sample_weight.size() != 0 && sample_weight.size() != n)) {
    throw std::invalid_argument("reduction: labels, groups and weights differ in length");
  }
  events_ = ConstraintEvents(constraint);
  if (n == 0 || group.minCoeff() < 0) {
    throw std::invalid_argument("reduction: needs rows, with group indices 0, 1, ...");
  }
  groups_ = group.maxCoeff() + 1;
  p_ = sample_weight.size() == 0 ? Eigen::VectorXd::Ones(n) : sample_weight;
  const double total = p_.sum();
  if (!(total > 0.0) || !std::isfinite(total) || p_.minCoeff() < 0.0) {
    throw std::invalid_argument("reduction: weights must be finite, non-negative, positive sum");
  }
  p_ /= total;
  p_event_group_.assign(static_cast<size_t>(count()), 0.0);
  p_event_.assign(static_cast<size_t>(events_), 0.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (y[i] != 0.0 && y[i] != 1.0) throw std::invalid_argument("reduction: labels must be 0/1");
    const int e = events_ == 2 ? static_cast<int>(y[i]) : 0;
    event_.push_back(e);
    group_.push_back(group[i]);
    p_event_group_[static_cast<size_t>(e * groups_ + group[i])] += p_[i];
    p_event_[static_cast<size_t>(e)] += p_[i];
  }
  for (int e = 0; e < events_; ++e) {
    for (int a = 0; a < groups_; ++a) {
      if (p_event_group_[static_cast<size_t>(e * groups_ + a)] > 0.0) continue;
      throw std::invalid_argument(
          "reduction: group " + std::to_string(a) + " has no weight" +
          (events_ == 2 ? std::string(" among the rows with label ") + std::to_string(e) : ""));
    }
  }
}

Eigen::VectorXd ClassificationMoments::Of(const Eigen::VectorXd& h) const {
  std::vector<double> joint(static_cast<size_t>(count()), 0.0);
  std::vector<double> marginal(static_cast<size_t>(events_), 0.0);
  for (Eigen::Index i = 0; i < p_.size(); ++i) {
    const size_t e = static_cast<size_t>(event_[static_cast<size_t>(i)]);
    const size_t a = static_cast<size_t>(group_[static_cast<size_t>(i)]);
    joint[e * static_cast<size_t>(groups_) + a] += p_[i] * h[i];
    marginal[e] += p_[i] * h[i];
  }
  Eigen::VectorXd gamma(count());
  for (int e = 0; e < events_; ++e) {
    for (int a = 0; a < groups_; ++a) {
      const size_t k = static_cast<size_t>(e * groups_ + a);
      gamma[static_cast<Eigen::Index>(k)] =
          joint[k] / p_event_group_[k] -
          marginal[static_cast<size_t>(e)] / p_event_[static_cast<size_t>(e)];
    }
  }
  return gamma;
}

Eigen::VectorXd ClassificationMoments::RowCoefficients(const Eigen::VectorXd& signed_lambda) const {
  std::vector<double> per_event(static_cast<size_t>(events_), 0.0);
  for (int e = 0; e < events_; ++e) {
    for (int a = 0; a < groups_; ++a) {
      per_event[static_cast<size_t>(e)] += signed_lambda[e * groups_ + a];
    }
  }
  Eigen::VectorXd g(p_.size());
  for (Eigen::Index i = 0; i < p_.size(); ++i) {
    const int e = event_[static_cast<size_t>(i)];
    const size_t k = static_cast<size_t>(e * groups_ + group_[static_cast<size_t>(i)]);
    g[i] = p_[i] * (signed_lambda[static_cast<Eigen::Index>(k)] / p_event_group_[k] -
                    per_event[static_cast<size_t>(e)] / p_event_[static_cast<size_t>(e)]);
  }
  return g;
}

EgPoint ClassificationMoments::PointOf(const Eigen::VectorXd& h, const Eigen::VectorXd& y) const {
  const Eigen::VectorXd gamma = Of(h);
  EgPoint point;
  point.cost = p_.dot((h - y).cwiseAbs());
  point.gamma.resize(2 * gamma.size());
  point.gamma << gamma, -gamma;
  return point;
}

}  // namespace tinyfair::host::reductions
