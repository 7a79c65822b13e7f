// Load() reads the minor version and the features a model requires: a model
// that needs a feature this runtime lacks is refused with its own status; a
// newer minor version that needs nothing new loads, its unknown fields
// skipped; a version cannot claim less than the model uses.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/model_bytes.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;
using tinyfair::testing::Reseal;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();
static_assert(kSmallRampModelSize + 6 <= tinyfair::testing::kScratchSize);

// Field 40 (required_features), wire type 0: the varint key 0xC0 0x02.
constexpr uint8_t kFeaturesKey[] = {0xC0, 0x02};
// Field 45, unknown to every runtime so far, wire type 0.
constexpr uint8_t kUnknownFieldKey[] = {0xE8, 0x02};

// The small ramp model stating schema 1.`minor`, with `extra` appended (a
// field after the others is as valid as one in number order), re-sealed.
size_t RampModel(uint8_t minor, const uint8_t* extra, size_t extra_size) {
  memcpy(g_buffer, kSmallRampModel, kSmallRampModelSize);
  // Layout: 0x0D crc(4) | 0x11 hash(8) | 0x18 major | 0x20 minor ...
  if (g_buffer[16] != 0x20) return 0;
  g_buffer[17] = minor;
  memcpy(g_buffer + kSmallRampModelSize, extra, extra_size);
  const size_t size = kSmallRampModelSize + extra_size;
  Reseal(g_buffer, size);
  return size;
}

size_t WithFeatures(uint8_t minor, uint8_t features) {
  const uint8_t extra[] = {kFeaturesKey[0], kFeaturesKey[1], features};
  return RampModel(minor, extra, sizeof(extra));
}

TEST(RequiredFeatures, AnUnknownFeatureIsRefusedWithItsOwnStatus) {
  ASSERT_TRUE(WithFeatures(2, 0x00) != 0);
  EXPECT_EQ(Status::kOk, g_model.Load(g_buffer, WithFeatures(2, 0x00)));
  // Bits 0 and 1 are known (TWO_THRESHOLD_CONSTANT, INTEGER_SCORER).
  for (uint8_t bit = 2; bit < 7; ++bit) {
    EXPECT_EQ(Status::kMissingFeature,
              g_model.Load(g_buffer, WithFeatures(2, static_cast<uint8_t>(1U << bit))));
    EXPECT_EQ(Status::kMissingFeature,
              g_model.Load(g_buffer, WithFeatures(99, static_cast<uint8_t>(1U << bit))));
  }
  EXPECT_TRUE(StatusName(Status::kMissingFeature)[0] == '\0' ||
              strcmp("missing_feature", StatusName(Status::kMissingFeature)) == 0);
}

TEST(RequiredFeatures, AKnownFeatureLoads) {
  // Bit 0: the two-threshold rule's constant prediction.
  EXPECT_EQ(Status::kOk, g_model.Load(g_buffer, WithFeatures(2, 0x01)));
  EXPECT_EQ(2U, g_model.schema_minor());
}

TEST(RequiredFeatures, ANewerMinorVersionLoadsAndSkipsUnknownFields) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  const uint64_t stated = g_model.content_hash();
  const uint8_t unknown[] = {kUnknownFieldKey[0], kUnknownFieldKey[1], 0x7F};
  ASSERT_EQ(Status::kOk, g_model.Load(g_buffer, RampModel(99, unknown, sizeof(unknown))));
  EXPECT_EQ(99U, g_model.schema_minor());
  EXPECT_TRUE(g_model.content_hash() == stated);
  // Other bytes, so another name in the records than the ramp model's.
  EXPECT_TRUE(g_model.model_hash() != kSmallRampModelHash);
}

TEST(RequiredFeatures, AVersionBeforeFeaturesCannotRequireOne) {
  EXPECT_EQ(Status::kInvalidModel, g_model.Load(g_buffer, WithFeatures(1, 0x01)));
  EXPECT_EQ(Status::kOk, g_model.Load(g_buffer, WithFeatures(1, 0x00)));
  EXPECT_EQ(1U, g_model.schema_minor());
}

TEST(RequiredFeatures, ATwoThresholdConstantMustBeStated) {
  static_assert(kTwoThresholdModelSize <= tinyfair::testing::kScratchSize);
  ASSERT_EQ(Status::kOk, g_model.Load(kTwoThresholdModel, kTwoThresholdModelSize));
  // The exporter writes required_features (field 40, bit 0: 0xC0 0x02 0x01)
  // after the payload's lower fields, followed only by the input layout hash
  // (field 50: 0x91 0x03 and 8 bytes). Without those 3 bytes the model uses
  // `ignore` and does not state it.
  const size_t stated = kTwoThresholdModelSize - 3 - 10;
  ASSERT_TRUE(kTwoThresholdModel[stated] == 0xC0 && kTwoThresholdModel[stated + 1] == 0x02 &&
              kTwoThresholdModel[stated + 2] == 0x01 && kTwoThresholdModel[stated + 3] == 0x91);
  const size_t size = kTwoThresholdModelSize - 3;
  memcpy(g_buffer, kTwoThresholdModel, stated);
  memcpy(g_buffer + stated, kTwoThresholdModel + stated + 3, 10);
  Reseal(g_buffer, size);
  EXPECT_EQ(Status::kInvalidModel, g_model.Load(g_buffer, size));
  // Labelled 1.1, as such models were written before 1.2, it loads.
  ASSERT_EQ(0x20, g_buffer[16]);
  g_buffer[17] = 1;
  Reseal(g_buffer, size);
  EXPECT_EQ(Status::kOk, g_model.Load(g_buffer, size));
}

}  // namespace
