// Weighted, L2-regularised logistic regression fitted by Newton's method.
//
// The objective is the weight-normalised mean log-loss plus a ridge penalty
// on the coefficients (not the intercept):
//
//   f(beta, b) = sum_i w_i * logloss(y_i, x_i . beta + b) / sum_i w_i
//                + (l2 / 2) * ||beta||^2
//
// Normalising by the weight total keeps `l2` and `gradient_tolerance`
// meaningful whatever the sample size or weight scale, so trainers that
// reweight samples can reuse one set of options.

#ifndef TINYFAIR_HOST_TOOLS_LOGISTIC_REGRESSION_H_
#define TINYFAIR_HOST_TOOLS_LOGISTIC_REGRESSION_H_

#include <Eigen/Core>
#include <functional>

namespace tinyfair::host::learn {

/// Settings of FitLogisticRegression().
struct LogisticOptions {
  /// Ridge penalty lambda on the coefficients (not the intercept).
  double l2 = 1e-4;
  /// Newton steps allowed; 0 evaluates the starting point only.
  int max_iterations = 100;
  /// Converged when the Euclidean norm of the objective's gradient (with
  /// respect to coefficients and intercept) is at most this.
  double gradient_tolerance = 1e-8;
  /// Fit an unpenalised intercept; otherwise it is fixed at 0.
  bool fit_intercept = true;
  /// Where Newton starts: empty for zero coefficients and the base-rate
  /// intercept; otherwise these coefficients (one per column) and
  /// initial_intercept, e.g. the fit of a nearby problem (a warm start: the
  /// optimum is the same, the steps to reach it fewer).
  Eigen::VectorXd initial_coefficients;
  double initial_intercept = 0.0;
};

/// A fitted model: P(y = 1 | x) = sigmoid(x . coefficients + intercept).
struct LogisticFit {
  Eigen::VectorXd coefficients;
  double intercept = 0.0;
  /// Newton steps taken.
  int iterations = 0;
  /// Gradient norm and objective at the returned parameters.
  double gradient_norm = 0.0;
  double objective = 0.0;
  /// Whether gradient_norm <= gradient_tolerance was reached.
  bool converged = false;
};

/// Called with (iteration, objective, gradient norm) for the starting point
/// (iteration 0) and after every Newton step.
using LogisticProgress = std::function<void(int iteration, double objective, double gradient_norm)>;

/// Minimises the objective above by Newton's method with an Armijo
/// backtracking line search, starting from zero coefficients and the
/// intercept that matches the weighted base rate (or from the options'
/// initial point).
///
/// Stops when the gradient norm reaches the tolerance, after max_iterations
/// steps, or when no step along the search direction lowers the objective
/// or changes the parameters any more. Only the first sets `converged`; the
/// others are not errors. On separable data with l2 = 0 there is no
/// minimum: the coefficients grow until the gradient falls below the
/// tolerance, so use l2 > 0 when the data may be separable.
///
/// @param X              n x p features, all finite.
/// @param y              n labels, each exactly 0 or 1.
/// @param sample_weight  n finite non-negative weights with a positive sum,
///                       or empty for all ones.
/// @throws std::invalid_argument on mismatched sizes, n = 0, labels other
///         than 0/1, bad weights, non-finite features, invalid options, or
///         (with fit_intercept) when only one class has positive weight, as
///         the intercept then has no finite optimum.
LogisticFit FitLogisticRegression(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                  const Eigen::VectorXd& sample_weight,
                                  const LogisticOptions& options,
                                  const LogisticProgress& progress = {});

/// Decision values x_i . coefficients + intercept for each row of X.
/// @throws std::invalid_argument if X.cols() != fit.coefficients.size().
Eigen::VectorXd DecisionFunction(const LogisticFit& fit, const Eigen::MatrixXd& X);

/// P(y = 1 | x_i) for each row of X, computed without overflow.
/// @throws std::invalid_argument if X.cols() != fit.coefficients.size().
Eigen::VectorXd PredictProbability(const LogisticFit& fit, const Eigen::MatrixXd& X);

/// Weighted mean log-loss (natural log, no penalty) of `fit` on (X, y):
/// sum_i w_i * logloss_i / sum_i w_i, computed as softplus(z) - y * z so that
/// confident mistakes give large finite losses rather than inf or NaN.
/// @throws std::invalid_argument on the same input problems as
///         FitLogisticRegression() (one class only is fine here).
double LogisticLoss(const LogisticFit& fit, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                    const Eigen::VectorXd& sample_weight);

}  // namespace tinyfair::host::learn

#endif  // TINYFAIR_HOST_TOOLS_LOGISTIC_REGRESSION_H_
