// The name a decision record gives the model that decided: the first 8 bytes
// of the SHA-256 the device computed of the sealed model, read big-endian, so
// that its 16 hex digits are the first 16 of `sha256sum model.pb` (for a
// signed file, of its inner sealed model, the bytes the signature covers).
// A hash the file states about itself would let a crafted model name another.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime {

/// The first 8 bytes of `digest` (a SHA-256, 32 bytes) as a big-endian integer.
inline constexpr uint64_t ModelHashOfDigest(const uint8_t* digest) {
  uint64_t hash = 0;
  for (int i = 0; i < 8; ++i) hash = (hash << 8U) | digest[i];
  return hash;
}

}  // namespace tinyfair::runtime
