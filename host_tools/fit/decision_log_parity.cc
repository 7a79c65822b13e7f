#include "host_tools/fit/decision_log_parity.h"

#include <algorithm>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/simulate/decision_log_file.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::fit {
namespace {

// The device's columns: the fields of the runtime's record header.
constexpr size_t kDeviceColumns = [] {
  size_t columns = 1;
  for (const char c : runtime::kDecisionRecordHeader) columns += c == ',' ? 1 : 0;
  return columns;
}();

// The device's record of a log row: its first kDeviceColumns fields. A host
// log (simulate --out) has readable columns after them, which parity leaves
// out: the bits are what the device must reproduce.
std::string DeviceRecord(const std::vector<std::string>& fields) {
  std::string record;
  for (size_t column = 0; column < std::min(kDeviceColumns, fields.size()); ++column) {
    record += (column ? "," : "") + fields[column];
  }
  return record;
}

// The device records of a decision log, read as CSV records (a readable
// column may hold a group name with a quoted newline), header first.
std::vector<std::string> DeviceRecords(const std::string& path) {
  data::CsvOptions options;
  options.delimiter = ',';
  options.missing_markers.clear();
  const std::string log = simulate::ReadDecisionLog(path);  // bounded: from outside
  data::CsvRecordReader reader(log, path, options);
  std::vector<std::string> records{DeviceRecord(reader.header())};
  std::vector<std::string> fields;
  for (size_t line = 0; reader.Next(&fields, &line);) records.push_back(DeviceRecord(fields));
  return records;
}

}  // namespace

DecisionLogParity CompareDecisionLogs(const std::string& expected_path,
                                      const std::string& actual_path) {
  const auto expected = DeviceRecords(expected_path);
  if (expected[0] + "\n" != runtime::kDecisionRecordHeader) {
    throw common::DataError(expected_path, 1, 0,
                            "not a decision log (its header is not the device's)");
  }
  const auto actual = DeviceRecords(actual_path);
  DecisionLogParity parity;
  parity.records = expected.size() - 1;
  parity.actual = actual.size() - 1;
  for (size_t i = 1; i < expected.size(); ++i) {
    if (i < actual.size() && actual[i] == expected[i]) {
      ++parity.identical;
    } else if (parity.first_difference == 0) {
      parity.first_difference = i;
      parity.expected_record = expected[i];
      parity.actual_record = i < actual.size() ? actual[i] : "(missing)";
    }
  }
  return parity;
}

std::string DecisionLogParityText(const DecisionLogParity& parity) {
  std::string text = common::FormatText(
      "parity: %zu of %zu decisions identical (probability bits, draw and outcome)\n",
      parity.identical, parity.records);
  if (!parity.Equal() && parity.first_difference != 0) {
    text += common::FormatText("first difference at record %zu:\n  expected %s\n  actual   %s\n",
                               parity.first_difference, parity.expected_record.c_str(),
                               parity.actual_record.c_str());
  }
  return text;
}

}  // namespace tinyfair::host::fit
