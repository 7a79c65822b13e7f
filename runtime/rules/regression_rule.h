// The regression rule (statistical parity for regression): the linked score
// through the regression output (regression_output.h).
#pragma once

#include "model_check_parts.h"
#include "rules/rule.h"
#include "table_builder.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::runtime::internal {

template <>
struct Rule<RuleKind::kRegression> {
  static constexpr RuleKind kKind = RuleKind::kRegression;
  static constexpr pb_size_t kTag = tinyfair_check_Model_regression_tag;
  static constexpr bool kPerGroup = false;
  // No float arrays of its own.
  static constexpr FloatArrays kFloatArrays = {nullptr, 0};

  static const tinyfair_check_IntegerScorer* IntegerScorer(const tinyfair_check_Model&) {
    return nullptr;
  }
  static Status Check(const CheckedModel& c, const CategoricalInputs& categorical);
  static void Build(TableBuilder& b, DecisionTables& t);
  static Status Decide(const DecisionTables& t, const DecisionInput& input, float margin, bool skip,
                       Decision& out);
};

}  // namespace tinyfair::runtime::internal
