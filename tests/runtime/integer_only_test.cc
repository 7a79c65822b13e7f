// A runtime for integer models only (TINYFAIR_RUNTIME_CFG_FLOAT=0): it loads
// the golden integer models and decides them as the full runtime's tables
// do (golden_tables.h, written from the full runtime's Load), and refuses
// every float model and every float input with kUnsupportedRule.
#include <string.h>

#include "golden_tables.h"
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/model.h"

static_assert(TINYFAIR_RUNTIME_CFG_FLOAT == 0, "built for integer models only");

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

bool SameRecord(const Decision& a, const Decision& b) {
  return a.model_hash == b.model_hash && a.status == b.status && a.group == b.group &&
         memcmp(&a.score, &b.score, sizeof(a.score)) == 0 &&
         memcmp(&a.probability, &b.probability, sizeof(a.probability)) == 0 && a.draw == b.draw &&
         a.positive == b.positive;
}

TEST(IntegerOnly, RefusesEveryFloatModel) {
  int refused = 0;
  for (const GoldenModel& golden : kGoldenModels) {
    const Status status = g_model.Load(golden.bytes, golden.size);
    const bool integer = strncmp(golden.name, "Integer", 7) == 0;
    EXPECT_EQ(integer ? Status::kOk : Status::kUnsupportedRule, status);
    if (!integer) ++refused;
  }
  EXPECT_TRUE(refused >= 10);
}

TEST(IntegerOnly, DecidesAsTheFullRuntimesTables) {
  const DecisionTables* full[] = {&kIntegerThresholdModelTables, &kIntegerRampModelTables};
  const GoldenModel models[] = {{"", kIntegerThresholdModel, kIntegerThresholdModelSize},
                                {"", kIntegerRampModel, kIntegerRampModelSize}};
  for (int m = 0; m < 2; ++m) {
    ASSERT_EQ(Status::kOk, g_model.Load(models[m].bytes, models[m].size));
    Pcg32 rng(7, 9);
    for (int32_t k = 0; k < 400; ++k) {
      const int16_t values[4] = {static_cast<int16_t>(2000 + 13 * k), static_cast<int16_t>(k % 4),
                                 static_cast<int16_t>(k % 3), static_cast<int16_t>(-9000 + 41 * k)};
      const uint32_t draw = rng.Next();
      Decision loaded, tables;
      const Status a = DecideInteger(g_model.tables(), {values, 4, 0}, draw, loaded);
      const Status b = DecideInteger(*full[m], {values, 4, 0}, draw, tables);
      EXPECT_EQ(a, b);
      EXPECT_TRUE(SameRecord(loaded, tables));
    }
  }
}

// A build for integer models only accepts them without being told: it has
// no other path to decide by.
TEST(IntegerOnly, AcceptsIntegerModelsUntold) {
  Model model(tinyfair::testing::Scratch(), tinyfair::testing::kScratchSize);
  EXPECT_EQ(Status::kOk, model.LoadInPlace(kIntegerRampModel, kIntegerRampModelSize));
}

TEST(IntegerOnly, RefusesFloatInputs) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
  const float values[4] = {1.0f, 0.0f, 1.0f, -2.0f};
  Decision d;
  EXPECT_EQ(Status::kUnsupportedRule, g_model.DecideWithDraw({values, 4, 0}, 0, d));
  EXPECT_EQ(g_model.model_hash(), d.model_hash);
  EXPECT_FALSE(d.positive);
}

}  // namespace
