// A confidence sequence for the mean of [0, 1]-valued observations: a
// confidence interval that holds at every n at once, so that it may be
// looked at after every decision (continuous monitoring) without inflating
// its error probability.
//
// Source: Robbins' normal mixture (H. Robbins, "Statistical methods related
// to the law of the iterated logarithm", Ann. Math. Statist. 41, 1970), in
// the form of S. R. Howard, A. Ramdas, J. McAuliffe, J. Sekhon,
// "Time-uniform, nonparametric, nonasymptotic confidence sequences", Ann.
// Statist. 49(2), 2021 (the two-sided normal mixture boundary). Observations in [0, 1] are
// sub-Gaussian with variance proxy 1/4 (Hoeffding), so with S_n the sum of
// n observations minus their conditional means, V_n = n / 4 and any rho > 0,
// M_n = sqrt(rho / (V_n + rho)) exp(S_n^2 / (2 (V_n + rho))) is a
// nonnegative supermartingale with M_0 = 1, and Ville's inequality gives
//   P(exists n: |S_n| >= sqrt((V_n + rho) ln((V_n + rho) / (rho beta^2)))) <= beta.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime::internal {

/// The interval's half-width in rate units after n >= 1 observations:
/// sqrt((n/4 + rho) (ln((n/4 + rho) / rho) + log_inverse_beta_squared)) / n,
/// where log_inverse_beta_squared = ln(1 / beta^2). Single-precision
/// operations in a fixed order and the runtime's own Log and Sqrt, so that
/// every target computes the same bits.
float NormalMixtureHalfWidth(uint32_t n, float rho, float log_inverse_beta_squared);

/// The rho that makes the half-width smallest at n observations: rho = (n/4)
/// / z with z - ln(1 + z) = ln(1 / beta^2) (the derivative of the boundary
/// in rho set to 0, as Howard et al. tune it). Any fixed rho keeps the error
/// probability; this one only sharpens the interval near n.
float NormalMixtureTightestRho(float n, float log_inverse_beta_squared);

}  // namespace tinyfair::runtime::internal
