#include "host_tools/postprocessing/shift_inference.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "host_tools/metrics/rate_spread.h"

namespace tinyfair::host::postprocessing {

double ShiftAdjustedPosterior(double p, double group_prior, double source_prior) {
  const double w1 = group_prior / source_prior;
  const double w0 = (1.0 - group_prior) / (1.0 - source_prior);
  return w1 * p / (w1 * p + w0 * (1.0 - p));
}

double ShiftThreshold(double group_prior, double source_prior) {
  // w0 / (w0 + w1) multiplied through by s (1 - s), which is positive.
  const double negative = source_prior * (1.0 - group_prior);
  return negative / (negative + group_prior * (1.0 - source_prior));
}

ShiftInferenceFit FitShiftInference(const std::vector<double>& scores,
                                    const std::vector<int>& labels,
                                    const std::vector<uint32_t>& groups, size_t group_count,
                                    const ShiftInferenceOptions& options) {
  if (group_count == 0) throw std::invalid_argument("group count must be positive");
  if (scores.size() != labels.size()) {
    throw std::invalid_argument("scores and labels differ in length");
  }
  if (scores.size() != groups.size()) {
    throw std::invalid_argument("scores and groups differ in length");
  }
  if (options.source_prior && !(*options.source_prior > 0.0 && *options.source_prior < 1.0)) {
    throw std::invalid_argument("the source prior must be in (0, 1)");
  }
  std::vector<size_t> n(group_count, 0), positives(group_count, 0);
  size_t all_positives = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    if (!(scores[i] >= 0.0 && scores[i] <= 1.0)) {
      throw std::invalid_argument("score " + std::to_string(i) + " (" + std::to_string(scores[i]) +
                                  ") is not a probability in [0, 1]");
    }
    if (labels[i] != 0 && labels[i] != 1) {
      throw std::invalid_argument("label " + std::to_string(i) + " is not 0 or 1");
    }
    if (groups[i] >= group_count) {
      throw std::invalid_argument("group index " + std::to_string(groups[i]) + " of example " +
                                  std::to_string(i) + " is out of range");
    }
    ++n[groups[i]];
    positives[groups[i]] += static_cast<size_t>(labels[i]);
    all_positives += static_cast<size_t>(labels[i]);
  }
  ShiftInferenceFit fit;
  for (size_t g = 0; g < group_count; ++g) {
    const std::string name = "group " + std::to_string(g);
    if (n[g] == 0) throw std::invalid_argument(name + " has no example in the fitting sample");
    if (positives[g] == 0 || positives[g] == n[g]) {
      throw std::invalid_argument(name + " has examples of one label only, so its prior is " +
                                  (positives[g] == 0 ? "0" : "1") +
                                  " and the prior adjustment degenerates");
    }
    fit.group_priors.push_back(static_cast<double>(positives[g]) / static_cast<double>(n[g]));
    fit.group_sizes.push_back(n[g]);
  }
  fit.source_prior = options.source_prior.value_or(static_cast<double>(all_positives) /
                                                   static_cast<double>(scores.size()));
  for (size_t g = 0; g < group_count; ++g) {
    fit.thresholds.push_back(ShiftThreshold(fit.group_priors[g], fit.source_prior));
  }

  std::vector<double> selected(group_count, 0.0);
  size_t correct = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    const bool positive = scores[i] >= fit.thresholds[groups[i]];
    selected[groups[i]] += positive ? 1.0 : 0.0;
    correct += positive == (labels[i] == 1);
  }
  for (size_t g = 0; g < group_count; ++g) {
    fit.selection_rates.push_back(selected[g] / static_cast<double>(n[g]));
  }
  metrics::RateSpread spread;  // every group has examples (checked above)
  for (const double rate : fit.selection_rates) spread.Add(rate);
  fit.parity_gap = spread.Gap();
  fit.accuracy = static_cast<double>(correct) / static_cast<double>(scores.size());
  return fit;
}

}  // namespace tinyfair::host::postprocessing
