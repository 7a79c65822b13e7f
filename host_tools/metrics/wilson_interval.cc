// Wilson's score interval (E. B. Wilson, J. Amer. Statist. Assoc. 22, 1927).
#include "host_tools/metrics/wilson_interval.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tinyfair::host::metrics {
namespace {

// The standard normal quantile at p in (0.5, 1), by bisection on erfc.
double NormalQuantile(double p) {
  double low = 0.0, high = 10.0;
  for (int i = 0; i < 100; ++i) {
    const double mid = 0.5 * (low + high);
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

// NormalQuantile of the last p asked for on this thread, kept: every
// interval of a report, and of the reports of a validation grid (66 on
// Adult, a hundred erfc each), asks for the same p.
double RememberedNormalQuantile(double p) {
  thread_local double last_p = 0.0, last_quantile = 0.0;
  if (p != last_p) {
    last_quantile = NormalQuantile(p);
    last_p = p;
  }
  return last_quantile;
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
  const double z = RememberedNormalQuantile(0.5 + confidence / 2.0);
  const double denominator = 1.0 + z * z / n;
  const double centre = (p + z * z / (2.0 * n)) / denominator;
  const double spread = z * std::sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denominator;
  return {p, std::max(0.0, centre - spread), std::min(1.0, centre + spread)};
}

}  // namespace tinyfair::host::metrics
