// Checks of a device's monitor report.
#include "host_tools/model/monitor_report_reader.h"

#include <cmath>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/common/text_format.h"
#include "host_tools/model/record_model_hash.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/monitor_report.h"

namespace tinyfair::host::model {
namespace {

void Require(bool condition, const std::string& path, const std::string& message) {
  if (!condition) throw common::DataError(path, 0, 0, message);
}

void CheckGroup(const tinyfair::MonitorGroupCounters& c, const tinyfair::MonitorReport& report,
                int g, const std::string& path) {
  const std::string name = "group " + std::to_string(g) + ": ";
  Require(c.positives() <= c.decisions(), path, name + "more positives than decisions");
  // Each decision adds at most 2^32 to the probability sum.
  Require(c.probability_sum() <= (static_cast<uint64_t>(c.decisions()) << 32U), path,
          name + "probability sum above its decisions");
  Require(
      c.true_positives() <= c.labelled_positives() && c.false_positives() <= c.labelled_negatives(),
      path, name + "more true or false positives than labelled decisions");
  Require(c.window_index() >= 1, path, name + "no test window");
  Require(c.window_positives() <= c.window_decisions() &&
              c.previous_window_positives() <= c.previous_window_decisions(),
          path, name + "more positives than decisions in a window");
  if (report.window() != 0) {
    Require(
        c.window_decisions() <= report.window() && c.previous_window_decisions() <= report.window(),
        path, name + "a window fuller than its size");
  }
}

}  // namespace

tinyfair::MonitorReport ParseMonitorReport(const std::string& bytes, const std::string& path,
                                           const tinyfair::Model& model) {
  tinyfair::MonitorReport report;
  Require(!bytes.empty(), path, "empty monitor report");
  Require(report.ParseFromString(bytes), path, "not a monitor report (the bytes do not parse)");
  Require(report.has_alarm(), path, "truncated monitor report (no alarm state, which comes last)");
  // The device names the model by the digest it computed of the bytes it
  // loaded, never by a hash the file states.
  const uint64_t model_hash = RecordModelHash(model);
  Require(report.model_hash() == model_hash, path,
          "the report is of model " + common::FormatHash(report.model_hash()) +
              ", not of this model (" + common::FormatHash(model_hash) + ")");
  Require(report.groups_size() == static_cast<int>(model.dimensions().group_count()), path,
          common::FormatText("the report has %d groups, the model %u", report.groups_size(),
                             model.dimensions().group_count()));
  Require(std::isfinite(report.alpha()) && report.alpha() > 0.0f && report.alpha() < 1.0f &&
              std::isfinite(report.tolerance()) && report.tolerance() >= 0.0f &&
              report.tolerance() < 1.0f,
          path, "monitor settings out of range");
  uint64_t decided = report.refusals_without_group();
  bool saturated = report.updates() == UINT32_MAX || report.refusals_without_group() == UINT32_MAX;
  for (int g = 0; g < report.groups_size(); ++g) {
    const tinyfair::MonitorGroupCounters& c = report.groups(g);
    CheckGroup(c, report, g, path);
    saturated = saturated || c.decisions() == UINT32_MAX;
    decided += static_cast<uint64_t>(c.decisions()) + c.refused_non_finite_input() +
               c.refused_score_overflow() + c.refused_unknown_category();
  }
  // Counters saturate each on their own; below that they add up.
  Require(saturated || decided == report.updates(), path,
          "the groups' counts do not add up to the updates");
  const tinyfair::MonitorAlarm& alarm = report.alarm();
  Require(tinyfair::MonitorAlarm::Kind_IsValid(alarm.kind()), path, "unknown alarm kind");
  if (alarm.kind() != tinyfair::MonitorAlarm::NONE) {
    Require(alarm.group() < model.dimensions().group_count() &&
                alarm.other_group() < model.dimensions().group_count() && alarm.at_update() >= 1 &&
                alarm.at_update() <= report.updates(),
            path, "alarm outside the model's groups or the report's updates");
  }
  return report;
}

size_t MaxMonitorReportBytes() {
  return runtime::MonitorReportMaxSize(static_cast<uint32_t>(runtime::kMaxGroups));
}

tinyfair::MonitorReport ReadMonitorReport(const std::string& path, const tinyfair::Model& model) {
  return ParseMonitorReport(
      common::ReadFileAtMost(path, MaxMonitorReportBytes(), "a monitor report"), path, model);
}

}  // namespace tinyfair::host::model
