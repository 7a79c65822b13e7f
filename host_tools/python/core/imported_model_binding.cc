#include "host_tools/python/core/imported_model_binding.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/imported_linear_model.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/python/core/note_collector.h"
#include "host_tools/python/core/table_from_columns.h"

namespace tinyfair::python {

namespace py = pybind11;

namespace {

// (model, notes): the notes the library wrote while deciding the rows.
py::tuple ImportedLinearModel(const std::string& model_json, const std::string& made_by,
                              const std::string& name, const std::optional<py::list>& columns) {
  tinyfair::Model model = host::model::AdmitModel(model_json, "from_sklearn");
  std::optional<host::data::ColumnTable> rows;
  if (columns) rows = ColumnTableFromColumns(name, *columns);
  std::vector<std::string> notes;
  {
    NoteCollector collector;
    py::gil_scoped_release release;
    host::fit::FinishImportedModel(made_by, rows ? &*rows : nullptr, model);
    notes = collector.Take();
  }
  return py::make_tuple(model, notes);
}

}  // namespace

void AddImportedModelFunctions(py::module_& module) {
  module.def("imported_linear_model", &ImportedLinearModel, py::arg("model_json"),
             py::arg("made_by"), py::arg("name"), py::arg("columns") = py::none());
}

}  // namespace tinyfair::python
