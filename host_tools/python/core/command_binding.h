// The commands' work that is not a fit, for the Python package: export with
// the integer path and signing (fit/model_export_file.h), monitor reports
// (fit/monitor_reading.h) and the parity of decision logs
// (fit/decision_log_parity.h).
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Adds export_model_file(...) -> (bytes, notes), monitor_reading_json(path,
/// model), monitor_series(paths, model) and compare_decision_logs(expected,
/// actual).
void AddCommandFunctions(pybind11::module_& module);

}  // namespace tinyfair::python
