#include "host_tools/reductions/bounded_group_loss.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

#include "host_tools/reductions/regression_oracles.h"

namespace tinyfair::host {

using Eigen::VectorXd;

namespace {

// loss^(f) and the group losses gamma_a(f) of one regressor.
struct GroupLosses {
  double loss = 0.0;
  VectorXd group;
};

GroupLosses Measure(RegressionLoss loss, const VectorXd& predictions, const VectorXd& labels,
                    const std::vector<int>& group, const VectorXd& group_rows) {
  GroupLosses out{0.0, VectorXd::Zero(group_rows.size())};
  for (Eigen::Index i = 0; i < labels.size(); ++i) {
    const double value = LossValue(loss, labels[i], predictions[i]);
    out.loss += value;
    out.group[group[static_cast<size_t>(i)]] += value;
  }
  out.loss /= static_cast<double>(labels.size());
  out.group = out.group.cwiseQuotient(group_rows);
  return out;
}

}  // namespace

BoundedGroupLossFit FitBoundedGroupLoss(const Eigen::MatrixXd& X, const VectorXd& labels,
                                        const std::vector<int>& group, int group_count,
                                        const BoundedGroupLossOptions& options,
                                        const BoundedGroupLossProgress& progress) {
  const Eigen::Index n = X.rows();
  if (labels.size() != n || group.size() != static_cast<size_t>(n) || n == 0) {
    throw std::invalid_argument("features, labels and groups differ in length or are empty");
  }
  if (options.bound.size() != 1 && options.bound.size() != static_cast<size_t>(group_count)) {
    throw std::invalid_argument("give one loss bound, or one per group");
  }
  VectorXd group_rows = VectorXd::Zero(group_count), zeta(group_count);
  for (int a : group) {
    if (a < 0 || a >= group_count) throw std::invalid_argument("a group index is out of range");
    group_rows[a] += 1.0;
  }
  for (int a = 0; a < group_count; ++a) {
    if (group_rows[a] == 0.0) {
      throw std::invalid_argument("group " + std::to_string(a) + " has no training rows");
    }
    zeta[a] = options.bound.size() == 1 ? options.bound[0] : options.bound[static_cast<size_t>(a)];
  }
  BoundedGroupLossFit fit;
  fit.multiplier_bound = options.multiplier_bound > 0.0 ? options.multiplier_bound
                                                        : 10.0 / std::max(zeta.minCoeff(), 5e-4);
  const double B = fit.multiplier_bound, nu = options.tolerance;
  fit.violation_tolerance = (1.0 + 2.0 * nu) / B;
  std::unique_ptr<StepSchedule> schedule;

  const LeastSquaresOracle least_squares(X, options.l2);
  std::unique_ptr<LogisticOracle> logistic;
  if (options.loss == RegressionLoss::kLogistic)
    logistic = std::make_unique<LogisticOracle>(X, options.l2);
  auto oracle = [&](const VectorXd& lambda) {
    VectorXd w(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const int a = group[static_cast<size_t>(i)];
      w[i] = 1.0 / static_cast<double>(n) + lambda[a] / group_rows[a];
    }
    const auto start = std::chrono::steady_clock::now();
    LinearRegressor f =
        logistic ? logistic->FitLabels(labels, w) : least_squares.FitWeighted(labels, w);
    fit.oracle_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return f;
  };
  auto lagrangian = [&](const GroupLosses& g, const VectorXd& lambda) {
    return g.loss + lambda.dot(g.group - zeta);
  };

  std::vector<LinearRegressor> hypotheses;
  std::vector<int> played;
  VectorXd theta = VectorXd::Zero(group_count), lambda_sum = VectorXd::Zero(group_count);
  GroupLosses sum{0.0, VectorXd::Zero(group_count)}, best_mean;
  int best_t = 0;
  double best_gap = std::numeric_limits<double>::infinity();
  fit.stopped_by = "iterations";
  for (int t = 1; t <= options.max_iterations; ++t) {
    const VectorXd lambda = DualWeights(theta, B);
    LinearRegressor f = oracle(lambda);
    const GroupLosses g = Measure(options.loss, f.Predict(X), labels, group, group_rows);
    hypotheses.push_back(std::move(f));
    played.push_back(static_cast<int>(hypotheses.size()) - 1);
    if (static_cast<int>(played.size()) > options.max_members) {
      played.pop_back();
      fit.stopped_by = "members";
      break;
    }
    fit.iterations = t;
    sum.loss += g.loss;
    sum.group += g.group;
    lambda_sum += lambda;
    const GroupLosses mean{sum.loss / t, sum.group / t};
    const VectorXd lambda_mean = lambda_sum / t;
    const double mid = lagrangian(mean, lambda_mean);
    const double excess = (mean.group - zeta).maxCoeff();
    const double high = mean.loss + B * std::max(0.0, excess);
    const LinearRegressor response = oracle(lambda_mean);
    const double low = lagrangian(
        Measure(options.loss, response.Predict(X), labels, group, group_rows), lambda_mean);
    const double gap = std::max(high - mid, mid - low);
    if (gap < best_gap) {
      best_gap = gap;
      best_t = t;
      best_mean = mean;
    }
    if (progress) progress(t, gap, mean.loss, excess);
    if (gap <= nu) {
      fit.converged = true;
      fit.stopped_by = "gap <= nu";
      break;
    }
    if (!schedule) {
      const double scale = std::max(1e-9, (g.group - zeta).cwiseAbs().maxCoeff());
      schedule = std::make_unique<StepSchedule>(B, options.initial_step * B / scale,
                                                options.theory_step ? nu / (2.0 * B) : 0.0);
    }
    theta += schedule->step() * (g.group - zeta);
    schedule->Update(t, best_gap);
  }
  fit.gap = best_gap;
  fit.loss = best_mean.loss;
  fit.group_loss.assign(best_mean.group.data(), best_mean.group.data() + group_count);
  const bool within = ((best_mean.group - zeta).array() <= fit.violation_tolerance).all();
  fit.infeasible = fit.converged && !within;
  if (!fit.infeasible) fit.mixture = PlayedMixture(hypotheses, played, best_t);
  return fit;
}

}  // namespace tinyfair::host
