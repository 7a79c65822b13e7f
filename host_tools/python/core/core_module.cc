// tinyfair._core: the host library and the runtime for the Python package.
// The estimators (tinyfair/*.py) call only this module.
#include <pybind11/pybind11.h>

#include "host_tools/python/core/command_binding.h"
#include "host_tools/python/core/decision_binding.h"
#include "host_tools/python/core/fit_binding.h"
#include "host_tools/python/core/imported_model_binding.h"
#include "host_tools/python/core/logistic_sums_binding.h"
#include "host_tools/python/core/model_binding.h"
#include "host_tools/python/core/preprocessing_binding.h"
#include "host_tools/python/core/python_errors.h"
#include "host_tools/python/core/report_binding.h"
#include "host_tools/python/core/summary_binding.h"
#include "host_tools/python/core/table_from_columns.h"

PYBIND11_MODULE(_core, module) {
  module.doc() = "tinyfair's host library and device runtime";
  // The project's version (CMake's project()), written once there.
  module.attr("__version__") = TINYFAIR_VERSION;
  tinyfair::python::AddErrors(module);
  tinyfair::python::AddTableFunctions(module);
  tinyfair::python::AddModelClass(module);
  tinyfair::python::AddDecisionFunctions(module);
  tinyfair::python::AddReportFunctions(module);
  tinyfair::python::AddFitFunctions(module);
  tinyfair::python::AddImportedModelFunctions(module);
  tinyfair::python::AddPreprocessingFunctions(module);
  tinyfair::python::AddSummaryFunctions(module);
  tinyfair::python::AddLogisticSumsFunctions(module);
  tinyfair::python::AddCommandFunctions(module);
}
