#include "host_tools/python/core/python_errors.h"

#include <stdexcept>

#include "host_tools/common/data_error.h"
#include "host_tools/fit/fit_not_accepted.h"
#include "host_tools/model/model_refused.h"

namespace tinyfair::python {

namespace py = pybind11;

void AddErrors(py::module_& module) {
  // Static: the translator below outlives this call and must find them.
  static py::exception<std::invalid_argument> tinyfair_error(module, "TinyfairError",
                                                             PyExc_ValueError);
  static py::exception<host::common::DataError> data_error(module, "DataError",
                                                           tinyfair_error.ptr());
  static py::exception<std::runtime_error> model_error(module, "ModelError", tinyfair_error.ptr());
  // The runtime's refusal of a model, its status name in `status`.
  static py::exception<host::model::ModelRefused> model_refused(module, "ModelRefused",
                                                                model_error.ptr());
  static py::exception<host::fit::FitNotAccepted> not_accepted(module, "FitNotAccepted",
                                                               tinyfair_error.ptr());
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const host::fit::FitNotAccepted& e) {
      not_accepted(e.what());
    } catch (const host::model::ModelRefused& e) {
      // An instance rather than a message, so that it carries the status.
      py::object instance = py::reinterpret_borrow<py::object>(model_refused.ptr())(e.what());
      instance.attr("status") = e.status();
      PyErr_SetObject(model_refused.ptr(), instance.ptr());
    } catch (const host::common::DataError& e) {
      data_error(e.what());
    } catch (const std::invalid_argument& e) {
      tinyfair_error(e.what());
    } catch (const std::out_of_range& e) {
      tinyfair_error(e.what());
    } catch (const py::builtin_exception&) {
      throw;  // pybind11's own (type, cast, value errors): its translator's.
    } catch (const std::runtime_error& e) {
      // The library's runtime_errors are refusals of a model or a file
      // (a runtime status, a bad CRC, an unreadable file).
      model_error(e.what());
    }
  });
}

}  // namespace tinyfair::python
