// Per group score histograms on a fine grid of [-1, 1]: the summary a
// streamed fit gathers a block of rows at a time, and a cluster computes
// part by part, merges and moves between machines as bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"

namespace tinyfair::host::postprocessing {

/// Per group, a histogram of the scores with the count, sum, lowest and
/// highest score of each of kBins equal cells of [-1, 1], and how many of
/// its examples are labelled 1 (per cell, for the fits that need each
/// threshold's true and false positives).
class ScoreHistograms {
 public:
  static constexpr size_t kBins = size_t{1} << 16;

  struct Cell {
    uint64_t count = 0;
    double sum = 0.0;
    double lowest = 0.0;
    double highest = 0.0;
    /// Examples of the cell labelled 1.
    uint64_t positives = 0;
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
  /// positives, and its occupied cells only (index and positives in one
  /// word, count, sum, lowest, highest), little-endian; Parse gives back the
  /// same histograms bit for bit.
  /// @throws std::invalid_argument for a cell of 2^48 positives or more.
  std::string Serialise() const;
  /// @throws std::invalid_argument for bytes Serialise did not write.
  static ScoreHistograms Parse(const std::string& bytes);

 private:
  std::vector<Cell> cells_;  // group * kBins + cell
  std::vector<uint64_t> examples_;
  std::vector<uint64_t> positives_;
};

}  // namespace tinyfair::host::postprocessing
