// The runtime's fairness monitor over decisions made on the host.
#include "host_tools/simulate/monitor_simulation.h"

#include <stdexcept>

#include "host_tools/common/text_format.h"
#include "tinyfair_runtime/monitor_report.h"

namespace tinyfair::host::simulate {

std::unique_ptr<runtime::FairnessMonitor> MonitorDecisions(
    const runtime::Model& model, const std::vector<runtime::Decision>& decisions, size_t every,
    std::vector<std::string>* reports, uint64_t device_id) {
  auto monitor = std::make_unique<runtime::FairnessMonitor>();
  const runtime::Status status = monitor->Start(runtime::MonitorReferenceOf(model));
  if (!runtime::IsOk(status)) {
    throw std::invalid_argument(std::string("the model sets no valid monitor (") +
                                runtime::StatusName(status) +
                                "): export it with --monitor-alpha and --monitor-tolerance");
  }
  for (size_t i = 0; i < decisions.size(); ++i) {
    const runtime::Status update = monitor->Update(decisions[i]);
    if (update != runtime::Status::kOk && update != runtime::Status::kDriftAlarm) {
      throw std::logic_error(std::string("monitor update: ") + runtime::StatusName(update));
    }
    if (every > 0 && reports != nullptr && (i + 1) % every == 0) {
      const auto sequence = static_cast<uint32_t>(device_id == 0 ? 0 : reports->size() + 1);
      reports->push_back(EncodeReport(*monitor, {device_id, sequence}));
    }
  }
  return monitor;
}

std::string EncodeReport(const runtime::FairnessMonitor& monitor,
                         const runtime::ReportIdentity& identity) {
  std::string bytes(runtime::MonitorReportMaxSize(monitor.group_count()), '\0');
  size_t size = 0;
  const runtime::Status status = runtime::EncodeMonitorReport(
      monitor, identity, reinterpret_cast<uint8_t*>(bytes.data()), bytes.size(), size);
  if (!runtime::IsOk(status)) {
    throw std::logic_error(std::string("monitor report: ") + runtime::StatusName(status));
  }
  bytes.resize(size);
  return bytes;
}

std::string AlarmSummary(const runtime::FairnessMonitor& monitor) {
  const runtime::DriftAlarm& alarm = monitor.alarm();
  switch (alarm.kind) {
    case runtime::AlarmKind::kNone:
      return common::FormatText("no drift alarm after %u decisions", monitor.updates());
    case runtime::AlarmKind::kRateAboveReference:
    case runtime::AlarmKind::kRateBelowReference:
      return common::FormatText(
          "drift alarm at decision %u: group %u's rate (bound %.4f, limit %.4f)", alarm.at_update,
          alarm.group, static_cast<double>(alarm.bound), static_cast<double>(alarm.limit));
    case runtime::AlarmKind::kGap:
      return common::FormatText(
          "drift alarm at decision %u: the gap between groups %u and %u (bound %.4f, limit %.4f)",
          alarm.at_update, alarm.group, alarm.other_group, static_cast<double>(alarm.bound),
          static_cast<double>(alarm.limit));
  }
  return "";
}

}  // namespace tinyfair::host::simulate
