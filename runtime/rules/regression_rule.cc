#include "rules/regression_rule.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it
#include "rules/regression_output.h"

namespace tinyfair::runtime::internal {

using RegressionRule = Rule<RuleKind::kRegression>;

Status RegressionRule::Check(const CheckedModel& c, const CategoricalInputs&) {
  return CheckOutput(c.m.rule.regression.has_output, c.m.rule.regression.output);
}

void RegressionRule::Build(TableBuilder& b, DecisionTables& t) {
  t.mixture_or_regression = MixtureOrRegressionTables{};
  t.mixture_or_regression.output = OutputOf(b.m().rule.regression.output);
}

Status RegressionRule::Decide(const DecisionTables& t, const DecisionInput&, float margin, bool,
                              Decision& out) {
  out.score = ApplyLink(t.link, margin);
  out.value = Output(t.mixture_or_regression.output, out.score);
  return out.status = Status::kOk;
}

}  // namespace tinyfair::runtime::internal
