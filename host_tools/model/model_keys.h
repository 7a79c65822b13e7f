// Key files of the signing key (docs/security.md, "Key handling"): the
// private key is the 32-byte Ed25519 seed, the public key the 32-byte public
// key, each written as key_file_text.h lays out (a line naming the kind,
// then 64 lowercase hexadecimal digits and a newline). The
// private key file is created mode 0600 and read only when nobody else may
// read it.
#pragma once

#include <cstdint>
#include <string>

#include "host_tools/model/model_signature.h"

namespace tinyfair::host::model {

/// The public key file beside a private key file: `private_path`.pub.
std::string PublicKeyPath(const std::string& private_path);

/// Writes `key`'s seed to `private_path` (created mode 0600) and its public
/// key to PublicKeyPath(`private_path`). Without `overwrite`, refuses when
/// either file exists, before writing anything.
/// @throws common::DataError naming the file that exists;
///         std::runtime_error naming the file that cannot be written.
void WriteKeyPair(const std::string& private_path, const SigningKey& key, bool overwrite);

/// The key pair of the private key file `path`.
/// @throws common::DataError naming the file when it is missing, a public
///         key file, not a private key file as key_file_text.h lays it out,
///         or readable by anyone but its owner (chmod 600 it).
SigningKey ReadSigningKeyFile(const std::string& path);

/// A key id as it is printed: 16 lowercase hexadecimal digits.
std::string KeyIdText(uint64_t key_id);

}  // namespace tinyfair::host::model
