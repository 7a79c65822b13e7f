#include "codegen/header_name.h"

#include <cctype>
#include <stdexcept>

namespace tinyfair::codegen {

void CheckHeaderName(const std::string& name) {
  if (name.empty() || !std::isupper(static_cast<unsigned char>(name[0]))) {
    throw std::invalid_argument("codegen: the name must be CamelCase, e.g. DemoModel");
  }
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      throw std::invalid_argument("codegen: the name may hold letters and digits only");
    }
  }
}

std::string HeaderGuard(const std::string& prefix, const std::string& name) {
  std::string guard = prefix;
  for (char c : name) guard += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return guard + "_H_";
}

}  // namespace tinyfair::codegen
