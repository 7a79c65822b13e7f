// The runtime's float subtraction on soft-float ARMv6-M cores: x + (-y), as
// libgcc's is, on libgcc's addition (soft_float_subtract.h). The same bits
// as the correctly rounded difference for every pair of numbers
// (tests/runtime/soft_float_subtract_test.cc, on every board); the image
// sizes it saves are in docs/benchmarks.md.
#include "soft_float_subtract.h"

#include <stdint.h>
#include <string.h>

#if TINYFAIR_RUNTIME_SUBTRACTS

extern "C" float __aeabi_fadd(float x, float y);

extern "C" float __aeabi_fsub(float x, float y) {
  constexpr uint32_t kSign = 0x80000000U, kInfinity = 0x7F800000U;
  uint32_t bits;
  memcpy(&bits, &y, sizeof(bits));
  if ((bits & ~kSign) <= kInfinity) bits ^= kSign;  // a NaN keeps its sign, as in libgcc's
  memcpy(&y, &bits, sizeof(y));
  return __aeabi_fadd(x, y);
}

#endif
