// The monitor report's schema cannot change without its version either:
// tests/compat/report_schema holds a frozen copy of every version of
// proto/tinyfair/monitor_report.proto. The compiled schema equals the copy of
// the version the host reads (kMonitorReportMinor) and keeps every field of
// the earlier ones; and a reader of the first version reads a report of
// today's runtime, numbered, as it read reports before: the fields it knows
// with their values, the new ones skipped.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "google/protobuf/descriptor.h"
#include "google/protobuf/dynamic_message.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/monitor_report_reader.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/monitor_simulation.h"
#include "test_models.h"
#include "tests/compat/schema_compare.h"
#include "tinyfair/monitor_report.pb.h"

namespace {

using google::protobuf::FileDescriptorProto;
using tinyfair::compat::Differences;
using tinyfair::compat::Join;
using tinyfair::compat::SchemaOf;

bool ReadFrozenReport(uint32_t minor, FileDescriptorProto& file) {
  return tinyfair::compat::ReadDescriptorSet(
      std::string(TINYFAIR_FROZEN_SCHEMA_DIR) + "/report_1." + std::to_string(minor) + ".pb", file);
}

FileDescriptorProto CompiledReportSchema() {
  FileDescriptorProto file;
  tinyfair::MonitorReport::descriptor()->file()->CopyTo(&file);
  return file;
}

TEST(ReportSchemaFreeze, TheSchemaEqualsTheFrozenCopyOfItsVersion) {
  const uint32_t minor = tinyfair::host::model::kMonitorReportMinor;
  FileDescriptorProto frozen;
  ASSERT_TRUE(ReadFrozenReport(minor, frozen))
      << "no frozen report schema 1." << minor << ": copy proto/tinyfair/monitor_report.proto "
      << "to tests/compat/report_schema/1." << minor << "/monitor_report.proto";
  const auto differences = Differences(SchemaOf(frozen), SchemaOf(CompiledReportSchema()), true);
  EXPECT_TRUE(differences.empty())
      << "proto/tinyfair/monitor_report.proto differs from its frozen copy 1." << minor << ":\n"
      << Join(differences)
      << "A change needs a new version (kMonitorReportMinor, and a frozen copy).";
}

TEST(ReportSchemaFreeze, EveryEarlierVersionIsKeptUnchanged) {
  const tinyfair::compat::Schema compiled = SchemaOf(CompiledReportSchema());
  ASSERT_GT(tinyfair::host::model::kMonitorReportMinor, 0u);
  for (uint32_t minor = 0; minor < tinyfair::host::model::kMonitorReportMinor; ++minor) {
    FileDescriptorProto frozen;
    ASSERT_TRUE(ReadFrozenReport(minor, frozen)) << "no frozen report schema 1." << minor;
    const auto differences = Differences(SchemaOf(frozen), compiled, false);
    EXPECT_TRUE(differences.empty()) << "report schema 1." << minor << " is not kept:\n"
                                     << Join(differences);
  }
}

// Today's runtime's report of a monitored model, numbered.
std::string NumberedReport() {
  tinyfair::Model model = tinyfair::host::model::ParseModelFile(
      std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                  tinyfair_models::kSmallRampModelSize),
      "small");
  model.set_monitor_alpha(0.05f);
  model.set_monitor_tolerance(0.1f);
  const auto loaded = tinyfair::host::simulate::LoadIntoRuntime(
      tinyfair::host::model::ParseModelFile(tinyfair::host::model::SealModel(model), "m"));
  const auto monitor = tinyfair::host::simulate::MonitorDecisions(*loaded, {});
  return tinyfair::host::simulate::EncodeReport(*monitor, {0x0102030405060708ULL, 9});
}

TEST(ReportSchemaFreeze, AReaderOfTheFirstVersionReadsANumberedReport) {
  FileDescriptorProto first;
  ASSERT_TRUE(ReadFrozenReport(0, first));
  google::protobuf::DescriptorPool pool;
  const google::protobuf::FileDescriptor* file = pool.BuildFile(first);
  ASSERT_NE(nullptr, file);
  const google::protobuf::Descriptor* type = file->FindMessageTypeByName("MonitorReport");
  ASSERT_NE(nullptr, type);
  ASSERT_EQ(nullptr, type->FindFieldByNumber(10)) << "1.0 had no device_id";
  google::protobuf::DynamicMessageFactory factory(&pool);
  std::unique_ptr<google::protobuf::Message> old(factory.GetPrototype(type)->New());
  const std::string bytes = NumberedReport();
  ASSERT_TRUE(old->ParseFromString(bytes));
  tinyfair::MonitorReport today;
  ASSERT_TRUE(today.ParseFromString(bytes));
  EXPECT_EQ(9u, today.sequence());
  const auto* reflection = old->GetReflection();
  EXPECT_EQ(today.model_hash(), reflection->GetUInt64(*old, type->FindFieldByName("model_hash")));
  EXPECT_EQ(today.groups_size(), reflection->FieldSize(*old, type->FindFieldByName("groups")));
  EXPECT_EQ(today.crc32(), reflection->GetUInt32(*old, type->FindFieldByName("crc32")));
  // The new fields are kept as unknown ones: nothing the old reader knows moved.
  EXPECT_EQ(2, reflection->GetUnknownFields(*old).field_count());
}

}  // namespace
