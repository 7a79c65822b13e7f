// The mixture writer: members go in member-major order with their
// probabilities, thresholds only for classifying members, and a mixture
// the device cannot hold (capacity from the runtime's constants) is refused
// before anything is written.
#include "host_tools/model/mixture_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "host_tools/model/mixture_capacity.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host::model {
namespace {

MixtureMember Member(float bias, size_t weights, size_t category_terms, float probability) {
  MixtureMember member;
  member.scorer.set_bias(bias);
  for (size_t i = 0; i < weights; ++i) member.scorer.add_weights(bias + static_cast<float>(i));
  for (size_t i = 0; i < category_terms; ++i) {
    member.scorer.add_category_weights(-bias - static_cast<float>(i));
  }
  member.probability = probability;
  member.threshold = 0.5f;
  return member;
}

TEST(MixtureWriter, WritesMembersInOrder) {
  tinyfair::Model model;
  SetMixtureRule({Member(1.0f, 2, 3, 0.25f), Member(10.0f, 2, 3, 0.75f)},
                 tinyfair::MixtureRule::CLASSIFY, {"test", ""}, model);
  const tinyfair::MixtureRule& rule = model.mixture();
  EXPECT_EQ(rule.member_output(), tinyfair::MixtureRule::CLASSIFY);
  ASSERT_EQ(rule.probability_size(), 2);
  EXPECT_EQ(rule.probability(0), 0.25f);
  EXPECT_EQ(rule.probability(1), 0.75f);
  EXPECT_EQ(rule.bias(1), 10.0f);
  ASSERT_EQ(rule.weights_size(), 4);
  EXPECT_EQ(rule.weights(2), 10.0f);  // member 1's first weight
  ASSERT_EQ(rule.category_weights_size(), 6);
  EXPECT_EQ(rule.category_weights(3), -10.0f);
  ASSERT_EQ(rule.threshold_size(), 2);
  EXPECT_EQ(rule.threshold(1), 0.5f);
}

TEST(MixtureWriter, RegressionMembersHaveNoThreshold) {
  tinyfair::Model model;
  SetMixtureRule({Member(1.0f, 1, 0, 1.0f)}, tinyfair::MixtureRule::REGRESS, {"test", ""}, model);
  EXPECT_EQ(model.mixture().member_output(), tinyfair::MixtureRule::REGRESS);
  EXPECT_EQ(model.mixture().threshold_size(), 0);
}

TEST(MixtureWriter, RefusesMoreMembersThanTheDeviceHolds) {
  // Members of half the device's category terms: two fit, three do not.
  const size_t half = runtime::kMaxMemberCategoryWeights / 2;
  tinyfair::Model model;
  const MixtureMember m = Member(0.0f, 1, half, 1.0f / 3.0f);
  try {
    SetMixtureRule({m, m, m}, tinyfair::MixtureRule::CLASSIFY, {"--method x", "use fewer"}, model);
    FAIL() << "three members of " << half << " category terms were written";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("--method x: the mixture has 3 members", 0), 0u) << message;
    EXPECT_NE(message.find("the device holds at most 2 such members"), std::string::npos);
    EXPECT_NE(message.find("; use fewer"), std::string::npos);
  }
  EXPECT_FALSE(model.has_mixture());
  SetMixtureRule({m, m}, tinyfair::MixtureRule::CLASSIFY, {"--method x", ""}, model);
  EXPECT_EQ(model.mixture().probability_size(), 2);
}

// The capacity of members over a model's inputs is that of the scorer the
// encoder fills: one weight per input, one term per category.
TEST(MixtureWriter, CapacityOfAModelsInputsCountsEveryCategory) {
  tinyfair::Model model;
  auto* numeric = model.add_inputs();
  numeric->set_kind(tinyfair::Input::NUMERIC);
  auto* categorical = model.add_inputs();
  categorical->set_kind(tinyfair::Input::CATEGORICAL);
  categorical->set_category_count(static_cast<uint32_t>(runtime::kMaxMemberCategoryWeights / 3));
  const MixtureCapacity capacity = DeviceMixtureCapacity(model);
  EXPECT_EQ(capacity.weights_per_member, 2u);
  EXPECT_EQ(capacity.category_terms_per_member, runtime::kMaxMemberCategoryWeights / 3);
  EXPECT_EQ(capacity.members, std::min<size_t>(3, runtime::kMaxMembers));
}

}  // namespace
}  // namespace tinyfair::host::model
