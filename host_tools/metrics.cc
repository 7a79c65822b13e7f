#include "host_tools/metrics.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace tinyfair::host {
namespace {

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6f", value);
  return text;
}

std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
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
  report.groups.resize(group_count);
  double correct = 0.0, expected_correct = 0.0;
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
    if (d.group < group_count) {
      ++report.groups[d.group].n;
      positives[d.group] += d.positive ? 1.0 : 0.0;
      expected[d.group] += p;
    }
  }
  if (report.decided > 0) {
    report.accuracy = correct / static_cast<double>(report.decided);
    report.expected_accuracy = expected_correct / static_cast<double>(report.decided);
  }
  double low = 1.0, high = 0.0, expected_low = 1.0, expected_high = 0.0;
  for (size_t g = 0; g < group_count; ++g) {
    GroupReport& group = report.groups[g];
    group.name = group_names[g];
    if (group.n == 0) continue;
    group.positive_rate = positives[g] / static_cast<double>(group.n);
    group.expected_positive_rate = expected[g] / static_cast<double>(group.n);
    low = std::min(low, group.positive_rate);
    high = std::max(high, group.positive_rate);
    expected_low = std::min(expected_low, group.expected_positive_rate);
    expected_high = std::max(expected_high, group.expected_positive_rate);
  }
  report.dp_gap = high >= low ? high - low : 0.0;
  report.expected_dp_gap = expected_high >= expected_low ? expected_high - expected_low : 0.0;
  return report;
}

std::string ReportJson(const ClassificationReport& report) {
  std::string out = "{\"accuracy\": " + Number(report.accuracy) +
                    ", \"dp_gap\": " + Number(report.dp_gap) +
                    ", \"expected_accuracy\": " + Number(report.expected_accuracy) +
                    ", \"expected_dp_gap\": " + Number(report.expected_dp_gap) +
                    ", \"rows\": " + std::to_string(report.rows) +
                    ", \"decided\": " + std::to_string(report.decided) + ", \"refused\": {";
  bool first = true;
  for (const auto& [status, count] : report.refused) {
    out += (first ? "" : ", ") + JsonString(status) + ": " + std::to_string(count);
    first = false;
  }
  out += "}, \"groups\": [";
  for (size_t g = 0; g < report.groups.size(); ++g) {
    const GroupReport& group = report.groups[g];
    out += (g == 0 ? "" : ", ");
    out += "{\"name\": " + JsonString(group.name) + ", \"n\": " + std::to_string(group.n) +
           ", \"positive_rate\": " + Number(group.positive_rate) +
           ", \"expected_positive_rate\": " + Number(group.expected_positive_rate) + "}";
  }
  return out + "]}\n";
}

std::string ReportTable(const ClassificationReport& report) {
  char line[256];
  std::string out;
  std::snprintf(line, sizeof(line),
                "rows %zu, decided %zu\naccuracy %.4f (expected %.4f)\n"
                "demographic-parity gap %.4f (expected %.4f)\n",
                report.rows, report.decided, report.accuracy, report.expected_accuracy,
                report.dp_gap, report.expected_dp_gap);
  out += line;
  for (const auto& [status, count] : report.refused) {
    std::snprintf(line, sizeof(line), "refused (%s): %zu\n", status.c_str(), count);
    out += line;
  }
  std::snprintf(line, sizeof(line), "  %-28s %8s %14s %14s\n", "group", "n", "positive rate",
                "expected rate");
  out += line;
  for (const auto& group : report.groups) {
    std::snprintf(line, sizeof(line), "  %-28s %8zu %14.4f %14.4f\n", group.name.c_str(),
                  group.n, group.positive_rate, group.expected_positive_rate);
    out += line;
  }
  return out;
}

}  // namespace tinyfair::host
