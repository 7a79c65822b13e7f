#include "host_tools/model/ramp_probability_scale.h"

namespace tinyfair::host::model {

namespace {

// How the scorer's score f reads as its probability p: f = p (LOGISTIC) or
// f = 2p - 1 (SIGNED_LOGISTIC); nullopt for a margin (IDENTITY) or no scorer.
struct ProbabilityScale {
  bool signed_score;
  double Probability(double f) const { return signed_score ? (f + 1.0) / 2.0 : f; }
  double Width(double w) const { return signed_score ? w / 2.0 : w; }
};

std::optional<ProbabilityScale> ScaleOf(const tinyfair::Model& model) {
  if (!model.has_scorer()) return std::nullopt;
  const tinyfair::LinearScorer::Link link = model.scorer().link();
  if (link == tinyfair::LinearScorer::IDENTITY) return std::nullopt;
  return ProbabilityScale{link == tinyfair::LinearScorer::SIGNED_LOGISTIC};
}

}  // namespace

std::optional<RampOnProbabilityScale> RampProbabilities(const tinyfair::Model& model) {
  const auto scale = ScaleOf(model);
  if (!model.has_ramp() || !scale) return std::nullopt;
  RampOnProbabilityScale ramp;
  for (const float t : model.ramp().threshold()) ramp.thresholds.push_back(scale->Probability(t));
  for (const float w : model.ramp().width()) ramp.widths.push_back(scale->Width(w));
  return ramp;
}

std::optional<std::vector<double>> ScoresAsProbabilities(const tinyfair::Model& model,
                                                         const std::vector<double>& scores) {
  const auto scale = ScaleOf(model);
  if (!scale) return std::nullopt;
  std::vector<double> probabilities;
  probabilities.reserve(scores.size());
  for (const double f : scores) probabilities.push_back(scale->Probability(f));
  return probabilities;
}

}  // namespace tinyfair::host::model
