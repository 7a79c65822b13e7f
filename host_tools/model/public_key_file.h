// The public key file a device verifies signed models with: 64 lowercase
// hexadecimal digits (the Ed25519 public key) and a newline.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace tinyfair::host::model {

/// Parses a public key file's text; throws std::runtime_error naming `name`
/// and what is wrong unless it is exactly 64 lowercase hex digits and "\n".
std::array<uint8_t, 32> ParsePublicKey(const std::string& text, const std::string& name);

/// Reads and parses the public key file at `path`.
std::array<uint8_t, 32> ReadPublicKeyFile(const std::string& path);

}  // namespace tinyfair::host::model
