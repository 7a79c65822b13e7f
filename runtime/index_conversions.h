// Conversions between floats and counts or indices, which are below 2^31
// (capacities, grid sizes, category indices): made as signed 32-bit
// integers, which is exact for them. On a core without an FPU libgcc
// converts unsigned integers with routines of their own (ARMv6-M:
// __aeabi_ui2f, 132 B, and __aeabi_f2uiz, 48 B), beside the signed ones
// that every image that decides by floats links.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime::internal {

/// `index` (below 2^31) as a float.
inline float FloatOfIndex(uint32_t index) {
  return static_cast<float>(static_cast<int32_t>(index));
}

/// The whole part of `value`, which is in [0, 2^31).
inline uint32_t IndexOfFloat(float value) {
  return static_cast<uint32_t>(static_cast<int32_t>(value));
}

}  // namespace tinyfair::runtime::internal
