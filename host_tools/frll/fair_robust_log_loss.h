// Fair robust log-loss classifier (Rezaei, Fathony, Memarrast and Ziebart,
// "Fairness for Robust Log Loss Classification", AAAI 2020), as restated in
// ../shared/specs/fair_robust_log_loss.md ("spec" below).
//
// The predictor is the logistic probability Pe = sigmoid(theta . [x, 1])
// clipped per cell (a, y) by the cell parameter c(a, y) = F_lambda(a, y, 1):
// P = clamp(Pe, lo(c), hi(c)) with hi(c) = 1/c for c > 1 and lo(c) = 1 + 1/c
// for c < -1. The multiplier lambda of each constraint slice makes the mean
// of P equal between the two comparison groups on the training sample.
//
// Training minimises the convex objective (mean, spec [S13])
//
//   J(theta) = max_lambda G(theta, lambda) + (l2 / 2) |theta|^2
//
// where G is the Lagrangian of the minimax game. Its gradient (Danskin) is
// the approximator's moment-matching residual, mean_i (Q_i - y_i) [x_i, 1]
// with Q = P (1 + c (1 - P)); the paper's expression (its eq. 71) holds
// lambda fixed and is not J's gradient (available as FrllGradient::kPaper).
//
// J has a convex kink where a slice's logistic probabilities are already
// balanced: there the maximising lambda jumps across the interval in which
// nothing is clipped. The solver therefore minimises the smoothed
// J_mu(theta) = max_lambda G(theta, lambda) - (mu / 2) |lambda|^2, whose
// maximiser is unique and continuous in theta (so J_mu is C^1 and convex),
// with mu decreasing geometrically to a tiny final value, each stage warm
// started. The final stage's lambda satisfies the constraint to mu |lambda|
// and, on a kink, converges to the saddle point's multiplier (the one at
// which the gradient vanishes) rather than to an arbitrary end of the jump.

#ifndef TINYFAIR_HOST_TOOLS_FAIR_ROBUST_LOG_LOSS_H_
#define TINYFAIR_HOST_TOOLS_FAIR_ROBUST_LOG_LOSS_H_

#include <Eigen/Core>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "host_tools/metrics/fairness_constraint.h"

namespace tinyfair::host::frll {

/// Which gradient the solver follows.
enum class FrllGradient {
  kExact,  // the gradient of J (spec [S14])
  kPaper,  // the paper's eq. (71), lambda held fixed: not a descent direction in general
};

/// Settings of FitFairRobustLogLoss().
struct FrllOptions {
  /// dp, eopp or eodds (others are refused), with group gamma1 = {a = 1} and
  /// gamma0 = {a = 0} within each slice; std::nullopt: plain L2 logistic
  /// regression (lambda = 0).
  std::optional<metrics::FairnessConstraint> constraint =
      metrics::FairnessConstraint::kDemographicParity;
  /// C: mean loss + (C / 2) |theta|^2.
  double l2 = 0.01;
  /// Include the intercept in |theta|^2 (as the paper's released code does).
  bool penalize_intercept = true;
  /// L-BFGS iterations allowed over all smoothing stages.
  int max_iterations = 10000;
  /// Converged when the final stage's gradient norm is at most this.
  double tolerance = 1e-6;
  /// Starting theta: p coefficients then the intercept; empty for zeros.
  Eigen::VectorXd initial_theta;
  /// Smoothing of the kink: mu from `smoothing_start` down by factors of
  /// 100 to `smoothing_end`. smoothing_start = 0 minimises the exact J only.
  double smoothing_start = 1e-2;
  double smoothing_end = 1e-10;
  FrllGradient gradient = FrllGradient::kExact;
};

/// One constraint slice: the samples with y = label (label -1: all), split
/// into gamma1 (a = 1) and gamma0 (a = 0).
struct FrllSlice {
  int label = -1;
  double lambda = 0.0;
  size_t n_group1 = 0, n_group0 = 0;
  /// p_gamma = n_gamma / n with n the whole training sample (spec [S5]).
  double p_group1 = 0.0, p_group0 = 0.0;
  /// Mean P over gamma1 minus mean P over gamma0 on the training sample,
  /// with the stored cell parameters.
  double residual = 0.0;
};

/// A fitted model.
struct FrllFit {
  std::optional<metrics::FairnessConstraint> constraint =
      metrics::FairnessConstraint::kDemographicParity;
  Eigen::VectorXd coefficients;
  double intercept = 0.0;
  std::vector<FrllSlice> slices;
  /// c(a, y) (spec [S8]), indexed [a][y].
  double cell[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
  /// Training frequency n(a, y) / n, indexed [a][y].
  double cell_frequency[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
  /// L-BFGS iterations and objective evaluations over all stages.
  int iterations = 0;
  int evaluations = 0;
  /// J(theta*) with the exact inner maximiser (no smoothing).
  double objective = 0.0;
  /// Norm of the final stage's gradient at theta*: the gradient of J where
  /// lambda* is unique, an approximate minimal subgradient on a kink.
  double gradient_norm = 0.0;
  /// Largest |residual| over the slices.
  double constraint_residual = 0.0;
  bool converged = false;
  /// Why the last stage stopped (LbfgsStopName()).
  std::string stop;
  /// Small comparison groups and the like.
  std::vector<std::string> warnings;
};

/// Called after every L-BFGS step with the stage's smoothing mu.
using FrllProgress =
    std::function<void(double smoothing, int iteration, double objective, double gradient_norm)>;

/// Fits the model. X holds the features (the paper includes the protected
/// attribute among them; the caller decides), without an intercept column.
/// @param X  n x p, finite.
/// @param y  n labels, 0 or 1.
/// @param a  n protected attributes, 0 or 1 (1 is gamma1).
/// @throws std::invalid_argument on mismatched sizes, labels or attributes
///         other than 0/1, non-finite features, invalid options, or an empty
///         comparison group (the constraint would be undefined).
FrllFit FitFairRobustLogLoss(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                             const Eigen::VectorXd& a, const FrllOptions& options,
                             const FrllProgress& progress = {});

/// The objective at one theta (coefficients then intercept).
struct FrllEvaluation {
  /// J_mu(theta) (J when smoothing = 0), with the L2 term.
  double objective = 0.0;
  Eigen::VectorXd gradient;
  /// The inner maximiser per slice (FitFairRobustLogLoss's slice order).
  std::vector<double> lambda;
};

/// Evaluates J_mu and its gradient (options.gradient chooses which) at
/// theta, with lambda solved afresh.
/// @throws std::invalid_argument as FitFairRobustLogLoss().
FrllEvaluation EvaluateFairRobustLogLoss(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                         const Eigen::VectorXd& a, const FrllOptions& options,
                                         const Eigen::VectorXd& theta, double smoothing = 0.0);

/// The inner maximiser for one slice (spec Sec. 3.5, Algorithm 1): the
/// lambda at which the clipped means of e1 (gamma1) and e0 (gamma0) differ
/// by smoothing * lambda (equal for smoothing = 0), n being the whole
/// sample's size. Returns 0 when the means differ by at most
/// `tie_tolerance` (smoothing = 0 only). Uses O(|e1| + |e0| + t log n)
/// operations, t being the number of clipped values.
/// @throws std::invalid_argument when e1 or e0 is empty or n is too small.
double SolveFairnessMultiplier(const std::vector<double>& e1, const std::vector<double>& e0,
                               size_t n, double smoothing = 0.0, double tie_tolerance = 1e-12);

/// hi(c) and lo(c) of spec [S9].
double CellUpper(double c);
double CellLower(double c);

/// The approximator's Q(y^ = 1) = P (1 + c (1 - P)) for a clipped P
/// (spec [S11]), clamped to [0, 1] against rounding: exactly 1 at the cap
/// and 0 at the floor.
double CellApproximator(double p, double c);

/// P(y^ = 1 | x, a) from the untruncated probability pe (spec Sec. 4): the
/// clamp for demographic parity (and kNone), the label-marginalising
/// inference for the label-dependent constraints, q = pe when its
/// denominator is at most `denominator_epsilon`.
double FrllProbability(const FrllFit& fit, double pe, int a, double denominator_epsilon = 1e-12);

/// FrllProbability for every row of X (a as in FitFairRobustLogLoss).
Eigen::VectorXd FrllPredictProbability(const FrllFit& fit, const Eigen::MatrixXd& X,
                                       const Eigen::VectorXd& a,
                                       double denominator_epsilon = 1e-12);

}  // namespace tinyfair::host::frll

#endif  // TINYFAIR_HOST_TOOLS_FAIR_ROBUST_LOG_LOSS_H_
