#include "rules/two_threshold_rule.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it

namespace tinyfair::runtime::internal {
using TwoThresholdRule = Rule<RuleKind::kTwoThreshold>;

// Ignore and constant go together, stated as a required feature from the
// version that has them on, and each group's two probabilities sum to one.
Status TwoThresholdRule::Check(const CheckedModel& c, const CategoricalInputs&) {
  const tinyfair_check_Model& m = c.m;
  const tinyfair_check_GroupTwoThresholdRule& rule = m.rule.two_threshold;
  if (rule.ignore.count != rule.constant.count) return Status::kInvalidModel;
  if (rule.ignore.count != 0 && m.schema_minor >= kFeaturesMinor &&
      (m.required_features & FeatureBit(tinyfair_ModelFeature_TWO_THRESHOLD_CONSTANT)) == 0) {
    return Status::kInvalidModel;
  }
  for (size_t g = 0; g < m.dimensions.group_count; ++g) {
    if (!SumsToOne(FloatAt(rule.probability0, g) + FloatAt(rule.probability1, g))) {
      return Status::kInvalidModel;
    }
  }
  return Status::kOk;
}

void TwoThresholdRule::Build(TableBuilder& b, DecisionTables& t) {
  const tinyfair_check_GroupTwoThresholdRule& rule = b.m().rule.two_threshold;
  GroupRuleTables& r = t.groups;
  r.threshold0 = b.Place<float>(rule.threshold0);
  r.probability0 = b.Place<float>(rule.probability0);
  r.threshold1 = b.Place<float>(rule.threshold1);
  r.probability1 = b.Place<float>(rule.probability1);
  r.ignore = b.Place<float>(rule.ignore);
  r.constant = b.Place<float>(rule.constant);
}

Status TwoThresholdRule::Decide(const DecisionTables& t, const DecisionInput&, float margin, bool,
                                Decision& out) {
  return GroupRuleDecision(t, margin, out, Probability);
}

}  // namespace tinyfair::runtime::internal
