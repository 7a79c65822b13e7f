// SHA-256, the digest that names a model in decision records (model_hash.h)
// and that a signature covers; the runtime's own code (runtime/sha256.cc),
// so that a firmware that never checks a signature links no libsodium.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::runtime::crypto {

inline constexpr size_t kSha256Bytes = 32;

/// SHA-256 (FIPS 180-4) of [bytes, bytes + size) into `digest`. No heap, no
/// branch on the bytes' values; `bytes` may be null when `size` is 0.
void Sha256(const uint8_t* bytes, size_t size, uint8_t digest[kSha256Bytes]);

}  // namespace tinyfair::runtime::crypto
