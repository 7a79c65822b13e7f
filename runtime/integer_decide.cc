// DecideInteger: group, categories, integer margin, rule, draw, with no
// float arithmetic (the record's two floats are built from their bits), so
// that an image deciding only by it links no soft-float routine.
#include "tinyfair_runtime/integer_decide.h"

#include <string.h>

#include "input_categories.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::runtime {
namespace {

using internal::CategoryTerms;
using internal::CheckCategories;
using internal::FormGroup;
using internal::RefuseInput;

// The position of the highest set bit of a nonzero value: a binary search
// in registers (libgcc's __clzsi2 is a call on Cortex-M0).
uint32_t HighestBit(uint32_t value) {
  uint32_t top = 0;
  if ((value >> 16U) != 0) {
    value >>= 16U;
    top += 16U;
  }
  if ((value >> 8U) != 0) {
    value >>= 8U;
    top += 8U;
  }
  if ((value >> 4U) != 0) {
    value >>= 4U;
    top += 4U;
  }
  if ((value >> 2U) != 0) {
    value >>= 2U;
    top += 2U;
  }
  return top + (value >> 1U);
}

// The float nearest below |value| * 2^-shift in magnitude (truncated to 24
// significant bits), built from its sign, exponent and mantissa. Load()
// keeps shift <= 30, so the exponent stays normal.
float ScaledFloat(int32_t value, uint32_t shift) {
  uint32_t bits = 0;
  if (value != 0) {
    const uint32_t magnitude =
        value < 0 ? 0U - static_cast<uint32_t>(value) : static_cast<uint32_t>(value);
    const uint32_t top = HighestBit(magnitude);
    const uint32_t mantissa = top >= 23U ? magnitude >> (top - 23U) : magnitude << (23U - top);
    bits = (value < 0 ? 0x80000000U : 0U) | ((top + 127U - shift) << 23U) | (mantissa & 0x7FFFFFU);
  }
  float result;
  memcpy(&result, &bits, sizeof(result));
  return result;
}

// sum_i w[i] q[i], with one byte offset indexing both arrays: Thumb-1 has
// no immediate offset for a signed halfword load, so a loop over i (or
// unrolled with constant offsets) spends a register move per load; this
// one is seven instructions a term on Cortex-M0 where the plain loop takes
// eleven. Integer sums are exact in any order, and Load() kept the sum of
// the magnitudes of the terms below 2^31.
__attribute__((noinline)) int32_t DotProduct(const int16_t* w, const int16_t* q, uint32_t n) {
  const uintptr_t w_address = reinterpret_cast<uintptr_t>(w);
  const uintptr_t q_address = reinterpret_cast<uintptr_t>(q);
  int32_t sum = 0;
  for (uintptr_t offset = 0; offset != 2U * n; offset += 2U) {
    const int16_t weight = *reinterpret_cast<const int16_t*>(w_address + offset);
    const int16_t input = *reinterpret_cast<const int16_t*>(q_address + offset);
    sum += static_cast<int32_t>(weight) * static_cast<int32_t>(input);
  }
  return sum;
}

// P(positive) in units of 2^-15: 0 below the group's ramp start, linear
// between the knots of the unclamped ramp, then clamped to 1 (so that the
// ramp's end, which falls inside a segment, is where the line crosses 1);
// the last knot beyond the last segment. The interpolation keeps at most 15
// bits of the offset within a segment, so that the product of a rise (at
// most 65535) and the offset stays below 2^31.
uint32_t RampProbability(const IntegerTables& s, uint32_t g, int32_t margin) {
  const int32_t start = s.ramp_start[g];
  if (margin < start) return 0;
  const uint32_t offset = static_cast<uint32_t>(margin) - static_cast<uint32_t>(start);
  const uint32_t shift = s.ramp_shift[g];
  const uint32_t segment = offset >> shift;
  const uint16_t* knot = s.ramp_probability + g * kIntegerRampKnots;
  uint32_t probability = knot[kIntegerRampSegments];
  if (segment < kIntegerRampSegments) {
    const uint32_t drop = shift > 15U ? shift - 15U : 0U;
    const uint32_t within = (offset & ((1U << shift) - 1U)) >> drop;
    const uint32_t rise = static_cast<uint32_t>(knot[segment + 1] - knot[segment]);
    probability = knot[segment] + ((rise * within) >> (shift - drop));
  }
  return probability < kIntegerProbabilityOne ? probability : kIntegerProbabilityOne;
}

// Fills every field of the record, one store each: cheaper on a small core
// than clearing the record and writing it again.
void Record(Decision& out, uint64_t model_hash, uint32_t group, float score, float probability,
            uint32_t draw, bool positive) {
  out.model_hash = model_hash;
  out.status = Status::kOk;
  out.group = group;
  out.score = score;
  out.probability = probability;
  out.draw = draw;
  out.positive = positive;
  out.member = 0;
  out.value = 0.0f;
  out.counter = 0;
}

}  // namespace

namespace internal {

Status DecideIntegerRule(const DecisionTables& t, uint32_t group, int32_t margin, uint32_t draw,
                         Decision& out) {
  const IntegerTables& s = t.integer;
  const uint32_t probability = t.rule == RuleKind::kRamp
                                   ? RampProbability(s, group, margin)
                                   : (margin >= s.threshold[group] ? kIntegerProbabilityOne : 0U);
  // draw < probability * 2^32, exactly: the bound is probability << 17.
  const bool positive = static_cast<uint64_t>(draw) < (static_cast<uint64_t>(probability) << 17U);
  Record(out, t.model_hash, group, ScaledFloat(margin, s.fraction_bits),
         ScaledFloat(static_cast<int32_t>(probability), 15U), draw, positive);
  return Status::kOk;
}

}  // namespace internal

Status DecideInteger(const DecisionTables& t, const IntegerInput& input, uint32_t draw,
                     Decision& out) {
  if (input.values == nullptr || input.count != t.input_count) {
    return RefuseInput(out, t.model_hash, 0, Status::kInputCountMismatch);
  }
  if (!t.integer.present) return RefuseInput(out, t.model_hash, 0, Status::kUnsupportedRule);
  uint32_t group = 0, unknown_attributes = 0;
  Status status = FormGroup(t, input, group, unknown_attributes);
  if (!IsOk(status)) return RefuseInput(out, t.model_hash, 0, status);
  bool skip = false;
  status = CheckCategories(t, input.values, unknown_attributes, skip);
  if (!IsOk(status)) return RefuseInput(out, t.model_hash, group, status);
  // Categorical inputs have weight 0: the dot product runs over every input.
  const int32_t margin = t.integer.bias +
                         DotProduct(t.integer.weights, input.values, t.input_count) +
                         CategoryTerms(t, input.values);
  return internal::DecideIntegerRule(t, group, margin, draw, out);
}

}  // namespace tinyfair::runtime
