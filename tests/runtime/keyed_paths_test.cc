// Keyed draws on every path the PCG32 draw has decide as Model::Decide with
// KeyedDraws from the same key and counter, record for record (counters
// included) and with the same counter afterwards, refused inputs (which take
// no draw) mixed in:
//  - the keyed Decide<Name> of a generated tables header (`tinyfair codegen
//    --tables`, the demo model's);
//  - the C API's keyed draws (tinyfair_keyed_draws and the tables path's
//    DecideTablesKeyedForC, which tinyfair_model_decide_keyed mirrors;
//    tests/host/c_tables_test.c compares the two), the counter carried in
//    the C record and the state.
#include <string.h>

#include "demo_model.h"
#include "demo_model_tables.h"
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/c_tables.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

constexpr uint8_t kKey[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
constexpr uint8_t kCodegenKey[16] = {0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
                                     0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};

// Seeded demo inputs (test score, experience, rating, region, group); an
// unknown region or group and a NaN score now and then, which are refused.
void NextDemoInput(Pcg32& rng, float (&values)[5]) {
  auto uniform = [&rng] { return static_cast<float>(rng.Next() >> 8U) / 16777216.0f; };
  values[0] = 40.0f + 40.0f * uniform();
  values[1] = 10.0f * uniform();
  values[2] = 2.0f * uniform();
  values[3] = static_cast<float>(static_cast<int>(uniform() * 4.2f));
  values[4] = static_cast<float>(static_cast<int>(uniform() * 2.1f));
  if (uniform() < 0.05f) values[0] = __builtin_nanf("");
}

TEST(CodegenKeyed, GeneratedKeyedDecideEqualsModelDecide) {
  static_assert(kDemoModelInputCount == 5);
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  ASSERT_EQ(Status::kOk, model.Load(kDemoModel, kDemoModelSize));
  KeyedDraws by_model(kCodegenKey, 1000), by_header(kCodegenKey, 1000);
  Pcg32 inputs(5, 17);
  int decided = 0, refused = 0;
  for (int i = 0; i < 200; ++i) {
    float values[5];
    NextDemoInput(inputs, values);
    DecisionInput input;
    input.values = values;
    input.count = 5;
    Decision a, b;
    const Status sa = model.Decide(input, by_model, a);
    const Status sb = DecideDemoTables(input, by_header, b);
    EXPECT_EQ(static_cast<int>(sa), static_cast<int>(sb));
    char line_a[kDecisionRecordLineSize], line_b[kDecisionRecordLineSize];
    FormatDecisionRecord(a, line_a, sizeof(line_a));
    FormatDecisionRecord(b, line_b, sizeof(line_b));
    EXPECT_EQ(0, strcmp(line_a, line_b));
    EXPECT_TRUE(by_model.counter() == by_header.counter());
    if (IsOk(sa)) {
      EXPECT_TRUE(a.counter == by_model.counter() - 1);
      ++decided;
    } else {
      ++refused;
    }
  }
  EXPECT_TRUE(by_model.counter() == 1000U + static_cast<uint64_t>(decided));
  EXPECT_TRUE(decided > 100);
  EXPECT_TRUE(refused > 0);
  model.Unload();
}

TEST(CApiKeyed, TablesKeyedDecideEqualsTheCppOne) {
  ModelWithStorage<>& model = tinyfair::testing::TestModel();
  ASSERT_EQ(Status::kOk, model.Load(kSmallRampModel, kSmallRampModelSize));
  KeyedDraws cpp(kKey, 41);
  tinyfair_keyed_draws c;
  tinyfair_keyed_draws_init(&c, kKey, 41);
  // Rows 2 and 5 are refused (a NaN input): they take no draw.
  for (int i = 0; i < 8; ++i) {
    float values[4] = {0.25f * static_cast<float>(i) - 0.5f, static_cast<float>(i % 3),
                       static_cast<float>(i % 2), 2.0f - static_cast<float>(i)};
    if (i == 2 || i == 5) values[3] = __builtin_nanf("");
    Decision expected;
    const Status status = model.Decide(DecisionInput{values, 4, 0}, cpp, expected);
    tinyfair_decision got;
    const tinyfair_status c_status =
        DecideTablesKeyedForC(&Decide, model.tables(), values, 4, 0, &c, &got);
    EXPECT_EQ(static_cast<int>(status), static_cast<int>(c_status));
    EXPECT_EQ(i == 2 || i == 5, !IsOk(status));
    EXPECT_TRUE(got.counter == expected.counter && c.counter == cpp.counter());
    char line_cpp[kDecisionRecordLineSize], line_c[TINYFAIR_DECISION_LINE_BYTES];
    FormatDecisionRecord(expected, line_cpp, sizeof(line_cpp));
    tinyfair_format_decision(&got, line_c, sizeof(line_c));
    EXPECT_EQ(0, strcmp(line_cpp, line_c));
  }
  EXPECT_TRUE(c.counter == 41U + 6U);
  model.Unload();
}

}  // namespace
