// Newcombe's hybrid score interval for p1 - p2.
#include "host_tools/metrics/difference_interval.h"

#include <algorithm>
#include <cmath>

#include "host_tools/metrics/wilson_interval.h"

namespace tinyfair::host::metrics {

DifferenceInterval NewcombeInterval(uint64_t successes1, uint64_t trials1, uint64_t successes2,
                                    uint64_t trials2, double confidence) {
  const RateInterval a = WilsonInterval(successes1, trials1, confidence);
  const RateInterval b = WilsonInterval(successes2, trials2, confidence);
  if (trials1 == 0 || trials2 == 0) return {a.rate - b.rate, -1.0, 1.0};
  const double difference = a.rate - b.rate;
  const double below = std::hypot(a.rate - a.lower, b.upper - b.rate);
  const double above = std::hypot(a.upper - a.rate, b.rate - b.lower);
  return {difference, std::max(-1.0, difference - below), std::min(1.0, difference + above)};
}

}  // namespace tinyfair::host::metrics
