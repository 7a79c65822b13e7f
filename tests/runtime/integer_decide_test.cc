// The integer path (integer_decide.h): the golden integer models decide by
// integer arithmetic as the schema states it, float callers get the same
// records through QuantiseInputs, and the quantised model stays close to
// the float model it was made from. Runs on the host and on every board.
#include "tinyfair_runtime/integer_decide.h"

#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/integer_quantise.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

// The golden integer models (tests/golden/make_golden_models.cc): inputs x,
// colour, sex, z; x and z enter as round(v * 2^12); the margin has 16
// fraction bits: M = -237568 + 48 qx - 6 qz + category terms (2^14 per 0.25).
constexpr int32_t kBias = -237568;
constexpr int32_t kCategoryTerm[5] = {16384, -16384, 0, -32768, 32768};

int32_t ExpectedMargin(int16_t qx, int16_t colour, int16_t sex, int16_t qz) {
  return kBias + 48 * qx - 6 * qz + kCategoryTerm[colour] + kCategoryTerm[3 + sex];
}

Status DecideInts(int16_t qx, int16_t colour, int16_t sex, int16_t qz, uint32_t draw,
                  Decision& out) {
  const int16_t values[4] = {qx, colour, sex, qz};
  return DecideInteger(g_model.tables(), IntegerInput{values, 4, 0}, draw, out);
}

uint32_t Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

TEST(IntegerDecide, ThresholdComparesTheIntegerMargin) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerThresholdModel, kIntegerThresholdModelSize));
  ASSERT_TRUE(g_model.tables().integer != nullptr);
  // Group 0 (female): positive iff M >= 0. Red, female, qx = 5291:
  // M = 16 - 6 qz, which crosses 0 as qz runs from -8 to 8.
  for (int16_t qz = -8; qz <= 8; ++qz) {
    Decision d;
    ASSERT_EQ(Status::kOk, DecideInts(5291, 0, 0, qz, 0xFFFFFFFFU, d));
    const int32_t margin = ExpectedMargin(5291, 0, 0, qz);
    EXPECT_EQ(margin >= 0, d.positive);
    EXPECT_EQ(margin >= 0 ? 0x3F800000U : 0U, Bits(d.probability));
    // The record's score is M * 2^-16, exact for |M| < 2^24.
    EXPECT_EQ(Bits(static_cast<float>(margin) / 65536.0f), Bits(d.score));
    EXPECT_EQ(0U, d.group);
  }
}

// P(M) as the schema defines it: 0 below the start, the last knot beyond
// eight segments, else knot j plus the rise times the offset within the
// segment over its length, rounded down; then at most 1.
uint32_t SchemaRampProbability(const IntegerTables& s, uint32_t g, int32_t margin) {
  const int64_t offset = static_cast<int64_t>(margin) - s.ramp_start[g];
  if (offset < 0) return 0;
  const int64_t length = int64_t{1} << s.ramp_shift[g];
  const int64_t j = offset / length;
  const uint16_t* knot = s.ramp_probability + g * 9;
  if (j >= 8) return knot[8] < 32768 ? knot[8] : 32768;
  const int64_t rise = static_cast<int64_t>(knot[j + 1]) - knot[j];
  const int64_t within = offset - j * length;
  const int64_t numerator = rise * within;
  const int64_t step = numerator >= 0 ? numerator / length : -((-numerator + length - 1) / length);
  const int64_t probability = knot[j] + step;
  return static_cast<uint32_t>(probability < 32768 ? probability : 32768);
}

TEST(IntegerDecide, RampFollowsItsKnotsAndTheDrawDecides) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
  const IntegerTables& s = *g_model.tables().integer;
  for (uint32_t g = 0; g < 2; ++g) {
    uint32_t inside = 0;
    // qx from well below group g's ramp to beyond its end, in odd steps.
    for (int32_t qx = 3000; qx <= 7000; qx += 7) {
      const int16_t sex = static_cast<int16_t>(g);
      const int32_t margin = ExpectedMargin(static_cast<int16_t>(qx), 1, sex, 0);
      const uint32_t expected = SchemaRampProbability(s, g, margin);
      if (expected > 0 && expected < 32768) ++inside;
      Decision d;
      ASSERT_EQ(Status::kOk, DecideInts(static_cast<int16_t>(qx), 1, sex, 0, 0, d));
      EXPECT_EQ(g, d.group);
      EXPECT_EQ(Bits(static_cast<float>(expected) / 32768.0f), Bits(d.probability));
      // draw < p * 2^32 exactly: one below the bound is positive, the bound is not.
      const uint64_t bound = static_cast<uint64_t>(expected) << 17U;
      Decision edge;
      if (bound > 0) {
        ASSERT_EQ(Status::kOk, DecideInts(static_cast<int16_t>(qx), 1, sex, 0,
                                          static_cast<uint32_t>(bound - 1U), edge));
        EXPECT_TRUE(edge.positive);
      }
      if (bound <= 0xFFFFFFFFULL) {
        ASSERT_EQ(Status::kOk, DecideInts(static_cast<int16_t>(qx), 1, sex, 0,
                                          static_cast<uint32_t>(bound), edge));
        EXPECT_FALSE(edge.positive);
      }
    }
    // The sweep crossed the ramp, not only its flat ends.
    EXPECT_TRUE(inside > 20);
  }
}

// The float nearest below |margin| * 2^-fraction_bits in magnitude: the
// margin's top 24 bits, scaled by halving or doubling (exact while normal).
float TruncatedScore(int32_t margin, int32_t fraction_bits) {
  int64_t magnitude = margin < 0 ? -static_cast<int64_t>(margin) : margin;
  int32_t exponent = -fraction_bits;
  while (magnitude >= (int64_t{1} << 24)) {
    magnitude >>= 1;
    ++exponent;
  }
  float value = static_cast<float>(magnitude);
  for (; exponent > 0; --exponent) value *= 2.0f;
  for (; exponent < 0; ++exponent) value *= 0.5f;
  return margin < 0 ? -value : value;
}

TEST(IntegerDecide, ScoreKeepsTheTopTwentyFourBitsOfLargeMargins) {
  // Tables made by hand: weights 32767, 32767 and 1, whose magnitudes sum
  // below 2^16 as Load() requires, so that the margin spans nearly all of
  // int32 (the golden models' stay below 2^24, where the score is exact);
  // threshold 0, one group.
  static const int16_t kWeights[3] = {32767, 32767, 1};
  static const int32_t kThreshold[1] = {0};
  DecisionTables t;
  t.input_count = 3;
  t.group_count = 1;
  t.group_form = GroupForm::kDirect;
  t.rule = RuleKind::kThreshold;
  IntegerTables integer;
  integer.weights = kWeights;
  integer.threshold = kThreshold;
  t.integer = &integer;
  const int16_t values[][3] = {{32767, 32767, 32767},
                               {-32768, -32768, -32768},
                               {32767, -32768, 5},
                               {12345, -32001, 7},
                               {513, 511, 1},
                               {-513, -511, -32768},
                               {256, 0, 1},
                               {257, 0, 0},
                               {1, 0, 0},
                               {0, 0, 0},
                               {-1, 0, 0},
                               {32767, 512, 3},
                               {-30000, 29999, 1},
                               {-20000, -12345, 32767}};
  const uint8_t fraction_bits[] = {0, 7, 16, 30};
  uint32_t beyond_24_bits = 0;
  for (const uint8_t bits : fraction_bits) {
    integer.fraction_bits = bits;
    for (const auto& v : values) {
      const int32_t margin = 32767 * v[0] + 32767 * v[1] + v[2];
      if (margin >= (1 << 24) || margin <= -(1 << 24)) ++beyond_24_bits;
      Decision d;
      ASSERT_EQ(Status::kOk, DecideInteger(t, IntegerInput{v, 3, 0}, 0x7FFFFFFFU, d));
      EXPECT_EQ(Bits(TruncatedScore(margin, bits)), Bits(d.score));
      EXPECT_EQ(margin >= 0 ? 0x3F800000U : 0U, Bits(d.probability));
      EXPECT_EQ(margin >= 0, d.positive);
    }
  }
  // Most margins have more than 24 significant bits: the truncation ran.
  EXPECT_TRUE(beyond_24_bits >= 7 * 4);
}

TEST(IntegerDecide, FloatCallersGetTheQuantisedDecision) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
  const float rows[][4] = {{0.3f, 1, 0, -2.5f},
                           {1.7f, 2, 1, 0.75f},
                           {-0.49f, 0, 1, -6.9f},
                           {1.00012207f, 1, 0, -3.0f},
                           {2.0e6f, 0, 0, -2.0e6f}};
  for (const auto& row : rows) {
    int16_t q[4];
    ASSERT_EQ(Status::kOk, QuantiseInputs(g_model.tables(), row, 4, q));
    // round(v * 4096), halves away from zero, saturated.
    const int numeric[2] = {0, 3};
    for (int i : numeric) {
      const float scaled = row[i] * 4096.0f;
      const float expected = scaled >= 32767.0f    ? 32767.0f
                             : scaled <= -32768.0f ? -32768.0f
                             : scaled < 0
                                 ? -static_cast<float>(static_cast<int32_t>(-scaled + 0.5f))
                                 : static_cast<float>(static_cast<int32_t>(scaled + 0.5f));
      EXPECT_EQ(static_cast<int32_t>(expected), q[i]);
    }
    Decision by_floats, by_ints;
    const DecisionInput input{row, 4, 0};
    ASSERT_EQ(Status::kOk, g_model.DecideWithDraw(input, 0x80000000U, by_floats));
    ASSERT_EQ(Status::kOk,
              DecideInteger(g_model.tables(), IntegerInput{q, 4, 0}, 0x80000000U, by_ints));
    EXPECT_EQ(Bits(by_ints.probability), Bits(by_floats.probability));
    EXPECT_EQ(Bits(by_ints.score), Bits(by_floats.score));
    EXPECT_EQ(by_ints.positive, by_floats.positive);
    EXPECT_EQ(by_ints.group, by_floats.group);
  }
}

TEST(IntegerDecide, CloseToTheFloatModelItQuantises) {
  // The float ramp model with the same scorer and rule: the integer one's
  // probability is within 0.01 of it over a grid of inputs (quantisation
  // of x and z by 2^-12 and the ramp's eight linear segments).
  float worst = 0.0f;
  for (int k = 0; k < 40; ++k) {
    const float row[4] = {0.05f * static_cast<float>(k), static_cast<float>(k % 3),
                          static_cast<float>(k % 2), -7.0f + 0.2f * static_cast<float>(k)};
    const DecisionInput input{row, 4, 0};
    Decision by_float, by_integer;
    ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
    ASSERT_EQ(Status::kOk, g_model.DecideWithDraw(input, 0, by_float));
    ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
    ASSERT_EQ(Status::kOk, g_model.DecideWithDraw(input, 0, by_integer));
    const float difference = by_float.probability - by_integer.probability;
    const float magnitude = difference < 0 ? -difference : difference;
    if (magnitude > worst) worst = magnitude;
  }
  EXPECT_TRUE(worst <= 0.01f);
}

TEST(IntegerDecide, RefusesAsTheFloatPathDoes) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
  Decision d;
  EXPECT_EQ(Status::kUnknownCategory, DecideInts(0, 3, 0, 0, 0, d));
  EXPECT_EQ(Status::kUnknownGroup, DecideInts(0, 0, 2, 0, 0, d));
  EXPECT_EQ(Status::kUnknownGroup, DecideInts(0, 0, -1, 0, 0, d));
  const int16_t three[3] = {0, 0, 0};
  EXPECT_EQ(Status::kInputCountMismatch,
            DecideInteger(g_model.tables(), IntegerInput{three, 3, 0}, 0, d));
  const float nan_x[4] = {__builtin_nanf(""), 0, 0, 0};
  EXPECT_EQ(Status::kNonFiniteInput, g_model.DecideWithDraw(DecisionInput{nan_x, 4, 0}, 0, d));
  // A float model has no integer scorer to decide by.
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  EXPECT_EQ(Status::kUnsupportedRule, DecideInts(0, 0, 0, 0, 0, d));
}

TEST(IntegerDecide, PcgDrawsAdvanceOnlyForDecisions) {
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
  Pcg32 rng(42, 7), reference(42, 7);
  const int16_t unknown[4] = {0, 0, 5, 0};
  const int16_t known[4] = {100, 1, 1, -100};
  Decision d;
  EXPECT_EQ(Status::kUnknownGroup,
            DecideInteger(g_model.tables(), IntegerInput{unknown, 4, 0}, rng, d));
  ASSERT_EQ(Status::kOk, DecideInteger(g_model.tables(), IntegerInput{known, 4, 0}, rng, d));
  EXPECT_EQ(reference.Next(), d.draw);
  EXPECT_EQ(reference.Next(), rng.Next());
}

// A Model decides integer models only once it accepts them, so that a
// firmware that never does links none of the integer path; the test model
// accepts them (test_storage.cc), this one starts without.
TEST(IntegerDecide, AModelAcceptsIntegerModelsOnlyWhenTold) {
  Model model(tinyfair::testing::Scratch(), tinyfair::testing::kScratchSize);
  EXPECT_EQ(Status::kMissingFeature, model.LoadInPlace(kIntegerRampModel, kIntegerRampModelSize));
  EXPECT_FALSE(model.loaded());
  ASSERT_EQ(Status::kOk, model.LoadInPlace(kSmallRampModel, kSmallRampModelSize));
  EXPECT_EQ(Status::kMissingFeature, model.LoadInPlace(kIntegerRampModel, kIntegerRampModelSize));
  // The refused load left the float model deciding.
  EXPECT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  EXPECT_EQ(g_model.model_hash(), model.model_hash());
  model.AcceptIntegerModels();
  ASSERT_EQ(Status::kOk, model.LoadInPlace(kIntegerRampModel, kIntegerRampModelSize));
  ASSERT_EQ(Status::kOk, g_model.Load(kIntegerRampModel, kIntegerRampModelSize));
  ASSERT_TRUE(model.tables().integer != nullptr);
  const float values[4] = {1.25f, 2.0f, 1.0f, -0.5f};
  constexpr uint32_t kDraws[] = {0U, 0x40000000U, 0x9E3779B9U, 0xFFFFFFFFU};
  for (uint32_t draw : kDraws) {
    Decision accepted, reference;
    EXPECT_EQ(g_model.DecideWithDraw({values, 4, 0}, draw, reference),
              model.DecideWithDraw({values, 4, 0}, draw, accepted));
    EXPECT_EQ(Bits(reference.probability), Bits(accepted.probability));
    EXPECT_EQ(reference.positive, accepted.positive);
  }
}

}  // namespace
