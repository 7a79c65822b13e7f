// tinyfair._core.Model: a model as the library holds it (the protobuf
// message), read from and written to the same files the CLI reads and writes.
#pragma once

#include <pybind11/pybind11.h>

#include "tinyfair/model.pb.h"

namespace tinyfair::python {

void AddModelClass(pybind11::module_& module);

}  // namespace tinyfair::python
