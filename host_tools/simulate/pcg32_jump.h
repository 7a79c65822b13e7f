// PCG32 moved ahead by any number of draws in O(log n) steps (Brown's
// jump-ahead for linear congruential generators, as pcg32_advance_r), so
// that the rows of a data set cut into parts can be decided part by part,
// each part drawing exactly what it would draw in one pass over the whole.
#pragma once

#include <cstdint>

#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::simulate {

/// Pcg32(seed, stream) after `draws` calls of Next().
runtime::Pcg32 Pcg32After(uint64_t seed, uint64_t stream, uint64_t draws);

}  // namespace tinyfair::host::simulate
