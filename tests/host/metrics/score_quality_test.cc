// The scorer's log loss and AUC, against values computed by hand.
#include "host_tools/metrics/score_quality.h"

#include <gtest/gtest.h>

#include <cmath>

#include "host_tools/metrics/metrics.h"

namespace tinyfair::host::metrics {
namespace {

runtime::Decision Scored(float score) {
  runtime::Decision d;
  d.status = runtime::Status::kOk;
  d.score = score;
  // The rule's own decision: what the scorer's metrics must not look at.
  d.probability = 1.0f;
  d.positive = true;
  return d;
}

TEST(ScoreQuality, AucCountsTiesAsOneHalf) {
  // Label-1 scores {0.9, 0.5}, label-0 scores {0.5, 0.1}: of the 4 pairs,
  // 3 are ordered right and one is tied, so AUC = (3 + 0.5) / 4.
  EXPECT_DOUBLE_EQ(3.5 / 4.0, *RocAuc({0.9, 0.5, 0.5, 0.1}, {1, 1, 0, 0}));
  // Every score tied: one half.
  EXPECT_DOUBLE_EQ(0.5, *RocAuc({2.0, 2.0, 2.0}, {1, 0, 0}));
  // Perfectly reversed.
  EXPECT_DOUBLE_EQ(0.0, *RocAuc({0.1, 0.2, 0.8, 0.9}, {1, 1, 0, 0}));
  // One label only: undefined.
  EXPECT_FALSE(RocAuc({0.1, 0.2}, {1, 1}).has_value());
}

TEST(ScoreQuality, LogLossOfTheScorersProbabilityNotOfTheDecision) {
  std::vector<runtime::Decision> decisions = {Scored(0.8f), Scored(0.25f), Scored(0.5f)};
  runtime::Decision refused;
  refused.status = runtime::Status::kUnknownCategory;
  decisions.push_back(refused);
  const std::vector<int> labels = {1, 0, 1, 1};
  const ScoreQuality q = EvaluateScores(decisions, labels, ScoreMeaning::kProbability, false);
  EXPECT_EQ(3u, q.rows);
  // -(log 0.8 + log 0.75 + log 0.5) / 3, with the float scores' own values.
  const double expected =
      -(std::log(static_cast<double>(0.8f)) + std::log(0.75) + std::log(0.5)) / 3.0;
  EXPECT_NEAR(expected, *q.log_loss, 1e-15);
  // Label-1 {0.8, 0.5} against label-0 {0.25}: both ordered right.
  EXPECT_DOUBLE_EQ(1.0, *q.auc);
}

TEST(ScoreQuality, SignedLinkMapsToAProbability) {
  // Signed scores 2p - 1 of p = 0.75 (label 1) and p = 0.5 (label 0).
  const ScoreQuality q =
      EvaluateScores({Scored(0.5f), Scored(0.0f)}, {1, 0}, ScoreMeaning::kSignedProbability, false);
  EXPECT_NEAR(-(std::log(0.75) + std::log(0.5)) / 2.0, *q.log_loss, 1e-15);
}

TEST(ScoreQuality, IdentityLinkGivesAucOnly) {
  const ScoreQuality q =
      EvaluateScores({Scored(-3.0f), Scored(4.0f)}, {0, 1}, ScoreMeaning::kScoreOnly, true);
  EXPECT_FALSE(q.log_loss.has_value());
  EXPECT_DOUBLE_EQ(1.0, *q.auc);
  EXPECT_NE(q.Description().find("AUC of the score only"), std::string::npos);
  EXPECT_NE(q.Description().find("mixture member"), std::string::npos);
}

TEST(ScoreQuality, ReportsCarryIt) {
  const std::vector<runtime::Decision> decisions = {Scored(0.75f), Scored(0.25f)};
  auto report = EvaluateDecisions(decisions, {1, 0}, {"a"});
  report.scores = EvaluateScores(decisions, {1, 0}, ScoreMeaning::kProbability, false);
  const std::string json = ReportJson(report);
  // -log 0.75 = 0.2876821 on both rows.
  EXPECT_NE(json.find("\"log_loss\": 0.287682"), std::string::npos) << json;
  EXPECT_NE(json.find("\"auc\": 1.000000"), std::string::npos) << json;
  EXPECT_NE(ReportTable(report).find(
                "log loss 0.2877, AUC 1.0000 (log loss and AUC of the scorer's probability"),
            std::string::npos)
      << ReportTable(report);
}

}  // namespace
}  // namespace tinyfair::host::metrics
