// The categorical inputs of one decision: the group they form and the
// categories they hold. The same code for float inputs (decide.cc, a
// category index carried in a float) and 16-bit integer inputs
// (integer_decide.cc), so both paths refuse and fall back alike.
#pragma once

#include <stdint.h>

#include "index_conversions.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/group_formation.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime::internal {

// A categorical input carries an integral category index in [0, count).
// NaN fails the range test.
inline bool CategoryIndex(float value, uint32_t count, uint32_t& index) {
  if (!(value >= 0.0f && value < FloatOfIndex(count))) return false;
  index = IndexOfFloat(value);
  return FloatOfIndex(index) == value;
}

inline bool CategoryIndex(int16_t value, uint32_t count, uint32_t& index) {
  if (value < 0 || static_cast<uint32_t>(value) >= count) return false;
  index = static_cast<uint32_t>(value);
  return true;
}

// A whole number: every float of magnitude 2^23 or more is one, and below
// that the conversion to int32 is exact. Every integer input is one.
inline bool IsWholeNumber(float value) {
  if (!IsFinite(value)) return false;
  if (value >= 8388608.0f || value <= -8388608.0f) return true;
  return static_cast<float>(static_cast<int32_t>(value)) == value;
}

inline bool IsWholeNumber(int16_t) { return true; }

// Whether categorical input k's last category takes the values the model
// does not list.
inline bool TakesOther(const DecisionTables& t, uint32_t k) {
  return t.other_category != nullptr && (t.other_category[k / 32] & (1U << (k % 32))) != 0;
}

// The category categorical input k holds: its index, or the input's "other"
// category for an index the model does not list.
template <typename Value>
bool CategoryOf(const DecisionTables& t, uint32_t k, Value value, uint32_t& category) {
  const uint32_t count = t.category_count_of[k];
  if (CategoryIndex(value, count, category)) return true;
  if (!TakesOther(t, k) || !IsWholeNumber(value)) return false;
  category = count - 1;
  return true;
}

// The group, and which attributes were unknown (bit j for attribute j).
template <typename Input>
Status FormGroup(const DecisionTables& t, const Input& input, uint32_t& group,
                 uint32_t& unknown_attributes) {
  unknown_attributes = 0;
  bool known = true;
  if (t.group_form == GroupForm::kDirect) {
    group = input.group;
    known = group < t.group_count;
  } else {
    group = 0;
    for (uint32_t j = 0; j < t.attribute_count; ++j) {
      const uint32_t k = t.attribute_categorical[j];
      const uint32_t count = t.category_count_of[k];
      uint32_t category = 0;
      if (!CategoryIndex(input.values[t.categorical_input[k]], count, category)) {
        unknown_attributes |= 1U << j;
        known = false;
      }
      group = AppendGroupAttribute(group, count, category);
    }
  }
  if (known) return Status::kOk;
  if (!t.unknown_group_fallback) return Status::kUnknownGroup;
  group = t.fallback_group;
  return Status::kOk;
}

// Every categorical input must hold a known category (or an unlisted one
// its "other" category takes), except a group attribute that the fallback
// let through; `skip` tells whether one did.
template <typename Value>
Status CheckCategories(const DecisionTables& t, const Value* x, uint32_t unknown_attributes,
                       bool& skip) {
  skip = false;
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    uint32_t category;
    if (CategoryOf(t, k, x[t.categorical_input[k]], category)) continue;
    bool allowed = false;
    for (uint32_t j = 0; j < t.attribute_count; ++j) {
      if (t.attribute_categorical[j] == k && (unknown_attributes & (1U << j)) != 0) {
        allowed = true;
      }
    }
    if (!allowed) return Status::kUnknownCategory;
    skip = true;
  }
  return Status::kOk;
}

// A refused input's record: the model, the group when it was formed, the
// status, and nothing of a decision.
inline Status RefuseInput(Decision& out, uint64_t model_hash, uint32_t group, Status status) {
  out = Decision{};
  out.model_hash = model_hash;
  out.group = group;
  return out.status = status;
}

// A refusal keeps the record's model hash and group (when formed).
inline Status Refuse(Decision& out, Status status) {
  return RefuseInput(out, out.model_hash, out.group, status);
}

// The integer scorer's terms of the categories the inputs hold (a float
// input carries its index as a float), in categorical input order.
template <typename Value>
int32_t CategoryTerms(const DecisionTables& t, const Value* x) {
  int32_t sum = 0;
  const int32_t* terms = t.integer->category_weights;
  for (uint32_t k = 0; k < t.categorical_count; ++k) {
    uint32_t category;
    if (CategoryOf(t, k, x[t.categorical_input[k]], category)) sum += terms[category];
    terms += t.category_count_of[k];
  }
  return sum;
}

// The rule and the record of an integer decision whose group and integer
// margin are known (integer_decide.cc): DecideInteger's and
// DecideQuantised's common tail.
Status DecideIntegerRule(const DecisionTables& t, uint32_t group, int32_t margin, uint32_t draw,
                         Decision& out);

}  // namespace tinyfair::runtime::internal
