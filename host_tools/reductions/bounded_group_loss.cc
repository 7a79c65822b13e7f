#include "host_tools/reductions/bounded_group_loss.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "host_tools/reductions/eg_core.h"
#include "host_tools/reductions/regression_oracles.h"

namespace tinyfair::host::reductions {

using Eigen::VectorXd;

namespace {

// loss^(f) and the group losses gamma_a(f) of one regressor.
struct GroupLosses {
  double loss = 0.0;
  VectorXd group;
};

GroupLosses Measure(metrics::RegressionLoss loss, const VectorXd& predictions,
                    const VectorXd& labels, const std::vector<int>& group,
                    const VectorXd& group_rows) {
  GroupLosses out{0.0, VectorXd::Zero(group_rows.size())};
  for (Eigen::Index i = 0; i < labels.size(); ++i) {
    const double value = metrics::LossValue(loss, labels[i], predictions[i]);
    out.loss += value;
    out.group[group[static_cast<size_t>(i)]] += value;
  }
  out.loss /= static_cast<double>(labels.size());
  out.group = out.group.cwiseQuotient(group_rows);
  return out;
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
    if (options.loss == metrics::RegressionLoss::kLogistic)
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

// The game's settings: one constraint per group, gamma_a <= zeta_a.
EgSettings GameSettings(const GroupBounds& bounds, const BoundedGroupLossOptions& options,
                        double B) {
  EgSettings settings;
  settings.bound = bounds.zeta;
  settings.multiplier_bound = B;
  settings.nu = options.tolerance;
  settings.max_iterations = options.max_iterations;
  settings.eta0 = options.initial_step;
  settings.step_from_first_response = true;
  settings.theory_step = options.theory_step ? options.tolerance / (2.0 * B) : 0.0;
  settings.lp_step = options.lp_step;
  settings.max_members = options.max_members;
  return settings;
}

// The loop's end and the returned losses' worst group.
EgConvergence GroupLossConvergence(const BoundedGroupLossFit& fit, const EgOutcome& outcome,
                                   const VectorXd& zeta, double nu) {
  EgConvergence c;
  c.converged = outcome.converged;
  c.stopped_by = outcome.stopped_by;
  c.iterations = fit.iterations;
  c.gap = fit.gap;
  c.nu = nu;
  c.measure = "worst group's training loss";
  c.allowed = "zeta";
  if (outcome.mixture.gamma.size() != zeta.size()) return c;
  Eigen::Index a = 0;
  (outcome.mixture.gamma - zeta).maxCoeff(&a);
  c.violation = outcome.mixture.gamma[a];
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

  const WeightedLossOracle oracle(X, labels, group, bounds.rows, options);
  std::vector<LinearRegressor> hypotheses;
  EgGame game(GameSettings(bounds, options, fit.multiplier_bound), [&](const VectorXd& lambda) {
    hypotheses.push_back(oracle(lambda, fit.oracle_seconds));
    const GroupLosses g =
        Measure(options.loss, hypotheses.back().Predict(X), labels, group, bounds.rows);
    return EgPoint{g.loss, g.group};
  });
  const EgOutcome outcome = game.Play([&](const EgStep& step) {
    if (progress) {
      progress(step.iteration, step.gap, step.mixture.cost,
               (step.mixture.gamma - bounds.zeta).maxCoeff());
    }
  });
  fit.iterations = outcome.iterations;
  fit.converged = outcome.stopped_by == "duality gap <= nu";
  fit.stopped_by = fit.converged                          ? "gap <= nu"
                   : outcome.stopped_by == "member limit" ? "members"
                                                          : "iterations";
  fit.gap = outcome.gap;
  fit.loss = outcome.mixture.cost;
  fit.group_loss.assign(outcome.mixture.gamma.data(),
                        outcome.mixture.gamma.data() + outcome.mixture.gamma.size());
  const bool within =
      ((outcome.mixture.gamma - bounds.zeta).array() <= fit.violation_tolerance).all();
  fit.infeasible = fit.converged && !within;
  if (!fit.infeasible) fit.mixture = MixtureOf(hypotheses, outcome.weights);
  fit.convergence = GroupLossConvergence(fit, outcome, bounds.zeta, options.tolerance);
  return fit;
}

}  // namespace tinyfair::host::reductions
