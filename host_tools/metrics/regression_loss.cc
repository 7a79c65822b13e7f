#include "host_tools/metrics/regression_loss.h"

#include <cmath>

namespace tinyfair::host::metrics {
namespace {

double Clamp01(double u) { return std::fmin(std::fmax(u, 0.0), 1.0); }

// log(1 + exp(t)) without overflow.
double Softplus(double t) {
  return t > 0.0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t));
}

}  // namespace

double LossValue(RegressionLoss loss, double y, double u) {
  u = Clamp01(u);
  if (loss == RegressionLoss::kSquared) return (y - u) * (y - u) / 2.0;
  const double c = kLogisticScale;
  return Softplus(-c * (2.0 * y - 1.0) * (2.0 * u - 1.0)) / (2.0 * Softplus(c));
}

double LossSlope(RegressionLoss loss, double y, double u) {
  if (loss == RegressionLoss::kSquared) return u - y;
  const double c = kLogisticScale;
  const double s = 2.0 * y - 1.0;
  const double t = -c * s * (2.0 * u - 1.0);
  return (-2.0 * c * s) / (1.0 + std::exp(-t)) / (2.0 * Softplus(c));
}

double ThresholdCost(RegressionLoss loss, double y, double z, int n) {
  const double half = 0.5 / n;
  return n * (LossValue(loss, y, z + half) - LossValue(loss, y, z - half));
}

double LogisticProbability(double u) {
  return 1.0 / (1.0 + std::exp(-kLogisticScale * (2.0 * u - 1.0)));
}

}  // namespace tinyfair::host::metrics
