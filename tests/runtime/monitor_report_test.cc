// The monitor's report: decoded back with nanopb's decoder, its first bytes
// against the protobuf encoding written out by hand, and its size limits.
#include "tinyfair_runtime/monitor_report.h"

#include <string.h>

#include "pb_decode.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair/monitor_report.nanopb.h"
#include "tinyfair_runtime/crc32.h"

namespace {

using namespace tinyfair::runtime;

constexpr uint64_t kHash = 0x1122334455667788ULL;
FairnessMonitor& g_report_monitor = tinyfair::testing::TestMonitor();
// Two groups' reports fit the shared scratch bytes.
uint8_t* const g_buffer = tinyfair::testing::Scratch();
constexpr size_t kBufferSize = tinyfair::testing::kScratchSize;
static_assert(MonitorReportMaxSize(2) <= kBufferSize);

struct DecodedGroups {
  tinyfair_MonitorGroupCounters groups[4];
  uint32_t count;
};

bool DecodeGroup(pb_istream_t* stream, const pb_field_iter_t*, void** arg) {
  DecodedGroups& decoded = *static_cast<DecodedGroups*>(*arg);
  if (decoded.count >= 4) return false;
  decoded.groups[decoded.count] = tinyfair_MonitorGroupCounters_init_zero;
  if (!pb_decode(stream, tinyfair_MonitorGroupCounters_fields, &decoded.groups[decoded.count])) {
    return false;
  }
  ++decoded.count;
  return true;
}

// The CRC-32 in the last four bytes of a report of `size` bytes in g_buffer.
uint32_t StoredCrc(size_t size) {
  return static_cast<uint32_t>(g_buffer[size - 4]) |
         static_cast<uint32_t>(g_buffer[size - 3]) << 8U |
         static_cast<uint32_t>(g_buffer[size - 2]) << 16U |
         static_cast<uint32_t>(g_buffer[size - 1]) << 24U;
}

Decision Decided(uint32_t group, bool positive, float probability) {
  Decision d;
  d.model_hash = kHash;
  d.status = Status::kOk;
  d.group = group;
  d.positive = positive;
  d.probability = probability;
  return d;
}

Status StartTwoGroups(float alpha, float tolerance, uint32_t window) {
  static const float rates[2] = {0.25f, 0.75f};
  MonitorReference reference;
  reference.model_hash = kHash;
  reference.group_count = 2;
  reference.reference_rate = rates;
  reference.settings = {alpha, tolerance, window};
  return g_report_monitor.Start(reference);
}

TEST(MonitorReport, RoundTripsThroughTheDecoder) {
  ASSERT_EQ(Status::kOk, StartTwoGroups(0.05f, 0.1f, 100));
  (void)g_report_monitor.Update(Decided(1, true, 0.75f));
  (void)g_report_monitor.Update(Decided(1, false, 0.5f));
  Decision refused = Decided(0, false, 0.0f);
  refused.status = Status::kUnknownCategory;
  (void)g_report_monitor.Update(refused);
  (void)g_report_monitor.RecordOutcome(Decided(1, true, 0.75f), true);
  size_t size = 0;
  ASSERT_EQ(Status::kOk, EncodeMonitorReport(g_report_monitor, g_buffer, kBufferSize, size));
  EXPECT_TRUE(size > 0 && size <= MonitorReportMaxSize(2));

  DecodedGroups decoded = {};
  tinyfair_MonitorReport report = tinyfair_MonitorReport_init_zero;
  report.groups.funcs.decode = DecodeGroup;
  report.groups.arg = &decoded;
  pb_istream_t stream = pb_istream_from_buffer(g_buffer, size);
  ASSERT_TRUE(pb_decode(&stream, tinyfair_MonitorReport_fields, &report));
  EXPECT_TRUE(report.model_hash == kHash);
  EXPECT_TRUE(report.alpha == 0.05f && report.tolerance == 0.1f);
  EXPECT_EQ(100, report.window);
  EXPECT_EQ(3, report.updates);
  EXPECT_EQ(0, report.refusals_without_group);
  EXPECT_TRUE(report.has_alarm);
  EXPECT_EQ(0, static_cast<int>(report.alarm.kind));
  ASSERT_EQ(2, decoded.count);
  EXPECT_EQ(0, decoded.groups[0].decisions);
  EXPECT_EQ(1, decoded.groups[0].refused_unknown_category);
  EXPECT_EQ(2, decoded.groups[1].decisions);
  EXPECT_EQ(1, decoded.groups[1].positives);
  // 0.75 and 0.5 in 2^-32 units.
  EXPECT_TRUE(decoded.groups[1].probability_sum == (3ULL << 30U) + (1ULL << 31U));
  EXPECT_EQ(1, decoded.groups[1].labelled_positives);
  EXPECT_EQ(1, decoded.groups[1].true_positives);
  EXPECT_EQ(1, decoded.groups[1].window_index);
  EXPECT_EQ(2, decoded.groups[1].window_decisions);
  EXPECT_EQ(1, decoded.groups[1].window_positives);
}

TEST(MonitorReport, BytesFollowTheWireFormat) {
  ASSERT_EQ(Status::kOk, StartTwoGroups(0.5f, 0.0f, 0));
  size_t size = 0;
  ASSERT_EQ(Status::kOk, EncodeMonitorReport(g_report_monitor, g_buffer, kBufferSize, size));
  // Field 1 fixed64 (tag 0x09), the hash little-endian; field 2 float
  // (0x15) 0.5f = 0x3F000000; field 3 (tolerance 0) and 4, 5 (0) are left
  // out by proto3; then field 6, the groups (0x32, length, ...).
  const uint8_t expected[] = {0x09, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22,
                              0x11, 0x15, 0x00, 0x00, 0x00, 0x3F, 0x32};
  ASSERT_TRUE(size > sizeof(expected));
  EXPECT_EQ(0, memcmp(expected, g_buffer, sizeof(expected)));
  // A group with no decisions holds only window_index = 1: field 11
  // varint (0x58), 1; so the group is 0x32 0x02 0x58 0x01.
  EXPECT_EQ(0x02, g_buffer[15]);
  EXPECT_EQ(0x58, g_buffer[16]);
  EXPECT_EQ(0x01, g_buffer[17]);
}

TEST(MonitorReport, EndsWithTheCrcOfTheBytesBeforeIt) {
  ASSERT_EQ(Status::kOk, StartTwoGroups(0.05f, 0.1f, 100));
  (void)g_report_monitor.Update(Decided(1, true, 0.75f));
  size_t size = 0;
  ASSERT_EQ(Status::kOk, EncodeMonitorReport(g_report_monitor, g_buffer, kBufferSize, size));
  ASSERT_TRUE(size > 5);
  // Field 9, wire type 5 (fixed32): tag 0x4D, then the CRC little-endian.
  EXPECT_EQ(0x4D, g_buffer[size - 5]);
  EXPECT_TRUE(StoredCrc(size) == Crc32(g_buffer, size - 5));
  // A buffer with room for all but the CRC is too small, and says so.
  size_t small_size = 99;
  EXPECT_EQ(Status::kReportBufferTooSmall,
            EncodeMonitorReport(g_report_monitor, g_buffer, size - 1, small_size));
  EXPECT_EQ(0, small_size);
}

// The device's id (field 10, fixed64: tag 0x51) and the report's sequence
// number (field 11, varint: tag 0x58) come before the CRC, which stays last;
// without them the report is the one a firmware that gives none sends.
TEST(MonitorReport, CarriesTheDeviceIdAndSequenceBeforeItsCrc) {
  ASSERT_EQ(Status::kOk, StartTwoGroups(0.05f, 0.1f, 100));
  (void)g_report_monitor.Update(Decided(1, true, 0.75f));
  size_t plain = 0;
  ASSERT_EQ(Status::kOk, EncodeMonitorReport(g_report_monitor, g_buffer, kBufferSize, plain));
  size_t none = 0;
  ASSERT_EQ(Status::kOk,
            EncodeMonitorReport(g_report_monitor, ReportIdentity{}, g_buffer, kBufferSize, none));
  EXPECT_EQ(plain, none);
  const ReportIdentity identity{0x0102030405060708ULL, 300};
  size_t size = 0;
  ASSERT_EQ(Status::kOk,
            EncodeMonitorReport(g_report_monitor, identity, g_buffer, kBufferSize, size));
  // 9 bytes for the id, 3 for the sequence (tag, then 300 as two bytes).
  ASSERT_EQ(plain + 9 + 3, size);
  const uint8_t fields[] = {0x51, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x58, 0xAC, 0x02};
  EXPECT_EQ(0, memcmp(fields, g_buffer + size - 5 - sizeof(fields), sizeof(fields)));
  EXPECT_EQ(0x4D, g_buffer[size - 5]);
  EXPECT_TRUE(StoredCrc(size) == Crc32(g_buffer, size - 5));
  tinyfair_MonitorReport report = tinyfair_MonitorReport_init_zero;
  pb_istream_t stream = pb_istream_from_buffer(g_buffer, size);
  ASSERT_TRUE(pb_decode(&stream, tinyfair_MonitorReport_fields, &report));
  EXPECT_TRUE(report.device_id == identity.device_id);
  EXPECT_EQ(300, report.sequence);
  // The largest id and sequence fit the bound.
  ASSERT_EQ(Status::kOk, EncodeMonitorReport(g_report_monitor, ReportIdentity{~0ULL, ~0U}, g_buffer,
                                             kBufferSize, size));
  EXPECT_TRUE(size <= MonitorReportMaxSize(2));
}

TEST(MonitorReport, RefusesSmallBuffersAndStoppedMonitors) {
  FairnessMonitor& monitor = g_report_monitor;
  ASSERT_EQ(Status::kOk, StartTwoGroups(0.05f, 0.1f, 0));
  size_t size = 0;
  ASSERT_EQ(Status::kOk, EncodeMonitorReport(monitor, g_buffer, kBufferSize, size));
  size_t small_size = 99;
  EXPECT_EQ(Status::kReportBufferTooSmall,
            EncodeMonitorReport(monitor, g_buffer, size - 1, small_size));
  EXPECT_EQ(0, small_size);
  EXPECT_EQ(Status::kReportBufferTooSmall, EncodeMonitorReport(monitor, nullptr, 100, small_size));
  MonitorReference none;
  EXPECT_EQ(Status::kMonitorNotConfigured, monitor.Start(none));
  EXPECT_EQ(Status::kMonitorNotConfigured,
            EncodeMonitorReport(monitor, g_buffer, kBufferSize, size));
}

TEST(MonitorReport, MaxSizeHoldsEveryGroupAtItsLargest) {
  // The largest group message: every uint32 at 5 bytes plus tags, the
  // fixed64 at 9; the generated bound says the same.
  EXPECT_EQ(14 * 6 + 9, tinyfair_MonitorGroupCounters_size);
  EXPECT_EQ(MonitorReportMaxSize(0) + 32 * (2 + 93), MonitorReportMaxSize(32));
}

}  // namespace
