// The header `codegen --public-key` writes for firmware: the public key file
// (tinyfair keygen's .pub) as the array a firmware compiles in, with its key
// id. The CLI calls this one function.
#pragma once

#include <cstdint>
#include <string>

namespace tinyfair::host::simulate {

struct KeyHeader {
  std::string text;
  /// The key id the header states.
  uint64_t key_id = 0;
};

/// The header (codegen/public_key_header.h) of the public key file at
/// `path`, its identifiers named after `name`; the comment names the file
/// by its base name only.
/// @throws common::DataError when the file is not a public key file (a
///         private key, a truncated file: key_file_text.h), or too large;
///         std::invalid_argument for a name that is not CamelCase.
KeyHeader GeneratedPublicKeyHeader(const std::string& name, const std::string& path);

}  // namespace tinyfair::host::simulate
