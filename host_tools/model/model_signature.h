// Signed model files (schema 1.4, tinyfair.SignedModel): Ed25519 key pairs
// and the signature of a sealed model, made with libsodium's reference code
// (runtime/crypto), the code the device verifies with.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace tinyfair::host::model {

/// An Ed25519 key pair: the 32-byte seed (the secret) and its public key.
struct SigningKey {
  std::array<uint8_t, 32> seed{};
  std::array<uint8_t, 32> public_key{};
};

/// The key pair of `seed` (RFC 8032: the same seed, the same pair).
SigningKey SigningKeyFromSeed(const std::array<uint8_t, 32>& seed);

/// A new key pair from the kernel's random source.
SigningKey NewSigningKey();

/// SHA-256 of `bytes`, by the runtime's own implementation (the one the
/// device checks signatures and names models with).
std::array<uint8_t, 32> Sha256Of(const std::string& bytes);

/// The first 8 bytes of SHA-256(public key), read little-endian: the key id
/// a signed model names its signer by.
uint64_t KeyId(const std::array<uint8_t, 32>& public_key);

/// The SignedModel file of a sealed model file: its Ed25519 signature of
/// SHA-256(sealed), the key id and the sealed bytes, in field order.
/// Throws std::invalid_argument when `sealed` is not a sealed model file
/// (an already signed file is not: a model is signed once).
std::string SignSealedModel(const std::string& sealed, const SigningKey& key);

/// True when `bytes` start as a SignedModel file does (0x0A 0x40).
bool IsSignedModelFile(const std::string& bytes);

/// The three fields of a SignedModel file, as the writer lays them out.
struct SignedModelParts {
  std::array<uint8_t, 64> signature{};
  uint64_t key_id = 0;
  std::string model;
};

/// Reads a SignedModel file written by SignSealedModel (fields 1, 2, 3 in
/// order, each once, nothing after); throws std::invalid_argument naming
/// what is wrong otherwise.
SignedModelParts ReadSignedModel(const std::string& bytes);

}  // namespace tinyfair::host::model
