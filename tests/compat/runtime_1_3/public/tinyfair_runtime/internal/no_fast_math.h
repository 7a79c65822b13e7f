// -ffast-math lets the compiler reorder sums, assume no NaN and flush
// subnormals, so the device would no longer decide what the host decided.
// Every header of the runtime includes this one (most through config.h), so
// such a build stops here, with this message.
#pragma once

#if defined(__FAST_MATH__)
#error \
    "tinyfair runtime: built with -ffast-math (__FAST_MATH__ is defined); decisions would differ from the host's. Remove -ffast-math (and -Ofast) for the sources that use the runtime."
#endif  // __FAST_MATH__
