// The name a generated header's identifiers are formed from (k<Name>...).
#pragma once

#include <string>

namespace tinyfair::codegen {

/// Throws std::invalid_argument (a bad command line: exit 2) unless `name`
/// is CamelCase: an upper-case letter, then letters and digits only.
void CheckHeaderName(const std::string& name);

/// The include guard of a generated C header: `prefix`, `name` upper-cased,
/// then "_H_" (e.g. TINYFAIR_MODEL_DEMOMODEL_H_).
std::string HeaderGuard(const std::string& prefix, const std::string& name);

}  // namespace tinyfair::codegen
