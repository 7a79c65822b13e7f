// Float classification from the bits, so that no libm call or FPU exception
// flag is involved and every target answers alike.
#pragma once

#include <stdint.h>
#include <string.h>

namespace tinyfair::runtime::internal {

inline bool IsFinite(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof(bits));
  return (bits & 0x7F800000U) != 0x7F800000U;
}

}  // namespace tinyfair::runtime::internal
