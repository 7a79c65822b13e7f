// A ramp rule read on the probability scale. The post-processors fit on the
// linked score f the device computes; with a logistic scorer that is
// f = 2p - 1 (SIGNED_LOGISTIC), so a threshold t stands for p = (t + 1) / 2
// and a width w for w / 2 of probability. A front end shows the rule there.
#pragma once

#include <optional>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// Per group, where the ramp starts (a positive decision's probability is
/// 0 there and rises to 1 at threshold + width) and its width, as the
/// scorer's probabilities.
struct RampOnProbabilityScale {
  std::vector<double> thresholds, widths;
};

/// The model's ramp on the probability scale; nullopt when the model has no
/// ramp or its score is not a probability (an identity link: a margin).
std::optional<RampOnProbabilityScale> RampProbabilities(const tinyfair::Model& model);

/// The scorer's probability p of each score f the runtime computed with the
/// model's scorer (its decision records' scores), on the same scale as
/// RampProbabilities; nullopt when the model has no scorer or its score is
/// not a probability.
std::optional<std::vector<double>> ScoresAsProbabilities(const tinyfair::Model& model,
                                                         const std::vector<double>& scores);

}  // namespace tinyfair::host::model
