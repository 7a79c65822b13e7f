// The scores the device computes, with groups and labels: what every
// post-processor fits on. Scores come from the runtime itself (float, as on
// the device; see simulate/score_through_runtime.h), so a rule fitted on
// them decides on the device exactly as measured.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tinyfair::host::data {

struct ScoredSample {
  std::vector<double> scores;  // f in [-1, 1]
  std::vector<uint32_t> groups;
  std::vector<int> labels;  // empty when no label column was named
  size_t refused = 0;       // rows the model refused (left out)
};

/// Scores as probabilities p = (f + 1) / 2 (exact for float f), for the
/// methods defined on probabilities; and a threshold on p back on f.
std::vector<double> AsProbabilities(const std::vector<double>& scores);
inline double ProbabilityThresholdOnScore(double threshold) { return 2.0 * threshold - 1.0; }

}  // namespace tinyfair::host::data
