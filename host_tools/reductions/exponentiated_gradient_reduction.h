// The exponentiated-gradient reduction for fair classification (Agarwal,
// Beygelzimer, Dudik, Langford and Wallach, "A Reductions Approach to Fair
// Classification", ICML 2018), with weighted logistic regression as the
// cost-sensitive learner.
//
// Fairness is a set of moment constraints gamma_k(Q) <= epsilon on a
// randomized classifier Q (a distribution over classifiers h):
//
//   demographic parity: gamma_(a,+-)  = +-(E[h | A = a] - E[h])
//   equalized odds:     gamma_(a,y,+-) = +-(E[h | A = a, Y = y] - E[h | Y = y])
//
// over the (weighted) training sample. The algorithm (the paper's
// Algorithm 1) plays a zero-sum game on the Lagrangian
//
//   L(Q, lambda) = err(Q) + sum_k lambda_k (gamma_k(Q) - epsilon),
//
// lambda >= 0 with |lambda|_1 <= B: the lambda player runs exponentiated
// gradient, lambda_k = B exp(theta_k) / (1 + sum_j exp(theta_j)), theta +=
// eta (gamma(h_t) - epsilon); the Q player best responds with h_t =
// argmin_h L(h, lambda_t), a cost-sensitive classification solved as a
// weighted logistic regression (label: the cheaper decision, weight: the
// cost difference), thresholded at probability 1/2. The candidate is
// Q_t = the uniform mixture of h_1..h_t with the mean multiplier; it stops
// when the duality gap of (Q_t, mean lambda) is at most nu, or after
// max_iterations, returning the candidate with the smallest gap. Theorem 1:
// the returned Q has err within 2 nu of the best feasible Q and violates
// every constraint by at most epsilon + (1 + 2 nu) / B.
//
// The game is the exponentiated-gradient core (eg_core.h) over the
// classification moments (classification_moments.h). Step size, nu and the
// gap follow the authors' released implementation (fairlearn): eta = 2 / B
// at first, shrunk by 0.8 when the best gap stops falling by a fifth between
// geometrically spaced checks; nu = 0.5 sd|h_0 - y| / sqrt(n) from the
// unconstrained response h_0; the gap is measured with each pair's smaller
// side removed from the multiplier (same best responses, larger
// Lagrangian), its lower bound from the best responses to 1, 2, 5 and 10
// times it; at least 5 iterations. With the LP step (default, as the
// released code) every iteration also solves the linear program over all
// classifiers found so far and counts whichever of it and the average has
// the smaller gap. Q's duplicates (the cached best responses) are merged,
// and the mixture is then reduced (Caratheodory) to at most rank(err,
// gamma, 1) members with exactly the same training error and moments, so
// that it fits a device's member capacity.

#ifndef TINYFAIR_HOST_TOOLS_EXPONENTIATED_GRADIENT_REDUCTION_H_
#define TINYFAIR_HOST_TOOLS_EXPONENTIATED_GRADIENT_REDUCTION_H_

#include <Eigen/Core>
#include <functional>
#include <vector>

#include "host_tools/learn/logistic_regression.h"
#include "host_tools/reductions/classification_moments.h"
#include "host_tools/reductions/eg_convergence.h"

namespace tinyfair::host::reductions {

/// Settings of FitExponentiatedGradient().
struct ReductionOptions {
  /// dp or eodds (ClassificationMoments refuses others).
  metrics::FairnessConstraint constraint = metrics::FairnessConstraint::kDemographicParity;
  /// epsilon: the allowed |gamma| of every moment.
  double epsilon = 0.01;
  /// B, the l1 bound on lambda; 0: 1 / epsilon (as the released code).
  double bound = 0.0;
  /// nu, the duality-gap tolerance; 0: automatic (see above).
  double nu = 0.0;
  /// Best responses played at most.
  int max_iterations = 50;
  /// The first EG step is eta0 / B.
  double eta0 = 2.0;
  /// Solve the LP over the classifiers found after every best response.
  bool lp_step = true;
  /// The cost-sensitive learner (its l2 is the method's).
  learn::LogisticOptions learner;
};

/// One classifier of the mixture: h(x) = 1 iff x . coefficients + intercept
/// >= 0, i.e. the logistic probability is at least 1/2.
struct ReductionMember {
  learn::LogisticFit classifier;
  double weight = 0.0;
  /// Training error and moments gamma (one per constraint pair, the + sign).
  double error = 0.0;
  Eigen::VectorXd moments;
};

/// One iteration's numbers, for progress lines.
struct ReductionStep {
  int iteration = 0;
  double gap = 0.0;
  double error = 0.0;
  double violation = 0.0;
  double lambda_norm = 0.0;
};
using ReductionProgress = std::function<void(const ReductionStep& step)>;

/// The randomized classifier Q.
struct ReductionFit {
  std::vector<ReductionMember> members;
  /// Best responses played (oracle calls for the gap excluded).
  int iterations = 0;
  int oracle_calls = 0;
  /// Duality gap of the returned candidate, and nu.
  double gap = 0.0;
  double nu = 0.0;
  double bound = 0.0;
  bool converged = false;
  /// Q's training error and largest |moment| (the constraint violation
  /// before epsilon), over the weighted training sample.
  double error = 0.0;
  double violation = 0.0;
  /// The paper's guarantee on `violation`: epsilon + (1 + 2 nu) / B.
  double violation_bound = 0.0;
  /// Members of Q before the Caratheodory reduction.
  int members_before_reduction = 0;
  /// Whether Q is the LP step's mixture (else Algorithm 1's average).
  bool from_lp = false;
  /// Why the game stopped, gap against nu, violation against epsilon and
  /// violation_bound.
  EgConvergence convergence;
};

/// Fits Q on (X, y) with groups `group` (0..G-1, every group present).
/// @param sample_weight  n non-negative weights with a positive sum, or
///                       empty for all ones (the empirical distribution).
/// @throws std::invalid_argument on mismatched sizes, labels other than
///         0/1, a group index out of range, a group (or, for equalized odds,
///         a group and label) without weight, or invalid options.
ReductionFit FitExponentiatedGradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                      const Eigen::VectorXi& group,
                                      const Eigen::VectorXd& sample_weight,
                                      const ReductionOptions& options,
                                      const ReductionProgress& progress = {});

/// The most members FitExponentiatedGradient() returns on `group_count`
/// groups: the rank of [err; gamma; 1], as the moments of each event sum to
/// zero when weighted by the groups' shares (DP: 1 + (G - 1) + 1 = G + 1;
/// equalized odds: 1 + 2 (G - 1) + 1 = 2G). Known before fitting, so a
/// device that cannot hold that many members is refused before any work.
int MaxReductionMembers(metrics::FairnessConstraint constraint, int group_count);

/// Each row's h(x) for one member, and Q's expected decision
/// sum_j weight_j h_j(x).
Eigen::VectorXd MemberDecisions(const ReductionMember& member, const Eigen::MatrixXd& X);
Eigen::VectorXd MixtureExpectedDecisions(const ReductionFit& fit, const Eigen::MatrixXd& X);

/// The moments gamma_k (the + sign of each pair, in the order the fit uses)
/// of a per-row expected decision `h` on (y, group, weights).
Eigen::VectorXd ReductionMoments(metrics::FairnessConstraint constraint, const Eigen::VectorXd& h,
                                 const Eigen::VectorXd& y, const Eigen::VectorXi& group,
                                 const Eigen::VectorXd& sample_weight);

}  // namespace tinyfair::host::reductions

#endif  // TINYFAIR_HOST_TOOLS_EXPONENTIATED_GRADIENT_REDUCTION_H_
