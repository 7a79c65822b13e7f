// Decision-vector files and the demo's synthetic data.
#include <gtest/gtest.h>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/synthetic_data.h"
#include "host_tools/model/decision_vectors.h"

namespace tinyfair::host::model {
namespace {

TEST(DecisionVectors, RoundTrip) {
  DecisionVectors vectors;
  vectors.input_count = 2;
  vectors.seed = 0x0123456789abcdefULL;
  vectors.stream = 7;
  vectors.inputs = {1.5f, -2.0f, 3.25f, 0.0f};
  vectors.groups = {3, 1};
  const std::string bytes = EncodeDecisionVectors(vectors);
  EXPECT_EQ(28u + 24u, bytes.size());
  const DecisionVectors back = DecodeDecisionVectors(bytes, "v.tfv");
  EXPECT_EQ(vectors.seed, back.seed);
  EXPECT_EQ(vectors.stream, back.stream);
  EXPECT_EQ(vectors.inputs, back.inputs);
  EXPECT_EQ(vectors.groups, back.groups);
  EXPECT_THROW(DecodeDecisionVectors(bytes.substr(0, bytes.size() - 1), "v.tfv"),
               std::runtime_error);
  EXPECT_THROW(DecodeDecisionVectors("TFV2" + bytes.substr(4), "v.tfv"), std::runtime_error);
}

TEST(SyntheticData, SeededAndBiased) {
  const std::string a = data::SyntheticHiringCsv(4000, 3);
  EXPECT_EQ(a, data::SyntheticHiringCsv(4000, 3));
  EXPECT_NE(a, data::SyntheticHiringCsv(4000, 4));
  const data::CsvTable table = data::ParseCsv(a, "synthetic");
  ASSERT_EQ(4000u, table.rows.size());
  // The manager rating is lower for group b by construction.
  double sum[2] = {0, 0}, count[2] = {0, 0};
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const int b = table.rows[r][4] == "b" ? 1 : 0;
    sum[b] += data::ParseNumber(table, r, 2);
    count[b] += 1;
  }
  EXPECT_NEAR(0.4, count[1] / 4000.0, 0.03);
  EXPECT_GT(sum[0] / count[0] - sum[1] / count[1], 0.8);
}

}  // namespace
}  // namespace tinyfair::host::model

namespace tinyfair::host::model {
namespace {

TEST(DecisionVectors, CountsThatWouldWrapAreRefused) {
  // input_count 0xFFFFFFFF makes (input_count + 1) wrap to 0 in 32 bits.
  DecisionVectors vectors;
  vectors.input_count = 1;
  vectors.inputs = {1.0f};
  std::string bytes = EncodeDecisionVectors(vectors);
  for (int i = 4; i < 8; ++i) bytes[i] = static_cast<char>(0xFF);
  EXPECT_THROW(DecodeDecisionVectors(bytes, "wrap.tfv"), std::runtime_error);
}

}  // namespace
}  // namespace tinyfair::host::model
