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

// The range checks Load makes of a model's floats, from the bits: each
// answers exactly as the float comparison in its comment (NaN fails every
// one, -0 is 0), and a core without an FPU links no soft-float comparison
// for them.

inline uint32_t BitsOf(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return bits;
}

/// value != value
inline bool IsNaN(float value) { return (BitsOf(value) & 0x7FFFFFFFU) > 0x7F800000U; }

/// value == 0.0f
inline bool IsZero(float value) { return (BitsOf(value) & 0x7FFFFFFFU) == 0; }

/// value >= 0.0f && value <= 1.0f (positive floats order as their bits;
/// 0x3F800000 is 1.0f, 0x80000000 is -0.0f).
inline bool InClosedUnitInterval(float value) {
  const uint32_t bits = BitsOf(value);
  return bits <= 0x3F800000U || bits == 0x80000000U;
}

/// value >= 0.0f && value < 1.0f
inline bool InHalfOpenUnitInterval(float value) {
  const uint32_t bits = BitsOf(value);
  return bits < 0x3F800000U || bits == 0x80000000U;
}

/// IsFinite(value) && value > 0.0f (0x7F800000 is +infinity).
inline bool IsPositiveFinite(float value) {
  const uint32_t bits = BitsOf(value);
  return bits != 0 && bits < 0x7F800000U;
}

/// 2^k for k in [-126, 127], built from its exponent bits: exact, no loop.
inline float PowerOfTwo(int32_t k) {
  const uint32_t bits = static_cast<uint32_t>(k + 127) << 23U;
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

}  // namespace tinyfair::runtime::internal
