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

double Lagrangian(const GroupLosses& g, const VectorXd& lambda, const VectorXd& zeta) {
  return g.loss + lambda.dot(g.group - zeta);
}

// Rows per group, every group non-empty, and each group's loss bound zeta.
struct GroupBounds {
  VectorXd rows;
  VectorXd zeta;
};

GroupBounds BoundsOf(const std::vector<int>& group, int group_count,
                     const BoundedGroupLossOptions& options) {
  GroupBounds bounds{VectorXd::Zero(group_count), VectorXd(group_count)};
  for (int a : group) {
    if (a < 0 || a >= group_count) throw std::invalid_argument("a group index is out of range");
    bounds.rows[a] += 1.0;
  }
  for (int a = 0; a < group_count; ++a) {
    if (bounds.rows[a] == 0.0) {
      throw std::invalid_argument("group " + std::to_string(a) + " has no training rows");
    }
    bounds.zeta[a] =
        options.bound.size() == 1 ? options.bound[0] : options.bound[static_cast<size_t>(a)];
  }
  return bounds;
}

// The learner's best response to multipliers lambda: each row weighted
// 1/n + lambda_a / n_a; every call is timed.
class WeightedLossOracle {
 public:
  WeightedLossOracle(const Eigen::MatrixXd& X, const VectorXd& labels,
                     const std::vector<int>& group, const VectorXd& group_rows,
                     const BoundedGroupLossOptions& options)
      : labels_(labels), group_(group), group_rows_(group_rows), least_squares_(X, options.l2) {
    if (options.loss == RegressionLoss::kLogistic)
      logistic_ = std::make_unique<LogisticOracle>(X, options.l2);
  }

  LinearRegressor operator()(const VectorXd& lambda, std::vector<double>& oracle_seconds) const {
    const Eigen::Index n = labels_.size();
    VectorXd w(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const int a = group_[static_cast<size_t>(i)];
      w[i] = 1.0 / static_cast<double>(n) + lambda[a] / group_rows_[a];
    }
    const auto start = std::chrono::steady_clock::now();
    LinearRegressor f =
        logistic_ ? logistic_->FitLabels(labels_, w) : least_squares_.FitWeighted(labels_, w);
    oracle_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return f;
  }

 private:
  const VectorXd& labels_;
  const std::vector<int>& group_;
  const VectorXd& group_rows_;
  const LeastSquaresOracle least_squares_;
  std::unique_ptr<LogisticOracle> logistic_;
};

// The iterate with the smallest gap: its index and mean group losses.
struct BestIterate {
  int t = 0;
  double gap = std::numeric_limits<double>::infinity();
  GroupLosses mean;
};

// The game: exponentiated gradient on the multipliers against the learner's
// best responses; `hypotheses` and `played` get every response played.
BestIterate PlayBoundedGroupLossGame(const Eigen::MatrixXd& X, const VectorXd& labels,
                                     const std::vector<int>& group, const GroupBounds& bounds,
                                     const BoundedGroupLossOptions& options,
                                     const BoundedGroupLossProgress& progress,
                                     std::vector<LinearRegressor>& hypotheses,
                                     std::vector<int>& played, BoundedGroupLossFit& fit) {
  const VectorXd& zeta = bounds.zeta;
  const Eigen::Index group_count = zeta.size();
  const double B = fit.multiplier_bound, nu = options.tolerance;
  const WeightedLossOracle oracle(X, labels, group, bounds.rows, options);
  std::unique_ptr<StepSchedule> schedule;
  VectorXd theta = VectorXd::Zero(group_count), lambda_sum = VectorXd::Zero(group_count);
  GroupLosses sum{0.0, VectorXd::Zero(group_count)};
  BestIterate best;
  fit.stopped_by = "iterations";
  for (int t = 1; t <= options.max_iterations; ++t) {
    const VectorXd lambda = DualWeights(theta, B);
    LinearRegressor f = oracle(lambda, fit.oracle_seconds);
    const GroupLosses g = Measure(options.loss, f.Predict(X), labels, group, bounds.rows);
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
    const double mid = Lagrangian(mean, lambda_mean, zeta);
    const double excess = (mean.group - zeta).maxCoeff();
    const double high = mean.loss + B * std::max(0.0, excess);
    const LinearRegressor response = oracle(lambda_mean, fit.oracle_seconds);
    const double low = Lagrangian(
        Measure(options.loss, response.Predict(X), labels, group, bounds.rows), lambda_mean, zeta);
    const double gap = std::max(high - mid, mid - low);
    if (gap < best.gap) {
      best.gap = gap;
      best.t = t;
      best.mean = mean;
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
    schedule->Update(t, best.gap);
  }
  return best;
}

// The loop's end and the returned losses' worst group.
EgConvergence GroupLossConvergence(const BoundedGroupLossFit& fit, const BestIterate& best,
                                   const VectorXd& zeta, double nu) {
  EgConvergence c;
  c.converged = fit.gap <= nu;
  c.stopped_by = fit.converged                 ? "duality gap <= nu"
                 : fit.stopped_by == "members" ? "member limit"
                                               : "iteration limit";
  c.iterations = fit.iterations;
  c.gap = fit.gap;
  c.nu = nu;
  c.measure = "worst group's training loss";
  c.allowed = "zeta";
  if (best.mean.group.size() != zeta.size()) return c;
  Eigen::Index a = 0;
  (best.mean.group - zeta).maxCoeff(&a);
  c.violation = best.mean.group[a];
  c.epsilon = zeta[a];
  c.guarantee = c.epsilon + fit.violation_tolerance;
  return c;
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
  const GroupBounds bounds = BoundsOf(group, group_count, options);
  BoundedGroupLossFit fit;
  fit.multiplier_bound = options.multiplier_bound > 0.0
                             ? options.multiplier_bound
                             : 10.0 / std::max(bounds.zeta.minCoeff(), 5e-4);
  fit.violation_tolerance = (1.0 + 2.0 * options.tolerance) / fit.multiplier_bound;

  std::vector<LinearRegressor> hypotheses;
  std::vector<int> played;
  const BestIterate best = PlayBoundedGroupLossGame(X, labels, group, bounds, options, progress,
                                                    hypotheses, played, fit);
  fit.gap = best.gap;
  fit.loss = best.mean.loss;
  fit.group_loss.assign(best.mean.group.data(), best.mean.group.data() + group_count);
  const bool within = ((best.mean.group - bounds.zeta).array() <= fit.violation_tolerance).all();
  fit.infeasible = fit.converged && !within;
  if (!fit.infeasible) fit.mixture = PlayedMixture(hypotheses, played, best.t);
  fit.convergence = GroupLossConvergence(fit, best, bounds.zeta, options.tolerance);
  return fit;
}

}  // namespace tinyfair::host
