#include "host_tools/python/core/summary_binding.h"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/histogram_postprocess.h"
#include "host_tools/postprocessing/score_histograms.h"
#include "host_tools/python/core/table_from_columns.h"
#include "host_tools/simulate/decision_runner.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::python {

namespace py = pybind11;
using host::postprocessing::ScoreHistograms;

namespace {

// A part's rows scored by the runtime as postprocess --stream scores a
// block of its file: the histograms, the rows and the rows refused.
std::tuple<ScoreHistograms, size_t, size_t> SummariseScores(
    const tinyfair::Model& model, const std::string& name, const py::list& columns,
    const std::string& label, const std::vector<std::string>& positive) {
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  py::gil_scoped_release release;
  const host::data::ScoredSample sample =
      host::simulate::ScoreThroughRuntime(model, table, label, positive);
  ScoreHistograms histograms(model.dimensions().group_count());
  histograms.Add(sample);
  return {std::move(histograms), table.row_count(), sample.refused};
}

// Per group, the sum of the decisions' probabilities and their count, as
// ExpectedPositiveRatesOfFile adds them block by block.
std::pair<std::vector<double>, std::vector<double>> ExpectedRateSums(const tinyfair::Model& model,
                                                                     const std::string& name,
                                                                     const py::list& columns) {
  const host::data::ColumnTable table = ColumnTableFromColumns(name, columns);
  const host::data::InputEncoder encoder(model.inputs(), table);
  py::gil_scoped_release release;
  const auto runtime_model = host::simulate::LoadIntoRuntime(model);
  host::simulate::ExpectedPositiveRateSums sums(model.dimensions().group_count());
  sums.Add(host::simulate::DecideRows(*runtime_model, encoder, 1, 0));
  return {sums.sums(), sums.counts()};
}

// The model postprocess --stream writes for these histograms (the ramp or
// Hardt's rules, as options.method says); `rates_of`
// gives the finished model's reference rates (a pass over the data).
std::pair<tinyfair::Model, std::vector<std::string>> FitFromHistograms(
    const host::fit::PostprocessOptions& options, tinyfair::Model model,
    const ScoreHistograms& histograms, size_t rows, size_t refused, double seconds,
    const host::fit::ReferenceRates& rates_of) {
  std::vector<std::string> notes;
  host::fit::SetNoteSink([&notes](const std::string& line) { notes.push_back(line); });
  try {
    host::fit::FinishFromHistograms(options, histograms, rows, refused, seconds, rates_of, model);
  } catch (...) {
    host::fit::SetNoteSink(nullptr);
    throw;
  }
  host::fit::SetNoteSink(nullptr);
  return {std::move(model), std::move(notes)};
}

}  // namespace

void AddSummaryFunctions(py::module_& module) {
  py::class_<ScoreHistograms>(module, "ScoreHistograms",
                              "Per group score histograms of the streamed fit, mergeable")
      .def(py::init<size_t>(), py::arg("group_count"))
      .def_property_readonly("group_count", &ScoreHistograms::group_count)
      .def("examples", &ScoreHistograms::examples, py::arg("group"))
      .def("positives", &ScoreHistograms::positives, py::arg("group"))
      .def("merge", &ScoreHistograms::Merge, py::arg("other"),
           "Adds other's examples (cell sums: this one's + other's)")
      .def("serialise", [](const ScoreHistograms& h) { return py::bytes(h.Serialise()); })
      .def_static(
          "parse", [](const py::bytes& bytes) { return ScoreHistograms::Parse(bytes); },
          py::arg("bytes"))
      .def(py::pickle([](const ScoreHistograms& h) { return py::bytes(h.Serialise()); },
                      [](const py::bytes& bytes) { return ScoreHistograms::Parse(bytes); }));
  module.def("histogram_scoring_model", &host::fit::HistogramScoringModel, py::arg("options"),
             py::arg("scorer"), "The model whose scores the histograms hold (scorer and groups)");
  module.def("summarise_scores", &SummariseScores, py::arg("model"), py::arg("name"),
             py::arg("columns"), py::arg("label") = "",
             py::arg("positive") = std::vector<std::string>{},
             "(histograms, rows, refused) of the rows scored by the runtime");
  module.def("expected_rate_sums", &ExpectedRateSums, py::arg("model"), py::arg("name"),
             py::arg("columns"), "(sums, counts) of the decisions' probabilities per group");
  module.def("fit_from_histograms", &FitFromHistograms, py::arg("options"), py::arg("model"),
             py::arg("histograms"), py::arg("rows"), py::arg("refused"), py::arg("seconds"),
             py::arg("rates_of"),
             "(model, notes): the ramp or Hardt's rules (options.method) fitted on the "
             "histograms and finished as postprocess --stream finishes them");
}

}  // namespace tinyfair::python
