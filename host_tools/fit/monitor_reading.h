// tinyfair monitor's work: a device's monitor report read against its model
// (every count checked), with per group the rates and their Wilson
// intervals next to the reference rates, the parity gaps and why the alarm
// fired; and a sequence of reports as the points of its plot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/metrics/wilson_interval.h"
#include "tinyfair/model.pb.h"
#include "tinyfair/monitor_report.pb.h"

namespace tinyfair::host::fit {

struct MonitorGroupRow {
  std::string name;
  tinyfair::MonitorGroupCounters counters;
  metrics::RateInterval rate, window_rate, tpr, fpr;
  double mean_probability = 0.0;
  double reference = 0.0;  // the model's reference positive rate
};

struct MonitorReading {
  tinyfair::MonitorReport report;
  std::vector<MonitorGroupRow> groups;
  double parity_gap = 0.0;            // over the groups with decisions
  double reference_parity_gap = 0.0;  // of the reference rates
  std::string alarm_kind;             // "none", "rate_above_reference", ...
  std::string alarm_reason;           // in one sentence
};

/// The report at `path` (read with its size limit, checked against
/// `model`: DataError naming the field otherwise) and what it says.
MonitorReading ReadMonitorReading(const std::string& path, const tinyfair::Model& model);

/// What `tinyfair monitor --json` prints for the reading (without the line end).
std::string MonitorReadingJson(const MonitorReading& reading);

/// One report of a sequence.
struct MonitorPlotPoint {
  uint32_t updates = 0;                      // decisions seen, refusals included
  std::vector<metrics::RateInterval> rates;  // per group, since Start
  double gap = 0.0;                          // over the groups with decisions
};

/// A sequence of reports from one monitor, as `monitor --plot` draws it.
struct MonitorPlotSeries {
  std::vector<std::string> group_names;
  std::vector<double> reference_rates;
  double reference_gap = 0.0;
  double tolerance = 0.0;
  std::vector<MonitorPlotPoint> points;
  /// The update at which the alarm fired (0: it did not), and why.
  uint32_t alarm_at = 0;
  std::string alarm_kind;
};

/// The reports at `paths`, each read as ReadMonitorReading reads one, in
/// order: DataError (CheckReportFollows) when one does not follow the one
/// before it.
MonitorPlotSeries ReadMonitorSeries(const std::vector<std::string>& paths,
                                    const tinyfair::Model& model);

}  // namespace tinyfair::host::fit
