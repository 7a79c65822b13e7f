// Float subtraction on cores without a floating-point unit that libgcc
// serves from its C soft-float routines (ARMv6-M: Cortex-M0, M0+, M1).
// There libgcc's subtraction (subsf3.o) is a second copy of its addition
// (addsf3.o), 804 bytes on the micro:bit, linked beside the addition by any
// image that subtracts. IEEE 754 defines x - y as x + (-y), and libgcc's
// subtraction is exactly that (soft-fp's _FP_SUB flips the sign of y unless
// y is a NaN, then adds): the runtime's does the same on top of the addition
// (soft_float_subtract.cc), so that an image links one copy.
//
// GCC calls the run-time ABI's __aeabi_fsub for x - y only when link-time
// optimisation generates the code, after the link searched the runtime's
// archive: a file that subtracts names it (TINYFAIR_TAKES_RUNTIME_SUBTRACTION)
// so that the search takes the runtime's, not libgcc's.
#pragma once

#if defined(__ARM_ARCH_6M__) && !defined(__ARM_FP)
#define TINYFAIR_RUNTIME_SUBTRACTS 1

extern "C" float __aeabi_fsub(float x, float y);

#define TINYFAIR_TAKES_RUNTIME_SUBTRACTION()                                                   \
  [[maybe_unused]] __attribute__((used)) constexpr float (*const kSubtraction)(float, float) = \
      __aeabi_fsub
#else
#define TINYFAIR_RUNTIME_SUBTRACTS 0
#define TINYFAIR_TAKES_RUNTIME_SUBTRACTION() static_assert(true)
#endif
