#include "host_tools/model/fitted_rule.h"

namespace tinyfair::host::model {

void SetFittedRule(const FittedRule& rule, tinyfair::Model& model) {
  if (const auto* ramp = std::get_if<RampRuleFit>(&rule)) {
    SetRampRule(ramp->thresholds, ramp->gamma, model);
  } else if (const auto* threshold = std::get_if<ThresholdRuleFit>(&rule)) {
    SetThresholdRule(threshold->thresholds, model);
  } else {
    SetTwoThresholdRule(std::get<TwoThresholdRuleFit>(rule).groups, model);
  }
}

}  // namespace tinyfair::host::model
