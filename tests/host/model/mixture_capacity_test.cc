// The device's mixture capacity for members of a given width: at the
// boundary of each of its three limits (members, weights, category terms),
// taken from the runtime's constants.
#include "host_tools/model/mixture_capacity.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host::model {
namespace {

tinyfair::LinearScorer Member(size_t weights, size_t category_terms) {
  tinyfair::LinearScorer scorer;
  for (size_t i = 0; i < weights; ++i) scorer.add_weights(0.0f);
  for (size_t i = 0; i < category_terms; ++i) scorer.add_category_weights(0.0f);
  return scorer;
}

TEST(MixtureCapacity, NarrowMembersAreLimitedByTheMemberCount) {
  const MixtureCapacity capacity = DeviceMixtureCapacity(Member(1, 0));
  EXPECT_EQ(capacity.members, runtime::kMaxMembers);
  EXPECT_EQ(capacity.limited_by, std::to_string(runtime::kMaxMembers) + " members");
}

TEST(MixtureCapacity, CategoryTermsAtTheBoundaryOfTwoMembers) {
  const size_t half = runtime::kMaxMemberCategoryWeights / 2;
  const MixtureCapacity two = DeviceMixtureCapacity(Member(4, half));
  EXPECT_EQ(two.members, 2u);
  EXPECT_EQ(two.category_terms_per_member, half);
  EXPECT_EQ(two.weights_per_member, 4u);
  EXPECT_NE(two.limited_by.find("category terms"), std::string::npos);
  // One term more per member and two no longer fit.
  EXPECT_EQ(DeviceMixtureCapacity(Member(4, half + 1)).members, 1u);
}

TEST(MixtureCapacity, WeightsAtTheBoundaryOfThreeMembers) {
  const size_t third = runtime::kMaxMemberWeights / 3;
  const MixtureCapacity three = DeviceMixtureCapacity(Member(third, 0));
  EXPECT_EQ(three.members, std::min<size_t>(3, runtime::kMaxMembers));
  // Wider than a third of the weights: at most two members.
  const MixtureCapacity wide = DeviceMixtureCapacity(Member(runtime::kMaxMemberWeights / 2, 0));
  EXPECT_EQ(wide.members, 2u);
  EXPECT_NE(wide.limited_by.find("weights"), std::string::npos);
}

}  // namespace
}  // namespace tinyfair::host::model
