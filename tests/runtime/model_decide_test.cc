// Decide(): scoring, links, rules, groups and every refusal.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tinyfair_runtime/internal/fast_math.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

Model& g_model = tinyfair::testing::TestModel();

uint32_t Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

Status DecideOne(float x, float colour, float sex, uint32_t draw, Decision& out) {
  const float values[3] = {x, colour, sex};
  DecisionInput input;
  input.values = values;
  input.count = 3;
  return g_model.DecideWithDraw(input, draw, out);
}

TEST(ModelDecide, ThresholdRuleOnTheMargin) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallThresholdModel, kSmallThresholdModelSize));
  Decision d;
  // margin = 0.5 + 1.5 * (x - 1) * 2 + colour + sex terms. x = 1, red,
  // female: 0.5 + 0.25 - 0.5 = 0.25 >= 0 (female threshold) -> positive.
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0xFFFFFFFFU, d));
  EXPECT_EQ(Bits(0.25f), Bits(d.score));
  EXPECT_EQ(0, d.group);
  EXPECT_EQ(Bits(1.0f), Bits(d.probability));
  EXPECT_TRUE(d.positive);
  // Male: 0.5 + 0.25 + 0.5 = 1.25 >= 1.0 -> positive; green: 0.75 < 1.
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 1.0f, 0, d));
  EXPECT_EQ(Bits(1.25f), Bits(d.score));
  EXPECT_TRUE(d.positive);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 1.0f, 1.0f, 0, d));
  EXPECT_EQ(Bits(0.75f), Bits(d.score));
  EXPECT_FALSE(d.positive);
  EXPECT_EQ(kSmallThresholdModelHash == d.model_hash, true);
}

TEST(ModelDecide, RampProbabilityAndDraw) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  Decision d;
  // margin 0.25 (female, red, x = 1); f = tanh(0.125); female ramp t = -0.25,
  // width 0.5: h = (f + 0.25) / 0.5.
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d));
  const float f = tinyfair::runtime::internal::SignedLogistic(0.25f);
  EXPECT_EQ(Bits(f), Bits(d.score));
  EXPECT_EQ(Bits((f - -0.25f) / 0.5f), Bits(d.probability));
  EXPECT_TRUE(d.probability > 0.6f && d.probability < 0.8f);
  // The draw decides: just below the bound is positive, at it is not.
  const uint64_t bound = PositiveDrawBound(d.probability);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, static_cast<uint32_t>(bound - 1), d));
  EXPECT_TRUE(d.positive);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, static_cast<uint32_t>(bound), d));
  EXPECT_FALSE(d.positive);
  // Far above the band: probability 1; far below: 0.
  EXPECT_EQ(Status::kOk, DecideOne(100.0f, 0.0f, 0.0f, 0xFFFFFFFFU, d));
  EXPECT_EQ(Bits(1.0f), Bits(d.probability));
  EXPECT_TRUE(d.positive);
  EXPECT_EQ(Status::kOk, DecideOne(-100.0f, 0.0f, 0.0f, 0, d));
  EXPECT_EQ(Bits(0.0f), Bits(d.probability));
  EXPECT_FALSE(d.positive);
}

TEST(ModelDecide, RngDecisionsReplayWithTheirDraw) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  Pcg32 rng(7U, 1U);
  Pcg32 shadow(7U, 1U);
  const float values[3] = {1.1f, 2.0f, 1.0f};
  DecisionInput input;
  input.values = values;
  input.count = 3;
  for (int i = 0; i < 200; ++i) {
    Decision d, replay;
    EXPECT_EQ(Status::kOk, g_model.Decide(input, rng, d));
    EXPECT_EQ(shadow.Next(), d.draw);
    EXPECT_EQ(Status::kOk, g_model.DecideWithDraw(input, d.draw, replay));
    EXPECT_EQ(d.positive, replay.positive);
    EXPECT_EQ(Bits(d.probability), Bits(replay.probability));
  }
}

TEST(ModelDecide, RefusedInputsKeepTheDrawStream) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  Pcg32 rng(1U, 2U);
  const float bad[3] = {__builtin_nanf(""), 0.0f, 0.0f};
  DecisionInput input;
  input.values = bad;
  input.count = 3;
  Decision d;
  EXPECT_EQ(Status::kNonFiniteInput, g_model.Decide(input, rng, d));
  Pcg32 fresh(1U, 2U);
  EXPECT_EQ(fresh.Next(), rng.Next());
}

TEST(ModelDecide, Refusals) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  Decision d;
  const float inf = __builtin_inff();
  EXPECT_EQ(Status::kNonFiniteInput, DecideOne(__builtin_nanf(""), 0.0f, 0.0f, 0, d));
  EXPECT_EQ(Status::kNonFiniteInput, DecideOne(inf, 0.0f, 0.0f, 0, d));
  EXPECT_EQ(Status::kNonFiniteInput, DecideOne(-inf, 0.0f, 0.0f, 0, d));
  EXPECT_EQ(Status::kNonFiniteInput, d.status);
  EXPECT_FALSE(d.positive);
  EXPECT_EQ(Status::kScoreOverflow, DecideOne(3.0e38f, 0.0f, 0.0f, 0, d));
  EXPECT_EQ(Status::kUnknownCategory, DecideOne(1.0f, 3.0f, 0.0f, 0, d));
  EXPECT_EQ(Status::kUnknownCategory, DecideOne(1.0f, 0.5f, 0.0f, 0, d));
  EXPECT_EQ(Status::kUnknownCategory, DecideOne(1.0f, -1.0f, 0.0f, 0, d));
  EXPECT_EQ(Status::kUnknownCategory, DecideOne(1.0f, __builtin_nanf(""), 0.0f, 0, d));
  EXPECT_EQ(Status::kUnknownGroup, DecideOne(1.0f, 0.0f, 2.0f, 0, d));
  EXPECT_EQ(Status::kUnknownGroup, DecideOne(1.0f, 0.0f, __builtin_nanf(""), 0, d));
  const float values[2] = {1.0f, 0.0f};
  DecisionInput input;
  input.values = values;
  input.count = 2;
  EXPECT_EQ(Status::kInputCountMismatch, g_model.DecideWithDraw(input, 0, d));
}

TEST(ModelDecide, FallbackGroup) {
  ASSERT_EQ(Status::kOk, g_model.Load(kFallbackModel, kFallbackModelSize));
  Decision d, male;
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 7.0f, 0, d));
  EXPECT_EQ(1, d.group);
  // The unknown attribute adds no category term: margin 0.5 + 0.25.
  EXPECT_EQ(Bits(tinyfair::runtime::internal::SignedLogistic(0.75f)), Bits(d.score));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, __builtin_nanf(""), 0, d));
  EXPECT_EQ(1, d.group);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 1.0f, 0, male));
  EXPECT_EQ(1, male.group);
}

TEST(ModelDecide, DirectGroup) {
  ASSERT_EQ(Status::kOk, g_model.Load(kDirectGroupModel, kDirectGroupModelSize));
  const float values[3] = {1.0f, 0.0f, 0.0f};
  DecisionInput input;
  input.values = values;
  input.count = 3;
  input.group = 1;
  Decision d;
  EXPECT_EQ(Status::kOk, g_model.DecideWithDraw(input, 0, d));
  EXPECT_EQ(1, d.group);
  input.group = 2;
  EXPECT_EQ(Status::kUnknownGroup, g_model.DecideWithDraw(input, 0, d));
}

}  // namespace
