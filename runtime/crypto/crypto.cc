// The runtime's names for libsodium's functions (tinyfair_runtime/crypto.h).
#include "tinyfair_runtime/crypto.h"

extern "C" {
#include "crypto_shorthash_siphash24.h"
#include "crypto_sign_ed25519.h"
}

namespace tinyfair::runtime::crypto {

static_assert(kEd25519PublicKeyBytes == crypto_sign_ed25519_PUBLICKEYBYTES);
static_assert(kEd25519SignatureBytes == crypto_sign_ed25519_BYTES);
static_assert(kSipHashKeyBytes == crypto_shorthash_siphash24_KEYBYTES);

bool VerifyEd25519(const uint8_t signature[kEd25519SignatureBytes], const uint8_t* message,
                   size_t size, const uint8_t public_key[kEd25519PublicKeyBytes]) {
  return crypto_sign_ed25519_verify_detached(signature, message, size, public_key) == 0;
}

uint64_t SipHash24(const uint8_t key[kSipHashKeyBytes], const uint8_t* bytes, size_t size) {
  // libsodium computes its end pointer as bytes + size: with no bytes,
  // that is arithmetic on a null pointer, undefined even with size 0.
  static constexpr uint8_t kNoBytes[1] = {0};
  if (size == 0) bytes = kNoBytes;
  uint8_t out[crypto_shorthash_siphash24_BYTES];
  crypto_shorthash_siphash24(out, bytes, size, key);
  uint64_t value = 0;
  for (size_t i = sizeof(out); i-- > 0;) value = (value << 8) | out[i];
  return value;
}

}  // namespace tinyfair::runtime::crypto
