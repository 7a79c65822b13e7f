// The group ramp rule: P(positive) rises linearly from 0 at its group's
// threshold to 1 a width above it. It may carry an integer scorer
// (integer_decide.h).
#pragma once

// First: the rule's decision is float code (strict_float.h).
#include "decide_steps.h"
#include "model_check_parts.h"
#include "rules/rule.h"
#include "table_builder.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::runtime::internal {

template <>
struct Rule<RuleKind::kRamp> {
  static constexpr RuleKind kKind = RuleKind::kRamp;
  static constexpr pb_size_t kTag = tinyfair_check_Model_ramp_tag;
  static constexpr bool kPerGroup = true;
  static constexpr FloatArray kFloatArrayRows[] = {
      TINYFAIR_FLOAT_ARRAY(rule.ramp.threshold, kGroups, kFinite),
      TINYFAIR_FLOAT_ARRAY(rule.ramp.width, kGroups, kPositive),
  };
  static constexpr FloatArrays kFloatArrays = FloatArraysOf(kFloatArrayRows);

  static const tinyfair_check_IntegerScorer* IntegerScorer(const tinyfair_check_Model& m) {
    return m.rule.ramp.has_integer ? &m.rule.ramp.integer : nullptr;
  }
  static Status Check(const CheckedModel&, const CategoricalInputs&) { return Status::kOk; }
  static void Build(TableBuilder& b, DecisionTables& t);
  static Status Decide(const DecisionTables& t, const DecisionInput& input, float margin, bool skip,
                       Decision& out);
  // Inline: Decide folds every per-group rule's into one shared step.
  static float Probability(const GroupRuleTables& r, uint32_t g, float score) {
    return Clamp01((score - r.threshold[g]) / r.width[g]);
  }
};

}  // namespace tinyfair::runtime::internal
