// The codegen path (constexpr DecisionTables from `tinyfair codegen
// --tables`) decides exactly as the decoder path, for every golden model.
#include <string.h>

#include "golden_tables.h"
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

// Seeded inputs for the golden models' four inputs, refusals mixed in.
void NextInput(Pcg32& rng, float (&values)[4], uint32_t& group) {
  auto uniform = [&rng] { return static_cast<float>(rng.Next() >> 8U) / 16777216.0f; };
  values[0] = 4.0f * uniform() - 1.0f;
  values[1] = static_cast<float>(static_cast<int>(uniform() * 3.3f));  // sometimes 3: unknown
  values[2] = static_cast<float>(static_cast<int>(uniform() * 2.2f));  // sometimes 2: unknown group
  values[3] = 16.0f * uniform() - 11.0f;
  if (uniform() < 0.05f) values[3] = __builtin_nanf("");
  group = static_cast<uint32_t>(uniform() * 2.5f);
}

TEST(CodegenTables, DecideLikeTheDecoderPath) {
  static_assert(sizeof(kGoldenTables) / sizeof(kGoldenTables[0]) ==
                sizeof(kGoldenModels) / sizeof(kGoldenModels[0]));
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  for (size_t m = 0; m < sizeof(kGoldenModels) / sizeof(kGoldenModels[0]); ++m) {
    ASSERT_EQ(0, strcmp(kGoldenModels[m].name, kGoldenTables[m].name));
    ASSERT_EQ(Status::kOk, model.Load(kGoldenModels[m].bytes, kGoldenModels[m].size));
    Pcg32 inputs(m, 11U);
    for (int i = 0; i < 300; ++i) {
      float values[4];
      DecisionInput input;
      NextInput(inputs, values, input.group);
      input.values = values;
      input.count = 4;
      const uint32_t draw = inputs.Next();
      Decision decoded, generated;
      const Status a = model.DecideWithDraw(input, draw, decoded);
      const Status b = Decide(*kGoldenTables[m].tables, input, draw, generated);
      EXPECT_EQ(static_cast<int>(a), static_cast<int>(b));
      char line_a[kDecisionRecordLineSize], line_b[kDecisionRecordLineSize];
      FormatDecisionRecord(decoded, line_a, sizeof(line_a));
      FormatDecisionRecord(generated, line_b, sizeof(line_b));
      EXPECT_EQ(0, strcmp(line_a, line_b));
    }
  }
}

TEST(CodegenTables, RuleSpecificEntryPointAgrees) {
  // DecideAs<kRamp> is what a generated header calls.
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  ASSERT_EQ(Status::kOk, model.Load(kSmallRampModel, kSmallRampModelSize));
  const float values[4] = {1.2f, 1.0f, 0.0f, -2.0f};
  DecisionInput input;
  input.values = values;
  input.count = 4;
  Decision a, b;
  EXPECT_EQ(Status::kOk, model.DecideWithDraw(input, 12345U, a));
  EXPECT_EQ(Status::kOk, DecideAs<RuleKind::kRamp>(kSmallRampModelTables, input, 12345U, b));
  EXPECT_EQ(static_cast<long long>(a.positive), static_cast<long long>(b.positive));
  uint32_t pa, pb;
  memcpy(&pa, &a.probability, 4);
  memcpy(&pb, &b.probability, 4);
  EXPECT_EQ(pa, pb);
}

}  // namespace
