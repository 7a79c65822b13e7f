#include "host_tools/simulate/generated_unit_test.h"

#include <filesystem>

#include "codegen/unit_test_source.h"
#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/generated_header.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::simulate {
namespace {

// The first `rows` rows of `table`.
data::CsvTable FirstRows(const data::CsvTable& table, size_t rows) {
  if (rows == 0 || table.rows.size() < rows) {
    throw common::DataError("--rows", 0, 0,
                            std::to_string(rows) + " rows asked for; " + table.path + " has " +
                                std::to_string(table.rows.size()));
  }
  data::CsvTable first = table;
  first.rows.resize(rows);
  first.line_of_row.resize(rows);
  if (first.row_text.size() > rows) first.row_text.resize(rows);
  return first;
}

// A decision's log line without its line end, as FormatDecisionRecord (and
// so simulate) writes it.
std::string RecordLine(const runtime::Decision& decision) {
  char line[runtime::kDecisionRecordLineSize];
  std::string text(line, runtime::FormatDecisionRecord(decision, line, sizeof(line)));
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace

std::string GeneratedUnitTest(const UnitTestRequest& request, const std::string& bytes,
                              const data::CsvTable& table) {
  const tinyfair::Model model = AdmitDeviceBytes(bytes, request.source);
  const data::CsvTable rows = FirstRows(table, request.rows);
  const data::InputEncoder encoder(model.inputs(), rows);
  codegen::UnitTestCase test;
  test.name = request.name;
  test.model_header = request.model_header;
  test.language = request.language;
  test.model_source = request.source;
  test.data_source = std::filesystem::path(table.path).filename().string();
  test.model_id = model.model_id();
  test.seed = request.seed;
  test.stream = request.stream;
  test.input_count = encoder.input_count();
  const auto decisions =
      DecideRows(*LoadIntoRuntime(model), encoder, request.seed, request.stream, &test.inputs);
  for (const runtime::Decision& decision : decisions) test.records.push_back(RecordLine(decision));
  return codegen::UnitTestSource(test);
}

}  // namespace tinyfair::host::simulate
