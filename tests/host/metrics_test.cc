// Metrics from decision records.
#include "host_tools/metrics.h"

#include <gtest/gtest.h>

namespace tinyfair::host {
namespace {

runtime::Decision Make(uint32_t group, float probability, bool positive) {
  runtime::Decision d;
  d.status = runtime::Status::kOk;
  d.group = group;
  d.probability = probability;
  d.positive = positive;
  return d;
}

TEST(Metrics, AccuracyRatesAndGap) {
  std::vector<runtime::Decision> decisions = {Make(0, 1.0f, true), Make(0, 0.5f, false),
                                              Make(1, 0.25f, true), Make(1, 0.0f, false)};
  runtime::Decision refused;
  refused.status = runtime::Status::kUnknownCategory;
  decisions.push_back(refused);
  const auto report = EvaluateDecisions(decisions, {1, 1, 0, 0, 1}, {"a", "b"});
  EXPECT_EQ(5u, report.rows);
  EXPECT_EQ(4u, report.decided);
  EXPECT_EQ(1u, report.refused.at("unknown_category"));
  EXPECT_DOUBLE_EQ(0.5, report.accuracy);                         // rows 0 and 3 right
  EXPECT_DOUBLE_EQ((1.0 + 0.5 + 0.75 + 1.0) / 4.0, report.expected_accuracy);
  EXPECT_DOUBLE_EQ(0.5, report.groups[0].positive_rate);
  EXPECT_DOUBLE_EQ(0.75, report.groups[0].expected_positive_rate);
  EXPECT_DOUBLE_EQ(0.125, report.groups[1].expected_positive_rate);
  EXPECT_DOUBLE_EQ(0.0, report.dp_gap);
  EXPECT_DOUBLE_EQ(0.625, report.expected_dp_gap);
  const std::string json = ReportJson(report);
  EXPECT_NE(json.find("\"accuracy\": 0.500000"), std::string::npos) << json;
  EXPECT_NE(json.find("{\"name\": \"a\", \"n\": 2, \"positive_rate\": 0.500000"), std::string::npos) << json;
}

}  // namespace
}  // namespace tinyfair::host
