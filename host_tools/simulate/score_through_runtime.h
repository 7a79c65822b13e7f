// Scores and expected rates computed by the runtime itself, as the device
// computes them.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/scored_sample.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::simulate {

/// Scores every row of `table` through the runtime; rows the runtime refuses
/// (a missing value, a category the model does not list and cannot take as
/// "other") are left out and counted.
/// @throws DataError for a group the model does not know (CheckGroupsKnown).
/// @param label  label column ("" for none); positive: its positive values.
/// @param decisions  when given, receives the runtime's record of every row
///        (DecideRows with Pcg32(1, 0)), refused rows included.
data::ScoredSample ScoreThroughRuntime(const tinyfair::Model& model, const data::ColumnTable& table,
                                       const std::string& label,
                                       const std::vector<std::string>& positive,
                                       std::vector<runtime::Decision>* decisions = nullptr);
data::ScoredSample ScoreThroughRuntime(const tinyfair::Model& model, const data::CsvTable& table,
                                       const std::string& label,
                                       const std::vector<std::string>& positive);

/// Requires an example of every group of `model` in `sample` (read from
/// `path`) and, when `both_labels_for` names a method, examples of both
/// labels in every group: a rule cannot be fitted for a group without them.
/// @throws DataError naming the file and the first such group.
void RequireEveryGroup(const data::ScoredSample& sample, const tinyfair::Model& model,
                       const std::string& path, const std::string& both_labels_for = "");
/// The same from each group's example and positive counts (of every
/// labelled example when `both_labels_for` names a method).
void RequireEveryGroup(const std::vector<size_t>& count, const std::vector<size_t>& positives,
                       const tinyfair::Model& model, const std::string& path,
                       const std::string& both_labels_for = "");

/// The expected positive rate per group of the model's decisions on the
/// table (the probabilities the runtime returns), for reference rates.
std::vector<double> ExpectedPositiveRates(const tinyfair::Model& model,
                                          const data::ColumnTable& table);
std::vector<double> ExpectedPositiveRates(const tinyfair::Model& model,
                                          const data::CsvTable& table);

/// The same rates summed over decisions that arrive in parts (e.g. blocks
/// of a file): refused decisions do not count; a group without decisions
/// has rate 0.
class ExpectedPositiveRateSums {
 public:
  explicit ExpectedPositiveRateSums(size_t groups) : sum_(groups, 0.0), count_(groups, 0.0) {}
  void Add(const std::vector<runtime::Decision>& decisions);
  std::vector<double> Rates() const;
  /// The sums and counts Rates divides, to add those of other parts.
  const std::vector<double>& sums() const { return sum_; }
  const std::vector<double>& counts() const { return count_; }

 private:
  std::vector<double> sum_, count_;
};

/// The sums of the model's decisions of every row of the table, in one
/// runtime pass (ExpectedPositiveRates is their Rates()).
ExpectedPositiveRateSums ExpectedPositiveRateSumsOf(const tinyfair::Model& model,
                                                    const data::ColumnTable& table);

}  // namespace tinyfair::host::simulate
