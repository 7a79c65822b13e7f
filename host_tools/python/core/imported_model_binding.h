// A linear scorer the package read from another library (a fitted
// scikit-learn pipeline), described in numbers and names and made a model by
// the library (fit::ImportedLinearModel), as every fit's model is.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds the classes ImportedInput and ImportedScorer (fit's structs, their
/// fields by the same names) and imported_linear_model(scorer, name,
/// columns=None) -> (Model, notes): the scorer's model, its input order,
/// unread group attributes and reference rates taken from `columns`
/// (table_columns of the rows, named `name` in messages; None: no rows),
/// with the notes the library wrote while deciding them.
void AddImportedModelFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
