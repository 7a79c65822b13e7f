#include "rules/threshold_rule.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it

namespace tinyfair::runtime::internal {

using ThresholdRule = Rule<RuleKind::kThreshold>;

void ThresholdRule::Build(TableBuilder& b, DecisionTables& t) {
  t.groups.threshold = b.Place<float>(b.m().rule.threshold.threshold);
}

Status ThresholdRule::Decide(const DecisionTables& t, const DecisionInput&, float margin, bool,
                             Decision& out) {
  return GroupRuleDecision(t, margin, out, Probability);
}

}  // namespace tinyfair::runtime::internal
