// CheckIntegerScorer: every array of the integer scorer, read where it lies
// in the model's bytes, before anything is decoded into the working model.
#include "integer_scorer_check.h"

#include <stddef.h>

#include "checked_model.h"
#include "tinyfair_runtime/capacity.h"
#include "wire_reader.h"

namespace tinyfair::runtime::internal {
namespace {

// Input shifts, fraction bits and ramp segment shifts are at most this in
// magnitude, which keeps 2^shift and the record's floats exact and normal.
constexpr int64_t kMaxShift = 30;
constexpr int64_t kMaxMargin = INT32_MAX;
constexpr int64_t kInputMagnitude = 32768;  // the largest |int16|

// Value i of a packed sfixed32 span: little-endian.
int32_t Int32At(const tinyfair_FloatSpan& span, size_t i) {
  const uint8_t* p = span.bytes + 4 * i;
  return static_cast<int32_t>(static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8U) |
                              (static_cast<uint32_t>(p[2]) << 16U) |
                              (static_cast<uint32_t>(p[3]) << 24U));
}

// The varints of a packed span, in order; `zigzag` for sint32 fields.
class VarintReader {
 public:
  VarintReader(const tinyfair_VarintSpan& span, bool zigzag)
      : values_(span.bytes, span.size), zigzag_(zigzag) {}

  bool Next(int64_t& value) {
    uint64_t raw;
    if (!values_.Varint(raw)) return false;
    if (zigzag_) {
      value = ZigZagDecoded(raw);
      return true;
    }
    if (raw > UINT32_MAX) return false;
    value = static_cast<int64_t>(raw);
    return true;
  }

 private:
  WireReader values_;
  bool zigzag_;
};

using Scorer = tinyfair_check_IntegerScorer;

// The scorer's spans, by where they lie in its structure: a table rather
// than a list of pointers built on the stack at each check.
constexpr uint8_t kFixedSpans[] = {offsetof(Scorer, category_weights), offsetof(Scorer, threshold),
                                   offsetof(Scorer, ramp_start)};
constexpr uint8_t kVarintSpans[] = {offsetof(Scorer, input_shift), offsetof(Scorer, weights),
                                    offsetof(Scorer, ramp_shift),
                                    offsetof(Scorer, ramp_probability)};
static_assert(sizeof(Scorer) <= UINT8_MAX, "the span tables' offsets are 8-bit");

template <typename Span>
const Span& SpanAt(const Scorer& s, uint8_t offset) {
  return *reinterpret_cast<const Span*>(reinterpret_cast<const uint8_t*>(&s) + offset);
}

bool SpansInBytes(const IntegerScorerContext& c, const Scorer& s) {
  for (const uint8_t offset : kFixedSpans) {
    if (!SpanInBytes(c.bytes, c.size, SpanAt<tinyfair_FloatSpan>(s, offset))) return false;
  }
  for (const uint8_t offset : kVarintSpans) {
    if (!SpanInBytes(c.bytes, c.size, SpanAt<tinyfair_VarintSpan>(s, offset))) return false;
  }
  return true;
}

// Shifts and weights per input; adds every weight's largest term to `bound`.
bool InputsOk(const IntegerScorerContext& c, const tinyfair_check_IntegerScorer& s,
              int64_t& bound) {
  if (s.input_shift.count != c.input_count || s.weights.count != c.input_count) return false;
  const int64_t max_weight = (int64_t{1} << (s.input_bits - 1U)) - 1;
  VarintReader shifts(s.input_shift, true), weights(s.weights, true);
  for (uint32_t i = 0; i < c.input_count; ++i) {
    int64_t shift, weight;
    if (!shifts.Next(shift) || !weights.Next(weight)) return false;
    if (shift < -kMaxShift || shift > kMaxShift || weight < -max_weight || weight > max_weight) {
      return false;
    }
    if (IsCategorical(*c.categorical, i) && (shift != 0 || weight != 0)) return false;
    bound += (weight < 0 ? -weight : weight) * kInputMagnitude;
  }
  return true;
}

// Per group: the threshold rule's thresholds, or the ramp's start, segment
// shift and nine knots, which never fall (the decoding keeps them in 16 bits).
bool RuleOk(const IntegerScorerContext& c, const tinyfair_check_IntegerScorer& s) {
  const uint32_t groups = c.group_count;
  if (c.rule == RuleKind::kThreshold) return s.threshold.count == groups;
  if (c.rule != RuleKind::kRamp || s.ramp_start.count != groups || s.ramp_shift.count != groups ||
      s.ramp_probability.count != groups * kIntegerRampKnots) {
    return false;
  }
  VarintReader shifts(s.ramp_shift, false), knots(s.ramp_probability, false);
  for (uint32_t g = 0; g < groups; ++g) {
    int64_t shift, previous = 0;
    if (!shifts.Next(shift) || shift > kMaxShift) return false;
    for (size_t k = 0; k < kIntegerRampKnots; ++k) {
      int64_t knot;
      if (!knots.Next(knot) || knot < previous || knot > UINT16_MAX) return false;
      previous = knot;
    }
  }
  return true;
}

}  // namespace

Status CheckIntegerScorer(const tinyfair_check_IntegerScorer& s, const IntegerScorerContext& c) {
  if (!SpansInBytes(c, s)) return Status::kMalformed;
  if ((s.input_bits != 8 && s.input_bits != 16) || s.fraction_bits > kMaxShift ||
      s.category_weights.count != c.category_count || !RuleOk(c, s)) {
    return Status::kInvalidModel;
  }
  int64_t bound = s.bias < 0 ? -int64_t{s.bias} : int64_t{s.bias};
  if (!InputsOk(c, s, bound)) return Status::kInvalidModel;
  for (size_t k = 0; k < s.category_weights.count; ++k) {
    const int64_t term = Int32At(s.category_weights, k);
    bound += term < 0 ? -term : term;
  }
  return bound <= kMaxMargin ? Status::kOk : Status::kInvalidModel;
}

}  // namespace tinyfair::runtime::internal
