// The randomized threshold optimizer (../shared/specs/randomized_threshold_optimizer.md):
// per group k, P(positive) = clamp((f - t_k) / gamma, 0, 1) on a score f in
// [-1, 1], fitted so that every group's mean positive rate is rho (within
// epsilon / 2) on a sample distinct from the scorer's training data.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tinyfair::host::postprocessing {

struct RtoOptions {
  /// Width of the randomization band, gamma > 0.
  double gamma = 0.1;
  /// Common target positive rate in [0, 1].
  double rho = 0.5;
  /// A target per group instead (conditional statistical parity: groups are
  /// sensitive x strata cells, each cell at its stratum's target).
  std::vector<double> rho_by_group;
  /// Parity tolerance epsilon >= 0: each group's rate lands in
  /// [rho - epsilon/2, rho + epsilon/2], as close to t = 0 as it can.
  double epsilon = 0.0;
  enum class Solver { kExact, kSgd };
  Solver solver = Solver::kExact;
  /// Projected SGD (the paper's Algorithm 1): steps over the whole sample,
  /// step size 0.1 * sqrt(K / T), iterates averaged over the second half.
  int64_t sgd_steps = 1000000;
  uint64_t seed = 1;
};

struct RtoFit {
  /// t_k per group.
  std::vector<double> thresholds;
  double gamma = 0.0;
  /// Mean of clamp((f - t_k) / gamma, 0, 1) over each group's sample.
  std::vector<double> positive_rates;
  std::vector<size_t> group_sizes;
};

/// Checks gamma, rho (one per group when given per group) and epsilon.
/// @throws std::invalid_argument naming the first bad option.
void CheckRtoOptions(const RtoOptions& options, size_t group_count);

/// Fits the thresholds. `scores` in [-1, 1]; `groups[i]` < group_count.
/// @throws std::invalid_argument for bad options, a score outside [-1, 1],
///         or a group with no sample (its threshold would be arbitrary).
RtoFit FitRandomizedThresholdOptimizer(const std::vector<double>& scores,
                                       const std::vector<uint32_t>& groups, size_t group_count,
                                       const RtoOptions& options);

/// The i-th example of a sample: its group and score.
using SampleExample = std::function<std::pair<uint32_t, double>(size_t i)>;

/// The paper's projected SGD (Algorithm 1) on a sample of `sample_size`
/// examples, each step on one drawn uniformly (options.seed): the
/// thresholds of the averaged iterates. Both fits run it.
/// @throws std::invalid_argument if options.sgd_steps <= 0.
std::vector<double> SgdThresholds(size_t sample_size, const SampleExample& example,
                                  size_t group_count, const RtoOptions& options);

/// mean_i clamp((f_i - t) / gamma, 0, 1).
double RampMean(const std::vector<double>& sorted_scores, double t, double gamma);

/// Covariance control (the paper's Appendix E.1): within each stratum k,
/// |cov(h, 1_S | k)| <= epsilon for a binary sensitive attribute S. The
/// solution is a ramp per (stratum, S) cell with threshold theta_k * z,
/// z = 1_S - rho_k, rho_k the share of S in stratum k; theta_k is found by
/// bisection to machine precision.
struct CovarianceFit {
  /// Per stratum.
  std::vector<double> theta;
  /// Per stratum, the share of S.
  std::vector<double> share;
  /// Per stratum, the covariance of h and 1_S on the fitting sample.
  std::vector<double> covariance;
  /// Thresholds per cell, cell = in_s * stratum_count + stratum.
  std::vector<double> thresholds;
};
CovarianceFit FitCovarianceControl(const std::vector<double>& scores,
                                   const std::vector<uint8_t>& in_s,
                                   const std::vector<uint32_t>& strata, size_t stratum_count,
                                   double gamma, double epsilon);

}  // namespace tinyfair::host::postprocessing
