// The bounded, 1-Lipschitz losses of fair regression (spec §1.1): least
// squares (y - u)^2 / 2 and the rescaled logistic loss with C = 5, both
// defined for u in [0, 1] and extended by clamping (l(y, u) = l(y, 1) for
// u >= 1, as the discretization assumes), plus the per-threshold cost
// c(y, z) = N (l(y, z + alpha/2) - l(y, z - alpha/2)) of the reduction.
#pragma once

namespace tinyfair::host::metrics {

enum class RegressionLoss { kSquared, kLogistic };

/// C of the rescaled logistic model p(y = 1 | x) = sigmoid(C (2 f(x) - 1)).
inline constexpr double kLogisticScale = 5.0;

/// l(y, u) in [0, 1/2] with u clamped to [0, 1].
double LossValue(RegressionLoss loss, double y, double u);

/// d l(y, u) / du for u in (0, 1).
double LossSlope(RegressionLoss loss, double y, double u);

/// c(y, z) in [-1, 1] for a threshold z of a grid of size n (eq. 9).
double ThresholdCost(RegressionLoss loss, double y, double z, int n);

/// P(y = 1) of the rescaled logistic model for an output u: sigmoid(C(2u - 1)).
double LogisticProbability(double u);

}  // namespace tinyfair::host::metrics
