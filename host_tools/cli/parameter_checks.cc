#include "host_tools/cli/parameter_checks.h"

#include <cerrno>
#include <cstdlib>

namespace tinyfair::cli {

TextCheck InRange(const host::fit::ParameterRange& range) {
  return {[&range](const std::string& text) -> std::string {
            errno = 0;
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || *end != '\0' || errno == ERANGE) {
              return "'" + text + "' is not a number in " + host::fit::RangeText(range);
            }
            return host::fit::RangeProblem(range, value);
          },
          "in " + host::fit::RangeText(range)};
}

TextCheck Uint64Text() {
  return {[](const std::string& text) { return host::fit::Uint64Problem(text); }, "0..2^64-1"};
}

}  // namespace tinyfair::cli
