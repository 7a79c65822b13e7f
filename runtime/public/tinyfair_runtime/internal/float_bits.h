// Float classification from the bits, so that no libm call or FPU exception
// flag is involved and every target answers alike.
#pragma once

#include <stdint.h>
#include <string.h>

#include "tinyfair_runtime/internal/no_fast_math.h"

namespace tinyfair::runtime::internal {

inline bool IsFinite(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return (bits & 0x7F800000U) != 0x7F800000U;
}

/// Nonzero with a zero exponent: a core that flushes subnormals to zero
/// would read it as 0 and decide differently, so models may not hold one.
inline bool IsSubnormal(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return (bits & 0x7F800000U) == 0 && (bits & 0x007FFFFFU) != 0;
}

/// 2^k for k in [-126, 127], built from its exponent bits: exact, no loop.
inline float PowerOfTwo(int32_t k) {
  const uint32_t bits = static_cast<uint32_t>(k + 127) << 23U;
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

}  // namespace tinyfair::runtime::internal
