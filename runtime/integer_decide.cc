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

// The bits of the float sign | value * 2^(exponent + 1 - 127 - 31), for a
// value of at least 2^16: the value is shifted left until its bit 31 is
// set, less one from the exponent per place; the mantissa's leading bit,
// added at bit 23, carries the one. The low 8 bits are dropped: the float
// nearest below in magnitude. Inlined, so that the exponent stays in a
// register.
__attribute__((always_inline)) inline uint32_t FloatBits(uint32_t sign, uint32_t value,
                                                         uint32_t exponent) {
#if defined(__ARM_FEATURE_CLZ)
  // One instruction on the cores that have it (Cortex-M3 and up).
  const uint32_t zeros = static_cast<uint32_t>(__builtin_clz(value));
  value <<= zeros;
  exponent -= zeros;
#else
  // The last four steps of a binary search in registers: libgcc's
  // __clzsi2 is a call on Cortex-M0.
  if ((value >> 24U) == 0) {
    value <<= 8U;
    exponent -= 8U;
  }
  if ((value >> 28U) == 0) {
    value <<= 4U;
    exponent -= 4U;
  }
  if ((value >> 30U) == 0) {
    value <<= 2U;
    exponent -= 2U;
  }
  if ((value >> 31U) == 0) {
    value <<= 1U;
    exponent -= 1U;
  }
#endif
  return sign | ((exponent << 23U) + (value >> 8U));
}

inline float FloatOfBits(uint32_t bits) {
  float result;
  memcpy(&result, &bits, sizeof(result));
  return result;
}

// The float nearest below |value| * 2^-shift in magnitude (truncated to 24
// significant bits). Load() keeps shift <= 30, so the exponent stays normal.
inline float ScaledFloat(int32_t value, uint32_t shift) {
  if (value == 0) return FloatOfBits(0);
  const uint32_t sign = value < 0 ? 0x80000000U : 0U;
  uint32_t magnitude = value < 0 ? 0U - static_cast<uint32_t>(value) : static_cast<uint32_t>(value);
  uint32_t exponent = 31U + 127U - 1U - shift;
  if ((magnitude >> 16U) == 0) {
    magnitude <<= 16U;
    exponent -= 16U;
  }
  return FloatOfBits(FloatBits(sign, magnitude, exponent));
}

// probability * 2^-15, exact: the probability has at most 16 bits, so it
// is shifted up by 16 at once and FloatBits normalises the rest.
inline float ProbabilityFloat(uint32_t probability) {
  if (probability == 0) return FloatOfBits(0);
  return FloatOfBits(FloatBits(0, probability << 16U, 15U + 127U - 1U - 15U));
}

// sum_i w[i] q[i], with one byte offset indexing both arrays: Thumb-1 has
// no immediate offset for a signed halfword load, so a loop over i (or
// unrolled with constant offsets) spends a register move per load; and the
// test at the loop's end, not its start, saves the branch back: seven
// instructions a term on Cortex-M0 where the plain loop takes eleven.
// Integer sums are exact in any order, and Load() kept the sum of the
// magnitudes of the terms below 2^31.
__attribute__((noinline)) int32_t DotProduct(const int16_t* w, const int16_t* q, uint32_t n) {
  if (n == 0) return 0;
  const uintptr_t w_address = reinterpret_cast<uintptr_t>(w);
  const uintptr_t q_address = reinterpret_cast<uintptr_t>(q);
  const uintptr_t end = 2U * n;
  int32_t sum = 0;
  uintptr_t offset = 0;
  do {
    const int16_t weight = *reinterpret_cast<const int16_t*>(w_address + offset);
    const int16_t input = *reinterpret_cast<const int16_t*>(q_address + offset);
    sum += static_cast<int32_t>(weight) * static_cast<int32_t>(input);
    offset += 2U;
  } while (offset != end);
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
  const IntegerTables& s = *t.integer;
  const uint32_t probability = t.rule == RuleKind::kRamp
                                   ? RampProbability(s, group, margin)
                                   : (margin >= s.threshold[group] ? kIntegerProbabilityOne : 0U);
  // draw < probability * 2^32, exactly: below 1, the bound probability << 17
  // fits in 32 bits; at 1, every draw is below it.
  const bool positive = probability >= kIntegerProbabilityOne || draw < (probability << 17U);
  Record(out, t.model_hash, group, ScaledFloat(margin, s.fraction_bits),
         ProbabilityFloat(probability), draw, positive);
  return Status::kOk;
}

}  // namespace internal

Status DecideInteger(const DecisionTables& t, const IntegerInput& input, uint32_t draw,
                     Decision& out) {
  if (input.values == nullptr || input.count != t.input_count) {
    return RefuseInput(out, t.model_hash, 0, Status::kInputCountMismatch);
  }
  if (t.integer == nullptr) return RefuseInput(out, t.model_hash, 0, Status::kUnsupportedRule);
  uint32_t group = 0, unknown_attributes = 0;
  Status status = FormGroup(t, input, group, unknown_attributes);
  if (!IsOk(status)) return RefuseInput(out, t.model_hash, 0, status);
  // Categorical inputs have weight 0: the dot product runs over every input.
  int32_t margin = t.integer->bias + DotProduct(t.integer->weights, input.values, t.input_count);
  // A model without categorical inputs skips both passes over them.
  if (t.categorical_count != 0) {
    bool skip = false;
    status = CheckCategories(t, input.values, unknown_attributes, skip);
    if (!IsOk(status)) return RefuseInput(out, t.model_hash, group, status);
    margin += CategoryTerms(t, input.values);
  }
  return internal::DecideIntegerRule(t, group, margin, draw, out);
}

}  // namespace tinyfair::runtime
