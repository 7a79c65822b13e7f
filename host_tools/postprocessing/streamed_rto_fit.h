// The randomized threshold optimizer fitted from a stream of examples, in
// memory independent of the sample's size: per group, the scores' counts,
// sums and ranges on a fine grid of [-1, 1] are sufficient statistics for
// the exact solver up to the few examples that share a grid cell with a
// ramp end, and the fit states a bound on what they can change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"
#include "host_tools/postprocessing/randomized_threshold_optimizer.h"

namespace tinyfair::host::postprocessing {

/// Per group, a histogram of the scores with the count, sum, lowest and
/// highest score of each of kBins equal cells of [-1, 1], and the labels.
class ScoreHistograms {
 public:
  static constexpr size_t kBins = size_t{1} << 16;

  struct Cell {
    uint64_t count = 0;
    double sum = 0.0;
    double lowest = 0.0;
    double highest = 0.0;
  };

  explicit ScoreHistograms(size_t group_count);

  /// Adds one example; `label` is 0 or 1, or -1 when there is none.
  /// @throws std::invalid_argument for a score outside [-1, 1] or a group
  ///         out of range.
  void Add(double score, uint32_t group, int label);
  /// Adds every example of a scored sample (its labels when it has them).
  void Add(const data::ScoredSample& sample);

  size_t group_count() const { return examples_.size(); }
  uint64_t examples(size_t group) const { return examples_[group]; }
  /// Examples labelled 1 in the group.
  uint64_t positives(size_t group) const { return positives_[group]; }
  /// The group's cells that hold an example, in increasing score order.
  std::vector<Cell> OccupiedCells(size_t group) const;

  /// Adds the examples `other` holds, as if they had been added after this
  /// one's: counts add, ranges widen, and each cell's sum becomes
  /// this sum + other's sum. Float sums depend on their order, so summaries
  /// of the parts of a sample merged in the parts' order always give the
  /// same bits; they equal the histograms of the whole sample added row by
  /// row when there is one part (or every cell's sum is exact).
  /// @throws std::invalid_argument when the group counts differ.
  void Merge(const ScoreHistograms& other);

  /// The histograms as bytes: the group count, each group's examples and
  /// positives, and its occupied cells only (index, count, sum, lowest,
  /// highest), little-endian; Parse gives back the same histograms bit for bit.
  std::string Serialise() const;
  /// @throws std::invalid_argument for bytes Serialise did not write.
  static ScoreHistograms Parse(const std::string& bytes);

 private:
  std::vector<Cell> cells_;  // group * kBins + cell
  std::vector<uint64_t> examples_;
  std::vector<uint64_t> positives_;
};

struct StreamedRtoFit {
  /// Thresholds and gamma as FitRandomizedThresholdOptimizer gives them;
  /// positive_rates are the rates computed from the histograms.
  RtoFit fit;
  /// Per group, a bound on |positive rate on the examples themselves -
  /// positive_rates|: the examples in cells that hold t_k or t_k + gamma
  /// strictly inside their range, each off by at most
  /// min(1, range / gamma). 0 when every cell holds a single score value.
  std::vector<double> rate_error_bounds;
};

/// Fits the thresholds from the histograms: the exact solver on each cell's
/// examples placed at their mean score (exact for cells the ramp is linear
/// on), or SGD drawing examples that way (options.solver).
/// @throws std::invalid_argument for bad options or a group with no example.
StreamedRtoFit FitRandomizedThresholdOptimizer(const ScoreHistograms& histograms,
                                               const RtoOptions& options);

}  // namespace tinyfair::host::postprocessing
