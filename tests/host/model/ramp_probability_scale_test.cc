#include "host_tools/model/ramp_probability_scale.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace tinyfair::host::model
