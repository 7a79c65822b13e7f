#include "rules/truncated_logistic_rule.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it

namespace tinyfair::runtime::internal {

using TruncatedLogisticRule = Rule<RuleKind::kTruncatedLogistic>;

// On a logistic scorer, with a known criterion; equal opportunity
// constrains the y = 1 cells only.
Status TruncatedLogisticRule::Check(const CheckedModel& c, const CategoricalInputs&) {
  const tinyfair_check_Model& m = c.m;
  const tinyfair_check_TruncatedLogisticRule& rule = m.rule.truncated_logistic;
  if (!Is(m.scorer.link, tinyfair_check_LinearScorer_Link_LOGISTIC) ||
      !FiniteNormal(rule.denominator_epsilon) || !(rule.denominator_epsilon >= 0.0f) ||
      !Below(rule.criterion, 3)) {
    return Status::kInvalidModel;
  }
  if (Is(rule.criterion, tinyfair_check_TruncatedLogisticRule_Criterion_EQUAL_OPPORTUNITY)) {
    for (size_t g = 0; g < m.dimensions.group_count; ++g) {
      if (!IsZero(FloatAt(rule.cell_label0, g))) return Status::kInvalidModel;
    }
  }
  return Status::kOk;
}

void TruncatedLogisticRule::Build(TableBuilder& b, DecisionTables& t) {
  const tinyfair_check_TruncatedLogisticRule& rule = b.m().rule.truncated_logistic;
  GroupRuleTables& r = t.groups;
  r.cell_label1 = b.Place<float>(rule.cell_label1);
  r.cell_label0 = b.Place<float>(rule.cell_label0);
  r.criterion = static_cast<Criterion>(rule.criterion);
  r.denominator_epsilon = rule.denominator_epsilon;
}

Status TruncatedLogisticRule::Decide(const DecisionTables& t, const DecisionInput&, float margin,
                                     bool, Decision& out) {
  return GroupRuleDecision(t, margin, out, Probability);
}

}  // namespace tinyfair::runtime::internal
