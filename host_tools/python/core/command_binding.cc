#include "host_tools/python/core/command_binding.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/fit/decision_log_parity.h"
#include "host_tools/fit/model_export_file.h"
#include "host_tools/fit/monitor_reading.h"
#include "host_tools/fit/sweep.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_keys.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;

namespace {

// What `tinyfair export` writes for the same request: the data (for the
// integer path) given as columns; model_file, when the model was read from
// a file, is refused if signed and never overwritten, as the key is.
std::tuple<py::bytes, std::vector<std::string>> ExportModelFile(
    const tinyfair::Model& model, const std::string& path,
    const host::model::ExportSettings& settings, const std::string& model_file,
    const std::string& sign_key, const std::string& integer, const std::string& name,
    const std::optional<py::list>& columns, const std::string& label,
    const std::vector<std::string>& positive, double max_gap_change, uint64_t seed) {
  host::common::RefuseOutputsOverInputs({{"model", model_file}, {"sign", sign_key}, {"data", name}},
                                        {{"path", path}});
  host::fit::ExportFileRequest request;
  request.settings = settings;
  request.model_name = model_file.empty() ? "model" : model_file;
  request.out = path;
  if (!sign_key.empty()) request.key = host::model::ReadSigningKeyFile(sign_key);
  if (!model_file.empty()) host::fit::RefuseSignedModelFile(model_file);
  std::optional<host::data::ColumnTable> data;
  if (!integer.empty()) {
    if (!columns) throw std::invalid_argument("export: integer needs the data (X and y)");
    data = ColumnTableFromColumns(name, *columns);
    request.integer =
        host::fit::IntegerPathRequest{integer, &*data, {label, positive}, max_gap_change, seed};
  }
  tinyfair::Model exported = model;  // the caller's model stays as it was
  NoteCollector notes;
  std::string bytes;
  {
    py::gil_scoped_release release;
    bytes = host::fit::ExportModelFile(request, exported);
  }
  return {py::bytes(bytes), notes.Take()};
}

py::list Interval(const host::metrics::RateInterval& interval) {
  py::list values;
  values.append(interval.rate);
  values.append(interval.lower);
  values.append(interval.upper);
  return values;
}

// The points of `monitor --plot`: per report the decisions seen, per group
// the rate with its interval ([rate, lower, upper]), and the gap.
py::dict MonitorSeries(const std::vector<std::string>& paths, const tinyfair::Model& model) {
  const host::fit::MonitorPlotSeries series = host::fit::ReadMonitorSeries(paths, model);
  py::list updates, gaps, rates;
  for (const auto& point : series.points) {
    updates.append(point.updates);
    gaps.append(point.gap);
    py::list per_group;
    for (const auto& rate : point.rates) per_group.append(Interval(rate));
    rates.append(per_group);
  }
  py::dict result;
  result["group_names"] = series.group_names;
  result["reference_rates"] = series.reference_rates;
  result["reference_gap"] = series.reference_gap;
  result["tolerance"] = series.tolerance;
  result["updates"] = updates;
  result["rates"] = rates;
  result["gap"] = gaps;
  result["alarm_at"] = series.alarm_at;
  result["alarm_kind"] = series.alarm_kind;
  return result;
}

// `tinyfair parity`'s comparison of two decision logs, and its printout.
py::dict CompareLogs(const std::string& expected, const std::string& actual) {
  const host::fit::DecisionLogParity parity = host::fit::CompareDecisionLogs(expected, actual);
  py::dict result;
  result["equal"] = parity.Equal();
  result["records"] = parity.records;
  result["actual_records"] = parity.actual;
  result["identical"] = parity.identical;
  result["first_difference"] = parity.first_difference;
  result["expected_record"] = parity.expected_record;
  result["actual_record"] = parity.actual_record;
  result["text"] = host::fit::DecisionLogParityText(parity);
  return result;
}

// One table of sweep's as the core takes data: (name, columns).
using NamedColumns = std::pair<std::string, py::list>;

py::dict ReportDict(const host::metrics::ClassificationReport& report) {
  py::dict d;
  d["accuracy"] = report.expected_accuracy;
  d["dp_gap"] = report.expected_dp_gap;
  d["sampled_accuracy"] = report.accuracy;
  d["sampled_dp_gap"] = report.dp_gap;
  return d;
}

// `tinyfair sweep`'s rows, selection and selected model (as JSON), the text
// of sweep.csv and the notes.
py::dict Sweep(const host::fit::SweepOptions& options, const tinyfair::Model* scorer,
               const NamedColumns& fitting, const NamedColumns& validation,
               const NamedColumns& test, bool strict) {
  host::fit::CheckSweepOptions(options);
  const host::data::ColumnTable fit_table = ColumnTableFromColumns(fitting.first, fitting.second);
  const host::data::ColumnTable validation_table =
      ColumnTableFromColumns(validation.first, validation.second);
  const host::data::ColumnTable test_table = ColumnTableFromColumns(test.first, test.second);
  NoteCollector notes;
  host::fit::SweepResult sweep;
  {
    py::gil_scoped_release release;
    const tinyfair::Model model = host::fit::SweepScorer(options, fit_table, scorer);
    sweep = host::fit::Sweep(options, model, fit_table, validation_table, test_table);
    host::fit::CheckSelectionOnValidation(sweep.selection, strict);
  }
  py::list rows;
  for (const host::fit::SweepRow& row : sweep.rows) {
    py::dict r;
    r["method"] = row.method;
    r["gamma"] = row.gamma;
    r["rho"] = row.rho;
    r["validation"] = ReportDict(row.validation);
    r["test"] = ReportDict(row.test);
    rows.append(r);
  }
  py::list front;
  for (const host::metrics::TradeoffPoint& point : sweep.test_front)
    front.append(py::make_tuple(point.gap, point.accuracy));
  py::dict result;
  result["rows"] = rows;
  result["chosen"] = sweep.chosen;
  result["test_front"] = front;
  result["selected"] = sweep.selected;
  result["csv"] = host::fit::SweepCsv(sweep.rows);
  result["selected_json"] = host::model::ModelToJson(sweep.selected);
  result["notes"] = notes.Take();
  return result;
}

}  // namespace

void AddCommandFunctions(py::module_& module) {
  module.def("export_model_file", &ExportModelFile, py::arg("model"), py::arg("path"),
             py::arg("settings"), py::arg("model_file") = "", py::arg("sign_key") = "",
             py::arg("integer") = "", py::arg("name") = "", py::arg("columns") = py::none(),
             py::arg("label") = "", py::arg("positive") = std::vector<std::string>{},
             py::arg("max_gap_change") = 0.01, py::arg("seed") = 1,
             "The file `tinyfair export` writes (bytes; written to path unless empty) and its "
             "notes: with integer (int16, int8) the integer scorer fitted to the columns and "
             "its report, with sign_key signed by that private key file");
  module.def(
      "monitor_reading_json",
      [](const std::string& path, const tinyfair::Model& model) {
        return host::fit::MonitorReadingJson(host::fit::ReadMonitorReading(path, model));
      },
      py::arg("path"), py::arg("model"),
      "What `tinyfair monitor --json` prints for the device's report at path");
  module.def("monitor_series", &MonitorSeries, py::arg("paths"), py::arg("model"),
             "The sequence of reports at paths as `tinyfair monitor --plot` draws it");
  py::class_<host::fit::SweepOptions>(module, "SweepOptions")
      .def(py::init<>())
      .def_readwrite("label", &host::fit::SweepOptions::label)
      .def_readwrite("score_column", &host::fit::SweepOptions::score_column)
      .def_readwrite("score_kind", &host::fit::SweepOptions::score_kind)
      .def_readwrite("sensitive", &host::fit::SweepOptions::sensitive)
      .def_property(
          "gammas", [](const host::fit::SweepOptions& o) { return o.selection.gammas; },
          [](host::fit::SweepOptions& o, const std::vector<double>& v) { o.selection.gammas = v; })
      .def_property(
          "rho_offsets", [](const host::fit::SweepOptions& o) { return o.selection.rho_offsets; },
          [](host::fit::SweepOptions& o, const std::vector<double>& v) {
            o.selection.rho_offsets = v;
          })
      .def_property(
          "max_validation_gap",
          [](const host::fit::SweepOptions& o) { return o.selection.max_validation_gap; },
          [](host::fit::SweepOptions& o, double v) { o.selection.max_validation_gap = v; });
  module.def("sweep", &Sweep, py::arg("options"), py::arg("scorer"), py::arg("fitting"),
             py::arg("validation"), py::arg("test"), py::arg("strict") = false,
             "`tinyfair sweep`: the rows, the selected RTO row and model, sweep.csv and notes");
  module.def("compare_decision_logs", &CompareLogs, py::arg("expected"), py::arg("actual"),
             "Two decision logs compared record by record as `tinyfair parity` compares them");
}

}  // namespace tinyfair::python
