// The integer path's entry (integer_path.h): its tables, built from the
// check's spans, and the one object that names its check, its tables and
// its decision, so that an image links them only when the firmware names it.
#include "integer_path.h"

#include <string.h>

#include "rules/rule_dispatch.h"
#include "tinyfair_runtime/integer_quantise.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::runtime {
namespace internal {

const uint8_t* TableBuilder::DecodeNarrow(const tinyfair_VarintSpan& span, bool zigzag,
                                          size_t width) {
  uint8_t* values = arena.TakeBytes(span.count * width, width);
  if (values == nullptr) return nullptr;
  WireReader varints(span.bytes, span.size);
  for (size_t i = 0; i < span.count; ++i) {
    uint64_t raw = 0;
    if (!varints.Varint(raw)) break;
    const uint16_t low =
        static_cast<uint16_t>(zigzag ? ZigZagDecoded(raw) : static_cast<int64_t>(raw));
    memcpy(values + i * width, &low, width);  // little-endian: the low byte first
  }
  return values;
}

Status CheckIntegerScorerOf(const CheckedModel& c, const CategoricalInputs& categorical) {
  const tinyfair_check_Model& m = c.m;
  const IntegerScorerContext context{c.bytes,
                                     c.size,
                                     m.dimensions.input_count,
                                     m.dimensions.category_count,
                                     m.dimensions.group_count,
                                     RuleKindOfTag(m.which_rule),
                                     &categorical};
  return CheckIntegerScorer(*IntegerScorerOf(m), context);
}

// The check accepted an integer scorer only in a threshold or a ramp rule.
void BuildIntegerTables(TableBuilder& b, DecisionTables& t) {
  const tinyfair_check_IntegerScorer* scorer = IntegerScorerOf(b.m());
  if (scorer == nullptr) return;
  IntegerTables* stored = b.arena.Take<IntegerTables>(1);
  IntegerTables it;
  it.fraction_bits = static_cast<uint8_t>(scorer->fraction_bits);
  it.bias = scorer->bias;
  it.input_shift = b.Decode<int8_t>(scorer->input_shift, true);
  it.weights = b.Decode<int16_t>(scorer->weights, true);
  it.category_weights = b.Place<int32_t>(scorer->category_weights);
  it.threshold = b.Place<int32_t>(scorer->threshold);
  it.ramp_start = b.Place<int32_t>(scorer->ramp_start);
  it.ramp_shift = b.Decode<uint8_t>(scorer->ramp_shift, false);
  it.ramp_probability = b.Decode<uint16_t>(scorer->ramp_probability, false);
  // In the storage, beside its arrays; a counting arena only measured it.
  // Copied in as the arrays are: an aggregate of scalars, which the copy
  // brings to life there (no <new> on every target).
  if (stored != nullptr) {
    memcpy(stored, &it, sizeof(it));
    t.integer = stored;
  }
}

}  // namespace internal

#if TINYFAIR_RUNTIME_CFG_INTEGER
// A build for integer models only decides no float inputs (and links no
// quantisation of them): Model::Decide refuses them without this entry.
const internal::IntegerPath kIntegerPath = {
    &internal::CheckIntegerScorerOf,
    &internal::BuildIntegerTables,
#if TINYFAIR_RUNTIME_CFG_FLOAT
    &DecideQuantised,
#else
    nullptr,
#endif  // TINYFAIR_RUNTIME_CFG_FLOAT
};
#endif  // TINYFAIR_RUNTIME_CFG_INTEGER

}  // namespace tinyfair::runtime
