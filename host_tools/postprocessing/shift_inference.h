// Shift inference (Saerens, Latinne, Decaestecker 2002, "Adjusting the outputs
// of a classifier to new a priori probabilities"), as the RTO paper uses it:
// per group, the posterior p is re-weighted by the group's label prior
// relative to the overall prior, and the example is positive iff the
// adjusted posterior is at least 0.5. That is a per-group threshold on p.
// It aligns decisions with each group's base rate, so it does not control
// parity: groups with different base rates keep (often widen) their gap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tinyfair::host::postprocessing {

struct ShiftInferenceOptions {
  /// The prior the scores were calibrated to, in (0, 1); by default the
  /// positive rate of the whole fitting sample.
  std::optional<double> source_prior;
};

struct ShiftInferenceFit {
  /// Per group, the device's `threshold` rule: positive iff p >= threshold.
  std::vector<double> thresholds;
  /// Per group, the positive rate of its labels.
  std::vector<double> group_priors;
  double source_prior = 0.0;
  std::vector<double> selection_rates;
  std::vector<size_t> group_sizes;
  /// max - min of the selection rates.
  double parity_gap = 0.0;
  double accuracy = 0.0;
};

/// Saerens et al.'s adjustment from `source_prior` to `group_prior`:
/// p' = w1 p / (w1 p + w0 (1 - p)) with w1 = group_prior / source_prior and
/// w0 = (1 - group_prior) / (1 - source_prior). Priors in (0, 1).
double ShiftAdjustedPosterior(double p, double group_prior, double source_prior);

/// The threshold equivalent to p' >= 1/2: w1 p >= w0 (1 - p), i.e.
/// p >= w0 / (w0 + w1) = s (1 - g) / (s (1 - g) + g (1 - s)) with
/// g = group_prior, s = source_prior. Equal priors give 1/2.
double ShiftThreshold(double group_prior, double source_prior);

/// Fits the thresholds. `scores` are probabilities in [0, 1], `labels` 0/1,
/// `groups[i]` < group_count.
/// @throws std::invalid_argument when the lengths differ, a score is NaN or
///         outside [0, 1], a label is not 0/1, a group index is out of
///         range, a group has no example or examples of one label only (its
///         prior would be 0 or 1, where the adjustment degenerates), or the
///         source prior is outside (0, 1).
ShiftInferenceFit FitShiftInference(const std::vector<double>& scores,
                                    const std::vector<int>& labels,
                                    const std::vector<uint32_t>& groups, size_t group_count,
                                    const ShiftInferenceOptions& options);

}  // namespace tinyfair::host::postprocessing
