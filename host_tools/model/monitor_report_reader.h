// Reading a device's monitor report against the model it names: the bytes
// are untrusted, so every count is checked before anything is printed.
#pragma once

#include <cstddef>
#include <string>

#include "tinyfair/model.pb.h"
#include "tinyfair/monitor_report.pb.h"

namespace tinyfair::host::model {

/// Parses `bytes` (read from `path`, for messages) as a MonitorReport of
/// `model`. Throws DataError when the bytes do not parse, are truncated (the
/// device writes the alarm last, so a report without one is cut short),
/// name another model, hold another number of groups, or hold counts that
/// contradict each other (more positives than decisions, a window fuller
/// than its size, an alarm group outside the model).
tinyfair::MonitorReport ParseMonitorReport(const std::string& bytes, const std::string& path,
                                           const tinyfair::Model& model);

/// The largest monitor report a device writes: the runtime's own bound for
/// its group capacity (MonitorReportMaxSize). A larger file is no report.
size_t MaxMonitorReportBytes();

/// ParseMonitorReport of the file at `path`, read only up to
/// MaxMonitorReportBytes() (DataError naming the limit beyond it).
tinyfair::MonitorReport ReadMonitorReport(const std::string& path, const tinyfair::Model& model);

}  // namespace tinyfair::host::model
