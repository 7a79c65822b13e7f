// A device's reports in order: the device id and sequence number the runtime
// writes reach the host's reader, and a sequence with another device's
// report, a repeat, a report out of order or a numbered report among
// unnumbered ones is refused naming both files; a gap is reported.
#include "host_tools/model/monitor_report_sequence.h"

#include <gtest/gtest.h>

#include "host_tools/common/data_error.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/monitor_report_reader.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/monitor_simulation.h"
#include "test_models.h"

namespace tinyfair::host::model {
namespace {

tinyfair::MonitorReport Report(uint64_t device_id, uint32_t sequence) {
  tinyfair::MonitorReport report;
  report.set_device_id(device_id);
  report.set_sequence(sequence);
  return report;
}

// The message of the DataError `check` throws, "" when it throws none.
template <typename Check>
std::string Refusal(Check check) {
  try {
    check();
  } catch (const common::DataError& error) {
    return error.what();
  }
  return "";
}

std::string RefusalOf(const tinyfair::MonitorReport& previous,
                      const tinyfair::MonitorReport& next) {
  return Refusal([&] { (void)CheckReportSequence(previous, "a.pb", next, "b.pb"); });
}

TEST(MonitorReportSequence, TheNextNumberFollowsSilently) {
  EXPECT_EQ("", CheckReportSequence(Report(7, 1), "a.pb", Report(7, 2), "b.pb"));
  // Reports without numbers (a firmware that gives none) are not ordered here.
  EXPECT_EQ("", CheckReportSequence(Report(0, 0), "a.pb", Report(0, 0), "b.pb"));
}

TEST(MonitorReportSequence, AGapIsReportedWithTheMissingNumbers) {
  EXPECT_EQ("b.pb: sequence 3 after a.pb's 1: 1 report missing (2)",
            CheckReportSequence(Report(7, 1), "a.pb", Report(7, 3), "b.pb"));
  EXPECT_EQ("b.pb: sequence 9 after a.pb's 5: 3 reports missing (6 to 8)",
            CheckReportSequence(Report(7, 5), "a.pb", Report(7, 9), "b.pb"));
}

TEST(MonitorReportSequence, ARepeatIsRefused) {
  const std::string message = RefusalOf(Report(7, 4), Report(7, 4));
  EXPECT_NE(std::string::npos, message.find("b.pb")) << message;
  EXPECT_NE(std::string::npos, message.find("sequence 4 again (as a.pb)")) << message;
}

TEST(MonitorReportSequence, AReportOutOfOrderIsRefused) {
  const std::string message = RefusalOf(Report(7, 5), Report(7, 3));
  EXPECT_NE(std::string::npos, message.find("sequence 3 after a.pb's 5: out of order")) << message;
}

TEST(MonitorReportSequence, AnotherDevicesReportIsRefused) {
  const std::string message = RefusalOf(Report(0x1234, 1), Report(0x1235, 2));
  EXPECT_NE(std::string::npos,
            message.find("device 0000000000001235, but a.pb is from device 0000000000001234"))
      << message;
}

TEST(MonitorReportSequence, NumberedAndUnnumberedReportsDoNotMix) {
  EXPECT_NE(std::string::npos,
            RefusalOf(Report(7, 0), Report(7, 1)).find("a report without a number (0)"));
  EXPECT_NE(std::string::npos,
            RefusalOf(Report(7, 2), Report(7, 0)).find("a report without a number (0)"));
}

// The runtime's report, numbered, through the host's reader.
TEST(MonitorReportSequence, TheRuntimesNumbersReachTheReader) {
  tinyfair::Model model =
      ParseModelFile(std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                                 tinyfair_models::kSmallRampModelSize),
                     "small");
  model.set_monitor_alpha(0.05f);
  model.set_monitor_tolerance(0.1f);
  const tinyfair::Model sealed = ParseModelFile(SealModel(model), "monitored");
  const auto loaded = simulate::LoadIntoRuntime(sealed);
  const auto monitor = simulate::MonitorDecisions(*loaded, {});
  const tinyfair::MonitorReport first = ParseMonitorReport(
      simulate::EncodeReport(*monitor, {0xFEEDFACECAFEBEEFULL, 41}), "r41.pb", sealed);
  EXPECT_EQ(0xFEEDFACECAFEBEEFULL, first.device_id());
  EXPECT_EQ(41u, first.sequence());
  const tinyfair::MonitorReport unnumbered =
      ParseMonitorReport(simulate::EncodeReport(*monitor), "r.pb", sealed);
  EXPECT_EQ(0u, unnumbered.device_id());
  EXPECT_EQ(0u, unnumbered.sequence());
  const tinyfair::MonitorReport next = ParseMonitorReport(
      simulate::EncodeReport(*monitor, {0xFEEDFACECAFEBEEFULL, 42}), "r42.pb", sealed);
  EXPECT_EQ("", CheckReportSequence(first, "r41.pb", next, "r42.pb"));
}

}  // namespace
}  // namespace tinyfair::host::model
