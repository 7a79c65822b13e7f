#include "host_tools/python/core/logistic_sums_binding.h"

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "host_tools/data/column_summaries.h"
#include "host_tools/fit/train_logistic_parts.h"
#include "host_tools/learn/logistic_sums.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;
using host::data::ColumnSummaries;
using host::fit::TrainOptions;
using host::learn::LogisticSums;

namespace {

// The part's column summaries under the roles train gives its header.
ColumnSummaries SummariseColumns(const TrainOptions& options, const std::string& name,
                                 const py::list& columns) {
  const host::data::ColumnTable part = ColumnTableFromColumns(name, columns);
  const host::data::ColumnRoles roles = host::fit::LogisticPartsRoles(options, part.column_names());
  py::gil_scoped_release release;
  return ColumnSummaries(part, roles);
}

std::pair<tinyfair::Model, std::vector<std::string>> PartsModel(
    const TrainOptions& options, const std::vector<std::string>& header,
    const ColumnSummaries& columns) {
  NoteCollector notes;
  tinyfair::Model model = host::fit::LogisticPartsModel(options, header, columns);
  return {std::move(model), notes.Take()};
}

std::vector<double> GroupLabelCounts(const tinyfair::Model& model, const TrainOptions& options,
                                     const std::string& name, const py::list& columns) {
  const host::data::ColumnTable part = ColumnTableFromColumns(name, columns);
  py::gil_scoped_release release;
  return host::fit::GroupLabelCounts(model, options, part);
}

LogisticSums PartSums(const tinyfair::Model& model, const TrainOptions& options,
                      const std::string& name, const py::list& columns,
                      const std::vector<double>& cell_weights, const Eigen::VectorXd& beta,
                      double intercept) {
  const host::data::ColumnTable part = ColumnTableFromColumns(name, columns);
  py::gil_scoped_release release;
  return host::fit::PartLogisticSums(model, options, part, cell_weights, beta, intercept);
}

// The fit in the client; `sums_at(beta, intercept)` maps the parts to their
// sums and merges them. The model gets zero reference rates, for the rates
// pass to decide with it (train's order).
std::tuple<tinyfair::Model, std::string, std::vector<std::string>> FitOverParts(
    const TrainOptions& options, bool reweigh, tinyfair::Model model,
    const std::vector<double>& counts, const std::vector<double>& cell_weights,
    const host::fit::SumsOfParts& sums_at) {
  NoteCollector notes;
  const std::string provenance =
      host::fit::FitLogisticOverParts(options, reweigh, counts, cell_weights, sums_at, model);
  for (size_t g = 0; g < model.dimensions().group_count(); ++g) {
    model.add_reference_positive_rate(0.0f);
  }
  return {std::move(model), provenance, notes.Take()};
}

tinyfair::Model FinishTrained(tinyfair::Model model, const std::vector<double>& rates,
                              const std::string& provenance) {
  host::model::FinishModel({"", rates, provenance}, model);
  return model;
}

void AddSummaryClasses(py::module_& module) {
  py::class_<LogisticSums>(module, "LogisticSums",
                           "The Newton sums of a part of the rows at a point, mergeable")
      .def(py::init<>())
      .def_readonly("rows", &LogisticSums::rows)
      .def_readonly("weight", &LogisticSums::weight)
      .def_readonly("loss", &LogisticSums::loss)
      .def_readonly("gradient", &LogisticSums::gradient)
      .def_readonly("gram_lower", &LogisticSums::gram_lower)
      .def("merge", &LogisticSums::Merge, py::arg("other"), "Adds other's sums (its rows after)")
      .def("serialise", [](const LogisticSums& s) { return py::bytes(s.Serialise()); })
      .def_static(
          "parse", [](const py::bytes& bytes) { return LogisticSums::Parse(bytes); },
          py::arg("bytes"))
      .def(py::pickle([](const LogisticSums& s) { return py::bytes(s.Serialise()); },
                      [](const py::bytes& bytes) { return LogisticSums::Parse(bytes); }));
  py::class_<ColumnSummaries>(module, "ColumnSummaries",
                              "What train learns of each input column from a part, mergeable")
      .def(py::init<>())
      .def_property_readonly("rows", &ColumnSummaries::rows)
      .def("merge", &ColumnSummaries::Merge, py::arg("other"), "Adds other's rows (after)")
      .def("serialise", [](const ColumnSummaries& s) { return py::bytes(s.Serialise()); })
      .def_static(
          "parse", [](const py::bytes& bytes) { return ColumnSummaries::Parse(bytes); },
          py::arg("bytes"))
      .def(py::pickle([](const ColumnSummaries& s) { return py::bytes(s.Serialise()); },
                      [](const py::bytes& bytes) { return ColumnSummaries::Parse(bytes); }));
}

}  // namespace

void AddLogisticSumsFunctions(py::module_& module) {
  AddSummaryClasses(module);
  module.def("summarise_columns", &SummariseColumns, py::arg("options"), py::arg("name"),
             py::arg("columns"), "The part's ColumnSummaries under train's roles");
  module.def("logistic_parts_model", &PartsModel, py::arg("options"), py::arg("header"),
             py::arg("columns"), "(model, notes): inputs and groups from merged summaries");
  module.def("group_label_counts", &GroupLabelCounts, py::arg("model"), py::arg("options"),
             py::arg("name"), py::arg("columns"), "The part's rows per (group, label) cell");
  module.def("logistic_cell_weights", &host::fit::LogisticPartsCellWeights, py::arg("options"),
             py::arg("reweigh"), py::arg("counts"),
             "Each (group, label) cell's row weight (Kamiran-Calders with reweigh)");
  module.def("part_logistic_sums", &PartSums, py::arg("model"), py::arg("options"), py::arg("name"),
             py::arg("columns"), py::arg("cell_weights"), py::arg("beta"), py::arg("intercept"),
             "The part's LogisticSums at (beta, intercept)");
  module.def("fit_logistic_over_parts", &FitOverParts, py::arg("options"), py::arg("reweigh"),
             py::arg("model"), py::arg("counts"), py::arg("cell_weights"), py::arg("sums_at"),
             "(model, provenance, notes): Newton on the parts' merged sums");
  module.def("finish_trained_model", &FinishTrained, py::arg("model"), py::arg("rates"),
             py::arg("provenance"), "The model with its reference rates and provenance");
}

}  // namespace tinyfair::python
