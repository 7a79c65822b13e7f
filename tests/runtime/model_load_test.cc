// Load() on untrusted bytes: every malformed model gets a named status and
// leaves the model as it was (refused_update_test.cc checks its decisions);
// nothing crashes.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();
static_assert(kSmallRampModelSize + 2 <= tinyfair::testing::kScratchSize);

void Reseal(uint8_t* bytes, size_t size) {
  const uint32_t crc = Crc32(bytes + 5, size - 5);
  for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<uint8_t>(crc >> (8 * i));
}

TEST(ModelLoad, AcceptsEveryGoldenModel) {
  for (const GoldenModel& golden : kGoldenModels) {
    EXPECT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size));
  }
}

TEST(ModelLoad, AcceptsEveryTestModel) {
  EXPECT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  EXPECT_TRUE(g_model.loaded());
  EXPECT_EQ(4, g_model.input_count());
  EXPECT_EQ(2, g_model.group_count());
  EXPECT_TRUE(g_model.model_hash() == kSmallRampModelHash);
  EXPECT_EQ(0, strcmp("small-ramp", g_model.model_id()));
  EXPECT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  EXPECT_EQ(Status::kOk, g_model.Load(kFallbackModel, kFallbackModelSize));
  EXPECT_EQ(Status::kOk, g_model.Load(kDirectGroupModel, kDirectGroupModelSize));
}

// After a refused load the model loaded before is still loaded.
void ExpectStillTheThresholdModel() {
  EXPECT_TRUE(g_model.loaded());
  EXPECT_TRUE(g_model.model_hash() == kSmallThresholdModelHash);
}

TEST(ModelLoad, EmptyBuffer) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  EXPECT_EQ(Status::kEmptyModel, g_model.Load(kSmallRampModel, 0));
  EXPECT_EQ(Status::kEmptyModel, g_model.Load(nullptr, 10));
  ExpectStillTheThresholdModel();
}

TEST(ModelLoad, TruncatedAtEveryByte) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  for (size_t size = 1; size < kSmallRampModelSize; ++size) {
    const Status status = g_model.Load(kSmallRampModel, size);
    EXPECT_TRUE(status == Status::kMissingCrc || status == Status::kCrcMismatch);
    ExpectStillTheThresholdModel();
  }
}

TEST(ModelLoad, FlippedCrc) {
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  g_buffer[2] ^= 0x01U;
  EXPECT_EQ(Status::kCrcMismatch, g_model.Load(g_buffer, kSmallRampModelSize));
}

TEST(ModelLoad, EveryPayloadBitFlipIsSeen) {
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  for (size_t bit = 5 * 8; bit < kSmallRampModelSize * 8; ++bit) {
    g_buffer[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
    EXPECT_EQ(Status::kCrcMismatch, g_model.Load(g_buffer, kSmallRampModelSize));
    g_buffer[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
  }
}

TEST(ModelLoad, NotAModelFile) {
  const uint8_t text[] = "hello, world";
  EXPECT_EQ(Status::kMissingCrc, g_model.Load(text, sizeof(text)));
}

TEST(ModelLoad, UnknownMajorVersion) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  // Layout: 0x0D crc(4) | 0x11 hash(8) | 0x18 major (varint) ...
  ASSERT_EQ(0x11, g_buffer[5]);
  ASSERT_EQ(0x18, g_buffer[14]);
  ASSERT_EQ(1, g_buffer[15]);
  g_buffer[15] = 2;
  Reseal(g_buffer, kSmallRampModelSize);
  EXPECT_EQ(Status::kUnsupportedVersion, g_model.Load(g_buffer, kSmallRampModelSize));
  ExpectStillTheThresholdModel();
}

TEST(ModelLoad, TooManyInputsForTheCapacity) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  EXPECT_EQ(Status::kCapacityExceeded, g_model.Load(kOversizedModel, kOversizedModelSize));
  ExpectStillTheThresholdModel();
}

TEST(ModelLoad, ResealedGarbageIsMalformed) {
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  // Appended: an input (field 7, length-delimited) whose length runs past
  // the end, under a valid CRC.
  g_buffer[kSmallRampModelSize] = 0x3A;
  g_buffer[kSmallRampModelSize + 1] = 0x7F;
  Reseal(g_buffer, kSmallRampModelSize + 2);
  EXPECT_EQ(Status::kMalformed, g_model.Load(g_buffer, kSmallRampModelSize + 2));
}

TEST(ModelLoad, FailedLoadKeepsTheLoadedModel) {
  EXPECT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  EXPECT_EQ(Status::kCrcMismatch, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize - 1));
  EXPECT_TRUE(g_model.loaded());
  EXPECT_TRUE(g_model.model_hash() == kSmallRampModelHash);
  const float inputs[4] = {1.0f, 0.0f, 0.0f, -3.0f};
  DecisionInput input;
  input.values = inputs;
  input.count = 4;
  Decision decision;
  EXPECT_EQ(Status::kOk, g_model.DecideWithDraw(input, 0, decision));
  EXPECT_TRUE(decision.model_hash == kSmallRampModelHash);
}

}  // namespace
