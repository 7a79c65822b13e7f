// A counter that stops at its maximum instead of wrapping to 0.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime::internal {

// Always inlined: a call costs more than the increment.
__attribute__((always_inline)) inline void SaturatingIncrement(uint32_t& counter) {
  if (counter != UINT32_MAX) ++counter;
}

}  // namespace tinyfair::runtime::internal
