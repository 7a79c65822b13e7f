// A fit that ran to its end but is not what `train --strict` accepts (an
// exponentiated-gradient game stopped by its iteration limit, or a mixture
// above its guarantee). main() turns it into exit status 3 with nothing
// written, so scripts can tell it from bad data (2) and other errors (1).
#pragma once

#include <stdexcept>
#include <string>

namespace tinyfair::host::fit {

class FitNotAccepted : public std::runtime_error {
 public:
  explicit FitNotAccepted(const std::string& message) : std::runtime_error(message) {}
};

/// The exit status of a FitNotAccepted.
inline constexpr int kFitNotAcceptedExit = 3;

}  // namespace tinyfair::host::fit
