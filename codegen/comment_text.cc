#include "codegen/comment_text.h"

#include <cstdio>
#include <cstring>

namespace tinyfair::codegen {
namespace {

// Bytes that cannot end a // or /* */ comment, continue its line (a
// backslash before the newline) or form a trigraph (??/ is a backslash).
bool SafeInComment(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c != '\0' && std::strchr(" -_.,:;=+()[]@#/", c) != nullptr);
}

}  // namespace

std::string CommentText(const std::string& text, size_t max_bytes) {
  std::string out;
  const size_t n = text.size() < max_bytes ? text.size() : max_bytes;
  for (size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (SafeInComment(c)) {
      out += static_cast<char>(c);
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof(escaped), "\\x%02X", c);
      out += escaped;
    }
  }
  if (n < text.size()) out += "...";
  return out;
}

}  // namespace tinyfair::codegen
