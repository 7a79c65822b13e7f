// The checks of the robust constraints that the paper's released code used
// to select iterates and settings (specification section 8, items 8 and
// 12): for DRO the worst of a few random points near each TV ball, for soft
// group assignments the training-time table. Both are lower bounds of the
// exact worst cases (TvBallWorstViolations, SoftGroupWorstViolations), so
// they accept models the exact checks refuse; the reproduction reports
// selection by both to show how much of the paper's accuracy that buys.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "host_tools/noisy_groups/noisy_group_training.h"

namespace tinyfair::host::noisy_groups {

/// DRO's constraints judged at `samples` random points near each group's
/// ball, the worst per constraint, as the reference code draws them: a
/// uniformly random split of radii[j] (as an l1 length) over all rows with
/// random signs, added to p^_j (1/n^_j on group j's rows) and clipped at 0;
/// the group's rate is the weighted one, the overall rate the data's.
/// Spread over thousands of rows such a perturbation barely moves a rate,
/// so this is close to the noisy group's own violation. Deterministic for
/// a seed.
std::vector<double> TvBallSampledViolations(const Eigen::VectorXd& scores,
                                            const NoisyGroupData& data,
                                            const Eigen::VectorXd& radii,
                                            metrics::FairnessConstraint constraint, double alpha,
                                            int samples, uint64_t seed);

/// The rate constraints of the true groups as a fixed soft-assignment
/// table assigns them (rows 4 k + cell, column j, as SoftAssignment):
/// TPR_j^w from the cell counts weighted by w(j | cell, k). A true group
/// without weight on the label gets -alpha.
std::vector<double> AssignedTableViolations(const Eigen::VectorXd& scores,
                                            const NoisyGroupData& data,
                                            const Eigen::MatrixXd& table,
                                            metrics::FairnessConstraint constraint, double alpha);

}  // namespace tinyfair::host::noisy_groups
