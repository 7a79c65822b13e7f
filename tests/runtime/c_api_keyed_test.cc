// The C API's keyed draws (tinyfair_keyed_draws, the tables path's
// DecideTablesKeyedForC, which tinyfair_model_decide_keyed mirrors) decide
// as the C++ Model::Decide with KeyedDraws from the same key and counter,
// record for record, the counter carried in the C record and the state.
#include <string.h>

#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"
#include "tinyfair_runtime/c_tables.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using namespace tinyfair_models;

constexpr uint8_t kKey[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

TEST(CApiKeyed, TablesKeyedDecideEqualsTheCppOne) {
  Model& model = tinyfair::testing::TestModel();
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
