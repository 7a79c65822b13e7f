// The best-response learners of fair regression (spec §3, §4, §5; paper
// §4.4 and App. F): linear regressors f(x) = x . coefficients + intercept
// fitted by
//  - weighted least squares (the LS oracle, and BGL with squared loss),
//  - weighted logistic regression under the rescaled parameterization
//    f = 1/2 + logit / (2C) (the LR oracle, and BGL with logistic loss),
//  - weighted classification of the augmented rows (x_i, z_k) into
//    1{f(x_i) >= z_k} (the cost-sensitive oracle on nN rows, small data),
// plus the per-example targets U_i that turn the SP best response into one
// of the first two.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "host_tools/metrics/regression_loss.h"
#include "host_tools/reductions/regression_grid.h"

namespace tinyfair::host::reductions {

struct LinearRegressor {
  Eigen::VectorXd coefficients;
  double intercept = 0.0;
  Eigen::VectorXd Predict(const Eigen::MatrixXd& X) const;
};

/// The lambda-adjusted threshold costs of eq. (12):
/// c_lambda(y_i, a_i, z_k) = c(y_i, z_k) + adjustment(a_i, k), with
/// adjustment(a, k) = N lambda_{a,k} / p_a - N sum_a' lambda_{a',k}.
struct ThresholdCosts {
  metrics::RegressionLoss loss;
  const RegressionGrid* grid;
  const Eigen::VectorXd* y;
  const std::vector<int>* group;
  /// group_count x N; column k-1 is threshold z_k.
  Eigen::MatrixXd adjustment;
  double Cost(Eigen::Index i, int k) const;
};

/// Per example, the midpoint (capped at 1) of the cell that minimizes
/// g_lambda(y_i, a_i, u) = sum_{z_k <= u} c_lambda(y_i, a_i, z_k) / N, ties to
/// the lowest cell (§3.2). Computed once per distinct (y, a).
Eigen::VectorXd CellTargets(const ThresholdCosts& costs);

/// Least squares with an unpenalized intercept:
/// min sum_i w_i (t_i - f(x_i))^2 / sum_i w_i + l2 |coefficients|^2.
class LeastSquaresOracle {
 public:
  LeastSquaresOracle(const Eigen::MatrixXd& X, double l2);
  /// Unit weights: reuses one factorization of the Gram matrix.
  LinearRegressor Fit(const Eigen::VectorXd& targets) const;
  LinearRegressor FitWeighted(const Eigen::VectorXd& targets, const Eigen::VectorXd& weights) const;

 private:
  const Eigen::MatrixXd& X_;
  double l2_;
  Eigen::LDLT<Eigen::MatrixXd> unit_;
};

/// Weighted logistic regression of 0/1 labels on the logit s(x), returned
/// as the regressor f = 1/2 + s / (2C) of the rescaled logistic loss.
class LogisticOracle {
 public:
  LogisticOracle(const Eigen::MatrixXd& X, double l2);
  /// The LR reduction: each example twice, label 1 with weight
  /// sigmoid(C (2 U_i - 1)) and label 0 with the rest, whose pointwise
  /// optimum is f = U_i under the rescaled parameterization (§3.3).
  LinearRegressor FitTargets(const Eigen::VectorXd& targets) const;
  /// Risk minimization sum_i w_i l(y_i, f(x_i)) for 0/1 labels (BGL).
  LinearRegressor FitLabels(const Eigen::VectorXd& labels, const Eigen::VectorXd& weights) const;

 private:
  const Eigen::MatrixXd& X_;
  double l2_;
  Eigen::MatrixXd doubled_;
};

/// The cost-sensitive oracle: one row per (i, k) with features (x_i, -z_k),
/// label 1{c_lambda <= 0} and weight |c_lambda|, fitted by weighted logistic
/// regression as a surrogate for the 0/1 cost; the threshold classifier
/// 1{margin >= 0} is 1{f(x) >= z} with f = (x . w + b) / w_z when w_z > 0.
/// Without a usable w_z (<= 0) it returns `fallback`.
class CostSensitiveOracle {
 public:
  /// @throws std::invalid_argument when n N exceeds kMaxRows.
  CostSensitiveOracle(const Eigen::MatrixXd& X, const RegressionGrid& grid, double l2);
  LinearRegressor Fit(const ThresholdCosts& costs, const LinearRegressor& fallback) const;
  static constexpr Eigen::Index kMaxRows = 400000;

 private:
  const RegressionGrid& grid_;
  double l2_;
  Eigen::MatrixXd augmented_;
};

}  // namespace tinyfair::host::reductions
