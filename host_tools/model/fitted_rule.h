// A fitted per-group decision rule in the form the rule writers take: what
// every post-processor returns, so that one call writes any of them.
#pragma once

#include <variant>
#include <vector>

#include "host_tools/model/rule_writers.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The randomized ramp: thresholds on f per group, one width.
struct RampRuleFit {
  std::vector<double> thresholds;
  double gamma = 0.0;
};

/// The deterministic rule: positive iff f >= threshold[group].
struct ThresholdRuleFit {
  std::vector<double> thresholds;
};

/// The two-threshold rule of Hardt et al., one entry per group.
struct TwoThresholdRuleFit {
  std::vector<TwoThresholdGroup> groups;
};

using FittedRule = std::variant<RampRuleFit, ThresholdRuleFit, TwoThresholdRuleFit>;

/// Writes `rule` into `model` with the matching writer of rule_writers.h.
void SetFittedRule(const FittedRule& rule, tinyfair::Model& model);

}  // namespace tinyfair::host::model
