// The monitor's report, encoded with nanopb one group at a time.
#include "tinyfair_runtime/monitor_report.h"

#include "pb_encode.h"
#include "tinyfair_runtime/crc32.h"

namespace tinyfair::runtime {
namespace {

tinyfair_MonitorGroupCounters GroupMessage(const GroupCounters& c) {
  tinyfair_MonitorGroupCounters m = tinyfair_MonitorGroupCounters_init_zero;
  m.decisions = c.decisions;
  m.positives = c.positives;
  m.probability_sum = c.probability_sum;
  m.refused_non_finite_input = c.refused_non_finite_input;
  m.refused_score_overflow = c.refused_score_overflow;
  m.refused_unknown_category = c.refused_unknown_category;
  m.labelled_positives = c.labelled_positives;
  m.labelled_negatives = c.labelled_negatives;
  m.true_positives = c.true_positives;
  m.false_positives = c.false_positives;
  m.window_index = c.window_index;
  m.window_decisions = c.window_decisions;
  m.window_positives = c.window_positives;
  m.previous_window_decisions = c.previous_window_decisions;
  m.previous_window_positives = c.previous_window_positives;
  return m;
}

// The repeated groups field, written from the monitor's counters.
bool EncodeGroups(pb_ostream_t* stream, const pb_field_iter_t* field, void* const* arg) {
  const FairnessMonitor& monitor = *static_cast<const FairnessMonitor*>(*arg);
  for (uint32_t g = 0; g < monitor.group_count(); ++g) {
    const tinyfair_MonitorGroupCounters message = GroupMessage(monitor.group(g));
    if (!pb_encode_tag_for_field(stream, field) ||
        !pb_encode_submessage(stream, tinyfair_MonitorGroupCounters_fields, &message)) {
      return false;
    }
  }
  return true;
}

}  // namespace

Status EncodeMonitorReport(const FairnessMonitor& monitor, uint8_t* buffer, size_t capacity,
                           size_t& size) {
  return EncodeMonitorReport(monitor, ReportIdentity{}, buffer, capacity, size);
}

Status EncodeMonitorReport(const FairnessMonitor& monitor, const ReportIdentity& identity,
                           uint8_t* buffer, size_t capacity, size_t& size) {
  size = 0;
  if (!monitor.started()) return Status::kMonitorNotConfigured;
  tinyfair_MonitorReport report = tinyfair_MonitorReport_init_zero;
  report.model_hash = monitor.model_hash();
  report.alpha = monitor.settings().alpha;
  report.tolerance = monitor.settings().tolerance;
  report.window = monitor.settings().window;
  report.updates = monitor.updates();
  report.refusals_without_group = monitor.refusals_without_group();
  report.groups.funcs.encode = EncodeGroups;
  report.groups.arg = const_cast<FairnessMonitor*>(&monitor);
  const DriftAlarm& alarm = monitor.alarm();
  report.has_alarm = true;
  report.alarm.kind = static_cast<tinyfair_MonitorAlarm_Kind>(alarm.kind);
  report.alarm.group = alarm.group;
  report.alarm.other_group = alarm.other_group;
  report.alarm.at_update = alarm.at_update;
  report.alarm.bound = alarm.bound;
  report.alarm.limit = alarm.limit;
  // Fields 10 and 11 follow crc32's number but are written by pb_encode,
  // before the CRC-32 that is appended below.
  report.device_id = identity.device_id;
  report.sequence = identity.sequence;
  if (buffer == nullptr) return Status::kReportBufferTooSmall;
  pb_ostream_t stream = pb_ostream_from_buffer(buffer, capacity);
  if (!pb_encode(&stream, tinyfair_MonitorReport_fields, &report)) {
    return Status::kReportBufferTooSmall;
  }
  // crc32 (report.crc32 is 0, which proto3 leaves out) goes last, over the
  // bytes before it, so one pass over the buffer writes the report.
  const uint32_t crc = Crc32(buffer, stream.bytes_written);
  if (!pb_encode_tag(&stream, PB_WT_32BIT, tinyfair_MonitorReport_crc32_tag) ||
      !pb_encode_fixed32(&stream, &crc)) {
    return Status::kReportBufferTooSmall;
  }
  size = stream.bytes_written;
  return Status::kOk;
}

}  // namespace tinyfair::runtime
