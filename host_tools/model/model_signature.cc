#include "host_tools/model/model_signature.h"

#include <stdexcept>

#include "host_tools/model/model_file.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/sha256.h"

extern "C" {
#include "crypto_sign_ed25519.h"
}

namespace tinyfair::host::model {
namespace {

namespace crypto = tinyfair::runtime::crypto;

// The 64-byte secret key libsodium signs with: the seed, then the public key.
std::array<uint8_t, crypto_sign_ed25519_SECRETKEYBYTES> SecretKey(const SigningKey& key) {
  std::array<uint8_t, crypto_sign_ed25519_SECRETKEYBYTES> secret{};
  std::array<uint8_t, crypto_sign_ed25519_PUBLICKEYBYTES> public_key{};
  crypto_sign_ed25519_seed_keypair(public_key.data(), secret.data(), key.seed.data());
  return secret;
}

}  // namespace

static_assert(crypto::kSha256Bytes == 32);

std::array<uint8_t, 32> Sha256Of(const std::string& bytes) {
  std::array<uint8_t, 32> digest{};
  crypto::Sha256(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), digest.data());
  return digest;
}

SigningKey SigningKeyFromSeed(const std::array<uint8_t, 32>& seed) {
  SigningKey key;
  key.seed = seed;
  std::array<uint8_t, crypto_sign_ed25519_SECRETKEYBYTES> secret{};
  crypto_sign_ed25519_seed_keypair(key.public_key.data(), secret.data(), seed.data());
  return key;
}

SigningKey NewSigningKey() {
  std::array<uint8_t, crypto_sign_ed25519_SECRETKEYBYTES> secret{};
  SigningKey key;
  crypto_sign_ed25519_keypair(key.public_key.data(), secret.data());
  std::copy(secret.begin(), secret.begin() + 32, key.seed.begin());
  return key;
}

uint64_t KeyId(const std::array<uint8_t, 32>& public_key) {
  const auto digest = Sha256Of(std::string(public_key.begin(), public_key.end()));
  uint64_t id = 0;
  for (int i = 7; i >= 0; --i) id = (id << 8U) | digest[static_cast<size_t>(i)];
  return id;
}

std::string SignSealedModel(const std::string& sealed, const SigningKey& key) {
  if (!IsSealedModel(sealed)) {
    throw std::invalid_argument("only a sealed model file can be signed (a model is signed once)");
  }
  const auto digest = Sha256Of(sealed);
  const auto secret = SecretKey(key);
  std::array<uint8_t, crypto_sign_ed25519_BYTES> signature{};
  crypto_sign_ed25519_detached(signature.data(), nullptr, digest.data(), digest.size(),
                               secret.data());
  tinyfair::SignedModel envelope;
  envelope.set_signature(std::string(signature.begin(), signature.end()));
  envelope.set_key_id(KeyId(key.public_key));
  envelope.set_model(sealed);
  std::string bytes;
  if (!envelope.SerializeToString(&bytes))
    throw std::runtime_error("cannot serialize the signed model");
  return bytes;
}

bool IsSignedModelFile(const std::string& bytes) {
  return bytes.size() >= 2 && static_cast<uint8_t>(bytes[0]) == 0x0A &&
         static_cast<uint8_t>(bytes[1]) == 0x40;
}

SignedModelParts ReadSignedModel(const std::string& bytes) {
  if (!IsSignedModelFile(bytes)) throw std::invalid_argument("not a signed model file");
  tinyfair::SignedModel envelope;
  if (!envelope.ParseFromString(bytes) || envelope.signature().size() != 64) {
    throw std::invalid_argument("not a valid encoding of tinyfair.SignedModel");
  }
  std::string canonical;
  if (!envelope.SerializeToString(&canonical) || canonical != bytes) {
    throw std::invalid_argument("the signed model's fields are not in the order export writes");
  }
  SignedModelParts parts;
  std::copy(envelope.signature().begin(), envelope.signature().end(), parts.signature.begin());
  parts.key_id = envelope.key_id();
  parts.model = envelope.model();
  return parts;
}

}  // namespace tinyfair::host::model
