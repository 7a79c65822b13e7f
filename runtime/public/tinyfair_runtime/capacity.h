// The runtime's capacities, derived from the nanopb structures generated from
// proto/tinyfair/model.options, where each one is set once.
#pragma once

#include <stddef.h>

#include "tinyfair/model.nanopb.h"

namespace tinyfair::runtime {

template <typename T, size_t kCount>
constexpr size_t ArrayCount(const T (&)[kCount]) {
  return kCount;
}

/// Inputs per model.
inline constexpr size_t kMaxInputs = ArrayCount(tinyfair_Model{}.inputs);
/// Categories summed over all categorical inputs.
inline constexpr size_t kMaxCategories =
    ArrayCount(tinyfair_LinearScorer{}.category_weights);
/// Groups, after intersections are formed.
inline constexpr size_t kMaxGroups =
    ArrayCount(tinyfair_Model{}.reference_positive_rate);
/// Attributes whose product forms the group.
inline constexpr size_t kMaxGroupAttributes =
    ArrayCount(tinyfair_GroupFormation{}.attribute_inputs);

// Arrays that hold one entry per input or per group must agree with the
// capacity they are counted against.
static_assert(ArrayCount(tinyfair_LinearScorer{}.weights) == kMaxInputs);
static_assert(ArrayCount(tinyfair_GroupThresholdRule{}.threshold) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupRampRule{}.threshold) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupRampRule{}.width) == kMaxGroups);
// Indices are stored in uint8_t/uint16_t tables inside the runtime.
static_assert(kMaxInputs <= 255 && kMaxCategories <= 65535 && kMaxGroups <= 65535);

}  // namespace tinyfair::runtime
