// Writing a fitted decision rule into a model: the post-processors' rules
// on the linked score f in [-1, 1], one entry per group.
#pragma once

#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// Makes `model` a scoring model for post-processing: the linked score is
/// f = 2p - 1 in [-1, 1] (a LOGISTIC link becomes SIGNED_LOGISTIC; other
/// links are kept), the groups are the product of `attributes` (empty: keep
/// the model's groups), and the rule is a placeholder ramp.
void PrepareScoringModel(const std::vector<std::string>& attributes, tinyfair::Model& model);

/// Sets the ramp rule (thresholds on f, one per group, width gamma).
void SetRampRule(const std::vector<double>& thresholds, double gamma, tinyfair::Model& model);

/// Sets the deterministic rule: positive iff f >= threshold[group], each
/// threshold stored as the smallest float >= it.
void SetThresholdRule(const std::vector<double>& thresholds, tinyfair::Model& model);

/// Sets the two-threshold rule (Hardt et al.): per group
/// (1 - ignore)(p0 [f > t0] + p1 [f > t1]) + ignore * constant.
struct TwoThresholdGroup {
  double t0, p0, t1, p1, ignore, constant;
};
void SetTwoThresholdRule(const std::vector<TwoThresholdGroup>& groups, tinyfair::Model& model);

}  // namespace tinyfair::host::model
