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

/// `text` as a log line or a message on a terminal shows it: a message's
/// own line breaks and tabs kept, every other control character (an escape
/// sequence from a name in the data would drive the terminal) as \xNN.
inline std::string TerminalText(const std::string& text) {
  std::string out;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool control = (byte < 0x20U && c != '\n' && c != '\t') || byte == 0x7FU;
    out += control ? FormatText("\\x%02x", byte) : std::string(1, c);
  }
  return out;
}

}  // namespace tinyfair::host::common
