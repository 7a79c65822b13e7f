// The mixture rule (a randomized classifier over members, or a regressing
// mixture for bounded group loss): the draw chooses a member; each member
// is a linear scorer added to the model's.
#pragma once

#include "model_check_parts.h"
#include "rules/rule.h"
#include "table_builder.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::runtime::internal {

template <>
struct Rule<RuleKind::kMixture> {
  static constexpr RuleKind kKind = RuleKind::kMixture;
  static constexpr pb_size_t kTag = tinyfair_check_Model_mixture_tag;
  static constexpr bool kPerGroup = false;
  static constexpr FloatArray kFloatArrayRows[] = {
      TINYFAIR_FLOAT_ARRAY(rule.mixture.probability, kMembers, kProbability),
      TINYFAIR_FLOAT_ARRAY(rule.mixture.bias, kMembers, kFinite),
      TINYFAIR_FLOAT_ARRAY(rule.mixture.weights, kMemberInputs, kFinite),
      TINYFAIR_FLOAT_ARRAY(rule.mixture.category_weights, kMemberCategories, kFinite),
      TINYFAIR_FLOAT_ARRAY(rule.mixture.threshold, kMembersIfClassify, kFinite),
  };
  static constexpr FloatArrays kFloatArrays = FloatArraysOf(kFloatArrayRows);

  static const tinyfair_check_IntegerScorer* IntegerScorer(const tinyfair_check_Model&) {
    return nullptr;
  }
  static Status Check(const CheckedModel& c, const CategoricalInputs& categorical);
  static void Build(TableBuilder& b, DecisionTables& t);
  static Status Decide(const DecisionTables& t, const DecisionInput& input, float margin, bool skip,
                       Decision& out);
};

}  // namespace tinyfair::runtime::internal
