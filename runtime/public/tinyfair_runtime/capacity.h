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
inline constexpr size_t kMaxCategories = ArrayCount(tinyfair_LinearScorer{}.category_weights);
/// Groups, after intersections are formed.
inline constexpr size_t kMaxGroups = ArrayCount(tinyfair_Model{}.reference_positive_rate);
/// Attributes whose product forms the group.
inline constexpr size_t kMaxGroupAttributes =
    ArrayCount(tinyfair_GroupFormation{}.attribute_inputs);

/// Members of a mixture, and their weights over all members together.
inline constexpr size_t kMaxMembers = ArrayCount(tinyfair_MixtureRule{}.probability);
inline constexpr size_t kMaxMemberWeights = ArrayCount(tinyfair_MixtureRule{}.weights);
inline constexpr size_t kMaxMemberCategoryWeights =
    ArrayCount(tinyfair_MixtureRule{}.category_weights);

/// The integer scorer's ramp (schema 1.5): 8 segments, 9 knots per group.
inline constexpr size_t kIntegerRampSegments = 8;
inline constexpr size_t kIntegerRampKnots = kIntegerRampSegments + 1;
inline constexpr size_t kMaxIntegerRampKnots =
    ArrayCount(tinyfair_IntegerScorer{}.ramp_probability);
static_assert(kMaxIntegerRampKnots >= kIntegerRampKnots * kMaxGroups,
              "TINYFAIR_MAX_INTEGER_RAMP_KNOTS must be at least 9 x TINYFAIR_MAX_GROUPS");

// Arrays that hold one entry per input or per group must agree with the
// capacity they are counted against.
static_assert(ArrayCount(tinyfair_LinearScorer{}.weights) == kMaxInputs);
static_assert(ArrayCount(tinyfair_GroupThresholdRule{}.threshold) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupRampRule{}.threshold) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupRampRule{}.width) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupTwoThresholdRule{}.threshold0) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupTwoThresholdRule{}.probability0) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupTwoThresholdRule{}.threshold1) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupTwoThresholdRule{}.probability1) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupTwoThresholdRule{}.ignore) == kMaxGroups);
static_assert(ArrayCount(tinyfair_GroupTwoThresholdRule{}.constant) == kMaxGroups);
static_assert(ArrayCount(tinyfair_TruncatedLogisticRule{}.cell_label1) == kMaxGroups);
static_assert(ArrayCount(tinyfair_TruncatedLogisticRule{}.cell_label0) == kMaxGroups);
static_assert(ArrayCount(tinyfair_IntegerScorer{}.input_shift) == kMaxInputs);
static_assert(ArrayCount(tinyfair_IntegerScorer{}.weights) == kMaxInputs);
static_assert(ArrayCount(tinyfair_IntegerScorer{}.category_weights) == kMaxCategories);
static_assert(ArrayCount(tinyfair_IntegerScorer{}.threshold) == kMaxGroups);
static_assert(ArrayCount(tinyfair_IntegerScorer{}.ramp_start) == kMaxGroups);
static_assert(ArrayCount(tinyfair_IntegerScorer{}.ramp_shift) == kMaxGroups);
static_assert(ArrayCount(tinyfair_MixtureRule{}.bias) == kMaxMembers);
static_assert(ArrayCount(tinyfair_MixtureRule{}.threshold) == kMaxMembers);
// Member indices fit the record's two hexadecimal digits; group attributes
// fit the unknown-attribute bit mask.
static_assert(kMaxMembers <= 256 && kMaxGroupAttributes <= 32);
// Indices are stored in uint8_t/uint16_t tables inside the runtime.
static_assert(kMaxInputs <= 255 && kMaxCategories <= 65535 && kMaxGroups <= 65535);

}  // namespace tinyfair::runtime
