// Wilson's score interval (E. B. Wilson, J. Amer. Statist. Assoc. 22, 1927).
#include "host_tools/metrics/wilson_interval.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tinyfair::host::metrics {
namespace {

// The standard normal quantile at p in (0.5, 1), by bisection on erfc: the
// intervals are computed a few times per report, so speed does not matter.
double NormalQuantile(double p) {
  double low = 0.0, high = 10.0;
  for (int i = 0; i < 100; ++i) {
    const double mid = 0.5 * (low + high);
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

}  // namespace

RateInterval WilsonInterval(uint64_t successes, uint64_t trials, double confidence) {
  if (!(confidence > 0.0 && confidence < 1.0)) {
    throw std::invalid_argument("WilsonInterval: confidence must be in (0, 1)");
  }
  if (successes > trials) throw std::invalid_argument("WilsonInterval: successes > trials");
  if (trials == 0) return {};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z = NormalQuantile(0.5 + confidence / 2.0);
  const double denominator = 1.0 + z * z / n;
  const double centre = (p + z * z / (2.0 * n)) / denominator;
  const double spread = z * std::sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denominator;
  return {p, std::max(0.0, centre - spread), std::min(1.0, centre + spread)};
}

}  // namespace tinyfair::host::metrics
