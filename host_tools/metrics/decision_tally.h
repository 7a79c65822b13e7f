// The counts and sums a classification report is made of, added a decision
// at a time: the report of a data set is the report of its parts' tallies
// merged, so a cluster reports on data no process holds whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "host_tools/metrics/metrics.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::metrics {

class DecisionTally {
 public:
  explicit DecisionTally(size_t group_count);

  /// One decision and its row's label (0 or 1). A refused decision counts
  /// under its status name; a group out of range counts towards the totals
  /// (accuracy) but no group's rates.
  void Add(const runtime::Decision& decision, int label);

  /// Adds the decisions `other` holds, as if added after this one's: counts
  /// add exactly; the probability sums add as doubles, so tallies of parts
  /// merged in the parts' order always give the same bits (and equal the
  /// whole's tally within rounding).
  /// @throws std::invalid_argument when the group counts differ.
  void Merge(const DecisionTally& other);

  /// The report of every decision added: EvaluateDecisions' numbers.
  ClassificationReport Report(const std::vector<std::string>& group_names) const;

  size_t group_count() const { return groups_.size(); }
  uint64_t rows() const { return rows_; }

  /// Bytes that Parse reads back bit for bit.
  std::string Serialise() const;
  /// @throws std::invalid_argument for bytes Serialise did not write.
  static DecisionTally Parse(const std::string& bytes);

 private:
  struct Group {
    uint64_t n = 0;
    uint64_t positives = 0;
    /// Rows and positive outcomes by label (index 0 or 1).
    uint64_t rows_by_label[2] = {0, 0};
    uint64_t positives_by_label[2] = {0, 0};
    /// Sums of the probability of a positive outcome, all and by label.
    double expected = 0.0;
    double expected_by_label[2] = {0.0, 0.0};
  };

  uint64_t rows_ = 0;
  uint64_t decided_ = 0;
  uint64_t correct_ = 0;
  double expected_correct_ = 0.0;
  double log_loss_ = 0.0;
  std::map<std::string, uint64_t> refused_;
  std::vector<Group> groups_;
};

}  // namespace tinyfair::host::metrics
