#include "host_tools/reductions/exponentiated_gradient.h"

#include <algorithm>
#include <cmath>

namespace tinyfair::host {

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

RegressionMixture PlayedMixture(const std::vector<LinearRegressor>& hypotheses,
                                const std::vector<int>& played, int t) {
  RegressionMixture mixture;
  std::vector<int> member_of(hypotheses.size(), -1), counts;
  for (int s = 0; s < t; ++s) {
    const int h = played[static_cast<size_t>(s)];
    int& member = member_of[static_cast<size_t>(h)];
    if (member < 0) {
      member = static_cast<int>(mixture.members.size());
      mixture.members.push_back(hypotheses[static_cast<size_t>(h)]);
      counts.push_back(0);
    }
    ++counts[static_cast<size_t>(member)];
  }
  for (int count : counts) mixture.weights.push_back(static_cast<double>(count) / t);
  return mixture;
}

int DistinctPlayed(const std::vector<int>& played, int t) {
  std::vector<int> seen(played.begin(), played.begin() + t);
  std::sort(seen.begin(), seen.end());
  return static_cast<int>(std::unique(seen.begin(), seen.end()) - seen.begin());
}

}  // namespace tinyfair::host
