// The plot of a sequence of monitor reports (`tinyfair monitor --plot`):
// per group the positive rate with its 95 % Wilson interval against the
// decisions seen, the reference rates as lines, the parity gap next to the
// reference gap, and where the alarm fired.
#pragma once

#include <string>

#include "host_tools/fit/monitor_reading.h"

namespace tinyfair::cli {

using host::fit::MonitorPlotPoint;
using host::fit::MonitorPlotSeries;

/// Writes `dir`/monitor_rates.dat, monitor_rates.gp and, when `render`, the
/// image gnuplot draws of them, monitor_rates.png, all at once (all or
/// nothing). Returns false when gnuplot failed (the data and script are
/// written, and a note says so).
bool WriteMonitorPlot(const MonitorPlotSeries& series, const std::string& dir, bool render);

}  // namespace tinyfair::cli
