#include "host_tools/fit/monitor_reading.h"

#include <algorithm>

#include "host_tools/common/json_writer.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/metrics/rate_spread.h"
#include "host_tools/model/monitor_report_reader.h"
#include "host_tools/model/monitor_report_sequence.h"

namespace tinyfair::host::fit {
namespace {

using common::FormatHash;
using common::FormatText;

const char* AlarmName(tinyfair::MonitorAlarm::Kind kind) {
  switch (kind) {
    case tinyfair::MonitorAlarm::RATE_ABOVE_REFERENCE:
      return "rate_above_reference";
    case tinyfair::MonitorAlarm::RATE_BELOW_REFERENCE:
      return "rate_below_reference";
    case tinyfair::MonitorAlarm::GAP:
      return "gap";
    default:
      return "none";
  }
}

// Why the alarm fired, in one sentence.
std::string AlarmReason(const tinyfair::MonitorReport& r,
                        const std::vector<MonitorGroupRow>& rows) {
  const tinyfair::MonitorAlarm& a = r.alarm();
  switch (a.kind()) {
    case tinyfair::MonitorAlarm::RATE_ABOVE_REFERENCE:
      return FormatText(
          "at update %u, the lower confidence bound %.6f of %s's positive rate rose above its "
          "reference rate + tolerance (%.6f)",
          a.at_update(), a.bound(), common::OneLineText(rows[a.group()].name).c_str(), a.limit());
    case tinyfair::MonitorAlarm::RATE_BELOW_REFERENCE:
      return FormatText(
          "at update %u, the upper confidence bound %.6f of %s's positive rate fell below its "
          "reference rate - tolerance (%.6f)",
          a.at_update(), a.bound(), common::OneLineText(rows[a.group()].name).c_str(), a.limit());
    case tinyfair::MonitorAlarm::GAP:
      return FormatText(
          "at update %u, the gap between %s and %s was at least %.6f, above the reference gap + "
          "tolerance (%.6f)",
          a.at_update(), common::OneLineText(rows[a.group()].name).c_str(),
          common::OneLineText(rows[a.other_group()].name).c_str(), a.bound(), a.limit());
    default:
      return "no drift beyond the tolerance at the stated false-alarm rate";
  }
}

std::string IntervalJson(const metrics::RateInterval& i) {
  common::JsonObject o;
  o.Number("rate", i.rate).Number("lower", i.lower).Number("upper", i.upper);
  return o.Str(6);
}

// Per group: the counters, their rates with Wilson intervals and the
// reference rate the model was fitted to.
std::vector<MonitorGroupRow> GroupRows(const tinyfair::Model& model,
                                       const tinyfair::MonitorReport& report) {
  const std::vector<std::string> names = GroupNames(model);
  std::vector<MonitorGroupRow> rows;
  for (int g = 0; g < report.groups_size(); ++g) {
    const tinyfair::MonitorGroupCounters& c = report.groups(g);
    MonitorGroupRow row;
    row.name = names[static_cast<size_t>(g)];
    row.counters = c;
    row.rate = metrics::WilsonInterval(c.positives(), c.decisions());
    row.window_rate = metrics::WilsonInterval(c.window_positives(), c.window_decisions());
    row.tpr = metrics::WilsonInterval(c.true_positives(), c.labelled_positives());
    row.fpr = metrics::WilsonInterval(c.false_positives(), c.labelled_negatives());
    row.mean_probability = c.decisions() == 0 ? 0.0
                                              : static_cast<double>(c.probability_sum()) /
                                                    4294967296.0 / c.decisions();
    row.reference =
        g < model.reference_positive_rate_size() ? model.reference_positive_rate(g) : 0.0;
    rows.push_back(row);
  }
  return rows;
}

// The observed gap over the groups with decisions, and the reference rates' gap.
void SetGaps(MonitorReading& reading) {
  metrics::RateSpread observed, reference;
  for (const MonitorGroupRow& row : reading.groups) {
    if (row.counters.decisions() > 0) observed.Add(row.rate.rate);
    reference.Add(row.reference);
  }
  reading.parity_gap = observed.Gap();
  reading.reference_parity_gap = reference.Gap();
}

MonitorReading ReadingOf(const tinyfair::MonitorReport& report, const tinyfair::Model& model) {
  MonitorReading reading;
  reading.report = report;
  reading.groups = GroupRows(model, report);
  SetGaps(reading);
  reading.alarm_kind = AlarmName(report.alarm().kind());
  reading.alarm_reason = AlarmReason(report, reading.groups);
  return reading;
}

}  // namespace

MonitorReading ReadMonitorReading(const std::string& path, const tinyfair::Model& model) {
  return ReadingOf(model::ReadMonitorReport(path, model), model);
}

std::string MonitorReadingJson(const MonitorReading& reading) {
  const tinyfair::MonitorReport& report = reading.report;
  const std::vector<MonitorGroupRow>& rows = reading.groups;
  std::string groups = "[";
  for (size_t g = 0; g < rows.size(); ++g) {
    const MonitorGroupRow& row = rows[g];
    common::JsonObject j;
    j.Text("group", row.name)
        .Number("decisions", row.counters.decisions())
        .Number("positives", row.counters.positives())
        .Raw("positive_rate", IntervalJson(row.rate))
        .Number("mean_probability", row.mean_probability)
        .Number("reference_positive_rate", row.reference)
        .Number("window_index", row.counters.window_index())
        .Raw("window_positive_rate", IntervalJson(row.window_rate))
        .Raw("true_positive_rate", IntervalJson(row.tpr))
        .Raw("false_positive_rate", IntervalJson(row.fpr))
        .Number("refused_non_finite_input", row.counters.refused_non_finite_input())
        .Number("refused_score_overflow", row.counters.refused_score_overflow())
        .Number("refused_unknown_category", row.counters.refused_unknown_category());
    groups += (g ? ",\n    " : "\n    ") + j.Str(4);
  }
  groups += "\n  ]";
  common::JsonObject alarm;
  alarm.Text("kind", AlarmName(report.alarm().kind()))
      .Number("group", report.alarm().group())
      .Number("other_group", report.alarm().other_group())
      .Number("at_update", report.alarm().at_update())
      .Number("bound", report.alarm().bound())
      .Number("limit", report.alarm().limit())
      .Text("reason", reading.alarm_reason);
  common::JsonObject out;
  out.Text("device_id", FormatHash(report.device_id()))
      .Number("sequence", report.sequence())
      .Text("model_hash", FormatHash(report.model_hash()))
      .Number("alpha", report.alpha())
      .Number("tolerance", report.tolerance())
      .Number("window", report.window())
      .Number("updates", report.updates())
      .Number("refusals_without_group", report.refusals_without_group())
      .Raw("groups", groups)
      .Number("parity_gap", reading.parity_gap)
      .Number("reference_parity_gap", reading.reference_parity_gap)
      .Raw("alarm", alarm.Str(2));
  return out.Str();
}

MonitorPlotSeries ReadMonitorSeries(const std::vector<std::string>& paths,
                                    const tinyfair::Model& model) {
  MonitorPlotSeries series;
  series.group_names = GroupNames(model);
  tinyfair::MonitorReport previous;
  std::string previous_path;
  for (const std::string& path : paths) {
    const tinyfair::MonitorReport report = model::ReadMonitorReport(path, model);
    if (!series.points.empty()) {
      // The device's numbering first: its message says more than a counter's.
      const std::string gap = model::CheckReportSequence(previous, previous_path, report, path);
      if (!gap.empty()) Note("monitor: " + gap);
      model::CheckReportFollows(previous, report, path);
    }
    previous = report;
    previous_path = path;
    const MonitorReading reading = ReadingOf(report, model);
    MonitorPlotPoint point;
    point.updates = report.updates();
    for (const MonitorGroupRow& row : reading.groups) point.rates.push_back(row.rate);
    point.gap = reading.parity_gap;
    series.points.push_back(point);
    series.reference_gap = reading.reference_parity_gap;
    series.tolerance = report.tolerance();
    series.reference_rates.clear();
    for (const MonitorGroupRow& row : reading.groups)
      series.reference_rates.push_back(row.reference);
    if (series.alarm_at == 0 && report.alarm().kind() != tinyfair::MonitorAlarm::NONE) {
      series.alarm_at = report.alarm().at_update();
      series.alarm_kind = reading.alarm_kind;
    }
  }
  series.group_names.resize(series.reference_rates.size());
  return series;
}

}  // namespace tinyfair::host::fit
