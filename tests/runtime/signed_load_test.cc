// Signed models: Load with a public key accepts only a file signed by that
// key, refuses every single flipped bit, another key's signature, a bare
// model and a rolled-back version, and a refused update leaves the model
// loaded before deciding the same bits. In the crypto image on the boards,
// for the verifier's stack.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/decision_digest.h"
#include "tests/runtime/model_bytes.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/sha256.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;
using tinyfair::testing::DecisionDigest;
using tinyfair::testing::Reseal;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();
static_assert(kSignedRampModelSize <= tinyfair::testing::kScratchSize);

// The writer's layout (0x0A 0x40 sig[64] 0x11 id[8] 0x1A len model), located
// here from the sizes alone: the inner model is the file's last bytes.
constexpr size_t kSignatureAt = 2;
constexpr size_t kKeyIdAt = kSignatureAt + 64 + 1;
constexpr size_t kInnerAt = kSignedRampModelSize - kVersionedRampModelSize;
static_assert(kInnerAt > kKeyIdAt + 8);

LoadOptions WithKey(const uint8_t* key, uint32_t minimum_version = 0) {
  LoadOptions options;
  options.public_key = key;
  options.minimum_model_version = minimum_version;
  return options;
}

TEST(SignedLoad, TheInnerModelIsTheVersionedModel) {
  EXPECT_EQ(0, memcmp(kSignedRampModel + kInnerAt, kVersionedRampModel, kVersionedRampModelSize));
  EXPECT_EQ(0x0A, kSignedRampModel[0]);
  EXPECT_EQ(0x40, kSignedRampModel[1]);
  EXPECT_EQ(0x11, kSignedRampModel[kKeyIdAt - 1]);
}

TEST(SignedLoad, ASignedModelDecidesAsTheBareOne) {
  ASSERT_EQ(Status::kOk, g_model.Load(kVersionedRampModel, kVersionedRampModelSize));
  const uint64_t bare = DecisionDigest(g_model);
  uint8_t expected_digest[crypto::kSha256Bytes];
  crypto::Sha256(kVersionedRampModel, kVersionedRampModelSize, expected_digest);
  EXPECT_EQ(0, memcmp(expected_digest, g_model.digest(), sizeof(expected_digest)));
  EXPECT_EQ(3, static_cast<int>(g_model.model_version()));
  g_model.Unload();

  ASSERT_EQ(Status::kOk,
            g_model.Load(kSignedRampModel, kSignedRampModelSize, WithKey(kTestPublicKey, 3)));
  EXPECT_TRUE(DecisionDigest(g_model) == bare);
  EXPECT_EQ(0, memcmp(expected_digest, g_model.digest(), sizeof(expected_digest)));
  // Without a key a signed file loads too (its signature unchecked).
  g_model.Unload();
  ASSERT_EQ(Status::kOk, g_model.Load(kSignedRampModel, kSignedRampModelSize));
  EXPECT_TRUE(DecisionDigest(g_model) == bare);
  // The other key's file verifies under the other key.
  EXPECT_EQ(Status::kOk, g_model.Load(kOtherKeySignedRampModel, kOtherKeySignedRampModelSize,
                                      WithKey(kOtherPublicKey)));
}

TEST(SignedLoad, RefusesAnotherKeyABareModelAndARollback) {
  EXPECT_EQ(Status::kBadSignature,
            g_model.Load(kOtherKeySignedRampModel, kOtherKeySignedRampModelSize,
                         WithKey(kTestPublicKey)));
  EXPECT_EQ(Status::kBadSignature,
            g_model.Load(kSignedRampModel, kSignedRampModelSize, WithKey(kOtherPublicKey)));
  EXPECT_EQ(Status::kUnsignedModel,
            g_model.Load(kVersionedRampModel, kVersionedRampModelSize, WithKey(kTestPublicKey)));
  EXPECT_EQ(Status::kRolledBack,
            g_model.Load(kSignedRampModel, kSignedRampModelSize, WithKey(kTestPublicKey, 4)));
  LoadOptions bare;
  bare.minimum_model_version = 4;
  EXPECT_EQ(Status::kRolledBack, g_model.Load(kVersionedRampModel, kVersionedRampModelSize, bare));
  bare.minimum_model_version = 3;
  EXPECT_EQ(Status::kOk, g_model.Load(kVersionedRampModel, kVersionedRampModelSize, bare));
}

// Every bit on the host; on a board (each verification takes millions of
// emulated instructions) one bit of every byte, a different one per byte.
#if defined(__arm__)
constexpr bool kEveryBit = false;
#else
constexpr bool kEveryBit = true;
#endif

TEST(SignedLoad, EveryFlippedBitIsRefused) {
  int signature_refusals = 0, key_id_refusals = 0, inner_refusals = 0, framing_refusals = 0;
  int flips = 0;
  for (size_t at = 0; at < kSignedRampModelSize; ++at) {
    for (unsigned bit = 0; bit < 8; ++bit) {
      if (!kEveryBit && bit != at % 8) continue;
      memcpy(g_buffer, kSignedRampModel, kSignedRampModelSize);
      g_buffer[at] = static_cast<uint8_t>(g_buffer[at] ^ (1U << bit));
      // Inside the model (past its CRC) the CRC is resealed: the signature
      // alone must catch the flip.
      if (at >= kInnerAt + 5) Reseal(g_buffer + kInnerAt, kVersionedRampModelSize);
      const Status status = g_model.Load(g_buffer, kSignedRampModelSize, WithKey(kTestPublicKey));
      ++flips;
      if (at >= kSignatureAt && at < kSignatureAt + 64) {
        signature_refusals += status == Status::kBadSignature;
      } else if (at >= kKeyIdAt && at < kKeyIdAt + 8) {
        key_id_refusals += status == Status::kBadSignature;
      } else if (at >= kInnerAt) {
        inner_refusals += status == Status::kBadSignature;
      } else {
        // Tags and the length: the file is no longer the writer's layout.
        framing_refusals += status == Status::kMalformed || status == Status::kMissingCrc;
      }
    }
  }
  const int per_byte = kEveryBit ? 8 : 1;
  EXPECT_EQ(64 * per_byte, signature_refusals);
  EXPECT_EQ(8 * per_byte, key_id_refusals);
  EXPECT_EQ(static_cast<int>(kVersionedRampModelSize) * per_byte, inner_refusals);
  EXPECT_EQ(static_cast<int>(kInnerAt - 64 - 8) * per_byte, framing_refusals);
  EXPECT_EQ(static_cast<int>(kSignedRampModelSize) * per_byte, flips);
}

TEST(SignedLoad, ARefusedSignedUpdateKeepsTheModelDeciding) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  const uint64_t decisions = DecisionDigest(g_model);
  uint8_t digest[kModelDigestBytes];
  memcpy(digest, g_model.digest(), sizeof(digest));

  memcpy(g_buffer, kSignedRampModel, kSignedRampModelSize);
  g_buffer[kSignedRampModelSize - 1] ^= 1U;
  Reseal(g_buffer + kInnerAt, kVersionedRampModelSize);
  EXPECT_EQ(Status::kBadSignature,
            g_model.Load(g_buffer, kSignedRampModelSize, WithKey(kTestPublicKey)));
  EXPECT_EQ(Status::kBadSignature,
            g_model.Load(kOtherKeySignedRampModel, kOtherKeySignedRampModelSize,
                         WithKey(kTestPublicKey)));
  EXPECT_EQ(Status::kRolledBack,
            g_model.Load(kSignedRampModel, kSignedRampModelSize, WithKey(kTestPublicKey, 9)));
  EXPECT_EQ(Status::kUnsignedModel,
            g_model.Load(kVersionedRampModel, kVersionedRampModelSize, WithKey(kTestPublicKey)));
  EXPECT_TRUE(g_model.loaded());
  EXPECT_TRUE(g_model.model_hash() == kSmallThresholdModelHash);
  EXPECT_EQ(0, memcmp(digest, g_model.digest(), sizeof(digest)));
  EXPECT_TRUE(DecisionDigest(g_model) == decisions);
}

}  // namespace
