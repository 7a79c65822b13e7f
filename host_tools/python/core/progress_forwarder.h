// A fit's iterations forwarded to a Python callable (the package's progress
// bar) for the life of one call, instead of the library's terminal lines.
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

class ProgressForwarder {
 public:
  /// Calls `step(iteration, most)` per iteration until destroyed, holding
  /// the GIL for each call; None forwards nothing (the lines stay).
  explicit ProgressForwarder(pybind11::object step);
  ~ProgressForwarder();
  ProgressForwarder(const ProgressForwarder&) = delete;
  ProgressForwarder& operator=(const ProgressForwarder&) = delete;

 private:
  pybind11::object step_;
};

}  // namespace tinyfair::python
