// A runtime built for the ramp rule only (TINYFAIR_RUNTIME_CFG_RULE_KINDS =
// 0x02): it loads and decides ramp models as the full runtime does, and
// refuses every other kind with kUnsupportedRule.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

static_assert(TINYFAIR_RUNTIME_CFG_RULE_KINDS == 0x02, "built for the ramp rule only");

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

// Inputs of the golden models: x, colour, sex, z.
const float kValues[4] = {1.0f, 0.0f, 1.0f, -2.0f};
const DecisionInput kInput{kValues, 4, 0};

bool SameRecord(const Decision& a, const Decision& b) {
  return memcmp(&a.model_hash, &b.model_hash, sizeof(a.model_hash)) == 0 && a.status == b.status &&
         a.group == b.group && memcmp(&a.score, &b.score, sizeof(a.score)) == 0 &&
         memcmp(&a.probability, &b.probability, sizeof(a.probability)) == 0 && a.draw == b.draw &&
         a.positive == b.positive && a.member == b.member &&
         memcmp(&a.value, &b.value, sizeof(a.value)) == 0;
}

TEST(RuleKinds, LoadsTheRampAndRefusesTheOtherKinds) {
  int loaded = 0, refused = 0;
  for (const GoldenModel& golden : kGoldenModels) {
    const bool was_loaded = g_model.loaded();
    const uint64_t hash = g_model.content_hash();
    const Status status = g_model.Load(golden.bytes, golden.size);
    if (status == Status::kOk) {
      EXPECT_TRUE(g_model.tables().rule == RuleKind::kRamp);
      ++loaded;
    } else {
      EXPECT_EQ(Status::kUnsupportedRule, status);
      // Refused: the model loaded before, if any, is kept.
      EXPECT_EQ(was_loaded, g_model.loaded());
      EXPECT_TRUE(g_model.content_hash() == hash);
      ++refused;
    }
  }
  EXPECT_TRUE(loaded > 0);
  EXPECT_TRUE(refused > 0);
}

TEST(RuleKinds, DecidesTheRampThroughTheDispatch) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  const uint32_t draws[] = {0U, 0x40000000U, 0x80000000U, 0xFFFFFFFFU};
  for (const uint32_t draw : draws) {
    Decision dispatched, direct;
    EXPECT_EQ(Status::kOk, g_model.DecideWithDraw(kInput, draw, dispatched));
    EXPECT_EQ(Status::kOk, DecideAs<RuleKind::kRamp>(g_model.tables(), kInput, draw, direct));
    EXPECT_TRUE(SameRecord(dispatched, direct));
  }
}

TEST(RuleKinds, DecideRefusesTablesOfAnotherKind) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  DecisionTables tables = g_model.tables();
  tables.rule = RuleKind::kThreshold;
  Decision out;
  EXPECT_EQ(Status::kUnsupportedRule, Decide(tables, kInput, 0U, out));
  EXPECT_EQ(Status::kUnsupportedRule, out.status);
  EXPECT_FALSE(out.positive);
}

}  // namespace
