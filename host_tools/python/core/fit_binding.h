// Fitting from Python through the library's own fits: `train` with any of
// its methods and `postprocess` with any post-processor, from tables made of
// the caller's columns, returning the finished model the CLI would write.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds TrainOptions, PostprocessOptions (and their parts), train_methods(),
/// train() and postprocess().
void AddFitFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
