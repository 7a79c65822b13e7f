// Pre-processing from Python through the library's own fit: the
// max-entropy debiasing of `tinyfair debias-data`, fitted once on a table
// made of the caller's columns and sampled as often as wanted.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds DebiasOptions, MaxentFit (opaque), maxent_fit() and maxent_sample().
void AddPreprocessingFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
