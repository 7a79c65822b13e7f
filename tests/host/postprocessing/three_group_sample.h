// The labelled three-group sample the Hardt post-processing tests fit on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace tinyfair::host::postprocessing {

struct ThreeGroupSample {
  std::vector<double> scores;
  std::vector<int> labels;
  std::vector<uint32_t> groups;
};

// Three groups of different base rates and score shifts; `score_of` maps a
// latent normal score (higher for label 1) to the score the test wants
// (rounded, squashed, placed on histogram cells).
template <typename ScoreOf>
ThreeGroupSample MakeThreeGroupSample(size_t n, uint64_t seed, ScoreOf score_of) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  const double base_rate[] = {0.3, 0.5, 0.15};
  const double shift[] = {0.0, 0.4, -0.5};
  ThreeGroupSample s;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t g = uniform(engine) < 0.5 ? 0 : (uniform(engine) < 0.6 ? 1 : 2);
    const int y = uniform(engine) < base_rate[g] ? 1 : 0;
    s.scores.push_back(score_of(1.2 * y + shift[g] + normal(engine)));
    s.labels.push_back(y);
    s.groups.push_back(g);
  }
  return s;
}

}  // namespace tinyfair::host::postprocessing
