// The fairness and distance measures of the maximum-entropy method (Celis,
// Keswani, Vishnoi 2020, Definitions 2.1 and 2.2): representation rate,
// statistical rate, exactly for a fitted distribution (no sampling) and
// for data; the Theorem 4.5 bound; and the KL divergence to the data.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_REPORT_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_REPORT_H_

#include <Eigen/Dense>
#include <vector>

#include "host_tools/preprocessing/maxent_domain.h"
#include "host_tools/preprocessing/maxent_oracle.h"
#include "host_tools/preprocessing/maxent_prior.h"

namespace tinyfair::host::preprocessing {

/// mass[z][y]: the probability of (Z = z, Y = y) (not necessarily summing
/// to 1 for counts; rates only use ratios).
struct GroupLabelJoint {
  double mass[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
};

struct FairnessRates {
  double group_share[2] = {0.0, 0.0};      ///< p(Z = z)
  double favourable_rate[2] = {0.0, 0.0};  ///< p(Y = favourable | Z = z)
  /// min_z p(Z=z) / max_z p(Z=z); 0 when a group is empty.
  double representation_rate = 0.0;
  /// min_z p(Y=y|Z=z) / max_z p(Y=y|Z=z); NaN when a group is empty, 1 when
  /// no group has the favourable label.
  double statistical_rate = 0.0;
};

FairnessRates RatesOf(const GroupLabelJoint& joint, int favourable_label);

/// The joint of weights on the distinct data points.
GroupLabelJoint JointOfWeights(const DomainData& data, const std::vector<double>& weights,
                               const MaxentRoles& roles);
/// The joint of a list of points (e.g. a synthetic sample), as frequencies.
GroupLabelJoint JointOfPoints(const std::vector<std::vector<int>>& points,
                              const MaxentRoles& roles);
/// q(Z=z, Y=y) = C / 4 + (1 - C) w(Z=z, Y=y) for binary Z and Y.
GroupLabelJoint JointOfPrior(const DomainData& data, const MixturePrior& prior,
                             const MaxentRoles& roles);
/// p*(Z=z, Y=y) = pi_u pi_Z[z] pi_Y[y] + pi_w sum_{i in cell} rho_i, exactly.
GroupLabelJoint JointOfTilted(const DomainData& data, const DualPoint& point,
                              const MaxentRoles& roles);

/// Theorem 4.5: p* has statistical rate >= tau - 4 delta (1 + tau) / (C + 4 delta),
/// delta = max_z |p*(Y=y, Z=z) - q(Y=y, Z=z)|.
double TheoremStatisticalRateBound(double tau, double c, const GroupLabelJoint& optimum,
                                   const GroupLabelJoint& prior, int favourable_label);

/// KL(s || r) between the empirical distributions of two point lists on the
/// domain after adding `smoothing` to every cell of Omega and renormalising
/// (the paper's experiments: 1e-7, r the whole raw data). Cells absent from
/// both lists are counted in closed form, so Omega is never enumerated.
double SmoothedKlDivergence(const Domain& domain, const DomainData& sample,
                            const DomainData& reference, double smoothing);

/// KL(p* || r) for the tilted distribution at `point` and the smoothed
/// empirical distribution r of `reference`, by enumerating Omega.
/// @throws std::invalid_argument if |Omega| > 1e7.
double ExactKlToSmoothedData(const DualOracle& oracle, const Eigen::VectorXd& lambda,
                             const DomainData& reference, double smoothing);

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_REPORT_H_
