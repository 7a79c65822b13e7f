// A confidence interval for the difference of two independent binomial
// proportions: the gap between two groups' rates, stated with how sure it is.
#pragma once

#include <cstdint>

namespace tinyfair::host::metrics {

struct DifferenceInterval {
  double difference = 0.0;
  double lower = -1.0;
  double upper = 1.0;
};

/// p1 - p2 for `successes1` of `trials1` and `successes2` of `trials2`, with
/// Newcombe's hybrid score interval (R. G. Newcombe, Statistics in Medicine
/// 17, 1998, method 10), built from the two Wilson intervals: it keeps its
/// level for small counts and rates near 0 or 1, where the Wald interval
/// does not. Either side without trials: the interval [-1, 1].
DifferenceInterval NewcombeInterval(uint64_t successes1, uint64_t trials1, uint64_t successes2,
                                    uint64_t trials2, double confidence = 0.95);

}  // namespace tinyfair::host::metrics
