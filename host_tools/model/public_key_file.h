// The public key file a device verifies signed models with: the line
// naming its kind, then the Ed25519 public key as 64 lowercase hexadecimal
// digits and a newline (key_file_text.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace tinyfair::host::model {

/// Parses a public key file's text; throws common::DataError naming `name`
/// and what is wrong (a private key file: both kinds) unless it is a public
/// key file as key_file_text.h lays it out.
std::array<uint8_t, 32> ParsePublicKey(const std::string& text, const std::string& name);

/// Reads and parses the public key file at `path`.
std::array<uint8_t, 32> ReadPublicKeyFile(const std::string& path);

}  // namespace tinyfair::host::model
