// QuantiseInputs: the device's copy of export's input quantisation.
#include "tinyfair_runtime/integer_quantise.h"

#include "input_categories.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/float_bits.h"

namespace tinyfair::runtime {
namespace {

constexpr float kInt16Min = -32768.0f;
constexpr float kInt16Max = 32767.0f;

// Rounds half away from zero and saturates to int16. Values beyond the
// range are clamped before the conversion, which is then exact.
int16_t RoundToInt16(float value) {
  if (value <= kInt16Min) return INT16_MIN;
  if (value >= kInt16Max) return INT16_MAX;
  const float shifted = value < 0.0f ? value - 0.5f : value + 0.5f;
  return static_cast<int16_t>(static_cast<int32_t>(shifted));
}

// A numeric input as the integer scorer takes it: round(x * 2^shift).
int16_t QuantiseNumeric(const DecisionTables& t, uint32_t i, float x) {
  // 2^shift is exact for the shifts Load() accepts (|shift| <= 30).
  return RoundToInt16(x * internal::PowerOfTwo(t.integer->input_shift[i]));
}

}  // namespace

Status QuantiseInputs(const DecisionTables& tables, const float* values, size_t count,
                      int16_t* quantised) {
  if (values == nullptr || quantised == nullptr || count != tables.input_count) {
    return Status::kInputCountMismatch;
  }
  bool finite = true;
  uint32_t k = 0;  // the next categorical input
  for (uint32_t i = 0; i < tables.input_count; ++i) {
    const float x = values[i];
    if (k < tables.categorical_count && tables.categorical_input[k] == i) {
      ++k;
      const bool whole = internal::IsFinite(x) && x >= kInt16Min && x <= kInt16Max &&
                         static_cast<float>(static_cast<int32_t>(x)) == x;
      quantised[i] = whole ? static_cast<int16_t>(static_cast<int32_t>(x)) : INT16_MIN;
    } else if (internal::IsFinite(x)) {
      quantised[i] = QuantiseNumeric(tables, i, x);
    } else {
      finite = false;
      quantised[i] = 0;
    }
  }
  return finite ? Status::kOk : Status::kNonFiniteInput;
}

// The float path's group, categories and refusals, in Decide's order (group,
// categories, then a non-finite input), with each numeric input quantised as
// it is multiplied: no copy of the inputs, so the stack stays Decide's.
Status DecideQuantised(const DecisionTables& t, const DecisionInput& input, uint32_t draw,
                       Decision& out) {
  if (input.values == nullptr || input.count != t.input_count) {
    return internal::RefuseInput(out, t.model_hash, 0, Status::kInputCountMismatch);
  }
  if (t.integer == nullptr) {
    return internal::RefuseInput(out, t.model_hash, 0, Status::kUnsupportedRule);
  }
  uint32_t group = 0, unknown_attributes = 0;
  Status status = internal::FormGroup(t, input, group, unknown_attributes);
  if (!IsOk(status)) return internal::RefuseInput(out, t.model_hash, 0, status);
  bool skip = false;
  status = internal::CheckCategories(t, input.values, unknown_attributes, skip);
  if (!IsOk(status)) return internal::RefuseInput(out, t.model_hash, group, status);
  int32_t margin = t.integer->bias;
  uint32_t k = 0;  // the next categorical input: weight 0, its terms below
  for (uint32_t i = 0; i < t.input_count; ++i) {
    if (k < t.categorical_count && t.categorical_input[k] == i) {
      ++k;
      continue;
    }
    const float x = input.values[i];
    if (!internal::IsFinite(x)) {
      return internal::RefuseInput(out, t.model_hash, group, Status::kNonFiniteInput);
    }
    margin += static_cast<int32_t>(t.integer->weights[i]) *
              static_cast<int32_t>(QuantiseNumeric(t, i, x));
  }
  margin += internal::CategoryTerms(t, input.values);
  return internal::DecideIntegerRule(t, group, margin, draw, out);
}

}  // namespace tinyfair::runtime
