// The fairness monitor's report: its state as a MonitorReport protobuf
// (proto/tinyfair/monitor_report.proto) for the host's `tinyfair monitor`.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair/monitor_report.nanopb.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// The largest report: every field of every group at its largest encoding.
/// A buffer of this size never gets kReportBufferTooSmall.
constexpr size_t MonitorReportMaxSize(uint32_t group_count) {
  // model_hash, alpha, tolerance, window, updates, refusals_without_group,
  // crc32, device_id, sequence: tag and value; the alarm and each group:
  // tag, one length byte, message.
  static_assert(tinyfair_MonitorAlarm_size < 128 && tinyfair_MonitorGroupCounters_size < 128);
  constexpr size_t kFixed = 9 + 5 + 5 + 6 + 6 + 6 + 5 + 9 + 6 + 2 + tinyfair_MonitorAlarm_size;
  return kFixed + static_cast<size_t>(group_count) * (2 + tinyfair_MonitorGroupCounters_size);
}

/// Which device sent a report, and its place in that device's sequence
/// (MonitorReport.device_id, .sequence). The firmware keeps the sequence
/// across resets, as it keeps a keyed draw's counter; 0 leaves a field out.
struct ReportIdentity {
  uint64_t device_id = 0;
  uint32_t sequence = 0;
};

/// Encodes the monitor's state into `buffer`, its last field the CRC-32 of
/// the bytes before it; `size` receives the number of bytes written. kOk, kMonitorNotConfigured
/// before Start(), or kReportBufferTooSmall (nothing usable is written).
Status EncodeMonitorReport(const FairnessMonitor& monitor, uint8_t* buffer, size_t capacity,
                           size_t& size);

/// The same, carrying the device's id and the report's sequence number.
Status EncodeMonitorReport(const FairnessMonitor& monitor, const ReportIdentity& identity,
                           uint8_t* buffer, size_t capacity, size_t& size);

}  // namespace tinyfair::runtime
