// Exact solver: the group's mean ramp value G(t) is continuous, non-increasing
// and piecewise linear in t with breakpoints {f_i - gamma, f_i}; a binary
// search over the sorted breakpoints finds the segment where G crosses the
// target, and the line through its ends gives t.
#include "host_tools/randomized_threshold_optimizer.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace tinyfair::host {
namespace {

double Ramp(double score, double t, double gamma) {
  return std::clamp((score - t) / gamma, 0.0, 1.0);
}

// The t with G(t) = target (the middle of the solution set when G is flat
// there), for target in [0, 1].
double SolveThreshold(const std::vector<double>& sorted, double gamma, double target) {
  const double lowest = sorted.front() - gamma;  // G = 1 at and below
  const double highest = sorted.back();          // G = 0 at and above
  if (target >= 1.0) return lowest;
  if (target <= 0.0) return highest;
  std::vector<double> breakpoints;
  breakpoints.reserve(2 * sorted.size());
  for (double f : sorted) {
    breakpoints.push_back(f - gamma);
    breakpoints.push_back(f);
  }
  std::sort(breakpoints.begin(), breakpoints.end());
  breakpoints.erase(std::unique(breakpoints.begin(), breakpoints.end()), breakpoints.end());
  // Invariant: G(breakpoints[lo]) >= target > G(breakpoints[hi]).
  size_t lo = 0, hi = breakpoints.size() - 1;
  while (hi - lo > 1) {
    const size_t mid = lo + (hi - lo) / 2;
    if (RampMean(sorted, breakpoints[mid], gamma) >= target) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const double a = breakpoints[lo], b = breakpoints[hi];
  const double ga = RampMean(sorted, a, gamma), gb = RampMean(sorted, b, gamma);
  if (ga == target) {
    // G may stay at the target down to the previous breakpoint.
    size_t first = lo;
    while (first > 0 && RampMean(sorted, breakpoints[first - 1], gamma) == target) --first;
    return 0.5 * (breakpoints[first] + a);
  }
  return a + (ga - target) * (b - a) / (ga - gb);
}

}  // namespace

double RampMean(const std::vector<double>& sorted_scores, double t, double gamma) {
  // Scores at or above t + gamma count 1, below t count 0, the band between
  // counts linearly.
  const auto begin = sorted_scores.begin(), end = sorted_scores.end();
  const auto band_begin = std::upper_bound(begin, end, t);
  const auto band_end = std::lower_bound(band_begin, end, t + gamma);
  double sum = static_cast<double>(end - band_end);
  for (auto it = band_begin; it != band_end; ++it) sum += (*it - t) / gamma;
  return sum / static_cast<double>(sorted_scores.size());
}

RtoFit FitRandomizedThresholdOptimizer(const std::vector<double>& scores,
                                       const std::vector<uint32_t>& groups,
                                       size_t group_count, const RtoOptions& options) {
  if (!(options.gamma > 0.0) || !std::isfinite(options.gamma)) {
    throw std::invalid_argument("gamma must be a positive number");
  }
  if (!(options.rho >= 0.0 && options.rho <= 1.0)) {
    throw std::invalid_argument("rho must be in [0, 1]");
  }
  if (!(options.epsilon >= 0.0 && options.epsilon <= 1.0)) {
    throw std::invalid_argument("epsilon must be in [0, 1]");
  }
  if (scores.size() != groups.size()) {
    throw std::invalid_argument("scores and groups differ in length");
  }
  std::vector<std::vector<double>> by_group(group_count);
  for (size_t i = 0; i < scores.size(); ++i) {
    if (!(scores[i] >= -1.0 && scores[i] <= 1.0)) {
      throw std::invalid_argument("score " + std::to_string(scores[i]) + " is outside [-1, 1]");
    }
    if (groups[i] >= group_count) throw std::invalid_argument("group index out of range");
    by_group[groups[i]].push_back(scores[i]);
  }
  for (size_t k = 0; k < group_count; ++k) {
    if (by_group[k].empty()) {
      throw std::invalid_argument("group " + std::to_string(k) +
                                  " has no example in the fitting sample");
    }
    std::sort(by_group[k].begin(), by_group[k].end());
  }

  RtoFit fit;
  fit.gamma = options.gamma;
  fit.thresholds.assign(group_count, 0.0);
  if (options.solver == RtoOptions::Solver::kExact) {
    const double upper = options.rho + options.epsilon / 2.0;
    const double lower = options.rho - options.epsilon / 2.0;
    for (size_t k = 0; k < group_count; ++k) {
      // dF/dt = eps/2 + rho - G(t) for t > 0 and -eps/2 + rho - G(t) for
      // t < 0: t = 0 is optimal when G(0) is within the tolerance band.
      const double at_zero = RampMean(by_group[k], 0.0, options.gamma);
      double t = 0.0;
      if (at_zero > upper) t = SolveThreshold(by_group[k], options.gamma, upper);
      if (at_zero < lower) t = SolveThreshold(by_group[k], options.gamma, lower);
      fit.thresholds[k] = t;
    }
  } else {
    if (options.sgd_steps <= 0) throw std::invalid_argument("sgd steps must be positive");
    // Projected SGD on (lambda_k, mu_k) >= 0, one uniformly drawn example
    // per step; t_k = lambda_k - mu_k from the averaged iterates.
    std::vector<double> lambda(group_count, 0.0), mu(group_count, 0.0);
    std::vector<double> lambda_sum(group_count, 0.0), mu_sum(group_count, 0.0);
    std::vector<int64_t> updates(group_count, 0);
    const double step = 0.1 * std::sqrt(static_cast<double>(group_count) /
                                        static_cast<double>(options.sgd_steps));
    std::mt19937_64 engine(options.seed);
    std::uniform_int_distribution<size_t> pick(0, scores.size() - 1);
    const double half_epsilon = options.epsilon / 2.0;
    for (int64_t s = 0; s < options.sgd_steps; ++s) {
      const size_t i = pick(engine);
      const uint32_t k = groups[i];
      const double slope = Ramp(scores[i], lambda[k] - mu[k], options.gamma);
      lambda[k] = std::max(0.0, lambda[k] - step * (half_epsilon + options.rho - slope));
      mu[k] = std::max(0.0, mu[k] - step * (half_epsilon - options.rho + slope));
      // Average the second half of the run only: the first half carries the
      // walk from t = 0 to the optimum, which would bias the average.
      if (s >= options.sgd_steps / 2) {
        lambda_sum[k] += lambda[k];
        mu_sum[k] += mu[k];
        ++updates[k];
      }
    }
    for (size_t k = 0; k < group_count; ++k) {
      if (updates[k] > 0) {
        fit.thresholds[k] = (lambda_sum[k] - mu_sum[k]) / static_cast<double>(updates[k]);
      }
    }
  }
  for (size_t k = 0; k < group_count; ++k) {
    fit.positive_rates.push_back(RampMean(by_group[k], fit.thresholds[k], options.gamma));
    fit.group_sizes.push_back(by_group[k].size());
  }
  return fit;
}

}  // namespace tinyfair::host
