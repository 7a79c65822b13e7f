// The envelope of a signed model file (tinyfair.SignedModel), read where it
// lies: the signature, the signer's key id and the sealed model inside.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::runtime::internal {

/// A signed file's fields, pointing into the file's bytes.
struct SignedEnvelope {
  const uint8_t* signature = nullptr;  // 64 bytes
  uint64_t key_id = 0;
  const uint8_t* model = nullptr;
  size_t model_size = 0;
};

/// True when `bytes` start as a signed file does: field 1, length-delimited.
bool LooksSigned(const uint8_t* bytes, size_t size);

/// Reads a signed file laid out exactly as tinyfair's writer lays it out:
/// 0x0A 0x40 signature[64], then 0x11 key_id[8] (fixed64, little-endian;
/// proto3 omits it when the id is 0), then 0x1A, the model's length as a
/// minimal varint, and the model, with nothing after. False otherwise.
bool ReadSignedEnvelope(const uint8_t* bytes, size_t size, SignedEnvelope& out);

/// The key id of an Ed25519 public key: the first 8 bytes of
/// SHA-256(public key), read little-endian (as the host signer writes it).
uint64_t KeyIdOf(const uint8_t public_key[32]);

}  // namespace tinyfair::runtime::internal
