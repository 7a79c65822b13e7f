// The order of a device's monitor reports: each names its device and its
// number in that device's sequence (MonitorReport.device_id, .sequence), so
// that a fleet's reports can be told apart and put in order.
#pragma once

#include <string>

#include "tinyfair/monitor_report.pb.h"

namespace tinyfair::host::model {

/// `next` (read from `path`) after `previous` (from `previous_path`) in one
/// device's sequence. Throws DataError naming `path` when `next` is from
/// another device, repeats `previous`'s number, comes before it, or when one
/// of the two is numbered and the other not. Returns a note for a gap
/// ("... 2 reports missing (6 to 7)"), "" when `next` follows directly or
/// neither report is numbered.
std::string CheckReportSequence(const tinyfair::MonitorReport& previous,
                                const std::string& previous_path,
                                const tinyfair::MonitorReport& next, const std::string& path);

}  // namespace tinyfair::host::model
