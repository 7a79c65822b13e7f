#include "host_tools/metrics/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "host_tools/common/json_writer.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/text_format.h"
#include "host_tools/metrics/decision_tally.h"
#include "host_tools/metrics/rate_spread.h"

namespace tinyfair::host::metrics {
namespace {

std::string Number(double value) { return common::FormatText("%.6f", value); }

// A rate that may be undefined: null in JSON, "n/a" in a table.
std::string NumberOrNull(bool defined, double value) { return defined ? Number(value) : "null"; }
std::string IntervalOrNull(bool defined, double lower, double upper) {
  return defined ? "[" + Number(lower) + ", " + Number(upper) + "]" : "null";
}
std::string RateCell(bool defined, const RateInterval& interval) {
  return defined ? common::FormatText("%.4f [%.4f, %.4f]", interval.rate, interval.lower,
                                      interval.upper)
                 : std::string("n/a");
}

// One group's members of ReportJson.
std::string GroupJson(const GroupReport& group) {
  const bool rows = group.n > 0;
  const RateInterval& tpr = group.tpr_interval;
  return "{\"name\": " + common::JsonQuoted(group.name) + ", \"n\": " + std::to_string(group.n) +
         ", \"positive_rate\": " + NumberOrNull(rows, group.positive_rate) +
         ", \"positive_rate_ci\": " +
         IntervalOrNull(rows, group.positive_rate_interval.lower,
                        group.positive_rate_interval.upper) +
         ", \"expected_positive_rate\": " + NumberOrNull(rows, group.expected_positive_rate) +
         ", \"label1\": " + std::to_string(group.label1) +
         ", \"label0\": " + std::to_string(group.label0) +
         ", \"tpr\": " + NumberOrNull(group.tpr_defined(), group.tpr) +
         ", \"tpr_ci\": " + IntervalOrNull(group.tpr_defined(), tpr.lower, tpr.upper) +
         ", \"fnr\": " + NumberOrNull(group.tpr_defined(), 1.0 - group.tpr) +
         ", \"fnr_ci\": " + IntervalOrNull(group.tpr_defined(), 1.0 - tpr.upper, 1.0 - tpr.lower) +
         ", \"fpr\": " + NumberOrNull(group.fpr_defined(), group.fpr) + ", \"fpr_ci\": " +
         IntervalOrNull(group.fpr_defined(), group.fpr_interval.lower, group.fpr_interval.upper) +
         ", \"precision\": " +
         NumberOrNull(group.precision_defined(), group.precision_interval.rate) +
         ", \"precision_ci\": " +
         IntervalOrNull(group.precision_defined(), group.precision_interval.lower,
                        group.precision_interval.upper) +
         ", \"expected_tpr\": " + NumberOrNull(group.tpr_defined(), group.expected_tpr) +
         ", \"expected_fpr\": " + NumberOrNull(group.fpr_defined(), group.expected_fpr) + "}";
}

// "log_loss", "auc" and what they were computed on; null where undefined or
// not computed.
std::string ScoresJson(const std::optional<ScoreQuality>& scores) {
  const bool loss = scores && scores->log_loss;
  const bool auc = scores && scores->auc;
  return ", \"log_loss\": " + NumberOrNull(loss, loss ? *scores->log_loss : 0.0) +
         ", \"auc\": " + NumberOrNull(auc, auc ? *scores->auc : 0.0) + ", \"scores\": " +
         (scores ? common::JsonQuoted(scores->Description()) : std::string("null"));
}

std::string ScoresLine(const std::optional<ScoreQuality>& scores) {
  if (!scores) return "";
  const ScoreQuality& s = *scores;
  std::string line = s.log_loss ? common::FormatText("log loss %.4f, ", *s.log_loss) : "";
  line += s.auc ? common::FormatText("AUC %.4f", *s.auc) : std::string("AUC n/a (one label only)");
  return line + " (" + s.Description() + ")\n";
}

// max - min of the rates of the groups with `count` > 0.
double Spread(const std::vector<GroupReport>& groups, size_t GroupReport::*count,
              double GroupReport::*rate) {
  RateSpread spread;
  for (const auto& group : groups) {
    if (group.*count != 0) spread.Add(group.*rate);
  }
  return spread.Gap();
}

// The Wilson intervals of a group's realised rates, from its counts.
void SetRateIntervals(GroupReport& group) {
  group.positive_rate_interval = WilsonInterval(group.positives, group.n, kReportConfidence);
  group.tpr_interval = WilsonInterval(group.true_positives, group.label1, kReportConfidence);
  group.fpr_interval = WilsonInterval(group.false_positives, group.label0, kReportConfidence);
  group.precision_interval =
      WilsonInterval(group.true_positives, group.positives, kReportConfidence);
}

// The demographic-parity gap as highest minus lowest group rate, its
// interval, and the selection-rate ratio.
void SetGapInterval(ClassificationReport& report) {
  const GroupReport* highest = nullptr;
  const GroupReport* lowest = nullptr;
  for (const auto& group : report.groups) {
    if (group.n == 0) continue;
    if (!highest || group.positive_rate > highest->positive_rate) highest = &group;
    if (!lowest || group.positive_rate < lowest->positive_rate) lowest = &group;
  }
  if (!highest) return;
  report.highest_rate_group = highest->name;
  report.lowest_rate_group = lowest->name;
  report.dp_gap_interval = NewcombeInterval(highest->positives, highest->n, lowest->positives,
                                            lowest->n, kReportConfidence);
  if (highest->positive_rate > 0.0) {
    report.selection_rate_ratio = lowest->positive_rate / highest->positive_rate;
  }
}

}  // namespace

ClassificationReport EvaluateDecisions(const std::vector<runtime::Decision>& decisions,
                                       const std::vector<int>& labels,
                                       const std::vector<std::string>& group_names) {
  if (decisions.size() != labels.size()) {
    throw std::invalid_argument("decisions and labels differ in length");
  }
  DecisionTally tally(group_names.size());
  for (size_t i = 0; i < decisions.size(); ++i) tally.Add(decisions[i], labels[i]);
  return tally.Report(group_names);
}

void SetGapsAndIntervals(ClassificationReport& report) {
  for (GroupReport& group : report.groups) SetRateIntervals(group);
  using G = GroupReport;
  report.dp_gap = Spread(report.groups, &G::n, &G::positive_rate);
  report.expected_dp_gap = Spread(report.groups, &G::n, &G::expected_positive_rate);
  report.tpr_gap = Spread(report.groups, &G::label1, &G::tpr);
  report.fpr_gap = Spread(report.groups, &G::label0, &G::fpr);
  report.expected_tpr_gap = Spread(report.groups, &G::label1, &G::expected_tpr);
  report.expected_fpr_gap = Spread(report.groups, &G::label0, &G::expected_fpr);
  report.eo_gap = report.tpr_gap + report.fpr_gap;
  report.expected_eo_gap = report.expected_tpr_gap + report.expected_fpr_gap;
  SetGapInterval(report);
}

std::string ReportJson(const ClassificationReport& report) {
  std::string out =
      "{\"accuracy\": " + Number(report.accuracy) + ", \"dp_gap\": " + Number(report.dp_gap) +
      ", \"expected_accuracy\": " + Number(report.expected_accuracy) +
      ", \"expected_dp_gap\": " + Number(report.expected_dp_gap) +
      ", \"decision_log_loss\": " + Number(report.decision_log_loss) +
      ", \"eo_gap\": " + Number(report.eo_gap) +
      ", \"expected_eo_gap\": " + Number(report.expected_eo_gap) +
      ", \"tpr_gap\": " + Number(report.tpr_gap) + ", \"fpr_gap\": " + Number(report.fpr_gap) +
      ", \"expected_tpr_gap\": " + Number(report.expected_tpr_gap) +
      ", \"expected_fpr_gap\": " + Number(report.expected_fpr_gap) +
      ", \"rows\": " + std::to_string(report.rows) +
      ", \"decided\": " + std::to_string(report.decided) + ", \"refused\": {";
  bool first = true;
  for (const auto& [status, count] : report.refused) {
    out += (first ? "" : ", ") + common::JsonQuoted(status) + ": " + std::to_string(count);
    first = false;
  }
  const bool gap = !report.highest_rate_group.empty();
  out += "}, \"dp_gap_ci\": " +
         IntervalOrNull(gap, report.dp_gap_interval.lower, report.dp_gap_interval.upper) +
         ", \"dp_gap_groups\": " +
         (gap ? "[" + common::JsonQuoted(report.highest_rate_group) + ", " +
                    common::JsonQuoted(report.lowest_rate_group) + "]"
              : std::string("null")) +
         ", \"selection_rate_ratio\": " +
         NumberOrNull(report.selection_rate_ratio.has_value(),
                      report.selection_rate_ratio.value_or(0.0)) +
         ScoresJson(report.scores) + ", \"confidence\": " + Number(kReportConfidence) +
         ", \"intervals\": \"Wilson score for rates; Newcombe hybrid score for dp_gap (highest "
         "minus lowest group)\", \"groups\": [";
  for (size_t g = 0; g < report.groups.size(); ++g) {
    out += (g == 0 ? "" : ", ") + GroupJson(report.groups[g]);
  }
  return out + "]}\n";
}

std::string ReportTable(const ClassificationReport& report) {
  std::string out = common::FormatText(
      "rows %zu, decided %zu\naccuracy %.4f (expected %.4f)\n%s"
      "demographic-parity gap %.4f (expected %.4f)\n"
      "equalized-odds gap %.4f = TPR gap %.4f + FPR gap %.4f (expected %.4f = %.4f + %.4f)\n",
      report.rows, report.decided, report.accuracy, report.expected_accuracy,
      ScoresLine(report.scores).c_str(), report.dp_gap, report.expected_dp_gap, report.eo_gap,
      report.tpr_gap, report.fpr_gap, report.expected_eo_gap, report.expected_tpr_gap,
      report.expected_fpr_gap);
  if (!report.highest_rate_group.empty()) {
    out += common::FormatText("  %.0f %% interval of the gap %s - %s: [%.4f, %.4f] (Newcombe)\n",
                              100.0 * kReportConfidence,
                              common::OneLineText(report.highest_rate_group).c_str(),
                              common::OneLineText(report.lowest_rate_group).c_str(),
                              report.dp_gap_interval.lower, report.dp_gap_interval.upper);
  }
  if (report.selection_rate_ratio) {
    out += common::FormatText("selection-rate ratio (lowest / highest) %.4f\n",
                              *report.selection_rate_ratio);
  }
  for (const auto& [status, count] : report.refused) {
    out += common::FormatText("refused (%s): %zu\n", status.c_str(), count);
  }
  out += common::FormatText("  %-28s %8s %24s %14s %24s %24s %24s\n", "group", "n", "positive rate",
                            "expected rate", "TPR", "FPR", "precision");
  for (const auto& group : report.groups) {
    out += common::FormatText(
        "  %-28s %8zu %24s %14s %24s %24s %24s\n", common::OneLineText(group.name).c_str(), group.n,
        RateCell(group.n > 0, group.positive_rate_interval).c_str(),
        group.n > 0 ? common::FormatText("%.4f", group.expected_positive_rate).c_str() : "n/a",
        RateCell(group.tpr_defined(), group.tpr_interval).c_str(),
        RateCell(group.fpr_defined(), group.fpr_interval).c_str(),
        RateCell(group.precision_defined(), group.precision_interval).c_str());
  }
  out += common::FormatText(
      "  rates with their %.0f %% Wilson interval; n/a: no rows to measure it on\n",
      100.0 * kReportConfidence);
  return out;
}

}  // namespace tinyfair::host::metrics
