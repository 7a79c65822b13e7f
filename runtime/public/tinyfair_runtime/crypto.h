// The runtime's cryptographic primitives from libsodium's reference code
// (runtime/crypto): the verification of an Ed25519 signature and a keyed
// pseudo-random function. No heap, no system call, no secret-dependent branch
// in the PRF. The digest is the runtime's own (sha256.h).
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::runtime::crypto {

inline constexpr size_t kEd25519PublicKeyBytes = 32;
inline constexpr size_t kEd25519SignatureBytes = 64;
inline constexpr size_t kSipHashKeyBytes = 16;

/// True when `signature` is a valid Ed25519 signature (RFC 8032, libsodium's
/// strict checks: canonical S, no small-order key or R) of the message
/// [message, message + size) under `public_key`.
bool VerifyEd25519(const uint8_t signature[kEd25519SignatureBytes], const uint8_t* message,
                   size_t size, const uint8_t public_key[kEd25519PublicKeyBytes]);

/// SipHash-2-4 (Aumasson and Bernstein, 2012) of [bytes, bytes + size) under
/// `key`, the 8 output bytes read as a little-endian integer.
uint64_t SipHash24(const uint8_t key[kSipHashKeyBytes], const uint8_t* bytes, size_t size);

}  // namespace tinyfair::runtime::crypto
