// The group two-threshold rule (equalized odds by randomized thresholds):
// each of two thresholds a score passes adds its probability; optionally
// mixed, per group, with a constant prediction.
#pragma once

// First: the rule's decision is float code (strict_float.h).
#include "decide_steps.h"
#include "model_check_parts.h"
#include "rules/rule.h"
#include "table_builder.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::runtime::internal {

template <>
struct Rule<RuleKind::kTwoThreshold> {
  static constexpr RuleKind kKind = RuleKind::kTwoThreshold;
  static constexpr pb_size_t kTag = tinyfair_check_Model_two_threshold_tag;
  static constexpr bool kPerGroup = true;
  static constexpr FloatArray kFloatArrayRows[] = {
      TINYFAIR_FLOAT_ARRAY(rule.two_threshold.threshold0, kGroups, kNotNaN),
      TINYFAIR_FLOAT_ARRAY(rule.two_threshold.probability0, kGroups, kProbability),
      TINYFAIR_FLOAT_ARRAY(rule.two_threshold.threshold1, kGroups, kNotNaN),
      TINYFAIR_FLOAT_ARRAY(rule.two_threshold.probability1, kGroups, kProbability),
      TINYFAIR_FLOAT_ARRAY(rule.two_threshold.ignore, kNoneOrGroups, kProbability),
      TINYFAIR_FLOAT_ARRAY(rule.two_threshold.constant, kNoneOrGroups, kProbability),
  };
  static constexpr FloatArrays kFloatArrays = FloatArraysOf(kFloatArrayRows);

  static const tinyfair_check_IntegerScorer* IntegerScorer(const tinyfair_check_Model&) {
    return nullptr;
  }
  static Status Check(const CheckedModel& c, const CategoricalInputs& categorical);
  static void Build(TableBuilder& b, DecisionTables& t);
  static Status Decide(const DecisionTables& t, const DecisionInput& input, float margin, bool skip,
                       Decision& out);
  // Inline: Decide folds every per-group rule's into one shared step.
  static float Probability(const GroupRuleTables& r, uint32_t g, float score) {
    const float thresholds = (score > r.threshold0[g] ? r.probability0[g] : 0.0f) +
                             (score > r.threshold1[g] ? r.probability1[g] : 0.0f);
    if (r.ignore == nullptr) return Clamp01(thresholds);
    return Clamp01((1.0f - r.ignore[g]) * thresholds + r.ignore[g] * r.constant[g]);
  }
};

}  // namespace tinyfair::runtime::internal
