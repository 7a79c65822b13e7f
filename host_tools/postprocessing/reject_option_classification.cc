// Each candidate theta changes only the two groups' thresholds, so the
// selection rates come from binary searches in the sorted scores.
#include "host_tools/postprocessing/reject_option_classification.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "host_tools/metrics/rate_spread.h"

namespace tinyfair::host::postprocessing {
namespace {

// Gaps that differ from the target by rounding only count as reaching it.
constexpr double kGapSlack = 1e-12;

double RateAtOrAbove(const std::vector<double>& sorted, double threshold) {
  const auto first = std::lower_bound(sorted.begin(), sorted.end(), threshold);
  return static_cast<double>(sorted.end() - first) / static_cast<double>(sorted.size());
}

}  // namespace

// The edges rather than |p - 0.5| <= theta: the subtraction p - 0.5 rounds,
// so p = 0.49 would fall outside the band of theta = 0.01 although
// 0.5 - 0.01 == 0.49; with the edges a score written as the edge is in it.
std::vector<double> RocThresholds(double theta, uint32_t unprivileged_group) {
  const double lo = 0.5 - theta;
  const double hi = 0.5 + theta;
  std::vector<double> thresholds(2);
  thresholds[unprivileged_group] = lo;
  thresholds[1 - unprivileged_group] = std::nextafter(hi, std::numeric_limits<double>::infinity());
  return thresholds;
}

RocFit FitRejectOptionClassification(const std::vector<double>& scores,
                                     const std::vector<int>& labels,
                                     const std::vector<uint32_t>& groups, size_t group_count,
                                     const RocOptions& options) {
  if (group_count != 2) {
    throw std::invalid_argument("reject option classification needs exactly 2 groups, got " +
                                std::to_string(group_count));
  }
  if (options.unprivileged_group > 1) {
    throw std::invalid_argument("the unprivileged group must be 0 or 1");
  }
  if (!(options.bias_target >= 0.0) || !std::isfinite(options.bias_target)) {
    throw std::invalid_argument("the bias target must be a non-negative number");
  }
  std::vector<double> thetas = options.thetas;
  if (thetas.empty()) {
    for (int k = 1; k <= 100; ++k) thetas.push_back(k / 100.0);
  }
  for (double theta : thetas) {
    if (!(theta >= 0.0) || !std::isfinite(theta)) {
      throw std::invalid_argument("every theta must be a non-negative number");
    }
  }
  std::sort(thetas.begin(), thetas.end());
  thetas.erase(std::unique(thetas.begin(), thetas.end()), thetas.end());

  if (scores.size() != labels.size()) {
    throw std::invalid_argument("scores and labels differ in length");
  }
  if (scores.size() != groups.size()) {
    throw std::invalid_argument("scores and groups differ in length");
  }
  std::vector<std::vector<double>> sorted(2);
  for (size_t i = 0; i < scores.size(); ++i) {
    if (!(scores[i] >= 0.0 && scores[i] <= 1.0)) {
      throw std::invalid_argument("score " + std::to_string(i) + " (" + std::to_string(scores[i]) +
                                  ") is not a probability in [0, 1]");
    }
    if (labels[i] != 0 && labels[i] != 1) {
      throw std::invalid_argument("label " + std::to_string(i) + " is not 0 or 1");
    }
    if (groups[i] >= 2) {
      throw std::invalid_argument("group index " + std::to_string(groups[i]) + " of example " +
                                  std::to_string(i) + " is out of range");
    }
    sorted[groups[i]].push_back(scores[i]);
  }
  for (size_t g = 0; g < 2; ++g) {
    if (sorted[g].empty()) {
      throw std::invalid_argument("group " + std::to_string(g) +
                                  " has no example in the fitting sample");
    }
    std::sort(sorted[g].begin(), sorted[g].end());
  }

  RocFit fit;
  size_t chosen = 0;
  bool reached = false;
  for (size_t j = 0; j < thetas.size(); ++j) {
    const std::vector<double> t = RocThresholds(thetas[j], options.unprivileged_group);
    metrics::RateSpread spread;
    spread.Add(RateAtOrAbove(sorted[0], t[0]));
    spread.Add(RateAtOrAbove(sorted[1], t[1]));
    const double gap = spread.Gap();
    fit.thetas.push_back(thetas[j]);
    fit.gaps.push_back(gap);
    if (!reached && gap <= options.bias_target + kGapSlack) {
      reached = true;
      chosen = j;
    }
    if (!reached && gap < fit.gaps[chosen]) chosen = j;
  }

  fit.theta = thetas[chosen];
  fit.reached_target = reached;
  fit.parity_gap = fit.gaps[chosen];
  fit.thresholds = RocThresholds(fit.theta, options.unprivileged_group);
  size_t correct = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    const bool positive = scores[i] >= fit.thresholds[groups[i]];
    correct += positive == (labels[i] == 1);
  }
  for (size_t g = 0; g < 2; ++g) {
    fit.selection_rates.push_back(RateAtOrAbove(sorted[g], fit.thresholds[g]));
    fit.group_sizes.push_back(sorted[g].size());
  }
  fit.accuracy = static_cast<double>(correct) / static_cast<double>(scores.size());
  return fit;
}

}  // namespace tinyfair::host::postprocessing
