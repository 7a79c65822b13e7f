// Keyed draws: SipHash-2-4 of the counter under the device key, against an
// independent implementation; decisions that record their counter and
// replay with the key; and what another key gives.
#include "tinyfair_runtime/keyed_draws.h"

#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

ModelWithStorage<>& g_model = tinyfair::testing::TestModel();

// The key 00 01 .. 0f, as in the SipHash paper's vectors.
constexpr uint8_t kKey[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
// Another device's key.
constexpr uint8_t kOtherKey[16] = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
                                   0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f};

uint32_t Bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

// Expected draws computed with Debian's python3-nacl, independently of the
// runtime's SipHash:
//   struct.unpack('<Q', nacl.hash.siphash24(struct.pack('<Q', counter),
//       key=bytes(range(16)), encoder=nacl.encoding.RawEncoder))[0] & 0xffffffff
constexpr uint32_t kDrawsFromZero[8] = {0xa07681a7U, 0x85e6d1f6U, 0xfa30eb6dU, 0x0bdc3586U,
                                        0x3d617926U, 0x83961848U, 0xb29def2aU, 0xf7829905U};
constexpr uint64_t kHighCounter = (uint64_t{1} << 32U) + 5U;
constexpr uint32_t kDrawAtHighCounter = 0x2c029e69U;

TEST(KeyedDraws, MatchAnIndependentSipHash) {
  KeyedDraws draws(kKey, 0);
  for (uint64_t i = 0; i < 8; ++i) {
    EXPECT_EQ(i, draws.counter());
    EXPECT_EQ(kDrawsFromZero[i], DrawAt(kKey, i));
    EXPECT_EQ(kDrawsFromZero[i], draws.Next());
  }
  EXPECT_EQ(8U, draws.counter());
  // A counter above 2^32: all eight bytes of the counter are hashed.
  KeyedDraws high(kKey, kHighCounter);
  EXPECT_EQ(kDrawAtHighCounter, high.Next());
  EXPECT_EQ(kHighCounter + 1U, high.counter());
  EXPECT_EQ(kDrawAtHighCounter, DrawAt(kKey, kHighCounter));
}

TEST(KeyedDraws, KeepACopyOfTheKey) {
  uint8_t key[16];
  memcpy(key, kKey, sizeof(key));
  KeyedDraws draws(key, 0);
  memset(key, 0, sizeof(key));
  EXPECT_EQ(kDrawsFromZero[0], draws.Next());
}

// Field `index` of a log line, read as hexadecimal.
uint64_t HexField(const char* line, int index) {
  for (int field = 0; field < index; ++field) line = strchr(line, ',') + 1;
  uint64_t value = 0;
  for (; *line != ',' && *line != '\n'; ++line) {
    value = (value << 4U) | static_cast<uint64_t>(*line <= '9' ? *line - '0' : *line - 'a' + 10);
  }
  return value;
}

// Inputs of the small ramp model: x, colour, sex, z. x = 1 lies in the
// female ramp (0 < p < 1); x = +-100 gives p = 1 and p = 0.
DecisionInput RampInput(float (&values)[4], int i) {
  static constexpr float kX[5] = {1.0f, 1.05f, 0.95f, 100.0f, -100.0f};
  values[0] = kX[i % 5];
  values[1] = 0.0f;
  values[2] = 0.0f;
  values[3] = -3.0f;
  DecisionInput input;
  input.values = values;
  input.count = 4;
  return input;
}

TEST(KeyedDraws, DecisionsRecordTheCounterAndReplayWithTheKey) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  // Above 2^32: every digit of the log's counter column is read back.
  const uint64_t start = kHighCounter;
  KeyedDraws draws(kKey, start);
  for (int i = 0; i < 200; ++i) {
    float values[4];
    const DecisionInput input = RampInput(values, i);
    Decision d, replay;
    ASSERT_EQ(Status::kOk, g_model.Decide(input, draws, d));
    EXPECT_EQ(start + static_cast<uint64_t>(i), d.counter);
    EXPECT_EQ(start + static_cast<uint64_t>(i) + 1U, draws.counter());
    // The auditor: the key and the recorded counter give the draw, and the
    // draw the decision, bit for bit.
    EXPECT_EQ(DrawAt(kKey, d.counter), d.draw);
    ASSERT_EQ(Status::kOk, g_model.DecideWithDraw(input, DrawAt(kKey, d.counter), replay));
    EXPECT_EQ(d.positive, replay.positive);
    EXPECT_EQ(Bits(d.probability), Bits(replay.probability));
    EXPECT_EQ(Bits(d.score), Bits(replay.score));
    EXPECT_EQ(d.group, replay.group);
    EXPECT_EQ(d.model_hash, replay.model_hash);
  }
}

// The auditor holds the key and the log line only: the line's counter
// column gives the draw column, and deciding the input with that draw
// writes the same line.
TEST(KeyedDraws, ALogLinesCounterReplaysWithTheKey) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  KeyedDraws draws(kKey, kHighCounter);
  for (int i = 0; i < 20; ++i) {
    float values[4];
    const DecisionInput input = RampInput(values, i);
    Decision d;
    ASSERT_EQ(Status::kOk, g_model.Decide(input, draws, d));
    char line[kDecisionRecordLineSize];
    ASSERT_EQ(kDecisionRecordLineSize - 1, FormatDecisionRecord(d, line, sizeof(line)));
    const uint64_t counter = HexField(line, 9);  // kDecisionRecordHeader's `counter`
    EXPECT_TRUE(counter == kHighCounter + static_cast<uint64_t>(i));
    EXPECT_TRUE(DrawAt(kKey, counter) == HexField(line, 5));  // `draw`
    Decision replay;
    ASSERT_EQ(Status::kOk, g_model.DecideWithDraw(input, DrawAt(kKey, counter), replay));
    replay.counter = counter;
    char replayed[kDecisionRecordLineSize];
    FormatDecisionRecord(replay, replayed, sizeof(replayed));
    EXPECT_EQ(0, strcmp(line, replayed));
  }
}

TEST(KeyedDraws, ARefusedInputTakesNoCounter) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  KeyedDraws draws(kKey, 41);
  const float bad[4] = {__builtin_nanf(""), 0.0f, 0.0f, -3.0f};
  DecisionInput input;
  input.values = bad;
  input.count = 4;
  Decision d;
  EXPECT_EQ(Status::kNonFiniteInput, g_model.Decide(input, draws, d));
  EXPECT_EQ(41U, draws.counter());
  EXPECT_EQ(0U, d.counter);
  EXPECT_EQ(0U, d.draw);
  // The next decision takes counter 41.
  float values[4];
  EXPECT_EQ(Status::kOk, g_model.Decide(RampInput(values, 0), draws, d));
  EXPECT_EQ(41U, d.counter);
  EXPECT_EQ(DrawAt(kKey, 41), d.draw);
}

TEST(KeyedDraws, NotLoadedTakesNoCounter) {
  g_model.Unload();
  KeyedDraws draws(kKey, 5);
  float values[4];
  Decision d;
  EXPECT_EQ(Status::kNotLoaded, g_model.Decide(RampInput(values, 0), draws, d));
  EXPECT_EQ(5U, draws.counter());
}

// Without the key the draws cannot be derived: the same counters under
// another key give other draws, and other outcomes wherever the draw
// decides (0 < p < 1), never where it does not.
TEST(KeyedDraws, AnotherKeyGivesOtherDrawsAndOutcomes) {
  ASSERT_EQ(Status::kOk, g_model.Load(kSmallRampModel, kSmallRampModelSize));
  KeyedDraws mine(kKey, 0);
  KeyedDraws other(kOtherKey, 0);
  int same_draws = 0, decided_by_draw = 0, differing_outcomes = 0, differing_fixed = 0;
  float p_sum = 0.0f;  // sum of 2p(1-p): the expected number of differing outcomes
  for (int i = 0; i < 10000; ++i) {
    float values[4];
    const DecisionInput input = RampInput(values, i);
    Decision a, b;
    ASSERT_EQ(Status::kOk, g_model.Decide(input, mine, a));
    ASSERT_EQ(Status::kOk, g_model.Decide(input, other, b));
    EXPECT_EQ(a.counter, b.counter);
    EXPECT_EQ(Bits(a.probability), Bits(b.probability));
    if (a.draw == b.draw) ++same_draws;
    const bool random = a.probability > 0.0f && a.probability < 1.0f;
    if (random) {
      ++decided_by_draw;
      p_sum += 2.0f * a.probability * (1.0f - a.probability);
      if (a.positive != b.positive) ++differing_outcomes;
    } else if (a.positive != b.positive) {
      ++differing_fixed;
    }
  }
  EXPECT_EQ(0, same_draws);
  EXPECT_EQ(6000, decided_by_draw);
  EXPECT_EQ(0, differing_fixed);
  // Independent draws: differing outcomes ~ Binomial sum with mean p_sum and
  // variance below p_sum; within 6 standard deviations (6^2 p_sum).
  const float deviation = static_cast<float>(differing_outcomes) - p_sum;
  EXPECT_TRUE(p_sum > 2000.0f);
  EXPECT_TRUE(deviation * deviation < 36.0f * p_sum);
}

// sqrt by Newton's method, for the constant below.
constexpr float Sqrt(float x) {
  float r = x > 1.0f ? x : 1.0f;
  for (int i = 0; i < 40; ++i) r = 0.5f * (r + x / r);
  return r;
}

// The chi-square quantile with k degrees of freedom at the standard normal
// quantile z (Wilson and Hilferty, 1931): k (1 - 2/(9k) + z sqrt(2/(9k)))^3.
constexpr float ChiSquareQuantile(float k, float z) {
  const float a = 2.0f / (9.0f * k);
  const float c = 1.0f - a + z * Sqrt(a);
  return k * c * c * c;
}

// z = 3.0902 is the normal quantile at 0.999: 15 degrees of freedom give
// 37.8 (tables: 37.70) and, at 0.001, 3.39 (tables: 3.48).
constexpr float kChiSquareHigh = ChiSquareQuantile(15.0f, 3.0902f);
constexpr float kChiSquareLow = ChiSquareQuantile(15.0f, -3.0902f);
static_assert(kChiSquareHigh > 37.5f && kChiSquareHigh < 38.0f);
static_assert(kChiSquareLow > 3.3f && kChiSquareLow < 3.5f);

TEST(KeyedDraws, UniformOverSixteenBuckets) {
  // 2^16 draws by their top four bits: 4096 expected in each bucket.
  uint32_t counts[16] = {};
  KeyedDraws draws(kKey, 0);
  for (uint32_t i = 0; i < 65536U; ++i) ++counts[draws.Next() >> 28U];
  float chi_square = 0.0f;
  for (uint32_t count : counts) {
    const float excess = static_cast<float>(count) - 4096.0f;
    chi_square += excess * excess / 4096.0f;
  }
  EXPECT_TRUE(chi_square < kChiSquareHigh);
  EXPECT_TRUE(chi_square > kChiSquareLow);
}

}  // namespace
