// Pieces of the exponentiated-gradient game (eg_core.h) and of fair
// regression's answers (spec §2.4 and §4): the dual weights with their
// slack coordinate, the practical step-size schedule, and a mixture of
// linear regressors.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/reductions/regression_oracles.h"

namespace tinyfair::host::reductions {

/// lambda_j = B exp(theta_j) / (1 + sum_j' exp(theta_j')): the "1 +" is the
/// slack coordinate fixed at theta = 0 that lets |lambda|_1 < B. Computed
/// with the largest exponent factored out so that it cannot overflow.
Eigen::VectorXd DualWeights(const Eigen::VectorXd& theta, double bound);

/// The step size eta of the dual update. The theory's eta = nu / (8B)
/// (SP) or nu / (2B) (BGL) needs ~B^2/nu^2 iterations, so by default the
/// reference code's schedule is used: eta = eta0/B, shrunk by 0.8 at the checks
/// t = 8, 13, 20, ... (factor 1.6) whenever the best gap has not fallen
/// below 0.8 of the best gap at the previous check.
class StepSchedule {
 public:
  /// eta = initial_step / B unless theory_step > 0.
  StepSchedule(double bound, double initial_step, double theory_step);
  double step() const { return step_; }
  /// After iteration t (1-based) with the best gap so far.
  void Update(int t, double best_gap);

 private:
  bool theory_;
  double step_;
  double next_check_ = 5.0 * 1.6;
  double gap_at_check_ = -1.0;
};

/// A randomized predictor: member k is drawn with probability weights[k]
/// (count / t for an exponentiated-gradient average).
struct RegressionMixture {
  std::vector<LinearRegressor> members;
  std::vector<double> weights;
  double probability(size_t k) const { return weights[k]; }
};

/// The mixture with these weights over `hypotheses` (zero weights left out;
/// weights may be fewer than hypotheses, the rest being zero).
RegressionMixture MixtureOf(const std::vector<LinearRegressor>& hypotheses,
                            const Eigen::VectorXd& weights);

}  // namespace tinyfair::host::reductions
