// Included by every source of the runtime that computes with floats, before
// its code: the runtime's floating point is IEEE single precision with every
// operation rounded on its own, so that the device computes the host's bits
// whatever flags the firmware's build passes. (Sources without float
// arithmetic leave it out: the pragma's optimize attribute kept GCC from
// inlining the C API's placement new on RISC-V.) GCC contracts a * b + c into one FMA by default
// (-ffp-contract=fast) on cores that have it, which changes the rounding; the
// pragma applies -ffp-contract=off to every function this file defines.
// The target's usage requirements carry the flag as well; this holds when a
// build drops them.
#pragma once

#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include "tinyfair_runtime/internal/config.h"
