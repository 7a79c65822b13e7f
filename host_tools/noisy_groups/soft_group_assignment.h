// Robust approach 2 of Wang et al. (2020), after Kallus, Mao & Zhou:
// soft group assignments. The true group's share of every cell
// (prediction, label, noisy group k) is a table w(j | yhat, y, k) that only
// has to agree with the noise model P(G = j | G^ = k) and the observed cell
// frequencies (the set W(theta), section 3.2); the constraints must hold for
// the worst such table. The inner maximizations are small linear programs,
// solved exactly here.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "host_tools/noisy_groups/noisy_group_training.h"

namespace tinyfair::host::noisy_groups {

/// A soft-assignment table: row 4 k + cell (cell = 2 yhat + y) per noisy
/// group k, column j per true group; every row sums to 1.
using SoftAssignment = Eigen::MatrixXd;

/// The table w(j | ., k) = P(G = j | G^ = k) for every cell: G independent
/// of (prediction, label) given G^. Always in W(theta).
SoftAssignment IndependentAssignment(const Eigen::MatrixXd& true_given_noisy);

/// P(G = j) = sum_k P(G^ = k) P(G = j | G^ = k) with P(G^) from `cells`.
Eigen::VectorXd TrueGroupShares(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy);

/// The exact worst case of every rate constraint over W(theta) on a data
/// set: per constraint a linear-fractional program made linear by the
/// Charnes-Cooper transformation (section 3.5). Group j's TPR_j^w is
/// minimized (its FPR_j^w maximized); the overall rates are the data's.
/// A true group that can receive no row of the constraint's label gets
/// -alpha.
std::vector<double> SoftGroupWorstViolations(const Eigen::VectorXd& scores,
                                             const NoisyGroupData& data,
                                             const Eigen::MatrixXd& true_given_noisy,
                                             metrics::FairnessConstraint constraint, double alpha);

/// Algorithm 4's adversary: a table of W(theta) maximizing
/// sum_c lambda_c E[h_c w(j(c) | .)] / P(G = j(c)) with the linearized
/// constraints h of section 1.2 (an exact LP). With lambda = 0 every table
/// is optimal and the independent one is returned.
SoftAssignment WorstCaseAssignment(const GroupCells& cells, const Eigen::MatrixXd& true_given_noisy,
                                   const std::vector<double>& lambda,
                                   metrics::FairnessConstraint constraint, double alpha);

/// What the soft-assignment surrogates need from the scores: per noisy
/// group, over its positives the sums of L(z), Rn(z), Rp(z) and over its
/// negatives those of U(z), Rn(z), Rp(z) (section 4.4's r1 and r2 entries),
/// and the overall means of U(z) over positives and L(z) over negatives.
struct SurrogateCellSums {
  struct Sums {
    double hinge = 0.0, negative_ramp = 0.0, positive_ramp = 0.0;
  };
  std::vector<Sums> positives, negatives;
  double positive_count = 0.0, negative_count = 0.0, mean_upper = 0.0, mean_lower = 0.0;
};
SurrogateCellSums SoftAssignmentSums(const Eigen::VectorXd& scores, const NoisyGroupData& data);

/// d/dW of sum_c lambda_c surrogate_c for fixed scores: the derivative of
/// each constraint's ratio r1.W_j / (r2.W_j + 1) with respect to the
/// table's column j (the overall means do not depend on the table).
SoftAssignment SoftAssignmentTableGradient(const SurrogateCellSums& sums,
                                           const SoftAssignment& table,
                                           const std::vector<double>& lambda,
                                           metrics::FairnessConstraint constraint);

/// The hinge surrogates of the soft-assigned rate constraints for a fixed
/// table (section 4.4): TPR_j: mean_{y=1} U(z) - r1.W_j / (r2.W_j + 1) -
/// slack, with r1 the per-noisy-group sums of L(z) over positives (cell
/// (1,1)) and r2 those of Rn(z) (cell (0,1)) and Rp(z) (cell (1,1)); FPR_j
/// likewise with U(z) in cell (1,0) and the negatives' ramps.
SurrogateConstraints SoftAssignmentSurrogates(const Eigen::VectorXd& scores,
                                              const NoisyGroupData& data,
                                              const SoftAssignment& table, int true_group_count,
                                              metrics::FairnessConstraint constraint, double slack);

/// Algorithm 4 (the practical algorithm): each iteration the exact LP
/// adversary at the current theta and lambda (options.adversary
/// kReferenceCode: ReferenceCodeTableAdversary's steps instead), a theta
/// step with the table fixed, a lambda step. Candidates are judged by SoftGroupWorstViolations
/// on the training set.
NoisyGroupFit TrainSoftGroups(const NoisyGroupData& data, const Eigen::MatrixXd& true_given_noisy,
                              const NoisyGroupOptions& options);

}  // namespace tinyfair::host::noisy_groups
