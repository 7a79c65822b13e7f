// The source tree's root, which CTest gives the unit tests in
// TINYFAIR_SOURCE_DIR; "." when a test runs by hand from the root.
#pragma once

#include <cstdlib>
#include <string>

namespace tinyfair::testing {

inline std::string SourceDir() {
  const char* dir = std::getenv("TINYFAIR_SOURCE_DIR");
  return dir != nullptr ? dir : ".";
}

}  // namespace tinyfair::testing
