// The scores the device computes, with groups and labels: what every
// post-processor fits on. Scores come from the runtime itself (float, as on
// the device), so a rule fitted on them decides on the device exactly as
// measured.
#pragma once

#include <string>
#include <vector>

#include "host_tools/csv_reader.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host {

struct ScoredSample {
  std::vector<double> scores;  // f in [-1, 1]
  std::vector<uint32_t> groups;
  std::vector<int> labels;  // empty when no label column was named
  size_t refused = 0;       // rows the model refused (left out)
};

/// Makes `model` a scoring model for post-processing: the linked score is
/// f = 2p - 1 in [-1, 1] (a LOGISTIC link becomes SIGNED_LOGISTIC; other
/// links are kept), the groups are the product of `attributes` (empty: keep
/// the model's groups), and the rule is a placeholder ramp.
void PrepareScoringModel(const std::vector<std::string>& attributes, tinyfair::Model& model);

/// Scores every row of `table` through the runtime; rows the runtime refuses
/// (a missing value) are left out and counted.
/// @throws DataError for a category the model does not know
///         (CheckCategoriesKnown).
/// @param label  label column ("" for none); positive: its positive values.
ScoredSample ScoreThroughRuntime(const tinyfair::Model& model, const CsvTable& table,
                                 const std::string& label,
                                 const std::vector<std::string>& positive);

/// Requires an example of every group of `model` in `sample` (read from
/// `path`) and, when `both_labels_for` names a method, examples of both
/// labels in every group: a rule cannot be fitted for a group without them.
/// @throws DataError naming the file and the first such group.
void RequireEveryGroup(const ScoredSample& sample, const tinyfair::Model& model,
                       const std::string& path, const std::string& both_labels_for = "");

/// Sets the ramp rule (thresholds on f, one per group, width gamma).
void SetRampRule(const std::vector<double>& thresholds, double gamma, tinyfair::Model& model);

/// Sets the deterministic rule: positive iff f >= threshold[group], each
/// threshold stored as the smallest float >= it.
void SetThresholdRule(const std::vector<double>& thresholds, tinyfair::Model& model);

/// Sets the two-threshold rule (Hardt et al.): per group
/// (1 - ignore)(p0 [f > t0] + p1 [f > t1]) + ignore * constant.
struct TwoThresholdGroup {
  double t0, p0, t1, p1, ignore, constant;
};
void SetTwoThresholdRule(const std::vector<TwoThresholdGroup>& groups, tinyfair::Model& model);

/// Scores as probabilities p = (f + 1) / 2 (exact for float f), for the
/// methods defined on probabilities; and a threshold on p back on f.
std::vector<double> AsProbabilities(const std::vector<double>& scores);
inline double ProbabilityThresholdOnScore(double threshold) { return 2.0 * threshold - 1.0; }

/// The expected positive rate per group of the model's decisions on the
/// table (the probabilities the runtime returns), for reference rates.
std::vector<double> ExpectedPositiveRates(const tinyfair::Model& model, const CsvTable& table);

/// The same rates summed over decisions that arrive in parts (e.g. blocks
/// of a file): refused decisions do not count; a group without decisions
/// has rate 0.
class ExpectedPositiveRateSums {
 public:
  explicit ExpectedPositiveRateSums(size_t groups) : sum_(groups, 0.0), count_(groups, 0.0) {}
  void Add(const std::vector<runtime::Decision>& decisions);
  std::vector<double> Rates() const;

 private:
  std::vector<double> sum_, count_;
};

}  // namespace tinyfair::host
