// Summaries as bytes: 64-bit little-endian words after a tag naming what
// they hold, so a summary computed in one process (a Dask worker) is read
// bit for bit in another, and bytes of another kind or version are refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tinyfair::host::common {

/// Appends words to a byte string that starts with a tag.
class WordWriter {
 public:
  explicit WordWriter(const std::string& tag) : bytes_(tag) {}
  void Word(uint64_t word);
  /// The double's bits, so that it reads back exactly.
  void Double(double value);
  /// Its length, then its bytes.
  void Text(const std::string& text);
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

/// Reads the words a WordWriter wrote, refusing other bytes: every refusal
/// throws std::invalid_argument naming `what`.
class WordReader {
 public:
  /// @throws std::invalid_argument when `bytes` does not start with `tag`.
  WordReader(const std::string& bytes, const std::string& tag, const std::string& what);
  /// @throws std::invalid_argument past the end.
  uint64_t Word();
  double Double();
  std::string Text();
  /// A count of items of at least `item_bytes` bytes each, refused when the
  /// bytes left cannot hold them (so a corrupt count cannot make the reader
  /// allocate more than the bytes could describe).
  uint64_t Count(size_t item_bytes);
  /// Bytes not read yet.
  size_t left() const { return bytes_.size() - at_; }
  /// @throws std::invalid_argument when bytes are left.
  void ExpectEnd() const;
  [[noreturn]] void Refuse(const std::string& why) const;

 private:
  const std::string& bytes_;
  std::string what_;
  size_t at_ = 0;
};

}  // namespace tinyfair::host::common
