// Robust approach 1 of Wang et al. (2020): distributionally robust rate
// constraints over a total-variation ball of radius gamma_j around each
// noisy group's empirical distribution (problem 3), trained with projected
// gradient descent-ascent (Algorithm 2), and the exact worst case over the
// ball for 0-1 predictions (selection and reporting).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/noisy_groups/noisy_group_training.h"

namespace tinyfair::host::noisy_groups {

/// The worst case of each rate constraint over the TV balls: for group j,
/// TPR - min_{p in B_j} TPR_p - alpha and max_{p in B_j} FPR_p - FPR - alpha,
/// with B_j = {distributions on the rows, TV(p, p^_j) <= radii[j]} and the
/// overall rates unweighted. Exact: the rates depend on a row only through
/// its cell, so Dinkelbach's method with the greedy mass transfer runs on
/// the four cells.
std::vector<double> TvBallWorstViolations(const Eigen::VectorXd& scores, const NoisyGroupData& data,
                                          const Eigen::VectorXd& radii,
                                          metrics::FairnessConstraint constraint, double alpha);

/// Algorithm 2: theta, lambda and one weight vector per noisy group
/// (initialized at p^_j, shared by the group's TPR and FPR constraints),
/// each updated in turn with Adam; the weights are projected exactly onto
/// their TV ball after every step (or as options.adversary says). Candidates are judged by
/// TvBallWorstViolations on the training set.
NoisyGroupFit TrainDro(const NoisyGroupData& data, const Eigen::VectorXd& radii,
                       const NoisyGroupOptions& options);

}  // namespace tinyfair::host::noisy_groups
