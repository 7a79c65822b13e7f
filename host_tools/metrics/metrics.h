// Classification metrics, computed in one place from the runtime's decision
// records: the realised outcomes (what the device did) and the expected ones
// (from each decision's probability).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tinyfair_runtime/decision.h"

namespace tinyfair::host {

struct GroupReport {
  std::string name;
  size_t n = 0;
  /// Share of decided rows with a positive outcome.
  double positive_rate = 0.0;
  /// Mean probability of a positive outcome.
  double expected_positive_rate = 0.0;
  /// Decided rows with label 1 and 0.
  size_t label1 = 0, label0 = 0;
  /// Positive rate among label-1 rows (TPR) and label-0 rows (FPR):
  /// realised outcomes and expected (mean probability).
  double tpr = 0.0, fpr = 0.0;
  double expected_tpr = 0.0, expected_fpr = 0.0;
};

struct ClassificationReport {
  size_t rows = 0;
  size_t decided = 0;
  /// Refused rows by status name.
  std::map<std::string, size_t> refused;
  double accuracy = 0.0;
  double expected_accuracy = 0.0;
  /// Mean log loss -log P(outcome = label) of the decisions' probabilities,
  /// each clipped to [1e-15, 1 - 1e-15].
  double log_loss = 0.0;
  /// max - min of the groups' positive rates (groups with rows only).
  double dp_gap = 0.0;
  double expected_dp_gap = 0.0;
  /// Equalized-odds violation: (max - min TPR) + (max - min FPR), each over
  /// the groups with rows of that label; for two groups the sum over
  /// y in {0, 1} of |P(yhat = 1 | A = 1, y) - P(yhat = 1 | A = 0, y)|.
  double eo_gap = 0.0;
  double expected_eo_gap = 0.0;
  /// Its two terms.
  double tpr_gap = 0.0, fpr_gap = 0.0;
  double expected_tpr_gap = 0.0, expected_fpr_gap = 0.0;
  std::vector<GroupReport> groups;
};

/// `labels` are 0/1 per row; `group_names` one per model group.
ClassificationReport EvaluateDecisions(const std::vector<runtime::Decision>& decisions,
                                       const std::vector<int>& labels,
                                       const std::vector<std::string>& group_names);

/// {"accuracy": ..., "dp_gap": ..., "eo_gap": ..., "groups": [{"name", "n",
/// "positive_rate", ..., "tpr", "fpr", ...}], ...}
std::string ReportJson(const ClassificationReport& report);
/// A table for people.
std::string ReportTable(const ClassificationReport& report);

}  // namespace tinyfair::host
