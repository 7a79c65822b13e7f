// Training a linear scorer under rate constraints when the protected group
// is observed with noise (Wang, Guo, Narasimhan, Cotter, Gupta, Jordan,
// NeurIPS 2020): the data and options the three methods share, the plain
// Lagrangian descent-ascent they run (hinge objective, Adam steps, lambda
// in {lambda >= 0, sum lambda <= R}), the best-iterate selection, and the
// unconstrained and naive trainers. DRO (dro_training.h) and soft group
// assignments (soft_group_assignment.h) plug their adversaries into it.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <functional>
#include <vector>

#include "host_tools/noisy_groups/rate_constraints.h"

namespace tinyfair::host::noisy_groups {

/// Training or evaluation rows: features (no intercept column), 0/1 labels
/// and the observed (noisy) group of each row.
struct NoisyGroupData {
  Eigen::SparseMatrix<double, Eigen::RowMajor> features;
  Eigen::VectorXd labels;
  std::vector<int> groups;
  int group_count = 0;
};

/// score = w'x + b; positive iff score > 0.
struct LinearScorerFit {
  Eigen::VectorXd weights;
  double bias = 0.0;
  Eigen::VectorXd Scores(const Eigen::SparseMatrix<double, Eigen::RowMajor>& x) const;
};

struct NoisyGroupOptions {
  metrics::FairnessConstraint constraint = metrics::FairnessConstraint::kEqualOpportunity;
  /// The 0-1 constraints' slack alpha.
  double alpha = 0.05;
  /// beta, added to the surrogate constraints (section 4.6).
  double hinge_slack = 1.0;
  int iterations = 750;
  /// A candidate every this many iterations (and after the last).
  int record_every = 25;
  double theta_rate = 0.01, lambda_rate = 0.5;
  /// DRO: the adversary's weights' Adam rate; soft groups with the
  /// reference-code adversary: the table's Adam rate eta_w.
  double weight_rate = 0.01;
  /// The robust methods' adversary. kExact: DRO's weights start at p^_j and
  /// are projected exactly onto the TV ball (Algorithm 2); soft groups'
  /// table is the exact LP maximizer every iteration. kReferenceCode, to
  /// reproduce the paper's numbers: as its released code, DRO's weights
  /// start at 0 and are projected by ProjectLikeReferenceCode, soft groups'
  /// table takes 5 Adam steps then Dykstra's projection onto W(theta)
  /// (ReferenceCodeTableAdversary). Both are weaker adversaries.
  enum class Adversary { kExact, kReferenceCode };
  Adversary adversary = Adversary::kExact;
  /// R: the multipliers' l1 bound.
  double lambda_radius = 1.0;
  /// Called after every iteration with the iteration (1-based).
  std::function<void(int iteration)> progress;
};

/// A method's own 0-1 constraint violations of scores on a data set (the
/// noisy-group, TV-ball or soft-assignment worst case); <= 0 is feasible.
using OwnViolations =
    std::function<std::vector<double>(const Eigen::VectorXd& scores, const NoisyGroupData& data)>;

struct Candidate {
  LinearScorerFit scorer;
  int iteration = 0;
  double error = 0.0;      // 0-1 training error
  double violation = 0.0;  // max own 0-1 violation on the training set
  /// Soft groups: the adversary's table at this iterate (empty otherwise).
  Eigen::MatrixXd assignment;
};

struct NoisyGroupFit {
  LinearScorerFit scorer;
  /// The chosen candidate satisfied the method's own constraints on train.
  bool feasible = false;
  int iteration = 0;
  double train_error = 0.0, train_violation = 0.0;
  /// Every recorded candidate, in iteration order.
  std::vector<Candidate> candidates;
  /// The last iterate's multipliers.
  std::vector<double> lambda;
};

/// The best candidate: the lowest error among those with violation <= 0;
/// when none is feasible, the smallest violation (ties: lower error), the
/// rank rule of Cotter et al. with the constraints collapsed to their max
/// and the objective not ranked.
size_t BestCandidate(const std::vector<Candidate>& candidates);

/// The mean hinge loss max(0, 1 - s z), s = 2y - 1, and its derivative with
/// respect to every score.
double HingeLoss(const Eigen::VectorXd& scores, const Eigen::VectorXd& labels,
                 Eigen::VectorXd& score_gradient);

/// One player's move in the descent-ascent: given the current scores and
/// multipliers, updates its adversarial variables.
using AdversaryStep =
    std::function<void(const Eigen::VectorXd& scores, const std::vector<double>& lambda)>;

/// The plain Lagrangian descent-ascent: theta starts at 0 and lambda at 0;
/// each iteration runs `before` (the soft-assignment LP), one Adam step on
/// theta for hinge + sum lambda_c surrogate_c, one projected Adam ascent
/// step on lambda with the surrogates at the new theta, then `after` (the
/// DRO weights). Candidates are scored with 0-1 error and `own` on `data`;
/// `annotate`, when given, adds the adversary's state to each.
NoisyGroupFit RunDescentAscent(
    const NoisyGroupData& data, const NoisyGroupOptions& options, int constraint_count,
    const std::function<SurrogateConstraints(const Eigen::VectorXd& scores)>& surrogates,
    const AdversaryStep& before, const AdversaryStep& after, const OwnViolations& own,
    const std::function<void(Candidate&)>& annotate = nullptr);

/// The noisy groups' own 0-1 violations (the naive method's constraints).
std::vector<double> NoisyGroupViolations(const Eigen::VectorXd& scores, const NoisyGroupData& data,
                                         metrics::FairnessConstraint constraint, double alpha);

/// Hinge loss only; the candidate with the lowest training error.
NoisyGroupFit TrainUnconstrained(const NoisyGroupData& data, const NoisyGroupOptions& options);

/// The naive approach (problem 2): the constraints on the noisy groups.
NoisyGroupFit TrainNaive(const NoisyGroupData& data, const NoisyGroupOptions& options);

}  // namespace tinyfair::host::noisy_groups
