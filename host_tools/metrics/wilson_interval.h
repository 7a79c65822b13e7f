// Wilson's score interval for a binomial proportion: a rate with its
// confidence interval, sound for small counts and rates near 0 or 1.
#pragma once

#include <cstdint>

namespace tinyfair::host::metrics {

struct RateInterval {
  double rate = 0.0;
  double lower = 0.0;
  double upper = 1.0;
};

/// `successes` of `trials` with a two-sided interval at `confidence` (0.95:
/// z = 1.96). No trials: rate 0 and the interval [0, 1].
RateInterval WilsonInterval(uint64_t successes, uint64_t trials, double confidence = 0.95);

}  // namespace tinyfair::host::metrics
