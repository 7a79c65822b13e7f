// Named inputs for firmware: the generated header says which index each
// input has and which index each category has, so nobody copies them by
// hand from `tinyfair inspect`. Every name comes from the model file, which
// is untrusted text: it reaches the header only as a sanitised identifier or
// as escaped comment text.
#pragma once

#include <string>

#include "tinyfair/model.pb.h"

namespace tinyfair::codegen {

/// The words of `raw` (runs of ASCII letters and digits) joined CamelCase:
/// "hours-per-week" -> "HoursPerWeek"; "" when it has none.
std::string CamelCaseWords(const std::string& raw);

/// C++ declarations for namespace tinyfair_models: k<Name>InputCount,
/// k<Name>InputLayoutHash, struct <Name>Input with an enum of input indices
/// (k<Input>), and per categorical input struct <Name><Input>Category with an
/// enum of its category indices.
std::string InputNamesCpp(const std::string& name, const tinyfair::Model& model);

/// The same for C: macros k<Name>InputCount and k<Name>InputLayoutHash, and
/// enumerators k<Name>Input<Input> and k<Name><Input>Category<Category>,
/// made unique within the header.
std::string InputNamesC(const std::string& name, const tinyfair::Model& model);

}  // namespace tinyfair::codegen
