// Reject option classification (Kamiran, Karim, Zhang 2012, "Decision theory
// for discrimination-aware classification"), as the RTO paper uses it: in the
// critical band |p - 0.5| <= theta around the decision boundary the
// unprivileged group is labelled positive and the privileged group negative;
// outside it, p > 0.5 is positive. theta is the smallest grid value whose
// parity gap on the fitting sample is within a target. Deterministic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tinyfair::host::postprocessing {

struct RocOptions {
  /// Candidate band half-widths theta >= 0; empty means {0.01, 0.02, ..., 1.0}.
  std::vector<double> thetas;
  /// Largest acceptable |selection rate privileged - unprivileged|.
  double bias_target = 0.02;
  /// Index (0 or 1) of the group favoured inside the band.
  uint32_t unprivileged_group = 0;
};

struct RocFit {
  double theta = 0.0;
  /// False when no theta reaches the target: theta then has the smallest gap.
  bool reached_target = false;
  /// |selection rate privileged - unprivileged| at theta.
  double parity_gap = 0.0;
  /// Per group, the device's `threshold` rule: positive iff p >= threshold.
  std::vector<double> thresholds;
  std::vector<double> selection_rates;
  std::vector<size_t> group_sizes;
  /// Accuracy on the fitting sample at theta.
  double accuracy = 0.0;
  /// Every candidate theta (ascending) with its parity gap.
  std::vector<double> thetas;
  std::vector<double> gaps;
};

/// The band [lo, hi] has the edges lo = 0.5 - theta and hi = 0.5 + theta as
/// evaluated in double precision, both inclusive. Hence the unprivileged
/// group is positive iff p >= lo, and the privileged group iff p > hi, that
/// is p >= the next double above hi. Returns both thresholds, indexed by
/// group.
std::vector<double> RocThresholds(double theta, uint32_t unprivileged_group);

/// Chooses theta. `scores` are probabilities in [0, 1], `labels` 0/1 (used
/// for the reported accuracy), `groups[i]` < group_count = 2.
/// @throws std::invalid_argument when the lengths differ, group_count is
///         not 2, a score is NaN or outside [0, 1], a label is not 0/1, a
///         group index is out of range, a group has no example, or the
///         options are invalid (negative or non-finite theta or target).
RocFit FitRejectOptionClassification(const std::vector<double>& scores,
                                     const std::vector<int>& labels,
                                     const std::vector<uint32_t>& groups, size_t group_count,
                                     const RocOptions& options);

}  // namespace tinyfair::host::postprocessing
