#include "host_tools/reductions/fair_regression_reduction.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "host_tools/learn/mixture_lp.h"
#include "host_tools/reductions/eg_core.h"

namespace tinyfair::host::reductions {

using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

std::vector<double> GroupProportions(const std::vector<int>& group, int group_count) {
  std::vector<double> count(static_cast<size_t>(group_count), 0.0);
  for (int a : group) {
    if (a < 0 || a >= group_count) throw std::invalid_argument("a group index is out of range");
    count[static_cast<size_t>(a)] += 1.0;
  }
  for (int a = 0; a < group_count; ++a) {
    if (count[static_cast<size_t>(a)] == 0.0) {
      throw std::invalid_argument("group " + std::to_string(a) +
                                  " has no training rows; every group needs one");
    }
    count[static_cast<size_t>(a)] /= static_cast<double>(group.size());
  }
  return count;
}

double DefaultBound(const std::vector<double>& slack) {
  return 1.0 / std::max(*std::min_element(slack.begin(), slack.end()), 0.005);
}

}  // namespace

StatisticalParityProblem::StatisticalParityProblem(const MatrixXd& X, const VectorXd& y,
                                                   const std::vector<int>& group, int group_count,
                                                   const StatisticalParityOptions& options)
    : y_(y),
      group_(group),
      group_count_(group_count),
      options_(options),
      grid_(options.grid_size),
      proportions_(GroupProportions(group, group_count)),
      least_squares_(X, options.l2) {
  if (y.size() != X.rows() || group.size() != static_cast<size_t>(X.rows())) {
    throw std::invalid_argument("features, labels and groups differ in length");
  }
  if (options.slack.size() != 1 && options.slack.size() != static_cast<size_t>(group_count)) {
    throw std::invalid_argument("give one slack, or one per group");
  }
  for (Eigen::Index i = 0; i < y.size(); ++i)
    offset_ += metrics::LossValue(options.loss, y[i], grid_.alpha() / 2);
  offset_ /= static_cast<double>(y.size());
  if (options.oracle == ParityOracle::kLogistic)
    logistic_ = std::make_unique<LogisticOracle>(X, options.l2);
  if (options.oracle == ParityOracle::kCostSensitive) {
    cost_sensitive_ = std::make_unique<CostSensitiveOracle>(X, grid_, options.l2);
  }
}

ParityStats StatisticalParityProblem::Evaluate(const VectorXd& predictions) const {
  const int N = grid_.size();
  const double alpha = grid_.alpha();
  // Per group, a histogram of the buckets, then suffix sums.
  MatrixXd at_least = MatrixXd::Zero(group_count_, N + 2);
  ParityStats stats;
  for (Eigen::Index i = 0; i < predictions.size(); ++i) {
    const int j = grid_.Bucket(predictions[i]);
    at_least(group_[static_cast<size_t>(i)], j) += 1.0;
    stats.cost += metrics::LossValue(options_.loss, y_[i], j * alpha + alpha / 2) -
                  metrics::LossValue(options_.loss, y_[i], alpha / 2);
  }
  stats.cost /= static_cast<double>(predictions.size());
  for (int k = N - 1; k >= 0; --k) at_least.col(k) += at_least.col(k + 1);
  VectorXd marginal = at_least.block(0, 1, group_count_, N).colwise().sum().transpose() /
                      static_cast<double>(predictions.size());
  stats.gamma.resize(group_count_, N);
  for (int a = 0; a < group_count_; ++a) {
    const double n_a = at_least(a, 0);
    stats.gamma.row(a) = at_least.block(a, 1, 1, N) / n_a - marginal.transpose();
  }
  return stats;
}

double StatisticalParityProblem::Lagrangian(const ParityStats& stats, const MatrixXd& lambda) {
  return stats.cost + lambda.cwiseProduct(stats.gamma).sum();
}

ThresholdCosts StatisticalParityProblem::Costs(const MatrixXd& lambda) const {
  const int N = grid_.size();
  ThresholdCosts costs{options_.loss, &grid_, &y_, &group_, MatrixXd(group_count_, N)};
  const VectorXd total = lambda.colwise().sum().transpose();
  for (int a = 0; a < group_count_; ++a) {
    for (int k = 0; k < N; ++k) {
      costs.adjustment(a, k) =
          N * lambda(a, k) / proportions_[static_cast<size_t>(a)] - N * total[k];
    }
  }
  return costs;
}

LinearRegressor StatisticalParityProblem::Oracle(const MatrixXd& lambda) const {
  const ThresholdCosts costs = Costs(lambda);
  const VectorXd targets = CellTargets(costs);
  if (options_.oracle == ParityOracle::kLogistic) return logistic_->FitTargets(targets);
  const LinearRegressor least_squares = least_squares_.Fit(targets);
  if (options_.oracle == ParityOracle::kCostSensitive) {
    return cost_sensitive_->Fit(costs, least_squares);
  }
  return least_squares;
}

namespace {

// The hypotheses found, with their statistics.
struct ParityHypotheses {
  std::vector<LinearRegressor> hypotheses;
  std::vector<ParityStats> stats;
};

// The game's dimensions and constraint slacks: P = groups x N cells, each
// with a slack, twice (gamma <= slack and -gamma <= slack).
struct ParityShape {
  int group_count;
  int N;
  Eigen::Index P;
  MatrixXd slack;
  VectorXd slack_twice;
};

ParityShape ShapeOf(const StatisticalParityProblem& problem, int group_count,
                    const StatisticalParityOptions& options) {
  ParityShape shape{group_count, problem.grid().size(), 0, MatrixXd(), VectorXd()};
  const int N = shape.N;
  const Eigen::Index P = static_cast<Eigen::Index>(group_count) * N;
  shape.P = P;
  MatrixXd& slack = shape.slack;
  slack.resize(group_count, N);
  for (int a = 0; a < group_count; ++a) {
    slack.row(a).setConstant(options.slack.size() == 1 ? options.slack[0]
                                                       : options.slack[static_cast<size_t>(a)]);
  }
  shape.slack_twice = (VectorXd(2 * P) << Eigen::Map<const VectorXd>(slack.data(), P),
                       Eigen::Map<const VectorXd>(slack.data(), P))
                          .finished();
  return shape;
}

MatrixXd SignedMultipliers(const VectorXd& lambda, const ParityShape& shape) {
  return MatrixXd(Eigen::Map<const MatrixXd>(lambda.data(), shape.group_count, shape.N) -
                  Eigen::Map<const MatrixXd>(lambda.data() + shape.P, shape.group_count, shape.N));
}

EgSettings GameSettings(const ParityShape& shape, const StatisticalParityOptions& options,
                        double B) {
  EgSettings settings;
  settings.bound = shape.slack_twice;
  settings.multiplier_bound = B;
  settings.nu = options.tolerance;
  settings.paired = true;
  settings.max_iterations = options.max_iterations;
  settings.eta0 = options.initial_step;
  settings.theory_step = options.theory_step ? options.tolerance / (8.0 * B) : 0.0;
  // The LP below runs once, on everything found, with exact constraints.
  settings.lp_step = false;
  settings.max_members = options.lp_step ? 0 : options.max_members;
  return settings;
}

// Algorithm 1 on the exponentiated-gradient core; fills the fit with its
// answer and returns the hypotheses that were best responses when found.
ParityHypotheses PlayParityGame(const StatisticalParityProblem& problem, const MatrixXd& X,
                                const StatisticalParityOptions& options, const ParityShape& shape,
                                const StatisticalParityProgress& progress,
                                StatisticalParityFit& fit) {
  const Eigen::Index P = shape.P;
  ParityHypotheses all;
  EgGame game(GameSettings(shape, options, fit.bound), [&](const VectorXd& lambda) {
    const auto start = std::chrono::steady_clock::now();
    all.hypotheses.push_back(problem.Oracle(SignedMultipliers(lambda, shape)));
    fit.oracle_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    all.stats.push_back(problem.Evaluate(all.hypotheses.back().Predict(X)));
    const Eigen::Map<const VectorXd> gamma(all.stats.back().gamma.data(), P);
    return EgPoint{all.stats.back().cost, (VectorXd(2 * P) << gamma, -gamma).finished()};
  });
  const EgOutcome outcome = game.Play([&](const EgStep& step) {
    if (progress) {
      progress(step.iteration, step.gap, step.mixture.cost + problem.offset(),
               step.mixture.gamma.cwiseAbs().maxCoeff());
    }
  });
  fit.iterations = outcome.iterations;
  fit.converged = outcome.stopped_by == "duality gap <= nu";
  fit.stopped_by = fit.converged                          ? "gap <= nu"
                   : outcome.stopped_by == "member limit" ? "members"
                                                          : "iterations";
  fit.mixture = MixtureOf(all.hypotheses, outcome.weights);
  fit.gap = outcome.gap;
  fit.loss = outcome.mixture.cost + problem.offset();
  fit.gamma = Eigen::Map<const MatrixXd>(outcome.mixture.gamma.data(), shape.group_count, shape.N);
  fit.disparity = fit.gamma.cwiseAbs().maxCoeff();
  fit.average_loss = fit.loss;
  fit.average_disparity = fit.disparity;
  ParityHypotheses kept;
  for (size_t j = 0; j < all.hypotheses.size(); ++j) {
    if (!game.kept()[j]) continue;
    kept.hypotheses.push_back(std::move(all.hypotheses[j]));
    kept.stats.push_back(std::move(all.stats[j]));
  }
  return kept;
}

// The best constant: gamma = 0, so it starts the LP feasible.
void AddBestConstant(const StatisticalParityProblem& problem, const MatrixXd& X,
                     ParityHypotheses& found) {
  const int N = problem.grid().size();
  int best_cell = 0;
  ParityStats constant_stats;
  for (int j = 0; j <= N; ++j) {
    const double value = problem.grid().Midpoint(j);
    const ParityStats s = problem.Evaluate(VectorXd::Constant(X.rows(), value));
    if (j == 0 || s.cost < constant_stats.cost) {
      constant_stats = s;
      best_cell = j;
    }
  }
  found.hypotheses.push_back({VectorXd::Zero(X.cols()), problem.grid().Midpoint(best_cell)});
  found.stats.push_back(constant_stats);
}

// Solves the mixture LP over the found hypotheses, dropping the lightest
// columns (never the constant, the last) until at most max_members remain in
// the support. Returns the kept columns; q holds their weights.
std::vector<size_t> SolveMembersLp(const ParityHypotheses& found, const ParityShape& shape,
                                   int max_members, VectorXd& q) {
  const Eigen::Index P = shape.P;
  std::vector<size_t> columns(found.hypotheses.size());
  for (size_t k = 0; k < columns.size(); ++k) columns[k] = k;
  for (;;) {
    const Eigen::Index K = static_cast<Eigen::Index>(columns.size());
    VectorXd cost(K);
    MatrixXd A(2 * P, K);
    for (Eigen::Index c = 0; c < K; ++c) {
      const ParityStats& s = found.stats[columns[static_cast<size_t>(c)]];
      cost[c] = s.cost;
      A.col(c) << Eigen::Map<const VectorXd>(s.gamma.data(), P),
          -Eigen::Map<const VectorXd>(s.gamma.data(), P);
    }
    q = learn::SolveMixtureLp(cost, A, shape.slack_twice, K - 1);
    std::vector<size_t> support;
    for (Eigen::Index c = 0; c < K; ++c) {
      if (q[c] > 1e-12) support.push_back(static_cast<size_t>(c));
    }
    if (static_cast<int>(support.size()) <= max_members) break;
    std::sort(support.begin(), support.end(), [&](size_t l, size_t r) {
      return q[static_cast<Eigen::Index>(l)] > q[static_cast<Eigen::Index>(r)];
    });
    std::vector<size_t> kept;
    for (size_t c : support) {
      if (c + 1 != columns.size() && static_cast<int>(kept.size()) + 1 < max_members) {
        kept.push_back(columns[c]);
      }
    }
    kept.push_back(columns.back());
    columns = kept;
  }
  return columns;
}

void UseLpMixture(const StatisticalParityProblem& problem, const ParityHypotheses& found,
                  const ParityShape& shape, const std::vector<size_t>& columns, const VectorXd& q,
                  StatisticalParityFit& fit) {
  fit.mixture = RegressionMixture();
  double cost = 0.0;
  MatrixXd gamma = MatrixXd::Zero(shape.group_count, shape.N);
  for (size_t c = 0; c < columns.size(); ++c) {
    const double weight = q[static_cast<Eigen::Index>(c)];
    if (!(weight > 1e-12)) continue;
    fit.mixture.members.push_back(found.hypotheses[columns[c]]);
    fit.mixture.weights.push_back(weight);
    cost += weight * found.stats[columns[c]].cost;
    gamma += weight * found.stats[columns[c]].gamma;
  }
  fit.from_lp = true;
  fit.loss = cost + problem.offset();
  fit.gamma = gamma;
  fit.disparity = gamma.cwiseAbs().maxCoeff();
}

// The loop's end and the returned mixture's worst constraint.
EgConvergence ParityConvergence(const StatisticalParityFit& fit, const ParityShape& shape) {
  EgConvergence c;
  c.converged = fit.gap <= fit.tolerance;
  c.stopped_by = fit.converged                 ? "duality gap <= nu"
                 : fit.stopped_by == "members" ? "member limit"
                                               : "iteration limit";
  c.iterations = fit.iterations;
  c.gap = fit.gap;
  c.nu = fit.tolerance;
  Eigen::Index a = 0, k = 0;
  (fit.gamma.cwiseAbs() - shape.slack).maxCoeff(&a, &k);
  c.violation = std::abs(fit.gamma(a, k));
  c.epsilon = shape.slack(a, k);
  c.guarantee = c.epsilon + fit.violation_tolerance;
  return c;
}

}  // namespace

StatisticalParityFit FitStatisticalParity(const MatrixXd& X, const VectorXd& y,
                                          const std::vector<int>& group, int group_count,
                                          const StatisticalParityOptions& options,
                                          const StatisticalParityProgress& progress) {
  const StatisticalParityProblem problem(X, y, group, group_count, options);
  const ParityShape shape = ShapeOf(problem, group_count, options);
  StatisticalParityFit fit;
  fit.bound = options.bound > 0.0 ? options.bound : DefaultBound(options.slack);
  fit.tolerance = options.tolerance;
  fit.violation_tolerance = (2.0 + 2.0 * options.tolerance) / fit.bound;

  ParityHypotheses found = PlayParityGame(problem, X, options, shape, progress, fit);
  if (!options.lp_step) {
    fit.convergence = ParityConvergence(fit, shape);
    return fit;
  }

  AddBestConstant(problem, X, found);
  VectorXd q;
  const std::vector<size_t> columns = SolveMembersLp(found, shape, options.max_members, q);
  UseLpMixture(problem, found, shape, columns, q, fit);
  fit.convergence = ParityConvergence(fit, shape);
  return fit;
}

}  // namespace tinyfair::host::reductions
