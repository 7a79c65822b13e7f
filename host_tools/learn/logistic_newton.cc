#include "host_tools/learn/logistic_newton.h"

#include <Eigen/Cholesky>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::learn {
namespace {

using common::ExactText;

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

// Sufficient-decrease constant of the Armijo condition.
constexpr double kNewtonArmijo = 1e-4;
// Step halvings before the line search gives up (step 2^-60 is far below
// anything that can change the parameters).
constexpr int kMaxHalvings = 60;
// Relative change of the objective that is indistinguishable from rounding
// in its n-term sum; below it progress is judged by the gradient instead.
constexpr double kNewtonObjectiveNoise = 1e-12;

constexpr const char* kNewtonCaller = "FitLogisticRegression";

[[noreturn]] void FailFit(const std::string& message) {
  throw std::invalid_argument(std::string(kNewtonCaller) + ": " + message);
}

// The parameters and everything the solver needs at them.
struct Point {
  VectorXd beta;
  double intercept = 0.0;
  LogisticSums sums;
  double objective = 0.0;
  VectorXd gradient;  // (d/d beta, d/d intercept if fitted).
  double gradient_norm = 0.0;
};

// The objective, its gradient and Hessian from the source's sums: the
// sums divided by their weight, plus the ridge penalty.
class Problem {
 public:
  Problem(LogisticSumSource& source, Index columns, const LogisticOptions& options)
      : source_(source), p_(columns), options_(options) {}

  Index num_parameters() const { return p_ + (options_.fit_intercept ? 1 : 0); }

  Point Evaluate(VectorXd beta, double intercept) const {
    Point point;
    point.beta = std::move(beta);
    point.intercept = intercept;
    point.sums = source_.At(point.beta, intercept);
    const LogisticSums& sums = point.sums;
    if (sums.gradient.size() != num_parameters()) {
      FailFit("the sums have " + ExactText(sums.gradient.size()) + " gradient entries, not " +
              ExactText(num_parameters()));
    }
    if (!(sums.weight > 0.0)) FailFit("sample weights sum to zero");
    if (!std::isfinite(sums.weight)) FailFit("sum of sample weights overflows");
    point.objective = sums.loss / sums.weight + 0.5 * options_.l2 * point.beta.squaredNorm();
    point.gradient = sums.gradient / sums.weight;
    point.gradient.head(p_) += options_.l2 * point.beta;
    point.gradient_norm = point.gradient.norm();
    return point;
  }

  // Lower triangle of the Hessian, the Gram sum over the weight plus l2 on
  // the coefficients' diagonal.
  MatrixXd HessianLower(Point& point) const {
    if (point.sums.gram_lower.size() == 0) {
      source_.AddGram(point.beta, point.intercept, point.sums);
    }
    const Index size = num_parameters();
    if (point.sums.gram_lower.rows() != size || point.sums.gram_lower.cols() != size) {
      FailFit("the sums' Gram matrix is not " + ExactText(size) + " x " + ExactText(size));
    }
    MatrixXd hessian = point.sums.gram_lower / point.sums.weight;
    hessian.topLeftCorner(p_, p_).diagonal().array() += options_.l2;
    return hessian;
  }

 private:
  LogisticSumSource& source_;
  Index p_;
  const LogisticOptions& options_;
};

void CheckOptions(const LogisticOptions& options, Index columns) {
  if (!std::isfinite(options.l2) || options.l2 < 0.0) {
    FailFit("l2 = " + ExactText(options.l2) + "; it must be finite and non-negative");
  }
  if (options.max_iterations < 0) FailFit("max_iterations is negative");
  if (!(options.gradient_tolerance >= 0.0)) FailFit("gradient_tolerance must be non-negative");
  if (options.initial_coefficients.size() != 0 && options.initial_coefficients.size() != columns) {
    FailFit("initial_coefficients has " + ExactText(options.initial_coefficients.size()) +
            " entries but X has " + ExactText(columns) + " columns");
  }
}

// Starting at the weighted base rate makes the first Newton step start
// from the best intercept-only model.
double StartIntercept(LogisticSumSource& source, const LogisticOptions& options) {
  if (!options.fit_intercept) return 0.0;
  double positive = 0.0;
  double negative = 0.0;
  source.ClassWeights(positive, negative);
  if (!(positive > 0.0) || !(negative > 0.0)) {
    FailFit("only one class has positive weight, so the intercept has no finite optimum");
  }
  return std::log(positive / negative);
}

}  // namespace

LogisticFit FitLogisticFromSums(LogisticSumSource& source, Index columns,
                                const LogisticOptions& options, const LogisticProgress& progress) {
  CheckOptions(options, columns);
  const double start_intercept = StartIntercept(source, options);
  const Problem problem(source, columns, options);
  const Index p = columns;
  const bool warm = options.initial_coefficients.size() != 0;
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
    const double noise = kNewtonObjectiveNoise * (1.0 + std::abs(current.objective));
    bool accepted = false;
    bool stalled = false;
    double step = 1.0;
    for (int halving = 0; halving <= kMaxHalvings; ++halving, step *= 0.5) {
      Point trial =
          problem.Evaluate(current.beta + step * direction.head(p),
                           options.fit_intercept ? current.intercept + step * direction(p) : 0.0);
      const bool sufficient_decrease =
          trial.objective <= current.objective + kNewtonArmijo * step * slope;
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
    if (progress) progress(iterations, current.objective, current.gradient_norm);
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

}  // namespace tinyfair::host::learn
