// The plot of a sequence of monitor reports (`tinyfair monitor --plot`):
// per group the positive rate with its 95 % Wilson interval against the
// decisions seen, the reference rates as lines, the parity gap next to the
// reference gap, and where the alarm fired.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/metrics/wilson_interval.h"

namespace tinyfair::cli {

/// One report of the sequence.
struct MonitorPlotPoint {
  uint32_t updates = 0;                            // decisions seen, refusals included
  std::vector<host::metrics::RateInterval> rates;  // per group, since Start
  double gap = 0.0;                                // over the groups with decisions
};

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

/// Writes `dir`/monitor_rates.dat, monitor_rates.gp and, when `render`, the
/// image gnuplot draws of them, monitor_rates.png, all at once (all or
/// nothing). Returns false when gnuplot failed (the data and script are
/// written, and a note says so).
bool WriteMonitorPlot(const MonitorPlotSeries& series, const std::string& dir, bool render);

}  // namespace tinyfair::cli
