// Fair regression under bounded group loss (Agarwal, Dudik & Wu 2019,
// Section 5 and App. D, Algorithm 2; spec §4): minimize the mean loss
// subject to E[l(Y, f(X)) | A = a] <= zeta_a, by exponentiated gradient on
// |A| multipliers whose best response is one weighted risk minimization
// with w_i = 1/n + lambda_{a_i} / n_{a_i}. The problem can be infeasible;
// the algorithm says so.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "host_tools/metrics/regression_loss.h"
#include "host_tools/reductions/eg_convergence.h"
#include "host_tools/reductions/exponentiated_gradient.h"

namespace tinyfair::host::reductions {

struct BoundedGroupLossOptions {
  metrics::RegressionLoss loss = metrics::RegressionLoss::kSquared;
  /// zeta_a per group (one value: every group), in the loss's units.
  std::vector<double> bound = {0.05};
  /// B; 0: 10 / max(min_a zeta_a, 0.0005), so that the guarantee's
  /// tolerance (1 + 2 nu) / B is a tenth of the bound.
  double multiplier_bound = 0.0;
  double tolerance = 1e-3;
  bool theory_step = false;
  /// The practical step: group losses differ from their bounds by
  /// thousandths (squared loss on a [0, 1] label), so the first step is
  /// scaled to move the multipliers' exponent by initial_step on the group
  /// furthest from its bound, eta = initial_step / max_a |gamma_a(f_1) -
  /// zeta_a|, then shrunk by 0.8 when the gap stalls (StepSchedule).
  double initial_step = 1.0;
  int max_iterations = 100;
  /// Solve the LP over the regressors found after every best response (the
  /// mixture then has at most |A| + 1 members, so no member limit).
  bool lp_step = false;
  /// Without the LP step: stop before the average needs more members.
  int max_members = 16;
  double l2 = 1e-6;
};

struct BoundedGroupLossFit {
  /// Empty when infeasible.
  RegressionMixture mixture;
  /// Algorithm 2 converged (gap <= nu) with a group loss above
  /// zeta_a + (1 + 2 nu) / B: the bounds are unattainable.
  bool infeasible = false;
  bool converged = false;
  std::string stopped_by;
  int iterations = 0;
  std::vector<double> oracle_seconds;
  double multiplier_bound = 0.0, gap = 0.0, loss = 0.0;
  /// The returned (or, when infeasible, the last averaged) mixture's loss per group.
  std::vector<double> group_loss;
  double violation_tolerance = 0.0;
  /// The loop's stopping reason and gap; the worst group's loss against its
  /// zeta_a.
  EgConvergence convergence;
};

using BoundedGroupLossProgress =
    std::function<void(int iteration, double gap, double loss, double worst_excess)>;

/// `labels` in [0, 1] (0/1 for the logistic loss); `group` in 0..group_count-1,
/// every group with a row. @throws std::invalid_argument otherwise.
BoundedGroupLossFit FitBoundedGroupLoss(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels,
                                        const std::vector<int>& group, int group_count,
                                        const BoundedGroupLossOptions& options,
                                        const BoundedGroupLossProgress& progress = {});

}  // namespace tinyfair::host::reductions
