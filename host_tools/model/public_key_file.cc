// Reads public key files: strict, so that a truncated or pasted-over key is
// refused, not read as another key.
#include "host_tools/model/public_key_file.h"

#include <stdexcept>

#include "host_tools/common/file_io.h"

namespace tinyfair::host::model {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::array<uint8_t, 32> ParsePublicKey(const std::string& text, const std::string& name) {
  std::array<uint8_t, 32> key{};
  if (text.size() != 2 * key.size() + 1 || text.back() != '\n') {
    throw std::runtime_error(name + ": a public key file is 64 hex digits and a newline");
  }
  for (size_t i = 0; i < key.size(); ++i) {
    const int high = HexDigit(text[2 * i]);
    const int low = HexDigit(text[2 * i + 1]);
    if (high < 0 || low < 0) {
      throw std::runtime_error(name + ": not a lowercase hex digit at " + std::to_string(2 * i));
    }
    key[i] = static_cast<uint8_t>(high * 16 + low);
  }
  return key;
}

std::array<uint8_t, 32> ReadPublicKeyFile(const std::string& path) {
  return ParsePublicKey(common::ReadFileAtMost(path, 1024, "a public key file"), path);
}

}  // namespace tinyfair::host::model
