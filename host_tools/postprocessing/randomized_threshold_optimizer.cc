// Exact solver: the group's mean ramp value G(t) is continuous, non-increasing
// and piecewise linear in t with breakpoints {f_i - gamma, f_i}; a binary
// search over the sorted breakpoints finds the segment where G crosses the
// target, and the line through its ends gives t.
#include "host_tools/postprocessing/randomized_threshold_optimizer.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace tinyfair::host::postprocessing {
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
  // Both halves, {f - gamma} and {f}, are sorted already: merged in linear
  // time, the same sorted values a sort of both gives (a sort per solve was
  // a quarter of a validated RTO fit's CPU on Adult).
  std::vector<double> shifted(sorted.size());
  std::transform(sorted.begin(), sorted.end(), shifted.begin(),
                 [gamma](double f) { return f - gamma; });
  std::vector<double> breakpoints(2 * sorted.size());
  std::merge(shifted.begin(), shifted.end(), sorted.begin(), sorted.end(), breakpoints.begin());
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

void CheckRtoOptions(const RtoOptions& options, size_t group_count) {
  if (!(options.gamma > 0.0) || !std::isfinite(options.gamma)) {
    throw std::invalid_argument("gamma must be a positive number");
  }
  if (!(options.rho >= 0.0 && options.rho <= 1.0)) {
    throw std::invalid_argument("rho must be in [0, 1]");
  }
  if (!options.rho_by_group.empty() && options.rho_by_group.size() != group_count) {
    throw std::invalid_argument("one rho per group");
  }
  for (double rho : options.rho_by_group) {
    if (!(rho >= 0.0 && rho <= 1.0)) throw std::invalid_argument("rho must be in [0, 1]");
  }
  if (!(options.epsilon >= 0.0 && options.epsilon <= 1.0)) {
    throw std::invalid_argument("epsilon must be in [0, 1]");
  }
}

std::vector<double> SgdThresholds(size_t sample_size, const SampleExample& example,
                                  size_t group_count, const RtoOptions& options) {
  if (options.sgd_steps <= 0) throw std::invalid_argument("sgd steps must be positive");
  auto rho_of = [&options](size_t k) {
    return options.rho_by_group.empty() ? options.rho : options.rho_by_group[k];
  };
  // Projected SGD on (lambda_k, mu_k) >= 0, one uniformly drawn example
  // per step; t_k = lambda_k - mu_k from the averaged iterates.
  std::vector<double> lambda(group_count, 0.0), mu(group_count, 0.0);
  std::vector<double> lambda_sum(group_count, 0.0), mu_sum(group_count, 0.0);
  std::vector<int64_t> updates(group_count, 0);
  const double step =
      0.1 * std::sqrt(static_cast<double>(group_count) / static_cast<double>(options.sgd_steps));
  std::mt19937_64 engine(options.seed);
  std::uniform_int_distribution<size_t> pick(0, sample_size - 1);
  const double half_epsilon = options.epsilon / 2.0;
  for (int64_t s = 0; s < options.sgd_steps; ++s) {
    const auto [k, score] = example(pick(engine));
    const double slope = Ramp(score, lambda[k] - mu[k], options.gamma);
    const double rho = rho_of(k);
    lambda[k] = std::max(0.0, lambda[k] - step * (half_epsilon + rho - slope));
    mu[k] = std::max(0.0, mu[k] - step * (half_epsilon - rho + slope));
    // Average the second half of the run only: the first half carries the
    // walk from t = 0 to the optimum, which would bias the average.
    if (s >= options.sgd_steps / 2) {
      lambda_sum[k] += lambda[k];
      mu_sum[k] += mu[k];
      ++updates[k];
    }
  }
  std::vector<double> thresholds(group_count, 0.0);
  for (size_t k = 0; k < group_count; ++k) {
    if (updates[k] > 0) {
      thresholds[k] = (lambda_sum[k] - mu_sum[k]) / static_cast<double>(updates[k]);
    }
  }
  return thresholds;
}

RtoFit FitRandomizedThresholdOptimizer(const std::vector<double>& scores,
                                       const std::vector<uint32_t>& groups, size_t group_count,
                                       const RtoOptions& options) {
  CheckRtoOptions(options, group_count);
  auto rho_of = [&options](size_t k) {
    return options.rho_by_group.empty() ? options.rho : options.rho_by_group[k];
  };
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
    // A sample in score order (a grid's fits share one) is sorted already.
    if (!std::is_sorted(by_group[k].begin(), by_group[k].end())) {
      std::sort(by_group[k].begin(), by_group[k].end());
    }
  }

  RtoFit fit;
  fit.gamma = options.gamma;
  fit.thresholds.assign(group_count, 0.0);
  if (options.solver == RtoOptions::Solver::kExact) {
    for (size_t k = 0; k < group_count; ++k) {
      const double upper = rho_of(k) + options.epsilon / 2.0;
      const double lower = rho_of(k) - options.epsilon / 2.0;
      // dF/dt = eps/2 + rho - G(t) for t > 0 and -eps/2 + rho - G(t) for
      // t < 0: t = 0 is optimal when G(0) is within the tolerance band.
      const double at_zero = RampMean(by_group[k], 0.0, options.gamma);
      double t = 0.0;
      if (at_zero > upper) t = SolveThreshold(by_group[k], options.gamma, upper);
      if (at_zero < lower) t = SolveThreshold(by_group[k], options.gamma, lower);
      fit.thresholds[k] = t;
    }
  } else {
    fit.thresholds = SgdThresholds(
        scores.size(), [&](size_t i) { return std::make_pair(groups[i], scores[i]); }, group_count,
        options);
  }
  for (size_t k = 0; k < group_count; ++k) {
    fit.positive_rates.push_back(RampMean(by_group[k], fit.thresholds[k], options.gamma));
    fit.group_sizes.push_back(by_group[k].size());
  }
  return fit;
}

CovarianceFit FitCovarianceControl(const std::vector<double>& scores,
                                   const std::vector<uint8_t>& in_s,
                                   const std::vector<uint32_t>& strata, size_t stratum_count,
                                   double gamma, double epsilon) {
  if (!(gamma > 0.0) || !(epsilon >= 0.0)) {
    throw std::invalid_argument("gamma must be positive and epsilon non-negative");
  }
  if (scores.size() != in_s.size() || scores.size() != strata.size()) {
    throw std::invalid_argument("scores, sensitive flags and strata differ in length");
  }
  std::vector<std::vector<std::pair<double, double>>> by_stratum(stratum_count);  // (f, z)
  std::vector<double> members(stratum_count, 0.0);
  for (size_t i = 0; i < scores.size(); ++i) {
    if (strata[i] >= stratum_count) throw std::invalid_argument("stratum index out of range");
    by_stratum[strata[i]].push_back({scores[i], in_s[i] ? 1.0 : 0.0});
    members[strata[i]] += in_s[i] ? 1.0 : 0.0;
  }
  CovarianceFit fit;
  fit.theta.assign(stratum_count, 0.0);
  fit.share.assign(stratum_count, 0.0);
  fit.covariance.assign(stratum_count, 0.0);
  fit.thresholds.assign(2 * stratum_count, 0.0);
  for (size_t k = 0; k < stratum_count; ++k) {
    auto& cell = by_stratum[k];
    const double n = static_cast<double>(cell.size());
    if (cell.empty() || members[k] == 0.0 || members[k] == n) {
      throw std::invalid_argument("stratum " + std::to_string(k) +
                                  " needs examples both in and out of the sensitive class");
    }
    const double share = members[k] / n;
    for (auto& [f, z] : cell) z -= share;
    // mean_i z_i clamp((f_i - theta z_i) / gamma, 0, 1): the covariance of h
    // and 1_S in the stratum, non-increasing in theta.
    auto covariance = [&cell, gamma, n](double theta) {
      double sum = 0.0;
      for (const auto& [f, z] : cell) sum += z * std::clamp((f - theta * z) / gamma, 0.0, 1.0);
      return sum / n;
    };
    double theta = 0.0;
    const double at_zero = covariance(0.0);
    if (std::fabs(at_zero) > epsilon) {
      const double target = at_zero > 0.0 ? epsilon : -epsilon;
      // Bracket the root: the covariance tends to -share(1-share) < 0 as
      // theta grows and to +share(1-share) > 0 as it falls.
      double lo = -1.0, hi = 1.0;
      while (covariance(hi) > target) hi *= 2.0;
      while (covariance(lo) < target) lo *= 2.0;
      for (int iteration = 0; iteration < 200 && hi - lo > 0.0; ++iteration) {
        const double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) break;
        (covariance(mid) > target ? lo : hi) = mid;
      }
      theta = 0.5 * (lo + hi);
    }
    fit.theta[k] = theta;
    fit.share[k] = share;
    fit.covariance[k] = covariance(theta);
    fit.thresholds[stratum_count + k] = theta * (1.0 - share);  // in S
    fit.thresholds[k] = -theta * share;                         // not in S
  }
  return fit;
}

}  // namespace tinyfair::host::postprocessing
