// The logistic link and its loss, computed without overflow: shared by the
// in-memory fit and the part sums so that both add the same terms.
#pragma once

#include <algorithm>
#include <cmath>

namespace tinyfair::host::learn {

/// log(1 + e^z) without overflow or loss of precision for large |z|.
inline double Softplus(double z) { return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))); }

/// 1 / (1 + e^-z) without overflow.
inline double Sigmoid(double z) {
  if (z >= 0.0) return 1.0 / (1.0 + std::exp(-z));
  const double e = std::exp(z);
  return e / (1.0 + e);
}

/// sigmoid(z) * (1 - sigmoid(z)), accurate in the tails where 1 - sigmoid
/// would cancel.
inline double SigmoidDerivative(double z) {
  const double e = std::exp(-std::abs(z));
  return e / ((1.0 + e) * (1.0 + e));
}

}  // namespace tinyfair::host::learn
