#include "host_tools/simulate/generated_unit_test.h"

#include <filesystem>

#include "codegen/unit_test_source.h"
#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/generated_header.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/integer_quantise.h"

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

// The rows' inputs quantised as the runtime quantises them for the model's
// int16 scorer: what firmware without float passes to the integer entry points.
std::vector<int16_t> QuantisedRows(const runtime::Model& model, const std::vector<float>& inputs,
                                   size_t input_count, const std::string& data_path) {
  if (model.tables().integer == nullptr) {
    throw common::DataError("--integer-inputs", 0, 0,
                            "the model has no integer scorer (export --integer int16)");
  }
  std::vector<int16_t> quantised(inputs.size());
  for (size_t start = 0; start < inputs.size(); start += input_count) {
    if (runtime::QuantiseInputs(model.tables(), &inputs[start], input_count, &quantised[start]) !=
        runtime::Status::kOk) {
      throw common::DataError(data_path, start / input_count + 1, 0,
                              "a value int16 inputs cannot carry (a missing number): choose "
                              "rows without one for --integer-inputs");
    }
  }
  return quantised;
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
  test.tables = request.tables;
  test.model_source = request.source;
  test.data_source = std::filesystem::path(table.path).filename().string();
  test.model_id = model.model_id();
  test.seed = request.seed;
  test.stream = request.stream;
  test.input_count = encoder.input_count();
  const auto runtime_model = LoadIntoRuntime(model);
  test.integer_scorer = runtime_model->tables().integer != nullptr;
  const auto decisions =
      DecideRows(*runtime_model, encoder, request.seed, request.stream, &test.inputs);
  for (const runtime::Decision& decision : decisions) test.records.push_back(RecordLine(decision));
  if (request.integer_inputs) {
    test.integer_inputs = QuantisedRows(*runtime_model, test.inputs, test.input_count, table.path);
  }
  return codegen::UnitTestSource(test);
}

}  // namespace tinyfair::host::simulate
