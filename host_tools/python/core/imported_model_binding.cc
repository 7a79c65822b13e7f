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
  using host::fit::ImportedInput;
  using host::fit::ImportedScorer;
  py::class_<ImportedInput>(module, "ImportedInput")
      .def(py::init<>())
      .def_readwrite("name", &ImportedInput::name)
      .def_readwrite("numeric", &ImportedInput::numeric)
      .def_readwrite("weight", &ImportedInput::weight)
      .def_readwrite("categories", &ImportedInput::categories)
      .def_readwrite("category_weights", &ImportedInput::category_weights)
      .def_readwrite("unknown_as_other", &ImportedInput::unknown_as_other);
  py::class_<ImportedScorer>(module, "ImportedScorer")
      .def(py::init<>())
      .def_readwrite("model_id", &ImportedScorer::model_id)
      .def_readwrite("inputs", &ImportedScorer::inputs)
      .def_readwrite("group_attributes", &ImportedScorer::group_attributes)
      .def_readwrite("bias", &ImportedScorer::bias)
      .def_readwrite("link", &ImportedScorer::link)
      .def_readwrite("threshold", &ImportedScorer::threshold)
      .def_readwrite("made_by", &ImportedScorer::made_by);
  module.def("imported_linear_model", &ImportedLinearModel, py::arg("scorer"), py::arg("name"),
             py::arg("columns") = py::none());
}

}  // namespace tinyfair::python
