// Reports with the numbers `tinyfair evaluate --json` prints: of a model's
// decisions on a table, and of any predictions the caller holds.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

void AddReportFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
