#include "host_tools/model/ramp_probability_scale.h"

namespace tinyfair::host::model {

std::optional<RampOnProbabilityScale> RampProbabilities(const tinyfair::Model& model) {
  if (!model.has_ramp() || !model.has_scorer()) return std::nullopt;
  const tinyfair::LinearScorer::Link link = model.scorer().link();
  if (link == tinyfair::LinearScorer::IDENTITY) return std::nullopt;
  // f = p (LOGISTIC) or f = 2p - 1 (SIGNED_LOGISTIC).
  const bool signed_score = link == tinyfair::LinearScorer::SIGNED_LOGISTIC;
  const auto probability = [signed_score](double f) { return signed_score ? (f + 1.0) / 2.0 : f; };
  const auto width = [signed_score](double w) { return signed_score ? w / 2.0 : w; };
  RampOnProbabilityScale ramp;
  for (const float t : model.ramp().threshold()) ramp.thresholds.push_back(probability(t));
  for (const float w : model.ramp().width()) ramp.widths.push_back(width(w));
  return ramp;
}

}  // namespace tinyfair::host::model
