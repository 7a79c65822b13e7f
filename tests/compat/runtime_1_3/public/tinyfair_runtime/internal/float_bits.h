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

}  // namespace tinyfair::runtime::internal
