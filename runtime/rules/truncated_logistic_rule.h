// The truncated-logistic rule, the fair robust log-loss predictor ([S9]-
// [S17]): the logistic score truncated per group, for demographic parity,
// equal opportunity or equalized odds.
#pragma once

// First: the rule's decision is float code (strict_float.h).
#include "decide_steps.h"
#include "model_check_parts.h"
#include "rules/rule.h"
#include "table_builder.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::runtime::internal {

template <>
struct Rule<RuleKind::kTruncatedLogistic> {
  static constexpr RuleKind kKind = RuleKind::kTruncatedLogistic;
  static constexpr pb_size_t kTag = tinyfair_check_Model_truncated_logistic_tag;
  static constexpr bool kPerGroup = true;
  static constexpr FloatArray kFloatArrayRows[] = {
      TINYFAIR_FLOAT_ARRAY(rule.truncated_logistic.cell_label1, kGroups, kFinite),
      TINYFAIR_FLOAT_ARRAY(rule.truncated_logistic.cell_label0, kGroups, kFinite),
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
  // [S10]-[S17]: P(positive | x, a) for group g.
  static float Probability(const GroupRuleTables& r, uint32_t g, float pe) {
    const float c1 = r.cell_label1[g];
    if (r.criterion == Criterion::kDemographicParity) return Truncate(pe, c1);
    const float c0 = r.cell_label0[g];
    const float p1 = Truncate(pe, c1), p0 = Truncate(pe, c0);
    const float q1 = Clamp01(p1 * (1.0f + c1 * (1.0f - p1)));
    const float q0 = Clamp01(p0 * (1.0f + c0 * (1.0f - p0)));
    const float denominator = (1.0f - q1) + q0;
    const float q = denominator > r.denominator_epsilon ? q0 / denominator : pe;
    return Clamp01(p0 + q * (p1 - p0));
  }

 private:
  // Truncation bounds of the fair robust log-loss predictor ([S9]).
  static float Upper(float c) { return c > 1.0f ? 1.0f / c : 1.0f; }
  static float Lower(float c) { return c < -1.0f ? 1.0f + 1.0f / c : 0.0f; }
  static float Truncate(float p, float c) {
    const float lo = Lower(c), hi = Upper(c);
    return p < lo ? lo : (p > hi ? hi : p);
  }
};

}  // namespace tinyfair::runtime::internal
