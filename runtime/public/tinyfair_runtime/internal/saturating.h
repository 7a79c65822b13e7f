// Counters that stop at their maximum instead of wrapping to 0.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime::internal {

inline void SaturatingIncrement(uint32_t& counter) {
  if (counter != UINT32_MAX) ++counter;
}

inline void SaturatingAdd(uint64_t& sum, uint64_t value) {
  sum = sum > UINT64_MAX - value ? UINT64_MAX : sum + value;
}

}  // namespace tinyfair::runtime::internal
