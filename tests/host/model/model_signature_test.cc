// Signed model files: RFC 8032 key pairs and signatures from the host's
// signing half, and the SignedModel layout the device reads.
#include "host_tools/model/model_signature.h"

#include <gtest/gtest.h>

#include "host_tools/model/model_file.h"
#include "test_models.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/sha256.h"

extern "C" {
#include "crypto_sign_ed25519.h"
}

namespace tinyfair::host::model {
namespace {

namespace crypto = tinyfair::runtime::crypto;

template <size_t kBytes>
std::array<uint8_t, kBytes> FromHex(const std::string& hex) {
  std::array<uint8_t, kBytes> bytes{};
  for (size_t i = 0; i < kBytes; ++i) {
    bytes[i] = static_cast<uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
  }
  return bytes;
}

// RFC 8032, section 7.1, test 1.
const auto kTest1Seed =
    FromHex<32>("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
const auto kTest1PublicKey =
    FromHex<32>("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
const auto kTest1EmptySignature = FromHex<64>(
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b4"
    "6"
    "bd25bf5f0595bbe24655141438e7a100b");

std::string SealedModel() {
  return std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                     tinyfair_models::kSmallRampModelSize);
}

std::array<uint8_t, 32> Sha256Of(const std::string& bytes) {
  std::array<uint8_t, 32> digest{};
  crypto::Sha256(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), digest.data());
  return digest;
}

TEST(ModelSignature, KeyPairAndSignatureOfRfc8032Test1) {
  const SigningKey key = SigningKeyFromSeed(kTest1Seed);
  EXPECT_EQ(kTest1PublicKey, key.public_key);
  // The signing build against the RFC's signature of the empty message.
  std::array<uint8_t, 64> secret{};
  std::array<uint8_t, 32> public_key{};
  crypto_sign_ed25519_seed_keypair(public_key.data(), secret.data(), kTest1Seed.data());
  std::array<uint8_t, 64> signature{};
  crypto_sign_ed25519_detached(signature.data(), nullptr, nullptr, 0, secret.data());
  EXPECT_EQ(kTest1EmptySignature, signature);
}

TEST(ModelSignature, NewKeysDiffer) {
  const SigningKey a = NewSigningKey();
  const SigningKey b = NewSigningKey();
  EXPECT_NE(a.seed, b.seed);
  EXPECT_EQ(SigningKeyFromSeed(a.seed).public_key, a.public_key);
}

TEST(ModelSignature, KeyIdIsTheDigestPrefix) {
  const auto digest = Sha256Of(std::string(kTest1PublicKey.begin(), kTest1PublicKey.end()));
  uint64_t expected = 0;
  for (int i = 0; i < 8; ++i) expected |= uint64_t{digest[static_cast<size_t>(i)]} << (8 * i);
  EXPECT_EQ(expected, KeyId(kTest1PublicKey));
}

TEST(ModelSignature, SignedFileHoldsTheModelAndAValidSignatureOfItsDigest) {
  const SigningKey key = SigningKeyFromSeed(kTest1Seed);
  const std::string sealed = SealedModel();
  const std::string file = SignSealedModel(sealed, key);
  ASSERT_TRUE(IsSignedModelFile(file));
  EXPECT_FALSE(IsSignedModelFile(sealed));
  const SignedModelParts parts = ReadSignedModel(file);
  EXPECT_EQ(sealed, parts.model);
  EXPECT_EQ(KeyId(key.public_key), parts.key_id);
  const auto digest = Sha256Of(sealed);
  EXPECT_TRUE(crypto::VerifyEd25519(parts.signature.data(), digest.data(), digest.size(),
                                    key.public_key.data()));
  // Deterministic: the same model and key give the same file.
  EXPECT_EQ(file, SignSealedModel(sealed, key));
}

TEST(ModelSignature, OnlySealedModelsAreSigned) {
  const SigningKey key = SigningKeyFromSeed(kTest1Seed);
  const std::string signed_file = SignSealedModel(SealedModel(), key);
  EXPECT_THROW(SignSealedModel(signed_file, key), std::invalid_argument);
  std::string corrupt = SealedModel();
  corrupt[corrupt.size() / 2] ^= 1;
  EXPECT_THROW(SignSealedModel(corrupt, key), std::invalid_argument);
}

TEST(ModelSignature, ReadingRefusesAnotherLayout) {
  const std::string file = SignSealedModel(SealedModel(), SigningKeyFromSeed(kTest1Seed));
  tinyfair::SignedModel envelope;
  ASSERT_TRUE(envelope.ParseFromString(file));
  // The same fields, the model first: valid protobuf, not the written layout.
  std::string reordered;
  {
    tinyfair::SignedModel model_only;
    model_only.set_model(envelope.model());
    tinyfair::SignedModel rest;
    rest.set_signature(envelope.signature());
    rest.set_key_id(envelope.key_id());
    reordered = rest.SerializeAsString() + model_only.SerializeAsString();
    std::string model_first = model_only.SerializeAsString() + rest.SerializeAsString();
    EXPECT_THROW(ReadSignedModel(model_first), std::invalid_argument);
  }
  EXPECT_EQ(file, reordered);
  EXPECT_THROW(ReadSignedModel(file + std::string(1, '\0')), std::invalid_argument);
  EXPECT_THROW(ReadSignedModel(file.substr(0, file.size() - 1)), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::model
