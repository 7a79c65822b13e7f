// UTF-8 validation as in RFC 3629, section 4 (the well-formed byte sequences).
#include "host_tools/data/utf8_guard.h"

#include <cstdio>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {
namespace {

std::string Hex(uint8_t byte) {
  char text[8];
  std::snprintf(text, sizeof(text), "0x%02X", byte);
  return text;
}

}  // namespace

void Utf8Guard::Feed(std::string_view bytes) {
  for (const char c : bytes) {
    const auto byte = static_cast<uint8_t>(c);
    ++byte_in_line_;
    if (pending_ > 0) {
      if (byte < next_low_ || byte > next_high_) Fail(lead_, lead_in_line_);
      --pending_;
      next_low_ = 0x80;
      next_high_ = 0xBF;
    } else if (byte == 0) {
      Fail(byte, byte_in_line_);
    } else if (byte == '\n') {
      ++line_;
      byte_in_line_ = 0;
    } else if (byte >= 0x80) {
      if (byte < 0xC2 || byte > 0xF4) Fail(byte, byte_in_line_);
      lead_ = byte;
      lead_in_line_ = byte_in_line_;
      pending_ = byte < 0xE0 ? 1 : byte < 0xF0 ? 2 : 3;
      if (byte == 0xE0) next_low_ = 0xA0;
      if (byte == 0xED) next_high_ = 0x9F;
      if (byte == 0xF0) next_low_ = 0x90;
      if (byte == 0xF4) next_high_ = 0x8F;
    }
    ++offset_;
  }
}

void Utf8Guard::Finish() const {
  if (pending_ > 0) Fail(lead_, lead_in_line_);
}

void Utf8Guard::Fail(uint8_t byte, std::size_t byte_in_line) const {
  const std::string where = "byte " + std::to_string(byte_in_line) + " of the line";
  if (offset_ < 2 && (byte == 0xFF || byte == 0xFE)) {
    throw common::DataError(name_, line_, 0,
                            "the file starts with a UTF-16 byte order mark; convert it to UTF-8 "
                            "(iconv -f UTF-16 -t UTF-8)");
  }
  if (byte == 0) {
    throw common::DataError(
        name_, line_, 0,
        "a NUL byte at " + where +
            "; text holds none (a UTF-16 file has one in every other byte: iconv "
            "-f UTF-16 -t UTF-8 converts it)");
  }
  throw common::DataError(
      name_, line_, 0,
      Hex(byte) + " at " + where +
          " is not UTF-8; if the file is Latin-1, convert it (iconv -f LATIN1 -t "
          "UTF-8)");
}

}  // namespace tinyfair::host::data
