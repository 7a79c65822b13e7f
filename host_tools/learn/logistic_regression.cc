#include "host_tools/learn/logistic_regression.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "host_tools/common/text_format.h"
#include "host_tools/learn/logistic_design.h"
#include "host_tools/learn/logistic_link.h"
#include "host_tools/learn/logistic_newton.h"
#include "host_tools/learn/logistic_sums.h"

namespace tinyfair::host::learn {
namespace {

using common::ExactText;

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

[[noreturn]] void Fail(const char* caller, const std::string& message) {
  throw std::invalid_argument(std::string(caller) + ": " + message);
}

// Validates the data and returns the weights scaled to sum to 1.
VectorXd CheckDataAndNormaliseWeights(const char* caller, const MatrixXd& X, const VectorXd& y,
                                      const VectorXd& sample_weight, bool check_features = true) {
  const Index n = X.rows();
  if (n == 0) Fail(caller, "X has no rows");
  if (y.size() != n) {
    Fail(caller, "y has " + ExactText(y.size()) + " entries but X has " + ExactText(n) + " rows");
  }
  if (sample_weight.size() != 0 && sample_weight.size() != n) {
    Fail(caller, "sample_weight has " + ExactText(sample_weight.size()) + " entries but X has " +
                     ExactText(n) + " rows (pass an empty vector for unit weights)");
  }
  for (Index i = 0; i < n; ++i) {
    if (y(i) != 0.0 && y(i) != 1.0) {
      Fail(caller, "y(" + ExactText(i) + ") = " + ExactText(y(i)) + "; labels must be 0 or 1");
    }
  }
  VectorXd weights = sample_weight.size() == 0 ? VectorXd::Ones(n) : VectorXd(sample_weight);
  for (Index i = 0; i < n; ++i) {
    if (!std::isfinite(weights(i)) || weights(i) < 0.0) {
      Fail(caller, "sample_weight(" + ExactText(i) + ") = " + ExactText(weights(i)) +
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
          Fail(caller, "X(" + ExactText(i) + ", " + ExactText(j) + ") = " + ExactText(X(i, j)) +
                           "; features must be finite");
        }
      }
    }
  }
  return weights / total;
}

void CheckModelWidth(const char* caller, const LogisticFit& fit, const MatrixXd& X) {
  if (X.cols() != fit.coefficients.size()) {
    Fail(caller, "X has " + ExactText(X.cols()) + " columns but the model has " +
                     ExactText(fit.coefficients.size()) + " coefficients");
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

// The rows in memory with their weights normalised to sum to 1 (so the
// sums' weight is 1 by construction): the sums of FitLogisticRegression,
// with the Gram matrix summed only for the points a Newton step starts from.
class RowsInMemory final : public LogisticSumSource {
 public:
  RowsInMemory(const LogisticDesign& design, const VectorXd& y, const VectorXd& w,
               bool fit_intercept)
      : design_(design), X_(design.matrix()), y_(y), w_(w), fit_intercept_(fit_intercept) {}

  void ClassWeights(double& positive, double& negative) override {
    positive = 0.0;
    negative = 0.0;
    for (Index i = 0; i < y_.size(); ++i) {
      if (y_(i) == 1.0) {
        positive += w_(i);
      } else {
        negative += w_(i);
      }
    }
  }

  LogisticSums At(const VectorXd& beta, double intercept) override {
    z_ = design_.Times(beta, intercept);
    z_beta_ = beta;
    z_intercept_ = intercept;
    LogisticSums sums;
    sums.rows = static_cast<uint64_t>(X_.rows());
    sums.weight = 1.0;
    sums.loss = MeanLogLoss(z_, y_, w_);
    VectorXd residual(X_.rows());
    for (Index i = 0; i < X_.rows(); ++i) residual(i) = w_(i) * (Sigmoid(z_(i)) - y_(i));
    const Index p = X_.cols();
    sums.gradient.resize(p + (fit_intercept_ ? 1 : 0));
    sums.gradient.head(p) = design_.TransposeTimes(residual);
    if (fit_intercept_) sums.gradient(p) = residual.sum();
    return sums;
  }

  // [X^T D X, .; 1^T D X, 1^T D 1] with D = diag(w_i sigmoid'(z_i)), z at
  // the point (the one At last evaluated: the line search ends on the accepted one).
  void AddGram(const VectorXd& beta, double intercept, LogisticSums& sums) override {
    if (z_.size() != X_.rows() || beta != z_beta_ || intercept != z_intercept_) {
      z_ = design_.Times(beta, intercept);
      z_beta_ = beta;
      z_intercept_ = intercept;
    }
    const Index n = X_.rows();
    const Index p = X_.cols();
    const Index size = p + (fit_intercept_ ? 1 : 0);
    VectorXd d(n);
    for (Index i = 0; i < n; ++i) d(i) = w_(i) * SigmoidDerivative(z_(i));
    sums.gram_lower = MatrixXd::Zero(size, size);
    design_.AddWeightedGramLower(d, fit_intercept_, sums.gram_lower);
    if (fit_intercept_) sums.gram_lower(p, p) = d.sum();
  }

 private:
  const LogisticDesign& design_;
  const MatrixXd& X_;
  const VectorXd& y_;
  const VectorXd& w_;
  const bool fit_intercept_;
  // Decision values at the point At last evaluated.
  VectorXd z_;
  VectorXd z_beta_;
  double z_intercept_ = 0.0;
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
    Fail(kCaller, "l2 = " + ExactText(options.l2) + "; it must be finite and non-negative");
  }
  if (options.max_iterations < 0) Fail(kCaller, "max_iterations is negative");
  if (!(options.gradient_tolerance >= 0.0)) {
    Fail(kCaller, "gradient_tolerance must be non-negative");
  }
  const VectorXd w = CheckDataAndNormaliseWeights(kCaller, X, y, sample_weight, !design.checked());
  RowsInMemory rows(design, y, w, options.fit_intercept);
  return FitLogisticFromSums(rows, X.cols(), options, progress);
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
