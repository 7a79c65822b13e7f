// Reading a device's monitor report against the model it names: the bytes
// are untrusted, so every count is checked before anything is printed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "tinyfair/model.pb.h"
#include "tinyfair/monitor_report.pb.h"

namespace tinyfair::host::model {

/// The MonitorReport schema's version the runtime writes and the host reads
/// (1.<minor>): 1.0 the first reports, 1.1 with the device's id and the
/// report's sequence number. Each is frozen in tests/compat/report_schema.
inline constexpr uint32_t kMonitorReportMinor = 1;

/// Parses `bytes` (read from `path`, for messages) as a MonitorReport of
/// `model`. Throws DataError, naming the field, when the report does not end
/// with the CRC-32 of its bytes (damaged, cut short, or from a runtime
/// without the check), does not parse, names another model, holds another
/// number of groups, settings other than the model's (when the model
/// carries them), counts that contradict each other (more positives than
/// decisions, a probability sum below the positives, windows that do not
/// add up to the decisions) or an alarm the runtime cannot have raised.
tinyfair::MonitorReport ParseMonitorReport(const std::string& bytes, const std::string& path,
                                           const tinyfair::Model& model);

/// For a sequence of reports from one monitor: throws DataError, naming the
/// field, when `next` (read from `path`) has a counter below `previous`'s,
/// other settings, or another alarm after one was raised.
void CheckReportFollows(const tinyfair::MonitorReport& previous,
                        const tinyfair::MonitorReport& next, const std::string& path);

/// The largest monitor report a device writes: the runtime's own bound for
/// its group capacity (MonitorReportMaxSize). A larger file is no report.
size_t MaxMonitorReportBytes();

/// ParseMonitorReport of the file at `path`, read only up to
/// MaxMonitorReportBytes() (DataError naming the limit beyond it).
tinyfair::MonitorReport ReadMonitorReport(const std::string& path, const tinyfair::Model& model);

}  // namespace tinyfair::host::model
