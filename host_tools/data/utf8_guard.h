// Refuses input that is not UTF-8 text, fed the bytes as they arrive: a
// Latin-1 file would otherwise train without a word and mangle its
// categories ("Öther" read as "her"), a UTF-16 file parse as one column, and
// a stray NUL byte make a new group.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tinyfair::host::data {

class Utf8Guard {
 public:
  /// `name` (the file, for messages) must outlive the guard.
  explicit Utf8Guard(const std::string& name) : name_(name) {}

  /// Checks the next bytes of the input; a character may span two calls.
  /// @throws DataError naming the line and the byte in it (1-based) of the
  ///         first byte that is not UTF-8, or of a NUL byte, with what to do.
  void Feed(std::string_view bytes);

  /// The input ended.
  /// @throws DataError when it ends inside a character.
  void Finish() const;

 private:
  [[noreturn]] void Fail(uint8_t byte, std::size_t byte_in_line) const;

  const std::string& name_;
  std::size_t line_ = 1;
  std::size_t byte_in_line_ = 0;  // of the byte being checked, 1-based
  std::uint64_t offset_ = 0;      // bytes checked so far
  // Continuation bytes still expected, and the range the next one must be in
  // (narrower after E0, ED, F0 and F4: no overlong forms, no surrogates).
  int pending_ = 0;
  uint8_t next_low_ = 0x80, next_high_ = 0xBF;
  // The first byte of the character being read: a bad continuation is
  // reported there, where a Latin-1 letter stands.
  uint8_t lead_ = 0;
  std::size_t lead_in_line_ = 0;
};

}  // namespace tinyfair::host::data
