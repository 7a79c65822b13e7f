// The runtime's own exp and logistic functions. The C libraries' expf differs
// in the last bit between glibc, newlib and picolibc; these use only IEEE
// single-precision +, -, *, / and bit operations, in a fixed order, so every
// target computes the same bits (build with -ffp-contract=off).
#pragma once

#include "tinyfair_runtime/internal/no_fast_math.h"

namespace tinyfair::runtime::internal {

/// e^x, within 2 ulp for x in [-87.3, 88.7]; 0 below, +inf above, NaN for NaN.
float Exp(float x);

/// 1 / (1 + e^-x), in [0, 1], without overflow for any finite x.
float Logistic(float x);

/// 2 / (1 + e^-x) - 1 = tanh(x / 2), in [-1, 1], accurate near 0.
float SignedLogistic(float x);

/// ln x, within 2 ulp for normal x > 0; -inf for 0, NaN for x < 0 and NaN,
/// +inf for +inf. Subnormal x are read as 0.
float Log(float x);

/// The square root of x >= 0 (NaN below), within 1 ulp, from three Newton
/// steps: the C libraries' sqrtf is a call into libm with errno handling on
/// cores without a square-root instruction.
float Sqrt(float x);

}  // namespace tinyfair::runtime::internal
