// The package's exceptions: every error the library reports about the
// caller's data, options or model becomes a Python ValueError subclass with
// the message the CLI prints (file, line and column where it has them).
#pragma once

#include <pybind11/pybind11.h>

namespace tinyfair::python {

/// Defines tinyfair._core.TinyfairError (a ValueError), DataError and
/// ModelError under it, ModelRefused (with the runtime's status name in its
/// `status`) under ModelError, and translates the library's C++ exceptions
/// to them.
void AddErrors(pybind11::module_& module);

}  // namespace tinyfair::python
