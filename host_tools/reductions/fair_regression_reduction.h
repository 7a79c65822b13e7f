// Fair regression under statistical parity by reduction to cost-sensitive
// classification over threshold classifiers (Agarwal, Dudik & Wu 2019,
// Algorithm 1; ../shared/specs/fair_regression_reductions.md §2-§3):
// exponentiated gradient on the 2|A|N multipliers of the constraints
// |P[f >= z | A = a] - P[f >= z]| <= eps_a at the thresholds z = k/N, with
// best responses from the least-squares, logistic or cost-sensitive oracle.
// The result is a mixture of linear regressors whose outputs are rounded
// down to the grid (or to the cell midpoint) when predicting.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/metrics/regression_loss.h"
#include "host_tools/reductions/eg_convergence.h"
#include "host_tools/reductions/exponentiated_gradient.h"
#include "host_tools/reductions/regression_grid.h"
#include "host_tools/reductions/regression_oracles.h"

namespace tinyfair::host::reductions {

enum class ParityOracle { kLeastSquares, kLogistic, kCostSensitive };

struct StatisticalParityOptions {
  metrics::RegressionLoss loss = metrics::RegressionLoss::kSquared;
  ParityOracle oracle = ParityOracle::kLeastSquares;
  /// N; alpha = 1/N.
  int grid_size = 40;
  /// eps_a per group (one value: every group).
  std::vector<double> slack = {0.05};
  /// B, the l1 bound on the multipliers; 0: 1 / max(min_a eps_a, 0.005)
  /// (the reference code's B = 1/eps).
  double bound = 0.0;
  /// nu, the duality-gap tolerance of the stopping rule.
  double tolerance = 1e-3;
  /// Use the theory's step nu / (8B) instead of the practical schedule.
  bool theory_step = false;
  /// eta0 of the practical schedule, eta = eta0 / B (the reference code's
  /// 2). Without the LP step a larger eta0 (50) brings Algorithm 1's average
  /// to the slack in fewer iterations: with 2|A|N constraints the
  /// multipliers start with most of their mass spread over all of them.
  double initial_step = 2.0;
  int max_iterations = 100;
  /// The most members of the returned mixture (the device's capacity).
  int max_members = 16;
  /// Return the LP step's mixture (below) rather than Algorithm 1's average
  /// Q-hat = uniform over h_1..h_t; without it the loop stops before a new
  /// distinct member would exceed max_members.
  bool lp_step = true;
  /// Ridge penalty of the oracles.
  double l2 = 1e-6;
};

/// What Algorithm 1 needs of a hypothesis h_f: its empirical cost (eq. 10,
/// the discretized loss minus the constant mean l(y, alpha/2)) and its
/// disparities gamma(a, k) = P[f >= z_k | a] - P[f >= z_k] (group x N).
struct ParityStats {
  double cost = 0.0;
  Eigen::MatrixXd gamma;
};

/// The empirical problem (11) on one training sample.
class StatisticalParityProblem {
 public:
  /// `group` holds 0..group_count-1, every group with at least one row.
  /// @throws std::invalid_argument otherwise, or on mismatched sizes.
  StatisticalParityProblem(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                           const std::vector<int>& group, int group_count,
                           const StatisticalParityOptions& options);

  const RegressionGrid& grid() const { return grid_; }
  const std::vector<double>& proportions() const { return proportions_; }
  /// mean l(y_i, alpha/2): loss_alpha = cost + offset.
  double offset() const { return offset_; }

  ParityStats Evaluate(const Eigen::VectorXd& predictions) const;
  /// cost + sum_{a,k} lambda(a, k) gamma(a, k) for signed multipliers.
  static double Lagrangian(const ParityStats& stats, const Eigen::MatrixXd& lambda);
  /// The lambda-adjusted costs of eq. (12) for signed multipliers.
  ThresholdCosts Costs(const Eigen::MatrixXd& lambda) const;
  /// One call of the configured oracle.
  LinearRegressor Oracle(const Eigen::MatrixXd& lambda) const;

 private:
  const Eigen::VectorXd& y_;
  const std::vector<int>& group_;
  int group_count_;
  StatisticalParityOptions options_;
  RegressionGrid grid_;
  std::vector<double> proportions_;
  double offset_ = 0.0;
  LeastSquaresOracle least_squares_;
  std::unique_ptr<LogisticOracle> logistic_;
  std::unique_ptr<CostSensitiveOracle> cost_sensitive_;
};

struct StatisticalParityFit {
  RegressionMixture mixture;
  int iterations = 0;
  /// Seconds of each oracle call, in order.
  std::vector<double> oracle_seconds;
  bool converged = false;
  /// Why the loop stopped: "gap <= nu", "iterations", "members".
  std::string stopped_by;
  /// Whether the mixture is the LP step's; Algorithm 1's average's loss and
  /// disparity for comparison.
  bool from_lp = false;
  double average_loss = 0.0, average_disparity = 0.0;
  double bound = 0.0, tolerance = 0.0;
  /// The returned mixture's duality gap, discretized training loss
  /// (midpoint) and disparities gamma(a, k), max |gamma|.
  double gap = 0.0, loss = 0.0, disparity = 0.0;
  Eigen::MatrixXd gamma;
  /// Theorem 4: |gamma(a, k)| <= eps_a + (2 + 2 nu) / B once the gap <= nu.
  double violation_tolerance = 0.0;
  /// The loop's stopping reason and gap; the returned mixture's worst
  /// |gamma(a, k)| against its eps_a.
  EgConvergence convergence;
};

using StatisticalParityProgress =
    std::function<void(int iteration, double gap, double loss, double disparity)>;

/// Algorithm 1 with cached best responses (an oracle output replaces the
/// best earlier hypothesis only if its Lagrangian is lower; the gap's lower
/// end uses the same cache, spec §8.8) and an iteration cap. Algorithm 1's
/// answer is the uniform mixture over h_1..h_t for the t with the smallest
/// gap. With lp_step (the reference code's LP, run once at the end), the
/// answer is instead the lowest-cost mixture of every hypothesis found plus
/// the best constant that meets |gamma(a, k)| <= eps_a exactly: at least as
/// good as any feasible mixture of them, the average included, and a vertex,
/// so with few members (at most max_members: beyond it the largest weights
/// and the constant are kept and the LP re-solved).
StatisticalParityFit FitStatisticalParity(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                          const std::vector<int>& group, int group_count,
                                          const StatisticalParityOptions& options,
                                          const StatisticalParityProgress& progress = {});

}  // namespace tinyfair::host::reductions
