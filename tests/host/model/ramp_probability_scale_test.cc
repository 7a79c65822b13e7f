#include "host_tools/model/ramp_probability_scale.h"

#include <gtest/gtest.h>

#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {
namespace {

tinyfair::Model RampModel(tinyfair::LinearScorer::Link link) {
  tinyfair::Model model;
  model.mutable_scorer()->set_link(link);
  auto* ramp = model.mutable_ramp();
  for (const float t : {-0.5f, 0.25f}) ramp->add_threshold(t);
  for (const float w : {0.1f, 0.5f}) ramp->add_width(w);
  return model;
}

TEST(RampProbabilityScale, ASignedLogisticScoreIsTwicePMinusOne) {
  const auto ramp = RampProbabilities(RampModel(tinyfair::LinearScorer::SIGNED_LOGISTIC));
  ASSERT_TRUE(ramp.has_value());
  EXPECT_DOUBLE_EQ(0.25, ramp->thresholds[0]);
  EXPECT_DOUBLE_EQ(0.625, ramp->thresholds[1]);
  EXPECT_DOUBLE_EQ(0.1f / 2.0, ramp->widths[0]);
  EXPECT_DOUBLE_EQ(0.25, ramp->widths[1]);
}

TEST(RampProbabilityScale, ALogisticScoreIsPItself) {
  const auto ramp = RampProbabilities(RampModel(tinyfair::LinearScorer::LOGISTIC));
  ASSERT_TRUE(ramp.has_value());
  EXPECT_DOUBLE_EQ(0.25, ramp->thresholds[1]);
  EXPECT_DOUBLE_EQ(0.5, ramp->widths[1]);
}

TEST(RampProbabilityScale, AMarginOrAnotherRuleHasNone) {
  EXPECT_FALSE(RampProbabilities(RampModel(tinyfair::LinearScorer::IDENTITY)).has_value());
  tinyfair::Model threshold = RampModel(tinyfair::LinearScorer::SIGNED_LOGISTIC);
  threshold.mutable_threshold()->add_threshold(0.0f);
  EXPECT_FALSE(RampProbabilities(threshold).has_value());
}

TEST(RampProbabilityScale, RecordScoresReadOnTheRampsScale) {
  const std::vector<double> scores = {-1.0, -0.5, 0.0, 1.0};
  const auto signed_scores =
      ScoresAsProbabilities(RampModel(tinyfair::LinearScorer::SIGNED_LOGISTIC), scores);
  ASSERT_TRUE(signed_scores.has_value());
  EXPECT_EQ((std::vector<double>{0.0, 0.25, 0.5, 1.0}), *signed_scores);
  const auto logistic = ScoresAsProbabilities(RampModel(tinyfair::LinearScorer::LOGISTIC), scores);
  ASSERT_TRUE(logistic.has_value());
  EXPECT_EQ(scores, *logistic);
  // A rule other than a ramp over a logistic scorer: its scores still read as p.
  tinyfair::Model threshold;
  threshold.mutable_scorer()->set_link(tinyfair::LinearScorer::SIGNED_LOGISTIC);
  threshold.mutable_threshold()->add_threshold(0.0f);
  EXPECT_TRUE(ScoresAsProbabilities(threshold, scores).has_value());
}

TEST(RampProbabilityScale, AMarginOrNoScorerHasNoProbabilities) {
  EXPECT_FALSE(ScoresAsProbabilities(RampModel(tinyfair::LinearScorer::IDENTITY), {0.5}));
  EXPECT_FALSE(ScoresAsProbabilities(tinyfair::Model(), {0.5}));
}

}  // namespace
}  // namespace tinyfair::host::model
