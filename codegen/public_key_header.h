// Generates the header that carries the public key signed models are
// verified with into firmware, for C and C++ alike.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace tinyfair::codegen {

/// The bytes of an Ed25519 public key.
inline constexpr size_t kPublicKeyBytes = 32;

/// A header, compilable as C and as C++, holding `key` as `static const
/// uint8_t k<Name>PublicKey[32]` (the load options' public_key) and
/// `k<Name>PublicKeyId`, the key id a SignedModel file signed by its private
/// key names, as a uint64_t macro. `name` is CamelCase; `source` names the
/// key file (its base name) in the header's first comment.
std::string PublicKeyHeader(const std::string& name,
                            const std::array<uint8_t, kPublicKeyBytes>& key, uint64_t key_id,
                            const std::string& source);

}  // namespace tinyfair::codegen
