// Robbins' normal-mixture confidence sequence for bounded observations.
#include "tinyfair_runtime/internal/normal_mixture_boundary.h"

#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/fast_math.h"

namespace tinyfair::runtime::internal {

float NormalMixtureHalfWidth(uint32_t n, float rho, float log_inverse_beta_squared) {
  const float count = static_cast<float>(n);
  const float intrinsic_time = 0.25f * count + rho;
  const float log_term = Log(intrinsic_time / rho) + log_inverse_beta_squared;
  return Sqrt(intrinsic_time * log_term) / count;
}

float NormalMixtureTightestRho(float n, float log_inverse_beta_squared) {
  // z = c + ln(1 + z) is a contraction (slope 1 / (1 + z) < 1/2 for c > 1):
  // eight steps from z = c settle it far below what the boundary needs.
  float z = log_inverse_beta_squared;
  for (int i = 0; i < 8; ++i) z = log_inverse_beta_squared + Log(1.0f + z);
  return 0.25f * n / z;
}

}  // namespace tinyfair::runtime::internal
