// The ideal algorithm of soft group assignments (Wang et al. 2020,
// Algorithm 1 with the best response of Algorithm 3): projected gradient
// ascent on lambda against approximate best responses on theta, where each
// best response is itself a game between theta and one soft-assignment
// table per constraint whose consistency equalities are relaxed by tau and
// enforced by multipliers mu (closed form: all of R' on the most violated
// relaxed equality). The result is the uniform mixture of every inner
// iterate, a stochastic classifier: the guarantee is in expectation over
// the draw of a member.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/noisy_groups/noisy_group_training.h"

namespace tinyfair::host::noisy_groups {

struct IdealOptions {
  /// T: lambda steps; Q: inner iterates per step (members = T * Q).
  int rounds = 8, inner = 2;
  /// Adam steps of the approximate theta oracle per inner iterate.
  int oracle_steps = 100;
  /// eta_w, the tables' ascent rate; tau, the relaxation; R', mu's bound.
  double table_rate = 0.1, tolerance = 0.01, mu_radius = 10.0;
};

struct IdealFit {
  std::vector<LinearScorerFit> members;  // uniform mixture
  /// Per member: 0-1 training error and max worst-case violation.
  std::vector<double> error, violation;
  std::vector<double> lambda;
};

/// Uses options.constraint, alpha, hinge_slack, theta_rate, lambda_rate
/// (plain projected ascent, as in Algorithm 1) and lambda_radius.
IdealFit TrainSoftGroupsIdeal(const NoisyGroupData& data, const Eigen::MatrixXd& true_given_noisy,
                              const NoisyGroupOptions& options, const IdealOptions& ideal);

}  // namespace tinyfair::host::noisy_groups
