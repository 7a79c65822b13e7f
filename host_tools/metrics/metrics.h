// Classification metrics, computed in one place from the runtime's decision
// records: the realised outcomes (what the device did) and the expected ones
// (from each decision's probability).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "host_tools/metrics/difference_interval.h"
#include "host_tools/metrics/score_quality.h"
#include "host_tools/metrics/wilson_interval.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::metrics {

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
  /// Realised positive outcomes, and those among label-1 and label-0 rows.
  size_t positives = 0, true_positives = 0, false_positives = 0;
  /// Wilson intervals (kReportConfidence) of the realised rates. A rate is
  /// undefined without the rows it is measured on (TPR and FNR without a
  /// label-1 row, FPR without a label-0 row, precision without a positive
  /// outcome): reports print it as null, never as 0.
  RateInterval positive_rate_interval, tpr_interval, fpr_interval, precision_interval;
  bool tpr_defined() const { return label1 > 0; }
  bool fpr_defined() const { return label0 > 0; }
  bool precision_defined() const { return positives > 0; }
};

/// The confidence of every interval of a report.
inline constexpr double kReportConfidence = 0.95;

struct ClassificationReport {
  size_t rows = 0;
  size_t decided = 0;
  /// Refused rows by status name.
  std::map<std::string, size_t> refused;
  double accuracy = 0.0;
  double expected_accuracy = 0.0;
  /// The scorer's log loss and AUC (EvaluateScores), when the caller adds
  /// them: what says how good the model is.
  std::optional<ScoreQuality> scores;
  /// Mean -log P(outcome = label) of the decisions' probabilities, each
  /// clipped to [1e-15, 1 - 1e-15]: the rule's, mostly 0 or 1 for a
  /// threshold, so only JSON carries it ("decision_log_loss"), for rules
  /// whose probability is the prediction (frll's truncated logistic).
  double decision_log_loss = 0.0;
  /// max - min of the groups' positive rates (groups with rows only).
  double dp_gap = 0.0;
  double expected_dp_gap = 0.0;
  /// The gap as the difference of the highest and the lowest group's rate,
  /// with Newcombe's interval for that difference (kReportConfidence; it
  /// treats the two groups as given, not as chosen for being the extremes).
  DifferenceInterval dp_gap_interval;
  std::string highest_rate_group, lowest_rate_group;
  /// Lowest over highest positive rate (the "four-fifths rule" ratio);
  /// undefined when no group has a positive outcome.
  std::optional<double> selection_rate_ratio;
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

/// Fills the gaps, their intervals, the selection-rate ratio and each
/// group's intervals of a report whose groups' counts and rates are set.
void SetGapsAndIntervals(ClassificationReport& report);

/// {"accuracy": ..., "dp_gap": ..., "eo_gap": ..., "groups": [{"name", "n",
/// "positive_rate", ..., "tpr", "fpr", ...}], ...}
std::string ReportJson(const ClassificationReport& report);
/// A table for people.
std::string ReportTable(const ClassificationReport& report);

}  // namespace tinyfair::host::metrics
