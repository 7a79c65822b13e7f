#include "host_tools/simulate/decision_runner.h"

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "host_tools/model/model_file.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/simulate/pcg32_jump.h"

namespace tinyfair::host::simulate {

std::unique_ptr<runtime::Model> LoadIntoRuntime(const tinyfair::Model& model) {
  // A model read sealed and unchanged is loaded from its own bytes, as the
  // device loads it; only a model without a valid seal (JSON from a fit, or
  // edited) is sealed first, this load being the seal's check (a grid of
  // fits loads a model per point).
  std::optional<std::string> file = model::SealedFileBytes(model);
  const bool sealed = file.has_value();
  tinyfair::Model copy;
  if (!sealed) copy = model;
  const std::string bytes = sealed ? *std::move(file) : model::SealModelForLoad(copy);
  auto loaded = std::make_unique<runtime::ModelWithStorage<>>();
  loaded->AcceptIntegerModels();  // the host reads integer models too
  const runtime::Status status =
      loaded->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  if (!runtime::IsOk(status)) {
    if (!sealed) throw model::ModelRefused("", runtime::StatusName(status));  // as SealModel
    throw std::runtime_error(std::string("the runtime refuses this model: ") +
                             runtime::StatusName(status));
  }
  return loaded;
}

namespace {

// Every row of the encoder's table decided in row order, drawing from
// Pcg32(seed, stream) after `draws_before` draws; `use(r, row, decision)`
// sees each.
template <typename Use>
void DecideEachRow(const runtime::Model& model, const data::InputEncoder& encoder, uint64_t seed,
                   uint64_t stream, uint64_t draws_before, Use use) {
  runtime::Pcg32 rng = Pcg32After(seed, stream, draws_before);
  std::vector<float> row;
  runtime::Decision decision;
  for (size_t r = 0; r < encoder.row_count(); ++r) {
    encoder.DeviceRow(r, row);
    runtime::DecisionInput input;
    input.values = row.data();
    input.count = row.size();
    decision = runtime::Decision{};  // every row's record starts as DecideRows' does
    // The status is in the record; a refused row is reported, not fatal.
    (void)model.Decide(input, rng, decision);
    use(r, row, decision);
  }
}

}  // namespace

std::vector<runtime::Decision> DecideRows(const runtime::Model& model,
                                          const data::InputEncoder& encoder, uint64_t seed,
                                          uint64_t stream, std::vector<float>* inputs,
                                          uint64_t draws_before) {
  std::vector<runtime::Decision> decisions(encoder.row_count());
  if (inputs != nullptr) inputs->clear();
  DecideEachRow(model, encoder, seed, stream, draws_before,
                [&](size_t r, const std::vector<float>& row, const runtime::Decision& decision) {
                  decisions[r] = decision;
                  if (inputs != nullptr) inputs->insert(inputs->end(), row.begin(), row.end());
                });
  return decisions;
}

RefusedRows DecideIntoColumns(const runtime::Model& model, const data::InputEncoder& encoder,
                              uint64_t seed, uint64_t stream, const DecisionColumns& columns,
                              uint64_t draws_before) {
  RefusedRows refused;
  DecideEachRow(model, encoder, seed, stream, draws_before,
                [&](size_t r, const std::vector<float>&, const runtime::Decision& decision) {
                  if (columns.positive != nullptr) columns.positive[r] = decision.positive ? 1 : 0;
                  if (columns.probability != nullptr) columns.probability[r] = decision.probability;
                  if (columns.score != nullptr) columns.score[r] = decision.score;
                  if (columns.group != nullptr) columns.group[r] = decision.group;
                  if (columns.draw != nullptr) columns.draw[r] = decision.draw;
                  if (columns.value != nullptr) columns.value[r] = decision.value;
                  if (!runtime::IsOk(decision.status)) {
                    refused.rows.push_back(r);
                    refused.statuses.push_back(decision.status);
                  }
                });
  return refused;
}

namespace {

RefusedRows RefusedOf(const std::vector<runtime::Decision>& decisions) {
  RefusedRows refused;
  for (size_t r = 0; r < decisions.size(); ++r) {
    if (runtime::IsOk(decisions[r].status)) continue;
    refused.rows.push_back(r);
    refused.statuses.push_back(decisions[r].status);
  }
  return refused;
}

// The summary, each refused row located by `line_of` in the file `path`.
std::string Summary(const RefusedRows& refused, size_t decided, const std::string& path,
                    const std::function<size_t(size_t)>& line_of) {
  constexpr size_t kMaxLines = 5;
  if (refused.rows.empty()) return "";
  std::map<std::string, size_t> by_status;
  for (const runtime::Status status : refused.statuses) ++by_status[runtime::StatusName(status)];
  std::string lines;
  for (size_t i = 0; i < refused.rows.size() && i <= kMaxLines; ++i) {
    if (i == kMaxLines) {
      lines += ", ...";
      break;
    }
    lines += (i == 0 ? "" : ", ") + std::to_string(line_of(refused.rows[i]));
  }
  std::string statuses;
  for (const auto& [status, count] : by_status) {
    statuses += (statuses.empty() ? "" : ", ") + status + ": " + std::to_string(count);
  }
  const size_t count = refused.rows.size();
  return path + ": " + std::to_string(count) + " of " + std::to_string(decided) +
         " rows refused by the model (" + statuses + "; line" + (count == 1 ? " " : "s ") + lines +
         ")";
}

}  // namespace

std::string RefusedRowsSummary(const std::vector<runtime::Decision>& decisions,
                               const data::CsvTable& table, const std::vector<size_t>* data_row) {
  return RefusedRowsSummary(RefusedOf(decisions), decisions.size(), table, data_row);
}

std::string RefusedRowsSummary(const RefusedRows& refused, size_t decided,
                               const data::CsvTable& table, const std::vector<size_t>* data_row) {
  return Summary(refused, decided, table.path, [&](size_t decision) {
    return table.line_of_row[data_row != nullptr ? (*data_row)[decision] : decision];
  });
}

std::string RefusedRowsSummary(const std::vector<runtime::Decision>& decisions,
                               const data::ColumnTable& table,
                               const std::vector<size_t>* data_row) {
  return RefusedRowsSummary(RefusedOf(decisions), decisions.size(), table, data_row);
}

std::string RefusedRowsSummary(const RefusedRows& refused, size_t decided,
                               const data::ColumnTable& table,
                               const std::vector<size_t>* data_row) {
  return Summary(refused, decided, table.path, [&](size_t decision) {
    return table.line(data_row != nullptr ? (*data_row)[decision] : decision);
  });
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
