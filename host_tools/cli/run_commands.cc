// tinyfair simulate / evaluate / parity: run the runtime on data, measure,
// and compare decision logs from two places.
#include <cstdio>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/drift_options.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/fit/decision_log_parity.h"
#include "host_tools/fit/evaluate.h"
#include "host_tools/fit/simulate.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::cli {
namespace {

struct RunOptions {
  std::string model, data, out, vectors, expected, actual, monitor;
  size_t monitor_every = 0;
  CommandOption monitor_every_option;
  DriftFlags drift;
  LabelOptions label;
  TrustFlags trust;
  uint64_t seed = 1, stream = 0;
  // simulate --device-id: the reports name the device and are numbered.
  uint64_t device_id = 0;
  bool json = false;
};

// report.pb -> report-0001.pb: the k-th of a sequence of reports.
std::string SequenceReportPath(const std::string& path, size_t k) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  const bool has_extension =
      dot != std::string::npos && (slash == std::string::npos || dot > slash);
  const std::string stem = has_extension ? path.substr(0, dot) : path;
  return stem + host::common::FormatText("-%04zu", k) + (has_extension ? path.substr(dot) : "");
}

void CheckSimulateFlags(const RunOptions& o) {
  if (o.monitor_every_option.Given()) {
    if (o.monitor.empty()) {
      throw host::common::DataError("--monitor-every", 0, 0, "needs --monitor, the report's file");
    }
    if (o.monitor_every == 0) {
      throw host::common::DataError("--monitor-every", 0, 0, "must be at least 1 decision");
    }
  }
  if (o.device_id != 0 && o.monitor.empty()) {
    throw host::common::DataError("--device-id", 0, 0, "needs --monitor, the report's file");
  }
  if (o.drift.Given() && !o.vectors.empty() && o.drift.score_shift_option.Given()) {
    throw host::common::DataError("--vectors", 0, 0,
                                  "a device replaying the vectors cannot shift scores: leave out "
                                  "--vectors or --drift-score-shift");
  }
}

// The monitor's report files: with --monitor-every, one every N decisions,
// then the final one.
void AddMonitorReports(const RunOptions& o, const host::fit::MonitorReports& reports,
                       std::vector<std::pair<std::string, std::string>>& files) {
  for (size_t k = 0; k < reports.periodic.size(); ++k) {
    files.emplace_back(SequenceReportPath(o.monitor, k + 1), reports.periodic[k]);
  }
  files.emplace_back(o.monitor, reports.final_report);
}

// Every file simulate writes, the reports of --monitor-every included,
// against every file it reads.
void RefuseOutputsOverInputs(const RunOptions& o,
                             const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<host::common::NamedFile> outputs;
  for (const auto& file : files) {
    const std::string& path = file.first;
    outputs.push_back({path == o.out       ? "--out"
                       : path == o.vectors ? "--vectors"
                       : path == o.monitor ? "--monitor"
                                           : "--monitor-every",
                       path});
  }
  host::common::RefuseOutputsOverInputs(
      {{"--model", o.model}, {"--public-key", o.trust.public_key}, {"--data", o.data}}, outputs);
}

host::fit::SimulateOptions SimulateOptionsOf(const RunOptions& o) {
  host::fit::SimulateOptions options;
  options.seed = o.seed;
  options.stream = o.stream;
  options.vectors = !o.vectors.empty();
  options.drift = DriftRequestOf(o.drift);
  options.monitor = !o.monitor.empty();
  options.monitor_every = o.monitor_every;
  options.device_id = o.device_id;
  return options;
}

void Simulate(const RunOptions& o) {
  CheckSimulateFlags(o);
  // Before the decisions (a large run takes a while), then with the
  // reports --monitor-every names.
  RefuseOutputsOverInputs(o, {{o.out, ""}, {o.vectors, ""}, {o.monitor, ""}});
  const tinyfair::Model model = ReadModelTrusted("simulate", o.model, o.trust);
  const host::data::CsvTable file = ReadDataCsv(o.data);
  const host::fit::Simulation simulation =
      host::fit::Simulate(model, host::data::ColumnTableFromCsv(file), SimulateOptionsOf(o));
  std::vector<std::pair<std::string, std::string>> files = {{o.out, simulation.log}};
  if (!o.vectors.empty()) files.emplace_back(o.vectors, simulation.vectors);
  if (simulation.monitor) AddMonitorReports(o, *simulation.monitor, files);
  RefuseOutputsOverInputs(o, files);
  host::common::WriteFilesAtomically(files);
  if (simulation.monitor && !simulation.monitor->alarm.empty()) {
    Note("simulate: monitor: " + simulation.monitor->alarm);
  }
  if (!simulation.refused.empty()) Note("simulate: " + simulation.refused);
  Note("simulate: " + std::to_string(simulation.decisions.size()) + " decisions written to " +
       o.out);
}

void Evaluate(const RunOptions& o) {
  const tinyfair::Model model = ReadModelTrusted("evaluate", o.model, o.trust);
  const host::data::CsvTable file = ReadDataCsv(o.data);
  const host::fit::Evaluation evaluation =
      host::fit::Evaluate(model, host::data::ColumnTableFromCsv(file), {o.label, o.seed, o.stream});
  std::fputs(o.json ? host::fit::EvaluationJson(evaluation).c_str()
                    : host::fit::EvaluationTable(evaluation).c_str(),
             stdout);
}

void Parity(const RunOptions& o) {
  const host::fit::DecisionLogParity parity = host::fit::CompareDecisionLogs(o.expected, o.actual);
  std::fputs(host::fit::DecisionLogParityText(parity).c_str(), stdout);
  if (!parity.Equal()) {
    throw std::runtime_error("decision logs differ (" + std::to_string(parity.actual) +
                             " records in " + o.actual + ")");
  }
}

}  // namespace

void AddRunCommands(CommandLine& command_line) {
  auto o = std::make_shared<RunOptions>();
  Command simulate = command_line.AddCommand(
      "simulate", "Decide every row of a CSV with the runtime; write the decision log");
  simulate.Option("--model", &o->model, "Model (.pb or JSON)").Required().ExistingFile();
  simulate.Option("--data", &o->data, "CSV with the model's input columns")
      .Required()
      .ExistingFile();
  simulate.Option("--seed", &o->seed, "PCG32 seed").Check(Uint64Text());
  simulate.Option("--stream", &o->stream, "PCG32 stream").Check(Uint64Text());
  simulate.Option("--out", &o->out, "Decision log (CSV)").Required();
  simulate.Option("--vectors", &o->vectors,
                  "Also write the inputs and seed for the firmware (.tfv)");
  simulate.Option("--monitor", &o->monitor,
                  "Also run the fairness monitor on the model's settings over the "
                  "decisions and write its report (MonitorReport .pb)");
  o->monitor_every_option = simulate.Option(
      "--monitor-every", &o->monitor_every,
      "Also write the monitor's report after every N decisions, as a device sending one "
      "home every N: --monitor r.pb gives r-0001.pb, r-0002.pb, ... (for `tinyfair monitor "
      "--plot`)");
  simulate
      .Option("--device-id", &o->device_id,
              "With --monitor: the device id the reports carry, numbered 1, 2, ... in "
              "order (the --monitor-every reports, then the final one), as a device "
              "numbers them")
      .Check(Uint64Text());
  AddDriftOptions(simulate, o->drift);
  AddTrustOptions(simulate, o->trust);
  simulate.Action([o] { Simulate(*o); });

  Command evaluate = command_line.AddCommand(
      "evaluate", "Accuracy and per-group positive rates of the runtime's decisions");
  evaluate.Option("--model", &o->model, "Model (.pb or JSON)").Required().ExistingFile();
  evaluate.Option("--data", &o->data, "Labelled CSV").Required().ExistingFile();
  AddLabelOptions(evaluate, o->label, true);
  evaluate.Option("--seed", &o->seed, "PCG32 seed").Check(Uint64Text());
  evaluate.Option("--stream", &o->stream, "PCG32 stream").Check(Uint64Text());
  evaluate.Flag("--json", &o->json, "Print JSON");
  AddTrustOptions(evaluate, o->trust);
  evaluate.Action([o] { Evaluate(*o); });

  Command parity = command_line.AddCommand("parity", "Compare two decision logs record by record");
  parity.Option("expected", &o->expected, "Decision log from the host").Required().ExistingFile();
  parity.Option("actual", &o->actual, "Decision log from the device").Required().ExistingFile();
  parity.Action([o] { Parity(*o); });
}

}  // namespace tinyfair::cli
