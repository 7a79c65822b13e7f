// libgcc's subtraction and equality comparison on soft-float ARMv6-M
// cores, on its addition and less-or-equal comparison
// (soft_float_routines.h). Checked against answers computed independently
// of them (tests/runtime/soft_float_routines_test.cc, on every board).
#include "soft_float_routines.h"

#include <stdint.h>
#include <string.h>

#if TINYFAIR_RUNTIME_SOFT_FLOAT

extern "C" float __aeabi_fadd(float x, float y);
extern "C" int __lesf2(float x, float y);

extern "C" float __aeabi_fsub(float x, float y) {
  constexpr uint32_t kSign = 0x80000000U, kInfinity = 0x7F800000U;
  uint32_t bits;
  memcpy(&bits, &y, sizeof(bits));
  if ((bits & ~kSign) <= kInfinity) bits ^= kSign;  // a NaN keeps its sign, as in libgcc's
  memcpy(&y, &bits, sizeof(y));
  return __aeabi_fadd(x, y);
}

// 0 when x equals y, else 1 (unordered too): where __lesf2 answers 0.
extern "C" int __eqsf2(float x, float y) { return __lesf2(x, y) != 0 ? 1 : 0; }
extern "C" int __nesf2(float x, float y) __attribute__((alias("__eqsf2")));

#endif
