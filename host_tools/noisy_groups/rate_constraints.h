// The rate constraints of fairness with noisy groups (Wang et al. 2020,
// section 5): equal opportunity (group TPR at most alpha below the overall
// TPR) and equalized odds (plus group FPR at most alpha above the overall
// FPR), their 0-1 violations from cell counts, and the hinge surrogates of
// the indicators that training differentiates.
#pragma once

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

#include "host_tools/metrics/fairness_constraint.h"

namespace tinyfair::host::noisy_groups {

/// Counts per cell (prediction, label), indexed 2 * prediction + label:
/// (0,0), (0,1), (1,0), (1,1). Prediction: positive iff score > 0.
using Cells = std::array<double, 4>;
inline int CellIndex(int prediction, int label) { return 2 * prediction + label; }

/// Cells of every example (`overall`) and per group.
struct GroupCells {
  Cells overall{};
  std::vector<Cells> group;
};
GroupCells CountCells(const Eigen::VectorXd& scores, const Eigen::VectorXd& labels,
                      const std::vector<int>& groups, int group_count);

/// TPR = TP / positives, FPR = FP / negatives of a cell table; 0 when the
/// denominator is 0.
double TruePositiveRate(const Cells& cells);
double FalsePositiveRate(const Cells& cells);
double ErrorRate(const Cells& cells);

/// The constraints' count: one per group (TPR) for equal opportunity, then
/// as many again (FPR) for equalized odds.
/// @throws std::invalid_argument for another constraint (the rate
///         constraints are eopp and eodds only).
int ConstraintCount(metrics::FairnessConstraint constraint, int group_count);

/// Delta_j^TPR = TPR - TPR_j - alpha for every group, then for equalized
/// odds Delta_j^FPR = FPR_j - FPR - alpha. A group without rows of the
/// constraint's label cannot be judged and gets -alpha (its rate taken as
/// the overall one).
std::vector<double> RateViolations(const GroupCells& cells, metrics::FairnessConstraint constraint,
                                   double alpha);

double MaxOf(const std::vector<double>& values);

/// Hinge surrogates of 1[z > 0] (section 4.3): the convex upper hinge
/// U(z) = max(0, 1 + z), the concave lower hinge L(z) = min(1, z), and the
/// bounded ramps Rp(z) = min(1, max(0, 1 + z)) >= 1[z > 0] and
/// Rn(z) = min(1, max(0, 1 - z)) >= 1[z <= 0]; each with its derivative.
inline double UpperHinge(double z) { return z > -1.0 ? 1.0 + z : 0.0; }
inline double UpperHingeSlope(double z) { return z > -1.0 ? 1.0 : 0.0; }
inline double LowerHinge(double z) { return z < 1.0 ? z : 1.0; }
inline double LowerHingeSlope(double z) { return z < 1.0 ? 1.0 : 0.0; }
inline double PositiveRamp(double z) { return z <= -1.0 ? 0.0 : (z >= 0.0 ? 1.0 : 1.0 + z); }
inline double PositiveRampSlope(double z) { return z > -1.0 && z < 0.0 ? 1.0 : 0.0; }
inline double NegativeRamp(double z) { return z >= 1.0 ? 0.0 : (z <= 0.0 ? 1.0 : 1.0 - z); }
inline double NegativeRampSlope(double z) { return z > 0.0 && z < 1.0 ? -1.0 : 0.0; }

}  // namespace tinyfair::host::noisy_groups

namespace tinyfair::host::noisy_groups {

/// Surrogate constraint values and, per constraint, the derivative of the
/// value with respect to every example's score.
struct SurrogateConstraints {
  std::vector<double> value;
  std::vector<Eigen::VectorXd> score_gradient;
};

/// The hinge surrogates of the rate constraints for groups given as
/// example weights (section 4.4): for each group j with weights omega_j,
///   TPR_j: mean_{y=1} U(z) - sum omega y L(z) / sum omega y - slack,
///   FPR_j: sum omega (1-y) U(z) / sum omega (1-y) - mean_{y=0} L(z) - slack.
/// Indicator weights give the naive constraints, the DRO adversary's
/// distributions the robust ones. A group without weight on the label gets
/// value 0 and no gradient (it cannot be judged).
SurrogateConstraints WeightedRateSurrogates(const Eigen::VectorXd& scores,
                                            const Eigen::VectorXd& labels,
                                            const std::vector<Eigen::VectorXd>& group_weights,
                                            metrics::FairnessConstraint constraint, double slack);

}  // namespace tinyfair::host::noisy_groups
