// A linear scorer the package read from another library (a fitted
// scikit-learn pipeline), finished by the library as every fit's model is.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds imported_linear_model(model_json, made_by, name, columns=None) ->
/// (Model, notes): the scorer's model (JSON text, admitted as every model from
/// outside) with its reference rates decided by the runtime on `columns`
/// (table_columns of the rows, named `name` in messages; None: not
/// measured) and its provenance (fit::FinishImportedModel).
void AddImportedModelFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
