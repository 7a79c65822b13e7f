// Reads public key files: strict, so that a truncated or pasted-over key is
// refused, not read as another key, and a private key file is named as such.
#include "host_tools/model/public_key_file.h"

#include "host_tools/common/file_io.h"
#include "host_tools/model/key_file_text.h"

namespace tinyfair::host::model {

std::array<uint8_t, 32> ParsePublicKey(const std::string& text, const std::string& name) {
  return ParseKeyFileText(text, name, KeyKind::kPublic);
}

std::array<uint8_t, 32> ReadPublicKeyFile(const std::string& path) {
  return ParsePublicKey(common::ReadFileAtMost(path, KeyFileMaxBytes(), "a public key file"), path);
}

}  // namespace tinyfair::host::model
