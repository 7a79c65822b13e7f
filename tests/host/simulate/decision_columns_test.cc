// DecideIntoColumns decides as DecideRows does: the same draws and the same
// bits in every column, the same refused rows and the same summary of them,
// for a table whose rows the runtime partly refuses.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/model/model_trust.h"
#include "host_tools/simulate/decision_runner.h"
#include "test_models.h"

namespace tinyfair::host::simulate {
namespace {

tinyfair::Model SmallRamp() {
  return model::AdmitModel(
      std::string(reinterpret_cast<const char*>(tinyfair_models::kSmallRampModel),
                  tinyfair_models::kSmallRampModelSize),
      "small-ramp.pb");
}

// 3000 rows of the model's inputs: numbers inside and far outside the ramps,
// every category in turn, and an empty (missing) number every 97 rows,
// which the runtime refuses.
data::CsvTable Rows(const tinyfair::Model& model) {
  std::string text;
  for (int i = 0; i < model.inputs_size(); ++i) text += (i ? "," : "") + model.inputs(i).name();
  text += "\n";
  for (int r = 0; r < 3000; ++r) {
    for (int i = 0; i < model.inputs_size(); ++i) {
      const tinyfair::Input& input = model.inputs(i);
      std::string value;
      if (input.kind() == tinyfair::Input::CATEGORICAL) {
        value = input.categories((r + i) % input.categories_size());
      } else if (r % 97 != 13) {
        value = std::to_string(r % 5 == 4 ? 100.0 : -2.0 + 0.0017 * (r % 2400));
      }
      text += (i ? "," : "") + value;
    }
    text += "\n";
  }
  return data::ParseCsv(text, "rows.csv");
}

uint32_t Bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

TEST(DecisionColumns, DecideAsDecideRowsDoesBitForBit) {
  const tinyfair::Model model = SmallRamp();
  const data::CsvTable table = Rows(model);
  const data::InputEncoder encoder(model.inputs(), table);
  const auto runtime_model = LoadIntoRuntime(model);
  const auto records = DecideRows(*runtime_model, encoder, 7, 3, nullptr, 11);
  const size_t n = records.size();
  std::vector<uint8_t> positive(n, 9);
  std::vector<float> probability(n, -1.0f), score(n, -1.0f), value(n, -1.0f);
  std::vector<uint32_t> group(n, 99), draw(n, 99);
  DecisionColumns columns;
  columns.positive = positive.data();
  columns.probability = probability.data();
  columns.score = score.data();
  columns.group = group.data();
  columns.draw = draw.data();
  columns.value = value.data();
  const RefusedRows refused = DecideIntoColumns(*runtime_model, encoder, 7, 3, columns, 11);

  size_t refused_records = 0, sampled = 0;
  for (size_t r = 0; r < n; ++r) {
    EXPECT_EQ(records[r].positive ? 1 : 0, positive[r]) << "row " << r;
    EXPECT_EQ(Bits(records[r].probability), Bits(probability[r])) << "row " << r;
    EXPECT_EQ(Bits(records[r].score), Bits(score[r])) << "row " << r;
    EXPECT_EQ(Bits(records[r].value), Bits(value[r])) << "row " << r;
    EXPECT_EQ(records[r].group, group[r]) << "row " << r;
    EXPECT_EQ(records[r].draw, draw[r]) << "row " << r;
    if (!runtime::IsOk(records[r].status)) ++refused_records;
    if (records[r].probability > 0.0f && records[r].probability < 1.0f) ++sampled;
  }
  // The table exercises what it is meant to: refused rows and drawn ones.
  EXPECT_GT(refused_records, 20U);
  EXPECT_GT(sampled, 100U);
  ASSERT_EQ(refused_records, refused.rows.size());
  const std::string summary = RefusedRowsSummary(records, table);
  EXPECT_NE("", summary);
  EXPECT_EQ(summary, RefusedRowsSummary(refused, n, table));
}

TEST(DecisionColumns, UnwantedColumnsAreLeftAlone) {
  const tinyfair::Model model = SmallRamp();
  const data::CsvTable table = Rows(model);
  const data::InputEncoder encoder(model.inputs(), table);
  const auto runtime_model = LoadIntoRuntime(model);
  const auto records = DecideRows(*runtime_model, encoder, 1, 0);
  std::vector<uint8_t> positive(records.size(), 9);
  DecisionColumns columns;
  columns.positive = positive.data();
  const RefusedRows refused = DecideIntoColumns(*runtime_model, encoder, 1, 0, columns);
  for (size_t r = 0; r < records.size(); ++r) {
    ASSERT_EQ(records[r].positive ? 1 : 0, positive[r]) << "row " << r;
  }
  EXPECT_EQ(RefusedRowsSummary(records, table), RefusedRowsSummary(refused, records.size(), table));
}

TEST(DecisionColumns, NoRefusedRowsNoSummary) {
  const data::CsvTable table = data::ParseCsv("a\n1\n", "one.csv");
  EXPECT_EQ("", RefusedRowsSummary(RefusedRows{}, 1, table));
}

}  // namespace
}  // namespace tinyfair::host::simulate
