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

}  // namespace tinyfair::runtime::internal
