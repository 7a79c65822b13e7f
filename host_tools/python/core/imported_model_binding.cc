#include "host_tools/python/core/imported_model_binding.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/imported_linear_model.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;

namespace {

py::tuple ImportedLinearModel(const host::fit::ImportedScorer& scorer, const std::string& name,
                              const std::optional<py::list>& columns) {
  std::optional<host::data::ColumnTable> rows;
  if (columns) rows = ColumnTableFromColumns(name, *columns);
  tinyfair::Model model;
  std::vector<std::string> notes;
  {
    NoteCollector collector;
    py::gil_scoped_release release;
    model = host::fit::ImportedLinearModel(scorer, rows ? &*rows : nullptr);
    notes = collector.Take();
  }
  return py::make_tuple(model, notes);
}

}  // namespace

void AddImportedModelFunctions(py::module_& module) {
  using host::fit::ImportedEstimator;
  using host::fit::ImportedFeature;
  using host::fit::ImportedInput;
  using host::fit::ImportedScorer;
  py::class_<ImportedFeature>(module, "ImportedFeature")
      .def(py::init<>())
      .def_readwrite("column", &ImportedFeature::column)
      .def_readwrite("indicator", &ImportedFeature::indicator)
      .def_readwrite("category", &ImportedFeature::category)
      .def_readwrite("means", &ImportedFeature::means)
      .def_readwrite("scales", &ImportedFeature::scales);
  py::class_<ImportedEstimator>(module, "ImportedEstimator")
      .def(py::init<>())
      .def_readwrite("features", &ImportedEstimator::features)
      .def_readwrite("coefficients", &ImportedEstimator::coefficients)
      .def_readwrite("intercept", &ImportedEstimator::intercept)
      .def_readwrite("factor", &ImportedEstimator::factor);
  py::class_<ImportedInput>(module, "ImportedInput")
      .def(py::init<>())
      .def_readwrite("name", &ImportedInput::name)
      .def_readwrite("numeric", &ImportedInput::numeric)
      .def_readwrite("categories", &ImportedInput::categories)
      .def_readwrite("unknown_as_other", &ImportedInput::unknown_as_other);
  py::class_<ImportedScorer>(module, "ImportedScorer")
      .def(py::init<>())
      .def_readwrite("model_id", &ImportedScorer::model_id)
      .def_readwrite("inputs", &ImportedScorer::inputs)
      .def_readwrite("group_attributes", &ImportedScorer::group_attributes)
      .def_readwrite("estimator", &ImportedScorer::estimator)
      .def_readwrite("link", &ImportedScorer::link)
      .def_readwrite("threshold", &ImportedScorer::threshold)
      .def_readwrite("made_by", &ImportedScorer::made_by);
  module.def("imported_linear_model", &ImportedLinearModel, py::arg("scorer"), py::arg("name"),
             py::arg("columns") = py::none());
}

}  // namespace tinyfair::python
