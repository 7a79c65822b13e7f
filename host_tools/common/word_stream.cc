#include "host_tools/common/word_stream.h"

#include <cstring>
#include <stdexcept>

namespace tinyfair::host::common {

void WordWriter::Word(uint64_t word) {
  for (int byte = 0; byte < 8; ++byte) {
    bytes_.push_back(static_cast<char>((word >> (8 * byte)) & 0xFFU));
  }
}

void WordWriter::Double(double value) {
  uint64_t word = 0;
  std::memcpy(&word, &value, sizeof word);
  Word(word);
}

void WordWriter::Text(const std::string& text) {
  Word(text.size());
  bytes_ += text;
}

WordReader::WordReader(const std::string& bytes, const std::string& tag, const std::string& what)
    : bytes_(bytes), what_(what) {
  if (bytes_.compare(0, tag.size(), tag) != 0) Refuse("the bytes do not start with their tag");
  at_ = tag.size();
}

uint64_t WordReader::Word() {
  if (bytes_.size() - at_ < 8) Refuse("truncated bytes");
  uint64_t word = 0;
  for (int byte = 0; byte < 8; ++byte) {
    word |= uint64_t{static_cast<unsigned char>(bytes_[at_++])} << (8 * byte);
  }
  return word;
}

double WordReader::Double() {
  const uint64_t word = Word();
  double value = 0.0;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

std::string WordReader::Text() {
  const uint64_t size = Word();
  if (size > bytes_.size() - at_) Refuse("truncated bytes");
  std::string text = bytes_.substr(at_, size);
  at_ += size;
  return text;
}

uint64_t WordReader::Count(size_t item_bytes) {
  const uint64_t count = Word();
  if (item_bytes > 0 && count > (bytes_.size() - at_) / item_bytes) Refuse("bad count");
  return count;
}

void WordReader::ExpectEnd() const {
  if (at_ != bytes_.size()) Refuse("bytes after the end");
}

void WordReader::Refuse(const std::string& why) const {
  throw std::invalid_argument(what_ + ": " + why);
}

}  // namespace tinyfair::host::common
