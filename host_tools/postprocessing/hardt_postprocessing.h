// Hardt, Price, Srebro (2016), "Equality of opportunity in supervised learning",
// in the form of fairlearn's ThresholdOptimizer (operation ">", no flipping):
// per group, a randomized mixture of two thresholds on the score, optionally
// mixed with a constant prediction, chosen to maximise accuracy on the
// fitting sample under demographic parity or equalized odds. Solved exactly
// on the groups' convex hulls instead of on fairlearn's grid of 1000 points.
// The solver takes each group's operating points as counts, so the fit on
// rows and the fit from score histograms (hardt_from_histograms.h) share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "host_tools/metrics/fairness_constraint.h"

namespace tinyfair::host::postprocessing {

struct HardtOptions {
  /// dp (equal expected selection rates across groups) or eodds (equal
  /// expected true and false positive rates); others are refused.
  metrics::FairnessConstraint constraint = metrics::FairnessConstraint::kDemographicParity;
};

/// One group's rule in the device's `two_threshold` form:
/// P(positive) = (1 - ignore) (p0 [score > t0] + p1 [score > t1]) + ignore * constant.
/// Thresholds may be +inf (never positive) or -inf (always positive).
struct HardtGroupRule {
  double t0 = 0.0;
  double p0 = 1.0;
  double t1 = 0.0;
  double p1 = 0.0;
  double ignore = 0.0;
  double constant = 0.0;
};

/// A deterministic classifier `score > threshold` on one group's sample.
struct HardtOperatingPoint {
  double threshold = 0.0;
  double selection_rate = 0.0;
  double true_positive_rate = 0.0;
  double false_positive_rate = 0.0;
  /// Share of the group's examples it classifies correctly.
  double accuracy = 0.0;
};

struct HardtFit {
  std::vector<HardtGroupRule> rules;
  /// Expected rates of each group's rule on the fitting sample.
  std::vector<double> selection_rates;
  std::vector<double> true_positive_rates;
  std::vector<double> false_positive_rates;
  std::vector<size_t> group_sizes;
  /// Expected accuracy of all rules together on the fitting sample.
  double accuracy = 0.0;
};

/// One group's deterministic rules `score > threshold` as the counts of the
/// examples each selects: thresholds strictly decreasing from +inf
/// (nobody) to -inf (everybody), counts non-decreasing. All the exact
/// solver needs of a group's sample, whether from its rows or its histogram.
struct HardtGroupCounts {
  struct Point {
    double threshold;
    int64_t false_positives;
    int64_t true_positives;
  };
  std::vector<Point> points;
  int64_t positives = 0;
  int64_t negatives = 0;
};

/// The exact solve on the groups' convex hulls of `groups`' points; the
/// rules' rates and accuracy computed from the counts (each rule threshold
/// is one of its group's points, so the counts say what it selects).
/// @throws std::invalid_argument for no group, or a group with no example,
///         with examples of one label only or with 2^31 examples or more.
HardtFit FitHardtOnCounts(const std::vector<HardtGroupCounts>& groups, const HardtOptions& options);

/// Fits one rule per group. `scores` finite (any range, higher = more
/// positive), `labels` 0/1, `groups[i]` < group_count.
/// @throws std::invalid_argument when the lengths differ, a score is not
///         finite, a label is not 0/1, a group index is out of range, or a
///         group lacks an example of either label (its TPR or FPR is
///         undefined; fairlearn refuses the same).
HardtFit FitHardtPostprocessing(const std::vector<double>& scores, const std::vector<int>& labels,
                                const std::vector<uint32_t>& groups, size_t group_count,
                                const HardtOptions& options);

/// The classifiers `score > t` of one group for t = +inf, every distinct
/// score but the largest (descending), and -inf: every deterministic
/// threshold rule, from selecting nobody to selecting everybody.
/// @throws std::invalid_argument as FitHardtPostprocessing for one group.
std::vector<HardtOperatingPoint> HardtOperatingPoints(const std::vector<double>& scores,
                                                      const std::vector<int>& labels);

/// P(positive) of `rule` for `score`, as the device computes it.
double HardtProbability(const HardtGroupRule& rule, double score);

}  // namespace tinyfair::host::postprocessing
