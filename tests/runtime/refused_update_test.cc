// A refused update keeps the working model: after Load() refuses a corrupt,
// unsupported or invalid model, the model loaded before still decides every
// input with the same bits. Runs on the host and on every board.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/decision_digest.h"
#include "tests/runtime/model_bytes.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;
using tinyfair::testing::DecisionDigest;
using tinyfair::testing::RampWidthOffset;
using tinyfair::testing::ReferenceRateOffset;
using tinyfair::testing::Reseal;
using tinyfair::testing::SetFloatBits;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();
static_assert(kSmallRampModelSize <= tinyfair::testing::kScratchSize);

TEST(RefusedUpdate, TheTestLocatesTheRampWidth) {
  const size_t at = RampWidthOffset();
  ASSERT_TRUE(at > 0 && at + 4 <= kSmallRampModelSize);
  // Unchanged, the located copy loads; a width of 0 is refused.
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  EXPECT_EQ(Status::kOk, g_model.Load(g_buffer, kSmallRampModelSize));
  SetFloatBits(g_buffer + at, 0);
  Reseal(g_buffer, kSmallRampModelSize);
  EXPECT_EQ(Status::kInvalidModel, g_model.Load(g_buffer, kSmallRampModelSize));
}

TEST(RefusedUpdate, TheTestLocatesTheReferenceRate) {
  const size_t at = ReferenceRateOffset();
  ASSERT_TRUE(at > 0 && at + 4 <= kSmallRampModelSize);
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  SetFloatBits(g_buffer + at, 0x3F000000U);  // 0.5 loads
  Reseal(g_buffer, kSmallRampModelSize);
  EXPECT_EQ(Status::kOk, g_model.Load(g_buffer, kSmallRampModelSize));
}

TEST(RefusedUpdate, KeepsEveryGoldenModelDecidingTheSameBits) {
  const size_t width = RampWidthOffset();
  ASSERT_TRUE(width > 0 && ReferenceRateOffset() > 0);
  int refusals = 0;
  for (const GoldenModel& golden : kGoldenModels) {
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size));
    const uint64_t hash = g_model.content_hash();
    char id[sizeof(tinyfair_Model{}.model_id)] = {};
    strncpy(id, g_model.model_id(), sizeof(id) - 1);
    const uint64_t digest = DecisionDigest(g_model);

    // Each update is the small ramp model, spoilt one way; each is refused.
    struct Update {
      Status expected;
      void (*spoil)(uint8_t* bytes, size_t& size, size_t width);
    };
    const Update updates[] = {
        {Status::kCrcMismatch,
         [](uint8_t* b, size_t&, size_t) { b[kSmallRampModelSize - 1] ^= 1U; }},
        {Status::kUnsupportedVersion,
         [](uint8_t* b, size_t& size, size_t) {
           b[15] = 2;  // schema_major (layout checked by ModelLoad.UnknownMajorVersion)
           Reseal(b, size);
         }},
        {Status::kInvalidModel,
         [](uint8_t* b, size_t& size, size_t w) {
           SetFloatBits(b + w, 0x7FC00000U);  // a NaN width
           Reseal(b, size);
         }},
        {Status::kInvalidModel,
         [](uint8_t* b, size_t& size, size_t w) {
           SetFloatBits(b + w, 0x00000001U);  // the smallest subnormal width
           Reseal(b, size);
         }},
        {Status::kMalformed,
         [](uint8_t* b, size_t& size, size_t) {
           size = 15;  // cut between the version's tag and its value
           Reseal(b, size);
         }},
        {Status::kMissingCrc, [](uint8_t* b, size_t&, size_t) { b[0] = 0; }},
        {Status::kCrcMismatch,
         [](uint8_t*, size_t& size, size_t) {
           size /= 2;  // cut in half, as a broken transfer leaves it
         }},
        {Status::kInvalidModel,
         [](uint8_t* b, size_t& size, size_t) {
           SetFloatBits(b + ReferenceRateOffset(), 0x3FC00000U);  // a rate of 1.5
           Reseal(b, size);
         }},
    };
    for (const Update& update : updates) {
      memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
      size_t size = kSmallRampModelSize;
      update.spoil(g_buffer, size, width);
      EXPECT_EQ(update.expected, g_model.Load(g_buffer, size));
      EXPECT_TRUE(g_model.loaded());
      EXPECT_TRUE(g_model.content_hash() == hash);
      EXPECT_EQ(0, strcmp(id, g_model.model_id()));
      EXPECT_TRUE(DecisionDigest(g_model) == digest);
      ++refusals;
    }
    EXPECT_EQ(Status::kCapacityExceeded, g_model.Load(kOversizedModel, kOversizedModelSize));
    EXPECT_EQ(Status::kEmptyModel, g_model.Load(nullptr, 0));
    EXPECT_TRUE(g_model.content_hash() == hash);
    EXPECT_TRUE(DecisionDigest(g_model) == digest);
  }
  EXPECT_TRUE(refusals > 0);
}

TEST(RefusedUpdate, ARolledBackOrMisframedUpdateKeepsTheModel) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  const uint64_t digest = DecisionDigest(g_model);
  LoadOptions options;
  options.minimum_model_version = 4;  // the update states version 3
  EXPECT_EQ(Status::kRolledBack,
            g_model.Load(kVersionedRampModel, kVersionedRampModelSize, options));
  EXPECT_EQ(Status::kRolledBack, g_model.Load(kSignedRampModel, kSignedRampModelSize, options));
  // A signed file with a byte after its model is not the writer's layout.
  static_assert(kSignedRampModelSize + 1 <= tinyfair::testing::kScratchSize);
  memcpy(g_buffer, kSignedRampModel, kSignedRampModelSize);
  g_buffer[kSignedRampModelSize] = 0;
  EXPECT_EQ(Status::kMalformed, g_model.Load(g_buffer, kSignedRampModelSize + 1));
  EXPECT_TRUE(g_model.model_hash() == kSmallThresholdModelHash);
  EXPECT_TRUE(DecisionDigest(g_model) == digest);
}

TEST(RefusedUpdate, AnAcceptedUpdateReplacesTheModel) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  const uint64_t threshold_digest = DecisionDigest(g_model);
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  EXPECT_TRUE(g_model.model_hash() == kSmallRampModelHash);
  EXPECT_FALSE(DecisionDigest(g_model) == threshold_digest);
}

TEST(RefusedUpdate, UnloadDropsTheModel) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  g_model.Unload();
  EXPECT_FALSE(g_model.loaded());
  const float values[4] = {1.0f, 0.0f, 0.0f, -3.0f};
  Decision decision;
  EXPECT_EQ(Status::kNotLoaded, g_model.DecideWithDraw(DecisionInput{values, 4, 0}, 0, decision));
  // A refused load leaves an unloaded model unloaded.
  EXPECT_EQ(Status::kCrcMismatch, g_model.Load(kSmallRampModel, kSmallRampModelSize - 1));
  EXPECT_FALSE(g_model.loaded());
}

}  // namespace
