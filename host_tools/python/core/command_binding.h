// The commands' work that is not a fit, for the Python package: export with
// the integer path and signing (fit/model_export_file.h), monitor reports
// (fit/monitor_reading.h).
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds export_model_file(...) -> (bytes, notes), monitor_reading_json(path,
/// model) and monitor_series(paths, model).
void AddCommandFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
