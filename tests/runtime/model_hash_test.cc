// Records name the model by the SHA-256 the device computed of the bytes it
// loaded, never by the content_hash the file states: a crafted file that
// states the audited model's content_hash (CRC made to match) still gets
// records naming its own digest, so its decisions cannot pass as the audited
// model's.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/model_bytes.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/sha256.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

// No globals of its own: the micro:bit's image has no RAM to spare.
static_assert(kSmallRampModelSize <= tinyfair::testing::kScratchSize);

// The first 8 bytes of the SHA-256 of `bytes`, most significant first: the
// first 16 hex digits `sha256sum` prints.
uint64_t Sha256Prefix(const uint8_t* bytes, size_t size) {
  uint8_t digest[crypto::kSha256Bytes];
  crypto::Sha256(bytes, size, digest);
  return (static_cast<uint64_t>(digest[0]) << 56U) | (static_cast<uint64_t>(digest[1]) << 48U) |
         (static_cast<uint64_t>(digest[2]) << 40U) | (static_cast<uint64_t>(digest[3]) << 32U) |
         (static_cast<uint64_t>(digest[4]) << 24U) | (static_cast<uint64_t>(digest[5]) << 16U) |
         (static_cast<uint64_t>(digest[6]) << 8U) | static_cast<uint64_t>(digest[7]);
}

Decision DecideOnce(const Model& model) {
  const float values[4] = {1.0f, 0.0f, 0.0f, 0.5f};
  DecisionInput input;
  input.values = values;
  input.count = 4;
  Pcg32 rng(1, 2);
  Decision decision;
  (void)model.Decide(input, rng, decision);
  return decision;
}

// The offset of the 8 bytes of Model.content_hash (field 2, fixed64: tag
// 0x11) holding `hash`, little-endian; 0 when absent.
size_t ContentHashOffset(const uint8_t* bytes, size_t size, uint64_t hash) {
  uint8_t wire[8];
  for (size_t i = 0; i < 8; ++i) wire[i] = static_cast<uint8_t>(hash >> (8U * i));
  for (size_t at = 1; at + 8 <= size; ++at) {
    if (bytes[at - 1] == 0x11 && memcmp(bytes + at, wire, 8) == 0) return at;
  }
  return 0;
}

TEST(ModelHash, IsTheFirstEightBytesOfTheSealedModelsSha256) {
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  ASSERT_EQ(Status::kOk, model.Load(kSmallRampModel, kSmallRampModelSize));
  const uint64_t expected = Sha256Prefix(kSmallRampModel, kSmallRampModelSize);
  EXPECT_TRUE(model.model_hash() == expected);
  EXPECT_TRUE(DecideOnce(model).model_hash == expected);
  // codegen computed the same name on the host for the generated header.
  EXPECT_TRUE(kSmallRampModelHash == expected);
  EXPECT_TRUE(model.content_hash() != expected);
  model.Unload();
  EXPECT_TRUE(model.model_hash() == 0);
}

TEST(ModelHash, AFileStatingAnotherModelsContentHashIsNamedByItsOwnDigest) {
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  uint8_t* const buffer = tinyfair::testing::Scratch();
  // The audited model: what it states and what its records say.
  ASSERT_EQ(Status::kOk, model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  const uint64_t audited_content_hash = model.content_hash();
  const uint64_t audited_records = DecideOnce(model).model_hash;
  ASSERT_TRUE(audited_records == kSmallThresholdModelHash);

  // Another model made to state the audited model's content_hash.
  ASSERT_EQ(Status::kOk, model.Load(kSmallRampModel, kSmallRampModelSize));
  memcpy(buffer, kSmallRampModel, kSmallRampModelSize);
  const size_t at = ContentHashOffset(buffer, kSmallRampModelSize, model.content_hash());
  ASSERT_TRUE(at != 0);
  for (size_t i = 0; i < 8; ++i)
    buffer[at + i] = static_cast<uint8_t>(audited_content_hash >> (8U * i));
  tinyfair::testing::Reseal(buffer, kSmallRampModelSize);

  ASSERT_EQ(Status::kOk, model.Load(buffer, kSmallRampModelSize));
  EXPECT_TRUE(model.content_hash() == audited_content_hash);  // the claim loads
  const Decision crafted = DecideOnce(model);
  EXPECT_EQ(Status::kOk, crafted.status);
  EXPECT_TRUE(crafted.model_hash == Sha256Prefix(buffer, kSmallRampModelSize));
  EXPECT_TRUE(crafted.model_hash != audited_records);
  EXPECT_TRUE(crafted.model_hash != kSmallRampModelHash);
  model.Unload();
}

}  // namespace
