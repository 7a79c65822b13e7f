#include "host_tools/fit/simulate.h"

#include <stdexcept>
#include <utility>

#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/model/decision_vectors.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/monitor_simulation.h"
#include "host_tools/simulate/readable_decision_log.h"
#include "host_tools/simulate/stream_drift.h"

namespace tinyfair::host::fit {
namespace {

// The decisions, the log and the data row of each decision (drift only).
simulate::DriftedStream DecideStream(const tinyfair::Model& model, const data::ColumnTable& table,
                                     const data::InputEncoder& encoder,
                                     const runtime::Model& runtime_model,
                                     const SimulateOptions& options, std::string& log,
                                     std::vector<float>* inputs) {
  simulate::DriftedStream stream;
  if (!options.drift.Given()) {
    stream.decisions = simulate::DecideRows(runtime_model, encoder, options.seed, options.stream,
                                            inputs, options.draws_before);
    log = simulate::DecisionLog(stream.decisions);
    return stream;
  }
  if (options.draws_before != 0) {
    throw std::invalid_argument("a drifted stream is decided whole, not after draws_before");
  }
  const simulate::StreamDrift drift = ResolveDrift(options.drift, model, table.row_count());
  try {
    stream = simulate::DecideRowsWithDrift(runtime_model, encoder, options.seed, options.stream,
                                           drift, inputs);
  } catch (const std::invalid_argument& error) {
    throw common::DataError("--drift-group", 0, 0, *options.drift.group + ": " + error.what());
  }
  log = simulate::DriftedDecisionLog(stream);
  return stream;
}

// The monitor's reports over the decisions: the periodic ones, then the
// final one, which follows them in the device's sequence.
MonitorReports MonitorStream(const runtime::Model& runtime_model,
                             const std::vector<runtime::Decision>& decisions,
                             const SimulateOptions& options) {
  MonitorReports reports;
  const auto monitor = simulate::MonitorDecisions(runtime_model, decisions, options.monitor_every,
                                                  &reports.periodic, options.device_id);
  const auto sequence =
      static_cast<uint32_t>(options.device_id == 0 ? 0 : reports.periodic.size() + 1);
  reports.final_report = simulate::EncodeReport(*monitor, {options.device_id, sequence});
  reports.alarm = simulate::AlarmSummary(*monitor);
  return reports;
}

}  // namespace

Simulation Simulate(const tinyfair::Model& model, const data::ColumnTable& table,
                    const SimulateOptions& options) {
  const data::InputEncoder encoder(model.inputs(), table);
  CheckTableForModel("simulate", model, table);
  const auto runtime_model = simulate::LoadIntoRuntime(model);
  model::DecisionVectors vectors;
  Simulation simulation;
  simulate::DriftedStream stream =
      DecideStream(model, table, encoder, *runtime_model, options, simulation.log,
                   options.vectors ? &vectors.inputs : nullptr);
  simulation.log =
      simulate::WithReadableColumns(simulation.log, stream.decisions, GroupNames(model));
  if (options.vectors) {
    vectors.input_count = static_cast<uint32_t>(encoder.input_count());
    vectors.seed = options.seed;
    vectors.stream = options.stream;
    simulation.vectors = model::EncodeDecisionVectors(vectors);
  }
  if (options.monitor)
    simulation.monitor = MonitorStream(*runtime_model, stream.decisions, options);
  simulation.refused = simulate::RefusedRowsSummary(
      stream.decisions, table, stream.data_row.empty() ? nullptr : &stream.data_row);
  simulation.model_hash = runtime_model->model_hash();
  simulation.decisions = std::move(stream.decisions);
  return simulation;
}

}  // namespace tinyfair::host::fit
