// The prior and the target of the maximum-entropy method (Celis, Keswani,
// Vishnoi, ICML 2020): Algorithm 1's reweighting, which equalises the label
// rates of the protected groups; the prior q = C u + (1 - C) w mixing the
// uniform distribution u on the domain with weights w on the data; and the
// expectation vectors theta the learned distribution must match.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_PRIOR_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_PRIOR_H_

#include <Eigen/Dense>
#include <cstddef>
#include <vector>

#include "host_tools/preprocessing/maxent_domain.h"

namespace tinyfair::host::preprocessing {

/// Which blocks are the protected attribute Z and the label Y. Both must be
/// binary blocks; value 0 of Z is the group whose weight Algorithm 1 scales
/// by tau.
struct MaxentRoles {
  std::size_t protected_block = 0;
  std::size_t label_block = 1;
};

/// Algorithm 1: w(alpha) proportional to n_alpha c(y) / c(y, z), with
/// c(y, 0) carrying a factor 1/tau; w sums to 1. Then w(Y=y | Z=z) is the
/// data's label rate for both groups and w(Z=0) = tau w(Z=1).
/// @throws std::invalid_argument if tau is not in (0, 1], the blocks are not
///         binary, or a (label, group) cell has no data.
std::vector<double> ReweightForStatisticalRate(const Domain& domain, const DomainData& data,
                                               const MaxentRoles& roles, double tau);

/// n_alpha / N.
std::vector<double> EmpiricalWeights(const DomainData& data);

/// q = c u + (1 - c) sum_i weights[i] delta(points[i]).
struct MixturePrior {
  double c = 0.5;
  std::vector<double> weights;  ///< on the distinct data points; sum 1
};

/// sum_i weights[i] alpha_i: theta^d for empirical weights, theta^w for
/// Algorithm 1's.
Eigen::VectorXd WeightedMean(const DomainData& data, const std::vector<double>& weights);

/// The mean of the uniform distribution on the domain.
Eigen::VectorXd UniformMean(const Domain& domain);

/// E_q[alpha]; matching it leaves the prior unchanged (lambda* = 0).
Eigen::VectorXd PriorMean(const Domain& domain, const DomainData& data, const MixturePrior& prior);

/// theta with block b's entries replaced by the average of its encodings
/// (1/2 for a binary block): theta^b when b is the protected block.
Eigen::VectorXd WithBlockBalanced(const Domain& domain, Eigen::VectorXd theta, std::size_t b);

/// Rescales every one-hot block of theta to sum to exactly 1; a sum of
/// 1 + eps makes the dual unbounded.
Eigen::VectorXd RenormaliseOneHotBlocks(const Domain& domain, Eigen::VectorXd theta);

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_PRIOR_H_
