// Decide(): scoring, links, rules, groups and every refusal.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/internal/fast_math.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

uint32_t Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

// |a - b| <= tolerance, for the spec's decimal test vectors.
bool Near(float a, float b, float tolerance) { return a - b <= tolerance && b - a <= tolerance; }

// Inputs of the golden models: x, colour, sex, z; z = -3 adds nothing.
Status DecideOne(float x, float colour, float sex, uint32_t draw, Decision& out, float z = -3.0f) {
  const float values[4] = {x, colour, sex, z};
  DecisionInput input;
  input.values = values;
  input.count = 4;
  return g_model.DecideWithDraw(input, draw, out);
}

// The model with margin = m exactly: x = 1 + (m - 0.5 - colour/sex terms) / 3
// is awkward, so tests drive the margin through z (weight -0.75, scale 0.5):
// margin = 0.5 + 0.25 - 0.5 - 0.375 (z + 3) for x = 1, red, female.
float ZForMargin(float margin) { return (0.25f - margin) / 0.375f - 3.0f; }

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
  const float values[4] = {1.1f, 2.0f, 1.0f, -2.0f};
  DecisionInput input;
  input.values = values;
  input.count = 4;
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
  const float bad[4] = {__builtin_nanf(""), 0.0f, 0.0f, -3.0f};
  DecisionInput input;
  input.values = bad;
  input.count = 4;
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
  const float values[3] = {1.0f, 0.0f, 0.0f};
  DecisionInput input;
  input.values = values;
  input.count = 3;
  EXPECT_EQ(Status::kInputCountMismatch, g_model.DecideWithDraw(input, 0, d));
  EXPECT_EQ(Status::kNonFiniteInput, DecideOne(1.0f, 0.0f, 0.0f, 0, d, __builtin_inff()));
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

// Colour lists red, green and '(other)' (term 0): any other whole index
// decides as '(other)'; a non-integral or non-finite one is still refused.
TEST(ModelDecide, OtherCategoryTakesEveryUnlistedWholeIndex) {
  ASSERT_EQ(Status::kOk, g_model.Load(kOtherCategoryModel, kOtherCategoryModelSize));
  Decision listed, unlisted;
  ASSERT_EQ(Status::kOk, DecideOne(1.0f, 2.0f, 0.0f, 0x12345678U, listed));
  const float kUnlisted[] = {3.0f, -1.0f, 1.0e9f, -3.0e38f, 16777216.0f};
  for (const float colour : kUnlisted) {
    ASSERT_EQ(Status::kOk, DecideOne(1.0f, colour, 0.0f, 0x12345678U, unlisted));
    EXPECT_EQ(Bits(listed.score), Bits(unlisted.score));
    EXPECT_EQ(Bits(listed.probability), Bits(unlisted.probability));
    EXPECT_EQ(listed.positive, unlisted.positive);
  }
  // Female: 0.5 - 0.5, plus no term for '(other)' and 0.25 for red.
  EXPECT_EQ(Bits(tinyfair::runtime::internal::SignedLogistic(0.0f)), Bits(listed.score));
  ASSERT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, unlisted));
  EXPECT_EQ(Bits(tinyfair::runtime::internal::SignedLogistic(0.25f)), Bits(unlisted.score));
  const float inf = __builtin_inff();
  const float kNotAnIndex[] = {0.5f, 2.5f, -0.5f, inf, -inf, __builtin_nanf("")};
  for (const float colour : kNotAnIndex) {
    EXPECT_EQ(Status::kUnknownCategory, DecideOne(1.0f, colour, 0.0f, 0, unlisted));
  }
  // The group attribute has no other category: an unknown sex is refused.
  EXPECT_EQ(Status::kUnknownGroup, DecideOne(1.0f, 0.0f, 2.0f, 0, unlisted));
}

TEST(ModelDecide, OtherCategoryOnlyOnACategoricalInputThatFormsNoGroup) {
  EXPECT_EQ(Status::kInvalidModel, g_model.Load(kOtherOnNumericModel, kOtherOnNumericModelSize));
  EXPECT_EQ(Status::kInvalidModel, g_model.Load(kOtherOnGroupModel, kOtherOnGroupModelSize));
}

TEST(ModelDecide, DirectGroup) {
  ASSERT_EQ(Status::kOk, g_model.Load(kDirectGroupModel, kDirectGroupModelSize));
  const float values[4] = {1.0f, 0.0f, 0.0f, -3.0f};
  DecisionInput input;
  input.values = values;
  input.count = 4;
  input.group = 1;
  Decision d;
  EXPECT_EQ(Status::kOk, g_model.DecideWithDraw(input, 0, d));
  EXPECT_EQ(1, d.group);
  input.group = 2;
  EXPECT_EQ(Status::kUnknownGroup, g_model.DecideWithDraw(input, 0, d));
}

TEST(ModelDecide, IntersectionalGroups) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntersectionalModel, kIntersectionalModelSize));
  Decision d;
  // group = colour * 2 + sex.
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 2.0f, 1.0f, 0, d));
  EXPECT_EQ(5, d.group);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 1.0f, 0.0f, 0, d));
  EXPECT_EQ(2, d.group);
  EXPECT_EQ(Status::kUnknownGroup, DecideOne(1.0f, 3.0f, 0.0f, 0, d));
}

TEST(ModelDecide, TwoThresholdRule) {
  ASSERT_EQ(Status::kOk, g_model.Load(kTwoThresholdModel, kTwoThresholdModelSize));
  Decision d;
  // Group 0 (female): p = 0.8 (0.3 [s > 0.4] + 0.7 [s > 0.6]) + 0.2 * 1,
  // s = logistic(margin).
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(0.0f)));  // s = 0.5
  EXPECT_TRUE(Near(0.44f, d.probability, 1e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(2.0f)));  // s = 0.88
  EXPECT_EQ(Bits(1.0f), Bits(d.probability));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(-2.0f)));
  EXPECT_TRUE(Near(0.2f, d.probability, 1e-6f));
  // Group 1 (male): the constant 0.25 whatever the score.
  const float margins[] = {-50.0f, 0.0f, 50.0f};  // Some targets lack <initializer_list>.
  for (float margin : margins) {
    EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 1.0f, 0, d, ZForMargin(margin - 1.0f)));
    EXPECT_EQ(Bits(0.25f), Bits(d.probability));
  }
}

float Logit(float p) { return -__builtin_logf(1.0f / p - 1.0f); }

TEST(ModelDecide, TruncatedLogisticEqualOpportunityMatchesTheSpec) {
  // The spec's test vector TV3 cells: c(1,1) = 1.578947, c(0,1) = -2.105263.
  ASSERT_EQ(Status::kOk, g_model.Load(kTruncatedEoppModel, kTruncatedEoppModelSize));
  Decision d;
  // sex = male (a = 1) adds 0.5 to the margin, female (a = 0) subtracts 0.5.
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 1.0f, 0, d, ZForMargin(Logit(0.8f) - 1.0f)));
  EXPECT_TRUE(Near(0.8f, d.score, 1e-6f));
  EXPECT_TRUE(Near(0.633333f, d.probability, 2e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(Logit(0.45f))));
  EXPECT_TRUE(Near(0.473276f, d.probability, 2e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(Logit(0.8f))));
  EXPECT_TRUE(Near(0.8f, d.probability, 2e-6f));
}

TEST(ModelDecide, TruncatedLogisticDemographicParityCapsAndFloors) {
  // TV1: c(gamma1) = 5/3 caps at 0.6; c(gamma0) = -2.5 floors at 0.6.
  ASSERT_EQ(Status::kOk, g_model.Load(kTruncatedDpModel, kTruncatedDpModelSize));
  Decision d;
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 1.0f, 0, d, ZForMargin(Logit(0.9f) - 1.0f)));
  EXPECT_TRUE(Near(0.6f, d.probability, 1e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 1.0f, 0, d, ZForMargin(Logit(0.3f) - 1.0f)));
  EXPECT_TRUE(Near(0.3f, d.probability, 1e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(Logit(0.1f))));
  EXPECT_TRUE(Near(0.6f, d.probability, 1e-6f));
}

TEST(ModelDecide, MixtureDrawsAMemberByItsProbability) {
  ASSERT_EQ(Status::kOk, g_model.Load(kMixtureClassifyModel, kMixtureClassifyModelSize));
  Decision d;
  // Probabilities 0.5, 0.3, 0.2: bounds at 2^31 and 0.8 * 2^32.
  const uint32_t half = 1U << 31U;
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, half - 1U, d));
  EXPECT_EQ(0, d.member);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, half, d));
  EXPECT_EQ(1, d.member);
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0xFFFFFFFFU, d));
  EXPECT_EQ(2, d.member);
  // The record's probability is the mixture's: a sum of member probabilities.
  const float p = d.probability;
  EXPECT_TRUE(Bits(p) == Bits(0.0f) || Near(p, 0.5f, 1e-6f) || Near(p, 0.3f, 1e-6f) ||
              Near(p, 0.2f, 1e-6f) || Near(p, 0.8f, 1e-6f) || Near(p, 0.7f, 1e-6f) ||
              Near(p, 0.5f, 1e-6f) || Near(p, 1.0f, 1e-6f));
}

TEST(ModelDecide, RegressionGridMidpoints) {
  // Output on [-1, 3], grid of 10 (step 0.4), reported at cell midpoints.
  ASSERT_EQ(Status::kOk, g_model.Load(kRegressionModel, kRegressionModelSize));
  Decision d;
  // Cells [-1, -0.6), [-0.6, -0.2), [-0.2, 0.2), [0.2, 0.6), ...
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(0.0f)));
  EXPECT_TRUE(Near(0.0f, d.value, 1e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(0.45f)));
  EXPECT_TRUE(Near(0.4f, d.value, 1e-6f));
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(-5.0f)));
  EXPECT_TRUE(Near(-0.8f, d.value, 1e-6f));  // clamped to -1, first cell
  EXPECT_EQ(Status::kOk, DecideOne(1.0f, 0.0f, 0.0f, 0, d, ZForMargin(7.0f)));
  EXPECT_TRUE(Near(3.0f, d.value, 1e-6f));  // top: the midpoint is capped at max
  EXPECT_FALSE(d.positive);
}

}  // namespace
