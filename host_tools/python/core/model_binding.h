// tinyfair._core.Model: a model as the library holds it (the protobuf
// message), read from and written to the same files the CLI reads and writes.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::python {

/// One name per model group ("sex=Female"), "group K" where the model has none.
std::vector<std::string> GroupNamesOf(const tinyfair::Model& model);

void AddModelClass(pybind11::module_& module);

}  // namespace tinyfair::python
