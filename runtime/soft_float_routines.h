// Two of libgcc's soft-float routines for cores without a floating-point
// unit that libgcc serves from its C soft-float code (ARMv6-M: Cortex-M0,
// M0+, M1), defined here on the others, so that an image links one copy of
// the code they share (the micro:bit's sizes: docs/benchmarks.md):
//  - subtraction, x - y (__aeabi_fsub): libgcc's (subsf3.o, 804 B) is a
//    second copy of its addition (addsf3.o). IEEE 754 defines x - y as
//    x + (-y), and libgcc's subtraction is exactly that (soft-fp's _FP_SUB
//    flips the sign of y unless y is a NaN, then adds; LLVM's compiler-rt
//    flips it always): here, the same on libgcc's addition.
//  - the comparison behind x == y (__eqsf2, __nesf2; eqsf2.o, 80 B): 0
//    where libgcc's comparison behind x <= y (__lesf2) answers 0, else 1.
// Each costs the few instructions of its call to the other: a decision on
// the micro:bit calls the subtraction about four times and the equality
// once. The comparison behind x >= y and x > y (__gesf2, 158 B) could be
// -__lesf2(y, x) as well, but a decision calls it about seven times: 56
// more instructions, which the float path cannot spend (benchmarks.md,
// "Instructions per decision").
//
// GCC calls them only when link-time optimisation generates the code, after
// the link searched the runtime's archive: a file that decides by floats
// names one of them (TINYFAIR_TAKES_RUNTIME_SOFT_FLOAT), so that the search
// takes the runtime's file, which defines both, not libgcc's.
#pragma once

#if defined(__ARM_ARCH_6M__) && !defined(__ARM_FP)
#define TINYFAIR_RUNTIME_SOFT_FLOAT 1

extern "C" float __aeabi_fsub(float x, float y);

// A kept pointer to one of the routines, in the file that names them.
#define TINYFAIR_TAKES_RUNTIME_SOFT_FLOAT()                                          \
  [[maybe_unused]] __attribute__((used)) constexpr float (*const kRuntimeSoftFloat)( \
      float, float) = __aeabi_fsub
#else
#define TINYFAIR_RUNTIME_SOFT_FLOAT 0
#define TINYFAIR_TAKES_RUNTIME_SOFT_FLOAT() static_assert(true)
#endif
