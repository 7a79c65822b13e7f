// What Load's check (model_check.cc) and each rule kind's own check
// (rules/) read the checked model with: enum fields, numbers, the float
// arrays' table and the categorical inputs.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "checked_model.h"
#include "tinyfair/model.nanopb.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "weight_fold.h"

namespace tinyfair::runtime::internal {

// The minor version that added required features (Model.required_features).
inline constexpr uint32_t kFeaturesMinor = 2;

// Whether an enum field holds `value`. The model reader stores any number a
// model gives an enum field (proto3 enums are open), and reading a number outside
// the enumerators through the enum type is undefined in C++, so the checks
// compare the field's integer representation.
template <typename Enum>
bool Is(const Enum& field, Enum value) {
  __underlying_type(Enum) raw;
  memcpy(&raw, &field, sizeof(raw));
  return raw == static_cast<__underlying_type(Enum)>(value);
}

// Whether an enum field holds one of the enumerators 0 .. count - 1 (every
// enum of the schema numbers its values from 0 without gaps).
template <typename Enum>
bool Below(const Enum& field, uint32_t count) {
  __underlying_type(Enum) raw;
  memcpy(&raw, &field, sizeof(raw));
  return static_cast<uint32_t>(raw) < count;
}

constexpr uint64_t FeatureBit(tinyfair_ModelFeature feature) {
  return uint64_t{1} << static_cast<unsigned>(feature);
}

// Probabilities that must add up to 1 (a two-threshold rule's per group, a
// mixture's members) do so within this.
inline constexpr float kProbabilitySumTolerance = 1e-5f;

inline bool SumsToOne(float sum) {
  return sum >= 1.0f - kProbabilitySumTolerance && sum <= 1.0f + kProbabilitySumTolerance;
}

// Finite and, unless 0, normal.
inline bool FiniteNormal(float value) { return IsFinite(value) && !IsSubnormal(value); }

// ---------------------------------------------------------------------------
// The float arrays, checked from tables rather than by one piece of code per
// array: how many values each must hold, and what each value must be. The
// model's own arrays are model_check.cc's; each rule kind lists its own.

enum class Count : uint8_t {
  kInputs,
  kCategories,
  kGroups,
  kNoneOrGroups,  // optional per-group values
  kMembers,
  kMembersIfClassify,  // per-member thresholds, read by classifying mixtures only
  kMemberInputs,
  kMemberCategories,
};
enum class Values : uint8_t {
  kFinite,
  kProbability,  // in [0, 1]
  kNotNaN,       // thresholds that may be infinite (constant predictions)
  kPositive,     // finite and > 0
};

// Which models a row applies to: a rule's oneof tag, or every model.
inline constexpr uint8_t kEveryModel = 0;

// Four bytes a row.
struct FloatArray {
  uint16_t span_offset;  // of the tinyfair_FloatSpan in the checked message
  uint8_t rule;          // kEveryModel, or the tag of the rule it belongs to
  Count count : 4;
  Values values : 4;
};

static_assert(sizeof(tinyfair_check_Model) <= UINT16_MAX, "FloatArray's offsets are 16-bit");
static_assert(sizeof(FloatArray) == 4);

// The row of the checked Model's float array `field`, which every model has
// or, in a rule's list, which that rule's models have.
#define TINYFAIR_FLOAT_ARRAY(field, count, values)                                               \
  ::tinyfair::runtime::internal::FloatArray {                                                    \
    static_cast<uint16_t>(offsetof(tinyfair_check_Model, field)),                                \
        ::tinyfair::runtime::internal::kEveryModel, ::tinyfair::runtime::internal::Count::count, \
        ::tinyfair::runtime::internal::Values::values                                            \
  }

// A list of float arrays.
struct FloatArrays {
  const FloatArray* rows;
  size_t count;
};

template <size_t kCount>
constexpr FloatArrays FloatArraysOf(const FloatArray (&rows)[kCount]) {
  return FloatArrays{rows, kCount};
}

inline const tinyfair_FloatSpan& SpanOf(const tinyfair_check_Model& m, const FloatArray& array) {
  return *reinterpret_cast<const tinyfair_FloatSpan*>(reinterpret_cast<const uint8_t*>(&m) +
                                                      array.span_offset);
}

// ---------------------------------------------------------------------------
// Categorical inputs.

// Which inputs are categorical: bit i (word i / 32) for input i, found once
// by the check of the inputs for every check that asks.
using CategoricalInputs = uint32_t[(kMaxInputs + 31) / 32];

inline bool IsCategorical(const CategoricalInputs& categorical, size_t i) {
  return (categorical[i / 32] & (1U << (i % 32))) != 0;
}

// Weights on categorical inputs must be 0: their terms come from the tables.
inline bool CategoricalWeightsZero(const CheckedModel& c, const CategoricalInputs& categorical,
                                   const tinyfair_FloatSpan& weights, size_t first) {
  for (size_t i = 0; i < c.m.inputs.count; ++i) {
    if (IsCategorical(categorical, i) && !IsZero(FloatAt(weights, first + i))) return false;
  }
  return true;
}

// Folding can overflow for extreme but finite numbers, or leave a subnormal:
// whether the weights of `weights` from `first` on, folded with the inputs'
// offsets and scales, and `bias` with them are finite and normal, computed
// as the tables will be (weight_fold.h).
inline bool FoldOk(const CheckedModel& c, const tinyfair_FloatSpan& weights, size_t first,
                   float bias) {
  return FoldWeights(c, weights, first, nullptr, bias).finite_normal;
}

}  // namespace tinyfair::runtime::internal
