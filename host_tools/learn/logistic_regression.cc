#include "host_tools/learn/logistic_regression.h"

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "host_tools/learn/logistic_design.h"

namespace tinyfair::host::learn {
namespace {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

// Sufficient-decrease constant of the Armijo condition.
constexpr double kArmijo = 1e-4;
// Step halvings before the line search gives up (step 2^-60 is far below
// anything that can change the parameters).
constexpr int kMaxHalvings = 60;
// Relative change of the objective that is indistinguishable from rounding
// in its n-term sum; below it progress is judged by the gradient instead.
constexpr double kObjectiveNoise = 1e-12;

// log(1 + e^z) without overflow or loss of precision for large |z|.
double Softplus(double z) { return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))); }

// 1 / (1 + e^-z) without overflow.
double Sigmoid(double z) {
  if (z >= 0.0) return 1.0 / (1.0 + std::exp(-z));
  const double e = std::exp(z);
  return e / (1.0 + e);
}

// sigmoid(z) * (1 - sigmoid(z)), accurate in the tails where 1 - sigmoid
// would cancel.
double SigmoidDerivative(double z) {
  const double e = std::exp(-std::abs(z));
  return e / ((1.0 + e) * (1.0 + e));
}

template <typename T>
std::string ToText(const T& value) {
  std::ostringstream text;
  text.precision(17);
  text << value;
  return text.str();
}

[[noreturn]] void Fail(const char* caller, const std::string& message) {
  throw std::invalid_argument(std::string(caller) + ": " + message);
}

// Validates the data and returns the weights scaled to sum to 1.
VectorXd CheckDataAndNormaliseWeights(const char* caller, const MatrixXd& X, const VectorXd& y,
                                      const VectorXd& sample_weight, bool check_features = true) {
  const Index n = X.rows();
  if (n == 0) Fail(caller, "X has no rows");
  if (y.size() != n) {
    Fail(caller, "y has " + ToText(y.size()) + " entries but X has " + ToText(n) + " rows");
  }
  if (sample_weight.size() != 0 && sample_weight.size() != n) {
    Fail(caller, "sample_weight has " + ToText(sample_weight.size()) + " entries but X has " +
                     ToText(n) + " rows (pass an empty vector for unit weights)");
  }
  for (Index i = 0; i < n; ++i) {
    if (y(i) != 0.0 && y(i) != 1.0) {
      Fail(caller, "y(" + ToText(i) + ") = " + ToText(y(i)) + "; labels must be 0 or 1");
    }
  }
  VectorXd weights = sample_weight.size() == 0 ? VectorXd::Ones(n) : VectorXd(sample_weight);
  for (Index i = 0; i < n; ++i) {
    if (!std::isfinite(weights(i)) || weights(i) < 0.0) {
      Fail(caller, "sample_weight(" + ToText(i) + ") = " + ToText(weights(i)) +
                       "; weights must be finite and non-negative");
    }
  }
  const double total = weights.sum();
  if (!(total > 0.0)) Fail(caller, "sample weights sum to zero");
  if (!std::isfinite(total)) Fail(caller, "sum of sample weights overflows");
  if (check_features && !X.allFinite()) {
    for (Index j = 0; j < X.cols(); ++j) {
      for (Index i = 0; i < n; ++i) {
        if (!std::isfinite(X(i, j))) {
          Fail(caller, "X(" + ToText(i) + ", " + ToText(j) + ") = " + ToText(X(i, j)) +
                           "; features must be finite");
        }
      }
    }
  }
  return weights / total;
}

void CheckModelWidth(const char* caller, const LogisticFit& fit, const MatrixXd& X) {
  if (X.cols() != fit.coefficients.size()) {
    Fail(caller, "X has " + ToText(X.cols()) + " columns but the model has " +
                     ToText(fit.coefficients.size()) + " coefficients");
  }
}

// Mean log-loss with normalised weights `w`, given decision values `z`.
double MeanLogLoss(const VectorXd& z, const VectorXd& y, const VectorXd& w) {
  double sum = 0.0;
  for (Index i = 0; i < z.size(); ++i) {
    sum += w(i) * (Softplus(z(i)) - y(i) * z(i));
  }
  return sum;
}

// The parameters and everything the solver needs at them.
struct Point {
  VectorXd beta;
  double intercept = 0.0;
  VectorXd z;  // Decision values.
  double objective = 0.0;
  VectorXd gradient;  // (d/d beta, d/d intercept if fitted).
  double gradient_norm = 0.0;
};

class Problem {
 public:
  Problem(const LogisticDesign& design, const VectorXd& y, const VectorXd& w,
          const LogisticOptions& options)
      : design_(design), X_(design.matrix()), y_(y), w_(w), options_(options) {}

  Index num_parameters() const { return X_.cols() + (options_.fit_intercept ? 1 : 0); }

  Point Evaluate(VectorXd beta, double intercept) const {
    Point point;
    point.beta = std::move(beta);
    point.intercept = intercept;
    point.z = design_.Times(point.beta, intercept);
    point.objective = MeanLogLoss(point.z, y_, w_) + 0.5 * options_.l2 * point.beta.squaredNorm();
    VectorXd residual(X_.rows());
    for (Index i = 0; i < X_.rows(); ++i) {
      residual(i) = w_(i) * (Sigmoid(point.z(i)) - y_(i));
    }
    const Index p = X_.cols();
    point.gradient.resize(num_parameters());
    point.gradient.head(p) = design_.TransposeTimes(residual);
    point.gradient.head(p) += options_.l2 * point.beta;
    if (options_.fit_intercept) point.gradient(p) = residual.sum();
    point.gradient_norm = point.gradient.norm();
    return point;
  }

  // Lower triangle of the Hessian, [X^T D X + l2 I, .; 1^T D X, 1^T D 1]
  // with D = diag(w_i sigmoid'(z_i)).
  MatrixXd HessianLower(const Point& point) const {
    const Index n = X_.rows();
    const Index p = X_.cols();
    VectorXd d(n);
    for (Index i = 0; i < n; ++i) d(i) = w_(i) * SigmoidDerivative(point.z(i));
    MatrixXd hessian = MatrixXd::Zero(num_parameters(), num_parameters());
    design_.AddWeightedGramLower(d, options_.fit_intercept, hessian);
    hessian.topLeftCorner(p, p).diagonal().array() += options_.l2;
    if (options_.fit_intercept) hessian(p, p) = d.sum();
    return hessian;
  }

 private:
  const LogisticDesign& design_;
  const MatrixXd& X_;
  const VectorXd& y_;
  const VectorXd& w_;
  const LogisticOptions& options_;
};

}  // namespace

LogisticFit FitLogisticRegression(const MatrixXd& X, const VectorXd& y,
                                  const VectorXd& sample_weight, const LogisticOptions& options,
                                  const LogisticProgress& progress) {
  return FitLogisticRegression(LogisticDesign(X, LogisticDesign::Form::kDense), y, sample_weight,
                               options, progress);
}

LogisticFit FitLogisticRegression(const LogisticDesign& design, const VectorXd& y,
                                  const VectorXd& sample_weight, const LogisticOptions& options,
                                  const LogisticProgress& progress) {
  constexpr const char* kCaller = "FitLogisticRegression";
  const MatrixXd& X = design.matrix();
  if (!std::isfinite(options.l2) || options.l2 < 0.0) {
    Fail(kCaller, "l2 = " + ToText(options.l2) + "; it must be finite and non-negative");
  }
  if (options.max_iterations < 0) Fail(kCaller, "max_iterations is negative");
  if (!(options.gradient_tolerance >= 0.0)) {
    Fail(kCaller, "gradient_tolerance must be non-negative");
  }
  const VectorXd w = CheckDataAndNormaliseWeights(kCaller, X, y, sample_weight, !design.checked());

  // Starting at the weighted base rate makes the first Newton step start
  // from the best intercept-only model.
  double start_intercept = 0.0;
  if (options.fit_intercept) {
    double positive = 0.0;
    double negative = 0.0;
    for (Index i = 0; i < y.size(); ++i) {
      if (y(i) == 1.0) {
        positive += w(i);
      } else {
        negative += w(i);
      }
    }
    if (!(positive > 0.0) || !(negative > 0.0)) {
      Fail(kCaller,
           "only one class has positive weight, so the intercept has no "
           "finite optimum");
    }
    start_intercept = std::log(positive / negative);
  }

  const Problem problem(design, y, w, options);
  const Index p = X.cols();
  const bool warm = options.initial_coefficients.size() != 0;
  if (warm && options.initial_coefficients.size() != p) {
    Fail(kCaller, "initial_coefficients has " + ToText(options.initial_coefficients.size()) +
                      " entries but X has " + ToText(p) + " columns");
  }
  Point current = warm ? problem.Evaluate(options.initial_coefficients,
                                          options.fit_intercept ? options.initial_intercept : 0.0)
                       : problem.Evaluate(VectorXd::Zero(p), start_intercept);
  if (progress) progress(0, current.objective, current.gradient_norm);

  int iterations = 0;
  while (current.gradient_norm > options.gradient_tolerance &&
         iterations < options.max_iterations) {
    const Eigen::LDLT<MatrixXd, Eigen::Lower> ldlt(problem.HessianLower(current));
    VectorXd direction = ldlt.solve(-current.gradient);
    double slope = current.gradient.dot(direction);
    // An indefinite or failed factorisation can give a non-descent
    // direction; steepest descent still makes progress.
    if (ldlt.info() != Eigen::Success || !direction.allFinite() || !(slope < 0.0)) {
      direction = -current.gradient;
      slope = -current.gradient_norm * current.gradient_norm;
    }

    const double noise = kObjectiveNoise * (1.0 + std::abs(current.objective));
    bool accepted = false;
    bool stalled = false;
    double step = 1.0;
    for (int halving = 0; halving <= kMaxHalvings; ++halving, step *= 0.5) {
      Point trial =
          problem.Evaluate(current.beta + step * direction.head(p),
                           options.fit_intercept ? current.intercept + step * direction(p) : 0.0);
      const bool sufficient_decrease =
          trial.objective <= current.objective + kArmijo * step * slope;
      // Near the optimum the decrease drops below the rounding of the
      // objective; a smaller gradient then shows the step is progress.
      const bool flat_but_closer = trial.objective <= current.objective + noise &&
                                   trial.gradient_norm < current.gradient_norm;
      if (sufficient_decrease || flat_but_closer) {
        // A step too small to change any parameter means the solver is at
        // the limit of double precision; more iterations would repeat it.
        stalled = trial.beta == current.beta && trial.intercept == current.intercept;
        current = std::move(trial);
        accepted = true;
        break;
      }
    }
    if (!accepted || stalled) break;
    ++iterations;
    if (progress) {
      progress(iterations, current.objective, current.gradient_norm);
    }
  }

  LogisticFit fit;
  fit.coefficients = std::move(current.beta);
  fit.intercept = current.intercept;
  fit.iterations = iterations;
  fit.gradient_norm = current.gradient_norm;
  fit.objective = current.objective;
  fit.converged = current.gradient_norm <= options.gradient_tolerance;
  return fit;
}

VectorXd DecisionFunction(const LogisticFit& fit, const MatrixXd& X) {
  CheckModelWidth("DecisionFunction", fit, X);
  VectorXd z = X * fit.coefficients;
  z.array() += fit.intercept;
  return z;
}

VectorXd PredictProbability(const LogisticFit& fit, const MatrixXd& X) {
  CheckModelWidth("PredictProbability", fit, X);
  return DecisionFunction(fit, X).unaryExpr(&Sigmoid);
}

double LogisticLoss(const LogisticFit& fit, const MatrixXd& X, const VectorXd& y,
                    const VectorXd& sample_weight) {
  constexpr const char* kCaller = "LogisticLoss";
  CheckModelWidth(kCaller, fit, X);
  const VectorXd w = CheckDataAndNormaliseWeights(kCaller, X, y, sample_weight);
  return MeanLogLoss(DecisionFunction(fit, X), y, w);
}

}  // namespace tinyfair::host::learn
