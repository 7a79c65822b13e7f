// A runtime that keeps no digest (TINYFAIR_RUNTIME_CFG_DIGEST=0): every
// golden model loads and decides as the full runtime's tables do, and the
// model and its records say that no digest was kept (hash 0, digest zero).
#include <string.h>

#include "golden_tables.h"
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

static_assert(TINYFAIR_RUNTIME_CFG_DIGEST == 0, "built without the digest");

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

bool DigestIsZero(const Model& model) {
  for (size_t i = 0; i < kModelDigestBytes; ++i) {
    if (model.digest()[i] != 0) return false;
  }
  return true;
}

TEST(DigestOff, EveryModelLoadsAndDecidesWithHashZero) {
  int loaded = 0;
  for (size_t m = 0; m < sizeof(kGoldenModels) / sizeof(kGoldenModels[0]); ++m) {
    const GoldenModel& golden = kGoldenModels[m];
    ASSERT_EQ(Status::kOk, g_model.Load(golden.bytes, golden.size));
    ++loaded;
    EXPECT_TRUE(g_model.model_hash() == 0);
    EXPECT_TRUE(DigestIsZero(g_model));
    // The full runtime's tables of this model decide as this Load's do,
    // but for the hash their records carry.
    const float values[4] = {1.0f, 1.0f, 0.0f, -2.0f};
    Decision mine, full;
    const Status a = g_model.DecideWithDraw({values, 4, 0}, 0x9E3779B9U, mine);
    const Status b = Decide(*kGoldenTables[m].tables, {values, 4, 0}, 0x9E3779B9U, full);
    EXPECT_EQ(b, a);
    EXPECT_TRUE(mine.model_hash == 0 && full.model_hash != 0);
    EXPECT_EQ(full.positive, mine.positive);
    EXPECT_TRUE(memcmp(&full.probability, &mine.probability, sizeof(float)) == 0);
  }
  EXPECT_TRUE(loaded >= 10);
}

}  // namespace
