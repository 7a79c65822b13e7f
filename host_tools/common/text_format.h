// printf-style formatting into a std::string, for the report lines and
// provenance the host tools write.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

namespace tinyfair::host::common {

/// The text std::snprintf would write for `format` and the arguments,
/// however long.
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
inline std::string
FormatText(const char* format, ...) {
  va_list arguments, again;
  va_start(arguments, format);
  va_copy(again, arguments);
  const int length = std::vsnprintf(nullptr, 0, format, arguments);
  va_end(arguments);
  std::string text(length > 0 ? static_cast<size_t>(length) : 0U, '\0');
  if (length > 0) std::vsnprintf(text.data(), text.size() + 1, format, again);
  va_end(again);
  return text;
}

/// A model's content hash (or input layout hash) as every command and the
/// decision log write it: 16 lower-case hexadecimal digits.
inline std::string FormatHash(uint64_t hash) {
  return FormatText("%016llx", static_cast<unsigned long long>(hash));
}

/// A number as an error message quotes it: every digit a double carries
/// (precision 17), so the reader sees the value that was refused, not a
/// rounded one that would have passed.
template <typename T>
std::string ExactText(const T& value) {
  std::ostringstream text;
  text.precision(17);
  text << value;
  return text.str();
}

}  // namespace tinyfair::host::common
