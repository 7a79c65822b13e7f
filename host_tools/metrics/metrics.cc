#include "host_tools/metrics/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "host_tools/common/json_writer.h"
#include "host_tools/common/text_format.h"

namespace tinyfair::host {
namespace {

std::string Number(double value) { return FormatText("%.6f", value); }

// max - min of the rates of the groups with `count` > 0.
double Spread(const std::vector<GroupReport>& groups, size_t GroupReport::*count,
              double GroupReport::*rate) {
  double low = 1.0, high = 0.0;
  for (const auto& group : groups) {
    if (group.*count == 0) continue;
    low = std::min(low, group.*rate);
    high = std::max(high, group.*rate);
  }
  return high >= low ? high - low : 0.0;
}

}  // namespace

ClassificationReport EvaluateDecisions(const std::vector<runtime::Decision>& decisions,
                                       const std::vector<int>& labels,
                                       const std::vector<std::string>& group_names) {
  if (decisions.size() != labels.size()) {
    throw std::invalid_argument("decisions and labels differ in length");
  }
  ClassificationReport report;
  report.rows = decisions.size();
  const size_t group_count = group_names.size();
  std::vector<double> positives(group_count, 0.0), expected(group_count, 0.0);
  // Per group and label: realised and expected positives.
  const std::vector<double> zeros(group_count, 0.0);
  std::vector<double> positives_by_label[2] = {zeros, zeros};
  std::vector<double> expected_by_label[2] = {zeros, zeros};
  report.groups.resize(group_count);
  double correct = 0.0, expected_correct = 0.0, log_loss = 0.0;
  for (size_t i = 0; i < decisions.size(); ++i) {
    const runtime::Decision& d = decisions[i];
    if (!runtime::IsOk(d.status)) {
      ++report.refused[runtime::StatusName(d.status)];
      continue;
    }
    ++report.decided;
    const double p = d.probability;
    correct += (d.positive ? 1 : 0) == labels[i] ? 1.0 : 0.0;
    expected_correct += labels[i] == 1 ? p : 1.0 - p;
    const double clipped = std::clamp(p, 1e-15, 1.0 - 1e-15);
    log_loss -= std::log(labels[i] == 1 ? clipped : 1.0 - clipped);
    if (d.group < group_count) {
      ++report.groups[d.group].n;
      positives[d.group] += d.positive ? 1.0 : 0.0;
      expected[d.group] += p;
      const int label = labels[i] == 1 ? 1 : 0;
      ++(label == 1 ? report.groups[d.group].label1 : report.groups[d.group].label0);
      positives_by_label[label][d.group] += d.positive ? 1.0 : 0.0;
      expected_by_label[label][d.group] += p;
    }
  }
  if (report.decided > 0) {
    report.accuracy = correct / static_cast<double>(report.decided);
    report.expected_accuracy = expected_correct / static_cast<double>(report.decided);
    report.log_loss = log_loss / static_cast<double>(report.decided);
  }
  for (size_t g = 0; g < group_count; ++g) {
    GroupReport& group = report.groups[g];
    group.name = group_names[g];
    if (group.n == 0) continue;
    group.positive_rate = positives[g] / static_cast<double>(group.n);
    group.expected_positive_rate = expected[g] / static_cast<double>(group.n);
    if (group.label1 > 0) {
      group.tpr = positives_by_label[1][g] / static_cast<double>(group.label1);
      group.expected_tpr = expected_by_label[1][g] / static_cast<double>(group.label1);
    }
    if (group.label0 > 0) {
      group.fpr = positives_by_label[0][g] / static_cast<double>(group.label0);
      group.expected_fpr = expected_by_label[0][g] / static_cast<double>(group.label0);
    }
  }
  using G = GroupReport;
  report.dp_gap = Spread(report.groups, &G::n, &G::positive_rate);
  report.expected_dp_gap = Spread(report.groups, &G::n, &G::expected_positive_rate);
  report.tpr_gap = Spread(report.groups, &G::label1, &G::tpr);
  report.fpr_gap = Spread(report.groups, &G::label0, &G::fpr);
  report.expected_tpr_gap = Spread(report.groups, &G::label1, &G::expected_tpr);
  report.expected_fpr_gap = Spread(report.groups, &G::label0, &G::expected_fpr);
  report.eo_gap = report.tpr_gap + report.fpr_gap;
  report.expected_eo_gap = report.expected_tpr_gap + report.expected_fpr_gap;
  return report;
}

std::string ReportJson(const ClassificationReport& report) {
  std::string out =
      "{\"accuracy\": " + Number(report.accuracy) + ", \"dp_gap\": " + Number(report.dp_gap) +
      ", \"expected_accuracy\": " + Number(report.expected_accuracy) +
      ", \"expected_dp_gap\": " + Number(report.expected_dp_gap) +
      ", \"log_loss\": " + Number(report.log_loss) + ", \"eo_gap\": " + Number(report.eo_gap) +
      ", \"expected_eo_gap\": " + Number(report.expected_eo_gap) +
      ", \"tpr_gap\": " + Number(report.tpr_gap) + ", \"fpr_gap\": " + Number(report.fpr_gap) +
      ", \"expected_tpr_gap\": " + Number(report.expected_tpr_gap) +
      ", \"expected_fpr_gap\": " + Number(report.expected_fpr_gap) +
      ", \"rows\": " + std::to_string(report.rows) +
      ", \"decided\": " + std::to_string(report.decided) + ", \"refused\": {";
  bool first = true;
  for (const auto& [status, count] : report.refused) {
    out += (first ? "" : ", ") + JsonQuoted(status) + ": " + std::to_string(count);
    first = false;
  }
  out += "}, \"groups\": [";
  for (size_t g = 0; g < report.groups.size(); ++g) {
    const GroupReport& group = report.groups[g];
    out += (g == 0 ? "" : ", ");
    out += "{\"name\": " + JsonQuoted(group.name) + ", \"n\": " + std::to_string(group.n) +
           ", \"positive_rate\": " + Number(group.positive_rate) +
           ", \"expected_positive_rate\": " + Number(group.expected_positive_rate) +
           ", \"label1\": " + std::to_string(group.label1) +
           ", \"label0\": " + std::to_string(group.label0) + ", \"tpr\": " + Number(group.tpr) +
           ", \"fpr\": " + Number(group.fpr) + ", \"expected_tpr\": " + Number(group.expected_tpr) +
           ", \"expected_fpr\": " + Number(group.expected_fpr) + "}";
  }
  return out + "]}\n";
}

std::string ReportTable(const ClassificationReport& report) {
  char line[320];
  std::string out;
  std::snprintf(line, sizeof(line),
                "rows %zu, decided %zu\naccuracy %.4f (expected %.4f), log loss %.4f\n"
                "demographic-parity gap %.4f (expected %.4f)\n"
                "equalized-odds gap %.4f = TPR gap %.4f + FPR gap %.4f "
                "(expected %.4f = %.4f + %.4f)\n",
                report.rows, report.decided, report.accuracy, report.expected_accuracy,
                report.log_loss, report.dp_gap, report.expected_dp_gap, report.eo_gap,
                report.tpr_gap, report.fpr_gap, report.expected_eo_gap, report.expected_tpr_gap,
                report.expected_fpr_gap);
  out += line;
  for (const auto& [status, count] : report.refused) {
    std::snprintf(line, sizeof(line), "refused (%s): %zu\n", status.c_str(), count);
    out += line;
  }
  std::snprintf(line, sizeof(line), "  %-28s %8s %14s %14s %8s %8s %8s %8s\n", "group", "n",
                "positive rate", "expected rate", "TPR", "expected", "FPR", "expected");
  out += line;
  for (const auto& group : report.groups) {
    std::snprintf(line, sizeof(line), "  %-28s %8zu %14.4f %14.4f %8.4f %8.4f %8.4f %8.4f\n",
                  group.name.c_str(), group.n, group.positive_rate, group.expected_positive_rate,
                  group.tpr, group.expected_tpr, group.fpr, group.expected_fpr);
    out += line;
  }
  return out;
}

}  // namespace tinyfair::host
