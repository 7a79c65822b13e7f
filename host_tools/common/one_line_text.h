// A name from data as a table, a comment line or a terminal shows it.
#pragma once

#include <string>

#include "host_tools/common/text_format.h"

namespace tinyfair::host::common {

/// `text` on one line: every control character (a newline would start a
/// row or a command, an escape sequence would drive the terminal) shown as
/// \xNN; every other byte as it is.
inline std::string OneLineText(const std::string& text) {
  std::string out;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte < 0x20U || byte == 0x7FU ? FormatText("\\x%02x", byte) : std::string(1, c);
  }
  return out;
}

}  // namespace tinyfair::host::common
