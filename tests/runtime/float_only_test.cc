// A runtime without the integer path (TINYFAIR_RUNTIME_CFG_INTEGER=0): it
// refuses the golden integer models with kMissingFeature, as a runtime
// that predates them does, and loads and decides every other golden model
// as the full runtime's tables do (golden_tables.h).
#include <string.h>

#include "golden_tables.h"
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

static_assert(TINYFAIR_RUNTIME_CFG_INTEGER == 0, "built without the integer path");

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

TEST(FloatOnly, RefusesTheIntegerModelsAndLoadsTheRest) {
  int loaded = 0;
  for (size_t m = 0; m < sizeof(kGoldenModels) / sizeof(kGoldenModels[0]); ++m) {
    const GoldenModel& golden = kGoldenModels[m];
    const bool integer = strncmp(golden.name, "Integer", 7) == 0;
    const Status status = g_model.Load(golden.bytes, golden.size);
    EXPECT_EQ(integer ? Status::kMissingFeature : Status::kOk, status);
    if (integer || status != Status::kOk) continue;
    ++loaded;
    // The full runtime's tables of this model decide as this Load's do.
    const float values[4] = {1.0f, 1.0f, 0.0f, -2.0f};
    Decision mine, full;
    const Status a = g_model.DecideWithDraw({values, 4, 0}, 0x9E3779B9U, mine);
    const Status b = Decide(*kGoldenTables[m].tables, {values, 4, 0}, 0x9E3779B9U, full);
    EXPECT_EQ(b, a);
    EXPECT_EQ(full.positive, mine.positive);
    EXPECT_TRUE(memcmp(&full.probability, &mine.probability, sizeof(float)) == 0);
  }
  EXPECT_TRUE(loaded >= 10);
}

}  // namespace
