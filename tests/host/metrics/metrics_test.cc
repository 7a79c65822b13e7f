// Metrics from decision records.
#include "host_tools/metrics/metrics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tinyfair::host::metrics {
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
  EXPECT_DOUBLE_EQ(0.5, report.accuracy);  // rows 0 and 3 right
  EXPECT_DOUBLE_EQ((1.0 + 0.5 + 0.75 + 1.0) / 4.0, report.expected_accuracy);
  EXPECT_DOUBLE_EQ(0.5, report.groups[0].positive_rate);
  EXPECT_DOUBLE_EQ(0.75, report.groups[0].expected_positive_rate);
  EXPECT_DOUBLE_EQ(0.125, report.groups[1].expected_positive_rate);
  EXPECT_DOUBLE_EQ(0.0, report.dp_gap);
  EXPECT_DOUBLE_EQ(0.625, report.expected_dp_gap);
  // -log of 1, 0.5, 0.75 and 1 (probability 0 on a label-0 row).
  EXPECT_NEAR((std::log(2.0) + std::log(4.0 / 3.0)) / 4.0, report.decision_log_loss, 1e-15);
  // The decisions' probabilities are the rule's, not the model's: their log
  // loss is no "log_loss", and there is none of the scorer unless added.
  const std::string json = ReportJson(report);
  EXPECT_NE(json.find("\"decision_log_loss\": 0.245207"), std::string::npos) << json;
  EXPECT_NE(json.find("\"log_loss\": null, \"auc\": null, \"scores\": null"), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"accuracy\": 0.500000"), std::string::npos) << json;
  EXPECT_NE(json.find("{\"name\": \"a\", \"n\": 2, \"positive_rate\": 0.500000"), std::string::npos)
      << json;
}

TEST(Metrics, EqualizedOddsGapSampledAndExpected) {
  // Group 0: label 1 at p 0.75 (positive) and 0.25; label 0 at 0.5
  // (positive) and 0. Group 1: label 1 at 0.5 (positive); label 0 at 0.5
  // and 0.25. Group 2: one label-0 row at 1 (positive), no label-1 row.
  const std::vector<runtime::Decision> decisions = {
      Make(0, 0.75f, true), Make(0, 0.25f, false), Make(0, 0.5f, true),   Make(0, 0.0f, false),
      Make(1, 0.5f, true),  Make(1, 0.5f, false),  Make(1, 0.25f, false), Make(2, 1.0f, true)};
  const auto report = EvaluateDecisions(decisions, {1, 1, 0, 0, 1, 0, 0, 0}, {"a", "b", "c"});
  EXPECT_EQ(2u, report.groups[0].label1);
  EXPECT_EQ(2u, report.groups[1].label0);
  EXPECT_EQ(0u, report.groups[2].label1);
  EXPECT_DOUBLE_EQ(0.5, report.groups[0].tpr);
  EXPECT_DOUBLE_EQ(0.5, report.groups[0].expected_tpr);
  EXPECT_DOUBLE_EQ(0.25, report.groups[0].expected_fpr);
  EXPECT_DOUBLE_EQ(1.0, report.groups[1].tpr);
  EXPECT_DOUBLE_EQ(0.0, report.groups[1].fpr);
  EXPECT_DOUBLE_EQ(0.375, report.groups[1].expected_fpr);
  // TPR over groups a and b only (c has no label-1 row): 1 - 0.5 and 0.5 - 0.5.
  EXPECT_DOUBLE_EQ(0.5, report.tpr_gap);
  EXPECT_DOUBLE_EQ(0.0, report.expected_tpr_gap);
  // FPR over all three: 1 - 0 and 1 - 0.25.
  EXPECT_DOUBLE_EQ(1.0, report.fpr_gap);
  EXPECT_DOUBLE_EQ(0.75, report.expected_fpr_gap);
  EXPECT_DOUBLE_EQ(1.5, report.eo_gap);
  EXPECT_DOUBLE_EQ(0.75, report.expected_eo_gap);
  const std::string json = ReportJson(report);
  EXPECT_NE(json.find("\"eo_gap\": 1.500000, \"expected_eo_gap\": 0.750000"), std::string::npos)
      << json;
  EXPECT_NE(ReportTable(report).find("equalized-odds gap 1.5000"), std::string::npos);
}

TEST(Metrics, UndefinedRatesAreNullAndIntervalsAreWilson) {
  // Group c has no label-1 row: TPR and FNR undefined; group b no positive
  // outcome: precision undefined.
  const std::vector<runtime::Decision> decisions = {Make(0, 1.0f, true),  Make(0, 1.0f, true),
                                                    Make(0, 0.0f, false), Make(1, 0.0f, false),
                                                    Make(1, 0.0f, false), Make(2, 1.0f, true)};
  const auto report = EvaluateDecisions(decisions, {1, 0, 1, 1, 0, 0}, {"a", "b", "c"});
  const GroupReport& a = report.groups[0];
  EXPECT_EQ(2u, a.positives);
  EXPECT_EQ(1u, a.true_positives);
  EXPECT_EQ(1u, a.false_positives);
  // Wilson's interval for 2 of 3 at z = 1.959964, written out.
  const double z = 1.959963984540054, n = 3.0, p = 2.0 / 3.0;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  EXPECT_NEAR(centre - half, a.positive_rate_interval.lower, 1e-9);
  EXPECT_NEAR(centre + half, a.positive_rate_interval.upper, 1e-9);
  EXPECT_FALSE(report.groups[2].tpr_defined());
  EXPECT_FALSE(report.groups[1].precision_defined());
  // Highest rate c (1 of 1), lowest b (0 of 2): ratio 0, gap 1.
  EXPECT_EQ("c", report.highest_rate_group);
  EXPECT_EQ("b", report.lowest_rate_group);
  ASSERT_TRUE(report.selection_rate_ratio.has_value());
  EXPECT_DOUBLE_EQ(0.0, *report.selection_rate_ratio);
  EXPECT_DOUBLE_EQ(1.0, report.dp_gap_interval.difference);
  const std::string json = ReportJson(report);
  EXPECT_NE(json.find("{\"name\": \"c\", \"n\": 1, \"positive_rate\": 1.000000, "
                      "\"positive_rate_ci\": [0.206549, 1.000000]"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"tpr\": null, \"tpr_ci\": null, \"fnr\": null"), std::string::npos) << json;
  EXPECT_NE(json.find("\"precision\": null"), std::string::npos) << json;
  EXPECT_NE(ReportTable(report).find("n/a"), std::string::npos);
}

TEST(Metrics, GapIntervalIsNewcombesHybridScore) {
  // Newcombe (1998), Table II, examples (a) and (b), method 10.
  const DifferenceInterval a = NewcombeInterval(56, 70, 48, 80);
  EXPECT_NEAR(0.2, a.difference, 1e-12);
  EXPECT_NEAR(0.0524, a.lower, 5e-5);
  EXPECT_NEAR(0.3339, a.upper, 5e-5);
  const DifferenceInterval b = NewcombeInterval(9, 10, 3, 10);
  EXPECT_NEAR(0.1705, b.lower, 5e-5);
  EXPECT_NEAR(0.8090, b.upper, 5e-5);
  const DifferenceInterval none = NewcombeInterval(0, 0, 3, 10);
  EXPECT_EQ(-1.0, none.lower);
  EXPECT_EQ(1.0, none.upper);
}

}  // namespace
}  // namespace tinyfair::host::metrics
