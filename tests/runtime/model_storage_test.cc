// What a loaded model keeps beyond its bytes: Load() measures the storage a
// model needs before it touches anything, refuses too little with the bytes
// needed, and reads the arrays in place when asked, deciding the same bits
// either way. The two-slot update a firmware does with in-place models runs
// here too. Runs on the host and on every board.
#include <stdint.h>
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
using tinyfair::testing::FirstInputScaleOffset;
using tinyfair::testing::RampWidthOffset;
using tinyfair::testing::Reseal;
using tinyfair::testing::SetFloatBits;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();
uint8_t* const g_buffer = tinyfair::testing::Scratch();

// Two halves of the scratch buffer: the slots a firmware receives updates in.
constexpr size_t kSlotSize = tinyfair::testing::kScratchSize / 2;
static_assert(kSmallThresholdModelSize <= kSlotSize && kSmallRampModelSize <= kSlotSize);

LoadOptions InPlace() {
  LoadOptions options;
  options.in_place = true;
  return options;
}

// Storage for a model with a few arrays, smaller than kMaxModelStorageBytes.
alignas(8) uint8_t g_small_storage[256];

TEST(ModelStorage, EveryGoldenModelFitsTheLargestStorage) {
  for (const GoldenModel& golden : kGoldenModels) {
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size));
    const size_t copied = g_model.storage_needed();
    EXPECT_TRUE(copied > 0 && copied <= kMaxModelStorageBytes);
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size, InPlace()));
    EXPECT_TRUE(g_model.storage_needed() <= copied);
  }
}

TEST(ModelStorage, InPlaceDecidesAsCopiedAlignedOrNot) {
  for (const GoldenModel& golden : kGoldenModels) {
    if (golden.size + 1 > tinyfair::testing::kScratchSize) continue;
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size));
    const uint64_t copied = DecisionDigest(g_model);
    // The golden arrays are aligned as the file lies; one byte on, none is.
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size, InPlace()));
    EXPECT_TRUE(DecisionDigest(g_model) == copied);
    memcpy(g_buffer + 1, golden.bytes, golden.size);
    ASSERT_EQ(Status::kOk, g_model.Load(g_buffer + 1, golden.size, InPlace()));
    EXPECT_TRUE(DecisionDigest(g_model) == copied);
  }
}

// The host lays every float array of a file on a multiple of 4 bytes: a
// file at a 4-aligned address needs the least storage in place, and one
// moved by 1 to 3 bytes (nothing aligned) needs more wherever the file has
// an array read in place.
TEST(ModelStorage, AFileOnAFourByteBoundaryHasItsArraysInPlace) {
  size_t models_with_arrays_in_place = 0;
  // The first 4-aligned byte of the scratch buffer, whose own alignment is 1.
  uint8_t* const boundary = g_buffer + (4 - reinterpret_cast<uintptr_t>(g_buffer) % 4) % 4;
  for (const GoldenModel& golden : kGoldenModels) {
    if (golden.size + 6 > tinyfair::testing::kScratchSize) continue;
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size, InPlace()));  // alignas(8)
    const size_t aligned = g_model.storage_needed();
    for (size_t shift = 1; shift < 4; ++shift) {
      memcpy(boundary + shift, golden.bytes, golden.size);
      ASSERT_EQ(Status::kOk, g_model.Load(boundary + shift, golden.size, InPlace()));
      EXPECT_TRUE(aligned <= g_model.storage_needed());
      if (shift == 1 && aligned < g_model.storage_needed()) ++models_with_arrays_in_place;
    }
  }
  EXPECT_TRUE(models_with_arrays_in_place > 0);
  g_model.Unload();
}

// Whether the scorer's weights are read where they lie in `bytes`.
bool WeightsInBytes(const Model& model, const uint8_t* bytes, size_t size) {
  const auto* weights = reinterpret_cast<const uint8_t*>(model.tables().weights);
  return weights >= bytes && weights < bytes + size;
}

// The writer folds each numeric input's scale into the weights (scale 1),
// so a model's weights are read in place; a file with another scale (an
// older writer's) has them folded into the storage, and decides the same
// either way.
TEST(ModelStorage, WeightsWithTheirScalesFoldedAreReadInPlace) {
  const size_t scale = FirstInputScaleOffset();
  ASSERT_TRUE(scale != 0);
  uint8_t* const bytes = g_buffer + (4 - reinterpret_cast<uintptr_t>(g_buffer) % 4) % 4;
  memcpy(bytes, kSmallRampModel, kSmallRampModelSize);
  ASSERT_EQ(Status::kOk, g_model.Load(bytes, kSmallRampModelSize, InPlace()));
  EXPECT_TRUE(WeightsInBytes(g_model, bytes, kSmallRampModelSize));
  const size_t folded_in_file = g_model.storage_needed();
  ASSERT_EQ(Status::kOk, g_model.Load(bytes, kSmallRampModelSize));
  EXPECT_FALSE(WeightsInBytes(g_model, bytes, kSmallRampModelSize));
  // A scale of 0.5: the weights are folded into the storage, in place too.
  SetFloatBits(bytes + scale, 0x3F000000U);
  Reseal(bytes, kSmallRampModelSize);
  ASSERT_EQ(Status::kOk, g_model.Load(bytes, kSmallRampModelSize));
  const uint64_t copied = DecisionDigest(g_model);
  ASSERT_EQ(Status::kOk, g_model.Load(bytes, kSmallRampModelSize, InPlace()));
  EXPECT_FALSE(WeightsInBytes(g_model, bytes, kSmallRampModelSize));
  EXPECT_EQ(folded_in_file + sizeof(float) * g_model.input_count(), g_model.storage_needed());
  EXPECT_TRUE(DecisionDigest(g_model) == copied);
  g_model.Unload();
}

TEST(ModelStorage, TooLittleStorageIsRefusedWithTheBytesNeeded) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  const size_t threshold_needs = g_model.storage_needed();
  ASSERT_TRUE(threshold_needs <= sizeof(g_small_storage));
  // Exactly the bytes needed are enough; one fewer is not.
  Model short_by_one(g_small_storage, threshold_needs - 1);
  EXPECT_EQ(Status::kStorageTooSmall,
            short_by_one.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  EXPECT_EQ(threshold_needs, short_by_one.storage_needed());
  EXPECT_FALSE(short_by_one.loaded());
  Model model(g_small_storage, threshold_needs);
  ASSERT_EQ(Status::kOk, model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  const uint64_t digest = DecisionDigest(model);
  // A mixture's member weights do not fit: refused, the threshold model kept.
  EXPECT_EQ(Status::kStorageTooSmall, model.Load(kMixtureClassifyModel, kMixtureClassifyModelSize));
  EXPECT_TRUE(model.storage_needed() > threshold_needs);
  EXPECT_TRUE(model.loaded() && model.model_hash() == kSmallThresholdModelHash);
  EXPECT_TRUE(DecisionDigest(model) == digest);
}

TEST(ModelStorage, NoStorageLoadsNothing) {
  Model model(nullptr, 0);
  EXPECT_EQ(Status::kStorageTooSmall, model.Load(kSmallRampModel, kSmallRampModelSize, InPlace()));
  EXPECT_TRUE(model.storage_needed() > 0);
  EXPECT_FALSE(model.loaded());
}

// The firmware's pattern for in-place models: the model decides from one
// slot while an update arrives in the other; a refused update leaves the
// slot in use untouched, and only an accepted one frees the old slot.
TEST(ModelStorage, TwoSlotsKeepTheModelDecidingThroughARefusedUpdate) {
  uint8_t* const slot_a = g_buffer;
  uint8_t* const slot_b = g_buffer + kSlotSize;
  memcpy(slot_a, kSmallThresholdModel, kSmallThresholdModelSize);
  ASSERT_EQ(Status::kOk, g_model.Load(slot_a, kSmallThresholdModelSize, InPlace()));
  const uint64_t threshold_digest = DecisionDigest(g_model);

  // A corrupt update in slot B: refused, slot A still decides.
  memcpy(slot_b, kSmallRampModel, kSmallRampModelSize);
  SetFloatBits(slot_b + RampWidthOffset(), 0);
  Reseal(slot_b, kSmallRampModelSize);
  EXPECT_EQ(Status::kInvalidModel, g_model.Load(slot_b, kSmallRampModelSize, InPlace()));
  EXPECT_TRUE(g_model.model_hash() == kSmallThresholdModelHash);
  EXPECT_TRUE(DecisionDigest(g_model) == threshold_digest);

  // A good update in slot B: accepted; slot A is free to take the next one.
  memcpy(slot_b, kSmallRampModel, kSmallRampModelSize);
  ASSERT_EQ(Status::kOk, g_model.Load(slot_b, kSmallRampModelSize, InPlace()));
  const uint64_t ramp_digest = DecisionDigest(g_model);
  memset(slot_a, 0xA5, kSlotSize);
  EXPECT_TRUE(g_model.model_hash() == kSmallRampModelHash);
  EXPECT_TRUE(DecisionDigest(g_model) == ramp_digest);
  EXPECT_FALSE(ramp_digest == threshold_digest);
}

// The contract in place: Decide reads the bytes, so bytes changed under a
// loaded model change its decisions (which is why the slot must be kept).
// The model lies where its ramp widths are aligned, so that they are read
// in place.
TEST(ModelStorage, InPlaceReadsTheBytesACopyDoesNot) {
  const size_t width = RampWidthOffset();
  uint8_t* const bytes = g_buffer + (4 - width % 4) % 4;
  memcpy(bytes, kSmallRampModel, kSmallRampModelSize);
  ASSERT_EQ(Status::kOk, g_model.Load(bytes, kSmallRampModelSize));
  const uint64_t copied = DecisionDigest(g_model);
  SetFloatBits(bytes + width, 0x40000000U);  // a width of 2
  EXPECT_TRUE(DecisionDigest(g_model) == copied);
  memcpy(bytes, kSmallRampModel, kSmallRampModelSize);
  ASSERT_EQ(Status::kOk, g_model.Load(bytes, kSmallRampModelSize, InPlace()));
  EXPECT_TRUE(DecisionDigest(g_model) == copied);
  SetFloatBits(bytes + width, 0x40000000U);
  EXPECT_FALSE(DecisionDigest(g_model) == copied);
  g_model.Unload();
}

}  // namespace
