#include "host_tools/model/rule_writers.h"

#include <cmath>

#include "host_tools/data/group_formation.h"

namespace tinyfair::host::model {

void PrepareScoringModel(const std::vector<std::string>& attributes, tinyfair::Model& model) {
  if (model.scorer().link() == tinyfair::LinearScorer::LOGISTIC) {
    model.mutable_scorer()->set_link(tinyfair::LinearScorer::SIGNED_LOGISTIC);
  }
  if (!attributes.empty()) {
    // New groups have new indices: a fallback group of the old ones no
    // longer means anything, so unknown groups are refused.
    data::FormGroups(attributes, "refuse", model);
  }
  const size_t groups = model.dimensions().group_count();
  SetRampRule(std::vector<double>(groups, 0.0), 1.0, model);
}

void SetRampRule(const std::vector<double>& thresholds, double gamma, tinyfair::Model& model) {
  auto* ramp = model.mutable_ramp();
  ramp->Clear();
  for (double t : thresholds) {
    ramp->add_threshold(static_cast<float>(t));
    ramp->add_width(static_cast<float>(gamma));
  }
  model.clear_reference_positive_rate();
  for (size_t g = 0; g < thresholds.size(); ++g) model.add_reference_positive_rate(0.0f);
}

void SetThresholdRule(const std::vector<double>& thresholds, tinyfair::Model& model) {
  auto* rule = model.mutable_threshold();
  rule->Clear();
  for (double t : thresholds) {
    // The smallest float >= t: for every float score f, f >= it exactly when
    // f >= t, so the device decides as the fit did.
    float threshold = static_cast<float>(t);
    if (static_cast<double>(threshold) < t) threshold = std::nextafter(threshold, HUGE_VALF);
    rule->add_threshold(threshold);
  }
  model.clear_reference_positive_rate();
  for (size_t g = 0; g < thresholds.size(); ++g) model.add_reference_positive_rate(0.0f);
}

void SetTwoThresholdRule(const std::vector<TwoThresholdGroup>& groups, tinyfair::Model& model) {
  auto* rule = model.mutable_two_threshold();
  rule->Clear();
  bool constant = false;
  for (const auto& g : groups) constant = constant || g.ignore != 0.0;
  for (const auto& g : groups) {
    rule->add_threshold0(static_cast<float>(g.t0));
    rule->add_probability0(static_cast<float>(g.p0));
    rule->add_threshold1(static_cast<float>(g.t1));
    rule->add_probability1(static_cast<float>(g.p1));
    if (constant) {
      rule->add_ignore(static_cast<float>(g.ignore));
      rule->add_constant(static_cast<float>(g.constant));
    }
  }
  model.clear_reference_positive_rate();
  for (size_t g = 0; g < groups.size(); ++g) model.add_reference_positive_rate(0.0f);
}

}  // namespace tinyfair::host::model
