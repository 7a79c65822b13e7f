// Load with the input layout the firmware was compiled for: a model whose
// columns were swapped when it was retrained is refused with its own status,
// not decided with the inputs in the wrong places.
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

TEST(InputLayout, AcceptsTheLayoutTheFirmwareWasBuiltFor) {
  EXPECT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize,
                                      kSmallThresholdModelInputLayoutHash));
  EXPECT_TRUE(g_model.loaded());
}

TEST(InputLayout, RefusesSwappedColumns) {
  // The same inputs, with x and z trading places (and weights): the layout
  // hashes differ, and Load says why it refuses.
  EXPECT_TRUE(kSwappedColumnsModelInputLayoutHash != kSmallThresholdModelInputLayoutHash);
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize,
                                      kSmallThresholdModelInputLayoutHash));
  EXPECT_EQ(Status::kInputLayoutMismatch,
            g_model.Load(kSwappedColumnsModel, kSwappedColumnsModelSize,
                         kSmallThresholdModelInputLayoutHash));
  // A refused update keeps the model that was loaded.
  EXPECT_TRUE(g_model.loaded());
  EXPECT_TRUE(g_model.model_hash() == kSmallThresholdModelHash);
  EXPECT_EQ(Status::kOk, g_model.Load(kSwappedColumnsModel, kSwappedColumnsModelSize,
                                      kSwappedColumnsModelInputLayoutHash));
}

TEST(InputLayout, AnyLayoutWhenNoneIsGiven) {
  EXPECT_EQ(Status::kOk, g_model.Load(kSwappedColumnsModel, kSwappedColumnsModelSize));
  EXPECT_EQ(Status::kOk,
            g_model.Load(kSwappedColumnsModel, kSwappedColumnsModelSize, kAnyInputLayout));
}

TEST(InputLayout, OtherModelsOfTheSameLayoutAreAccepted) {
  // The ramp, threshold and mixture golden models share the base inputs.
  EXPECT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize,
                                      kSmallThresholdModelInputLayoutHash));
  EXPECT_TRUE(kSmallRampModelInputLayoutHash == kSmallThresholdModelInputLayoutHash);
}

TEST(InputLayout, GeneratedNamesIndexTheInputs) {
  EXPECT_EQ(4, kSmallThresholdModelInputCount);
  EXPECT_EQ(0, SmallThresholdModelInput::kX);
  EXPECT_EQ(1, SmallThresholdModelInput::kColour);
  EXPECT_EQ(2, SmallThresholdModelInput::kSex);
  EXPECT_EQ(3, SmallThresholdModelInput::kZ);
  EXPECT_EQ(2, SmallThresholdModelColourCategory::kBlue);
  EXPECT_EQ(1, SmallThresholdModelSexCategory::kMale);
  EXPECT_EQ(0, SwappedColumnsModelInput::kZ);
  EXPECT_EQ(3, SwappedColumnsModelInput::kX);
}

}  // namespace
