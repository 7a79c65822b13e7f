#include "host_tools/reductions/exponentiated_gradient.h"

#include <algorithm>
#include <cmath>

namespace tinyfair::host::reductions {

Eigen::VectorXd DualWeights(const Eigen::VectorXd& theta, double bound) {
  const double shift = std::max(0.0, theta.size() > 0 ? theta.maxCoeff() : 0.0);
  const Eigen::VectorXd scaled = (theta.array() - shift).exp().matrix();
  return bound * scaled / (std::exp(-shift) + scaled.sum());
}

StepSchedule::StepSchedule(double bound, double initial_step, double theory_step)
    : theory_(theory_step > 0.0), step_(theory_step > 0.0 ? theory_step : initial_step / bound) {}

void StepSchedule::Update(int t, double best_gap) {
  if (theory_ || t < next_check_) return;
  if (gap_at_check_ >= 0.0 && best_gap > 0.8 * gap_at_check_) step_ *= 0.8;
  gap_at_check_ = best_gap;
  next_check_ *= 1.6;
}

RegressionMixture MixtureOf(const std::vector<LinearRegressor>& hypotheses,
                            const Eigen::VectorXd& weights) {
  RegressionMixture mixture;
  for (Eigen::Index j = 0; j < weights.size(); ++j) {
    if (!(weights[j] > 0.0)) continue;
    mixture.members.push_back(hypotheses[static_cast<size_t>(j)]);
    mixture.weights.push_back(weights[j]);
  }
  return mixture;
}

}  // namespace tinyfair::host::reductions
