#include "host_tools/reductions/regression_oracles.h"

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "host_tools/learn/logistic_regression.h"

namespace tinyfair::host::reductions {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// [X 1]^T diag(w) [X 1] / sum w + l2 on the coefficients only.
MatrixXd Gram(const MatrixXd& X, const VectorXd* weights, double l2) {
  const Eigen::Index d = X.cols();
  MatrixXd gram(d + 1, d + 1);
  const double total = weights ? weights->sum() : static_cast<double>(X.rows());
  if (weights) {
    const MatrixXd weighted = X.transpose() * weights->asDiagonal();
    gram.topLeftCorner(d, d) = weighted * X;
    gram.topRightCorner(d, 1) = weighted.rowwise().sum();
    gram(d, d) = weights->sum();
  } else {
    gram.topLeftCorner(d, d) = X.transpose() * X;
    gram.topRightCorner(d, 1) = X.colwise().sum().transpose();
    gram(d, d) = static_cast<double>(X.rows());
  }
  gram.bottomLeftCorner(1, d) = gram.topRightCorner(d, 1).transpose();
  gram /= total;
  gram.topLeftCorner(d, d).diagonal().array() += l2;
  return gram;
}

LinearRegressor FromSolution(const VectorXd& solution) {
  const Eigen::Index d = solution.size() - 1;
  return {solution.head(d), solution[d]};
}

VectorXd Moment(const MatrixXd& X, const VectorXd& t, double total) {
  VectorXd moment(X.cols() + 1);
  moment.head(X.cols()) = X.transpose() * t;
  moment[X.cols()] = t.sum();
  return moment / total;
}

// f = 1/2 + s / (2C) for the logit s = x . w + b.
LinearRegressor FromLogit(const learn::LogisticFit& fit) {
  const double scale = 1.0 / (2.0 * metrics::kLogisticScale);
  return {fit.coefficients * scale, 0.5 + fit.intercept * scale};
}

learn::LogisticOptions OracleOptions(double l2) {
  learn::LogisticOptions options;
  options.l2 = l2;
  options.max_iterations = 50;
  options.gradient_tolerance = 1e-9;
  return options;
}

}  // namespace

VectorXd LinearRegressor::Predict(const MatrixXd& X) const {
  return (X * coefficients).array() + intercept;
}

double ThresholdCosts::Cost(Eigen::Index i, int k) const {
  const int a = (*group)[static_cast<size_t>(i)];
  return metrics::ThresholdCost(loss, (*y)[i], grid->threshold(k), grid->size()) +
         adjustment(a, k - 1);
}

VectorXd CellTargets(const ThresholdCosts& costs) {
  const Eigen::Index n = costs.y->size();
  const int cells = costs.grid->size();
  std::map<std::pair<double, int>, double> targets;
  VectorXd u(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto key = std::make_pair((*costs.y)[i], (*costs.group)[static_cast<size_t>(i)]);
    auto found = targets.find(key);
    if (found == targets.end()) {
      double running = 0.0, best = 0.0;
      int best_cell = 0;
      for (int k = 1; k <= cells; ++k) {
        running += costs.Cost(i, k) / cells;
        if (running < best) {
          best = running;
          best_cell = k;
        }
      }
      found = targets.emplace(key, costs.grid->Midpoint(best_cell)).first;
    }
    u[i] = found->second;
  }
  return u;
}

LeastSquaresOracle::LeastSquaresOracle(const MatrixXd& X, double l2)
    : X_(X), l2_(l2), unit_(Gram(X, nullptr, l2)) {}

LinearRegressor LeastSquaresOracle::Fit(const VectorXd& targets) const {
  return FromSolution(unit_.solve(Moment(X_, targets, static_cast<double>(X_.rows()))));
}

LinearRegressor LeastSquaresOracle::FitWeighted(const VectorXd& targets,
                                                const VectorXd& weights) const {
  const Eigen::LDLT<MatrixXd> ldlt(Gram(X_, &weights, l2_));
  const VectorXd weighted = targets.cwiseProduct(weights);
  return FromSolution(ldlt.solve(Moment(X_, weighted, weights.sum())));
}

LogisticOracle::LogisticOracle(const MatrixXd& X, double l2) : X_(X), l2_(l2) {
  doubled_.resize(2 * X.rows(), X.cols());
  doubled_ << X, X;
}

LinearRegressor LogisticOracle::FitTargets(const VectorXd& targets) const {
  const Eigen::Index n = X_.rows();
  VectorXd labels(2 * n), weights(2 * n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double positive = metrics::LogisticProbability(targets[i]);
    labels[i] = 1.0;
    weights[i] = positive;
    labels[n + i] = 0.0;
    weights[n + i] = 1.0 - positive;
  }
  return FromLogit(learn::FitLogisticRegression(doubled_, labels, weights, OracleOptions(l2_)));
}

LinearRegressor LogisticOracle::FitLabels(const VectorXd& labels, const VectorXd& weights) const {
  return FromLogit(learn::FitLogisticRegression(X_, labels, weights, OracleOptions(l2_)));
}

CostSensitiveOracle::CostSensitiveOracle(const MatrixXd& X, const RegressionGrid& grid, double l2)
    : grid_(grid), l2_(l2) {
  const Eigen::Index n = X.rows(), N = grid.size();
  if (n * N > kMaxRows) {
    throw std::invalid_argument("the cost-sensitive oracle's augmented data would have " +
                                std::to_string(n * N) + " rows (n x N); it is for at most " +
                                std::to_string(kMaxRows) + ": use the ls or lr oracle");
  }
  augmented_.resize(n * N, X.cols() + 1);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (int k = 1; k <= N; ++k) {
      const Eigen::Index r = i * N + (k - 1);
      augmented_.row(r).head(X.cols()) = X.row(i);
      augmented_(r, X.cols()) = -grid.threshold(k);
    }
  }
}

LinearRegressor CostSensitiveOracle::Fit(const ThresholdCosts& costs,
                                         const LinearRegressor& fallback) const {
  const Eigen::Index rows = augmented_.rows(), N = grid_.size();
  VectorXd labels(rows), weights(rows);
  for (Eigen::Index r = 0; r < rows; ++r) {
    const double cost = costs.Cost(r / N, static_cast<int>(r % N) + 1);
    labels[r] = cost <= 0.0 ? 1.0 : 0.0;
    weights[r] = std::fabs(cost);
  }
  if (!(weights.sum() > 0.0) || labels.cwiseProduct(weights).sum() <= 0.0 ||
      (VectorXd::Ones(rows) - labels).cwiseProduct(weights).sum() <= 0.0) {
    // One label carries all the weight: every threshold prefers the same
    // side, which a constant at the grid's end achieves.
    const bool all_one = labels.cwiseProduct(weights).sum() > 0.0;
    return {VectorXd::Zero(augmented_.cols() - 1), all_one ? 1.0 : 0.0};
  }
  const learn::LogisticFit fit =
      learn::FitLogisticRegression(augmented_, labels, weights, OracleOptions(l2_));
  const Eigen::Index d = augmented_.cols() - 1;
  const double slope = fit.coefficients[d];
  if (!(slope > 0.0)) return fallback;
  return {fit.coefficients.head(d) / slope, fit.intercept / slope};
}

}  // namespace tinyfair::host::reductions
