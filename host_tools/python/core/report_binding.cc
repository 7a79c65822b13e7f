#include "host_tools/python/core/report_binding.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "host_tools/data/group_index.h"
#include "host_tools/data/table_groups.h"
#include "host_tools/fit/evaluate.h"
#include "host_tools/fit/evaluate_in_parts.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/fit/prediction_report.h"
#include "host_tools/metrics/decision_tally.h"
#include "host_tools/metrics/metrics.h"
#include "host_tools/metrics/wilson_interval.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;

namespace {

// evaluate --json for the model on the table (a classification or a
// regression report, as the model's rule decides), and the library's notes.
std::pair<std::string, std::vector<std::string>> EvaluateModel(
    const tinyfair::Model& model, const std::string& name, const py::list& columns,
    const std::string& label, const std::vector<std::string>& positive, uint64_t seed,
    uint64_t stream) {
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  NoteCollector notes;
  py::gil_scoped_release release;
  const host::fit::Evaluation evaluation =
      host::fit::Evaluate(model, table, {{label, positive}, seed, stream});
  return {host::fit::EvaluationJson(evaluation), notes.Take()};
}

// The report of decisions the caller made: outcome y_pred (0/1) with
// probability y_prob (y_pred itself for a deterministic rule) per row, the
// groups formed from the sensitive columns of `columns` (which also hold
// the labels, in column `label`, as a data file does).
std::string ReportPredictions(const py::array_t<int, py::array::forcecast>& y_true,
                              const py::array_t<int, py::array::forcecast>& y_pred,
                              const py::array_t<double, py::array::forcecast>& y_prob,
                              const std::string& name, const py::list& columns,
                              const std::string& label, const std::vector<std::string>& sensitive) {
  const auto truth = y_true.unchecked<1>();
  const auto outcome = y_pred.unchecked<1>();
  const auto probability = y_prob.unchecked<1>();
  const host::data::GroupIndex groups =
      host::data::GroupsOfTable(ColumnTableFromColumns(name, columns), label, sensitive);
  const py::ssize_t n = truth.shape(0);
  if (outcome.shape(0) != n || probability.shape(0) != n ||
      static_cast<py::ssize_t>(groups.rows().size()) != n) {
    throw std::invalid_argument("y_true (" + std::to_string(n) + "), y_pred (" +
                                std::to_string(outcome.shape(0)) + ") and sensitive_features (" +
                                std::to_string(groups.rows().size()) + ") differ in length");
  }
  host::fit::Predictions predictions;
  predictions.labels.reserve(static_cast<size_t>(n));
  predictions.positive.reserve(static_cast<size_t>(n));
  predictions.probability.reserve(static_cast<size_t>(n));
  for (py::ssize_t i = 0; i < n; ++i) {
    // Checked at the edge, as the command line checks its numbers: a rate
    // of 7.5 is no rate.
    const std::string problem = host::fit::RangeProblem(host::fit::kProbability, probability(i));
    if (!problem.empty()) {
      throw std::invalid_argument("y_prob (row " + std::to_string(i) + "): " + problem);
    }
    predictions.labels.push_back(truth(i));
    predictions.positive.push_back(outcome(i) != 0 ? 1 : 0);
    predictions.probability.push_back(static_cast<float>(probability(i)));
  }
  return host::metrics::ReportJson(host::fit::ReportOfPredictions(predictions, groups));
}

// Each row's group as a model fitted on the table would form it: the groups'
// names and one index into them per row, for metrics the caller computes per
// group (group_report's own metrics).
std::pair<std::vector<std::string>, std::vector<uint32_t>> GroupsOfRows(
    const std::string& name, const py::list& columns, const std::string& label,
    const std::vector<std::string>& sensitive) {
  const host::data::GroupIndex groups =
      host::data::GroupsOfTable(ColumnTableFromColumns(name, columns), label, sensitive);
  return {groups.names(), groups.rows()};
}

// The report's interval of a rate: Wilson's, at the report's confidence.
py::tuple ReportInterval(uint64_t successes, uint64_t trials) {
  const host::metrics::RateInterval interval =
      host::metrics::WilsonInterval(successes, trials, host::metrics::kReportConfidence);
  return py::make_tuple(interval.rate, interval.lower, interval.upper);
}

// The tally of the runtime's decisions on a table that is one part of a
// data set, drawing after the parts before it (draws_before).
host::metrics::DecisionTally TallyDecisions(const tinyfair::Model& model, const std::string& name,
                                            const py::list& columns, const std::string& label,
                                            const std::vector<std::string>& positive, uint64_t seed,
                                            uint64_t stream, uint64_t draws_before) {
  return host::fit::TallyThroughRuntime(model, ColumnTableFromColumns(name, columns),
                                        {{label, positive}, seed, stream}, draws_before);
}

void AddDecisionTally(py::module_& module) {
  using host::metrics::DecisionTally;
  py::class_<DecisionTally>(module, "DecisionTally",
                            "The counts and sums of a classification report, mergeable")
      .def(py::init<size_t>(), py::arg("group_count"))
      .def_property_readonly("group_count", &DecisionTally::group_count)
      .def_property_readonly("rows", &DecisionTally::rows)
      .def("merge", &DecisionTally::Merge, py::arg("other"),
           "Adds other's decisions (sums: this one's + other's)")
      .def(py::pickle([](const DecisionTally& t) { return py::bytes(t.Serialise()); },
                      [](const py::bytes& bytes) { return DecisionTally::Parse(bytes); }));
  module.def("tally_decisions", &TallyDecisions, py::arg("model"), py::arg("name"),
             py::arg("columns"), py::arg("label"), py::arg("positive"), py::arg("seed"),
             py::arg("stream"), py::arg("draws_before"),
             "The tally of the runtime's decisions on one part of a data set");
  module.def("report_of_tally", &host::fit::TallyReportJson, py::arg("tally"), py::arg("model"),
             "The report (JSON) of the tally, groups named by model");
}

}  // namespace

void AddReportFunctions(py::module_& module) {
  AddDecisionTally(module);
  module.def("evaluate", &EvaluateModel, py::arg("model"), py::arg("name"), py::arg("columns"),
             py::arg("label"), py::arg("positive") = std::vector<std::string>{},
             py::arg("seed") = 1, py::arg("stream") = 0,
             "(JSON, notes): what `tinyfair evaluate --json` prints for the model on the table "
             "(a classification or a regression report) and what it notes");
  module.def("report_predictions", &ReportPredictions, py::arg("y_true"), py::arg("y_pred"),
             py::arg("y_prob"), py::arg("name"), py::arg("columns"), py::arg("label"),
             py::arg("sensitive"), "The same report (JSON) for decisions the caller made");
  module.def("groups_of_rows", &GroupsOfRows, py::arg("name"), py::arg("columns"), py::arg("label"),
             py::arg("sensitive"),
             "(group names, each row's group index) as a model fitted on the table forms them");
  module.def("report_interval", &ReportInterval, py::arg("successes"), py::arg("trials"),
             "(rate, low, high): the report's Wilson interval (95 %) of successes in trials");
}

}  // namespace tinyfair::python
