#include "host_tools/python/core/progress_forwarder.h"

#include <utility>

#include "host_tools/fit/fit_progress.h"

namespace tinyfair::python {

namespace py = pybind11;

ProgressForwarder::ProgressForwarder(py::object step) : step_(std::move(step)) {
  if (step_.is_none()) return;
  host::fit::SetProgressSink([this](int iteration, int most) {
    const py::gil_scoped_acquire gil;  // the fit runs with the GIL released
    step_(iteration, most);
  });
}

ProgressForwarder::~ProgressForwarder() { host::fit::SetProgressSink(nullptr); }

}  // namespace tinyfair::python
