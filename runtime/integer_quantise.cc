// QuantiseInputs: the device's copy of export's input quantisation.
#include "tinyfair_runtime/integer_quantise.h"

#include "input_categories.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/internal/float_bits.h"

namespace tinyfair::runtime {
namespace {

constexpr float kInt16Min = -32768.0f;
constexpr float kInt16Max = 32767.0f;

// 2^shift, exact for the shifts Load() accepts (|shift| <= 30).
float PowerOfTwo(int shift) {
  float value = 1.0f;
  for (int k = 0; k < shift; ++k) value *= 2.0f;
  for (int k = 0; k > shift; --k) value *= 0.5f;
  return value;
}

// Rounds half away from zero and saturates to int16. Values beyond the
// range are clamped before the conversion, which is then exact.
int16_t RoundToInt16(float value) {
  if (value <= kInt16Min) return INT16_MIN;
  if (value >= kInt16Max) return INT16_MAX;
  const float shifted = value < 0.0f ? value - 0.5f : value + 0.5f;
  return static_cast<int16_t>(static_cast<int32_t>(shifted));
}

bool IsCategorical(const DecisionTables& t, uint32_t input, uint32_t& k) {
  for (k = 0; k < t.categorical_count; ++k) {
    if (t.categorical_input[k] == input) return true;
  }
  return false;
}

// What float inputs hold that 16-bit inputs cannot say.
struct Shortfall {
  bool non_finite = false;  // a numeric NaN or infinity (quantised as 0)
  // A categorical value that is not a whole number, for an input whose
  // "other" category would take any unlisted whole number: Decide refuses it.
  bool fractional_other = false;
};

bool TakesOther(const DecisionTables& t, uint32_t k) {
  return t.other_category != nullptr && (t.other_category[k / 32] & (1U << (k % 32))) != 0;
}

void Quantise(const DecisionTables& t, const float* values, int16_t* quantised,
              Shortfall& shortfall) {
  for (uint32_t i = 0; i < t.input_count; ++i) {
    const float x = values[i];
    uint32_t k = 0;
    if (IsCategorical(t, i, k)) {
      const bool whole = internal::IsFinite(x) && x >= kInt16Min && x <= kInt16Max &&
                         static_cast<float>(static_cast<int32_t>(x)) == x;
      quantised[i] = whole ? static_cast<int16_t>(static_cast<int32_t>(x)) : INT16_MIN;
      if (!whole && !internal::IsWholeNumber(x) && TakesOther(t, k)) {
        shortfall.fractional_other = true;
      }
      continue;
    }
    if (!internal::IsFinite(x)) {
      shortfall.non_finite = true;
      quantised[i] = 0;
      continue;
    }
    quantised[i] = RoundToInt16(x * PowerOfTwo(t.integer.input_shift[i]));
  }
}

}  // namespace

Status QuantiseInputs(const DecisionTables& tables, const float* values, size_t count,
                      int16_t* quantised) {
  if (values == nullptr || quantised == nullptr || count != tables.input_count) {
    return Status::kInputCountMismatch;
  }
  Shortfall shortfall;
  Quantise(tables, values, quantised, shortfall);
  return shortfall.non_finite ? Status::kNonFiniteInput : Status::kOk;
}

// Refuses in Decide's order: the group and the categories first (as
// DecideInteger does), then what only floats can hold.
Status DecideQuantised(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
                       Decision& out) {
  if (input.values == nullptr || input.count != tables.input_count) {
    out = Decision{};
    out.model_hash = tables.model_hash;
    return internal::Refuse(out, Status::kInputCountMismatch);
  }
  int16_t quantised[kMaxInputs];
  Shortfall shortfall;
  Quantise(tables, input.values, quantised, shortfall);
  const Status status =
      DecideInteger(tables, IntegerInput{quantised, input.count, input.group}, draw, out);
  if (!IsOk(status)) return status;
  if (shortfall.fractional_other) return internal::Refuse(out, Status::kUnknownCategory);
  if (shortfall.non_finite) return internal::Refuse(out, Status::kNonFiniteInput);
  return status;
}

}  // namespace tinyfair::runtime
