#include "host_tools/model/monitor_report_sequence.h"

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"

namespace tinyfair::host::model {
namespace {

using common::FormatText;

void Refuse(const std::string& path, const std::string& message) {
  throw common::DataError(path, 0, 0, message);
}

unsigned long long Id(const tinyfair::MonitorReport& report) {
  return static_cast<unsigned long long>(report.device_id());
}

}  // namespace

std::string CheckReportSequence(const tinyfair::MonitorReport& previous,
                                const std::string& previous_path,
                                const tinyfair::MonitorReport& next, const std::string& path) {
  const char* before = previous_path.c_str();
  if ((previous.sequence() == 0) != (next.sequence() == 0)) {
    Refuse(path, FormatText("sequence %u after %s's %u: a report without a number (0) among "
                            "numbered ones",
                            next.sequence(), before, previous.sequence()));
  }
  if (next.device_id() != previous.device_id()) {
    Refuse(path, FormatText("device %016llx, but %s is from device %016llx: a sequence is one "
                            "device's reports",
                            Id(next), before, Id(previous)));
  }
  if (next.sequence() == 0) return "";
  if (next.sequence() == previous.sequence()) {
    Refuse(path, FormatText("sequence %u again (as %s): the same report given twice, or two "
                            "reports numbered alike by the device",
                            next.sequence(), before));
  }
  if (next.sequence() < previous.sequence()) {
    Refuse(path, FormatText("sequence %u after %s's %u: out of order; give the reports in "
                            "their sequence's order",
                            next.sequence(), before, previous.sequence()));
  }
  const uint32_t missing = next.sequence() - previous.sequence() - 1;
  if (missing == 0) return "";
  const uint32_t first = previous.sequence() + 1, last = next.sequence() - 1;
  const std::string which =
      missing == 1 ? std::to_string(first) : FormatText("%u to %u", first, last);
  return FormatText("%s: sequence %u after %s's %u: %u report%s missing (%s)", path.c_str(),
                    next.sequence(), before, previous.sequence(), missing, missing == 1 ? "" : "s",
                    which.c_str());
}

}  // namespace tinyfair::host::model
