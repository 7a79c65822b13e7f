#include "host_tools/simulate/decision_runner.h"

#include <map>
#include <stdexcept>

#include "host_tools/model/record_model_hash.h"
#include "host_tools/simulate/pcg32_jump.h"

namespace tinyfair::host::simulate {

std::unique_ptr<runtime::Model> LoadIntoRuntime(const tinyfair::Model& model) {
  // A model read sealed and unchanged is loaded from its own bytes, as the
  // device loads it; only a model without a valid seal (JSON from a fit, or
  // edited) is sealed first.
  const std::string bytes = model::DeviceBytes(model);
  auto loaded = std::make_unique<runtime::Model>();
  const runtime::Status status =
      loaded->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  if (!runtime::IsOk(status)) {
    throw std::runtime_error(std::string("the runtime refuses this model: ") +
                             runtime::StatusName(status));
  }
  return loaded;
}

std::vector<runtime::Decision> DecideRows(const runtime::Model& model,
                                          const data::InputEncoder& encoder, uint64_t seed,
                                          uint64_t stream, std::vector<float>* inputs,
                                          uint64_t draws_before) {
  runtime::Pcg32 rng = Pcg32After(seed, stream, draws_before);
  std::vector<runtime::Decision> decisions(encoder.row_count());
  std::vector<float> row;
  if (inputs != nullptr) inputs->clear();
  for (size_t r = 0; r < encoder.row_count(); ++r) {
    encoder.DeviceRow(r, row);
    runtime::DecisionInput input;
    input.values = row.data();
    input.count = row.size();
    // The status is in the record; a refused row is reported, not fatal.
    (void)model.Decide(input, rng, decisions[r]);
    if (inputs != nullptr) inputs->insert(inputs->end(), row.begin(), row.end());
  }
  return decisions;
}

std::string RefusedRowsSummary(const std::vector<runtime::Decision>& decisions,
                               const data::CsvTable& table, const std::vector<size_t>* data_row) {
  constexpr size_t kMaxLines = 5;
  std::map<std::string, size_t> by_status;
  std::string lines;
  size_t refused = 0;
  for (size_t r = 0; r < decisions.size(); ++r) {
    if (runtime::IsOk(decisions[r].status)) continue;
    ++by_status[runtime::StatusName(decisions[r].status)];
    if (refused < kMaxLines) {
      const size_t row = data_row != nullptr ? (*data_row)[r] : r;
      lines += (refused == 0 ? "" : ", ") + std::to_string(table.line_of_row[row]);
    } else if (refused == kMaxLines) {
      lines += ", ...";
    }
    ++refused;
  }
  if (refused == 0) return "";
  std::string statuses;
  for (const auto& [status, count] : by_status) {
    statuses += (statuses.empty() ? "" : ", ") + status + ": " + std::to_string(count);
  }
  return table.path + ": " + std::to_string(refused) + " of " + std::to_string(decisions.size()) +
         " rows refused by the model (" + statuses + "; line" + (refused == 1 ? " " : "s ") +
         lines + ")";
}

std::string DecisionLog(const std::vector<runtime::Decision>& decisions) {
  std::string log = runtime::kDecisionRecordHeader;
  char line[runtime::kDecisionRecordLineSize];
  for (const auto& decision : decisions) {
    log.append(line, runtime::FormatDecisionRecord(decision, line, sizeof(line)));
  }
  return log;
}

}  // namespace tinyfair::host::simulate
