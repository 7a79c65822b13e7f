// The group threshold rule (demographic parity and equal opportunity by
// group thresholds): positive iff the linked score reaches its group's
// threshold. It may carry an integer scorer (integer_decide.h).
#pragma once

// First: the rule's decision is float code (strict_float.h).
#include "decide_steps.h"
#include "model_check_parts.h"
#include "rules/rule.h"
#include "table_builder.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::runtime::internal {

template <>
struct Rule<RuleKind::kThreshold> {
  static constexpr RuleKind kKind = RuleKind::kThreshold;
  static constexpr pb_size_t kTag = tinyfair_check_Model_threshold_tag;
  static constexpr bool kPerGroup = true;
  static constexpr FloatArray kFloatArrayRows[] = {
      TINYFAIR_FLOAT_ARRAY(rule.threshold.threshold, kGroups, kFinite),
  };
  static constexpr FloatArrays kFloatArrays = FloatArraysOf(kFloatArrayRows);

  static const tinyfair_check_IntegerScorer* IntegerScorer(const tinyfair_check_Model& m) {
    return m.rule.threshold.has_integer ? &m.rule.threshold.integer : nullptr;
  }
  static Status Check(const CheckedModel&, const CategoricalInputs&) { return Status::kOk; }
  static void Build(TableBuilder& b, DecisionTables& t);
  static Status Decide(const DecisionTables& t, const DecisionInput& input, float margin, bool skip,
                       Decision& out);
  // Inline: Decide folds every per-group rule's into one shared step.
  static float Probability(const GroupRuleTables& r, uint32_t g, float score) {
    return score >= r.threshold[g] ? 1.0f : 0.0f;
  }
};

}  // namespace tinyfair::runtime::internal
