#include "rules/ramp_rule.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it

namespace tinyfair::runtime::internal {

using RampRule = Rule<RuleKind::kRamp>;

void RampRule::Build(TableBuilder& b, DecisionTables& t) {
  t.groups.threshold = b.Place<float>(b.m().rule.ramp.threshold);
  t.groups.width = b.Place<float>(b.m().rule.ramp.width);
}

Status RampRule::Decide(const DecisionTables& t, const DecisionInput&, float margin, bool,
                        Decision& out) {
  return GroupRuleDecision(t, margin, out, Probability);
}

}  // namespace tinyfair::runtime::internal
