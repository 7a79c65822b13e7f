// Decisions by the runtime itself: the rows of a table decided by the code
// the device runs, drawing from Pcg32(seed, stream) in row order, as
// `tinyfair simulate --seed S --stream T` does.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds decide(model, name, columns, seed, stream) -> dict of arrays and the
/// decision log, and decide_columns(...) -> the arrays predict needs, no log.
void AddDecisionFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
