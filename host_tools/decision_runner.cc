#include "host_tools/decision_runner.h"

#include <stdexcept>

#include "host_tools/model_file.h"

namespace tinyfair::host {

std::unique_ptr<runtime::Model> LoadIntoRuntime(const tinyfair::Model& model) {
  tinyfair::Model copy = model;
  const std::string bytes = SealModel(copy);
  auto loaded = std::make_unique<runtime::Model>();
  const runtime::Status status =
      loaded->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  if (!runtime::IsOk(status)) {
    throw std::runtime_error(std::string("the runtime refuses the model: ") +
                             runtime::StatusName(status));
  }
  return loaded;
}

std::vector<runtime::Decision> DecideRows(const runtime::Model& model,
                                          const InputEncoder& encoder, uint64_t seed,
                                          uint64_t stream, std::vector<float>* inputs) {
  runtime::Pcg32 rng(seed, stream);
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

std::string DecisionLog(const std::vector<runtime::Decision>& decisions) {
  std::string log = runtime::kDecisionRecordHeader;
  char line[runtime::kDecisionRecordLineSize];
  for (const auto& decision : decisions) {
    log.append(line, runtime::FormatDecisionRecord(decision, line, sizeof(line)));
  }
  return log;
}

}  // namespace tinyfair::host
