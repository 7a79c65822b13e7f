// ReadHeader, ReadModel and ReadInput: for each message of the schema, a
// dispatch by field number over the wire reader that fills the check's
// structure as nanopb's decoder filled it (model_reader.h). A field of the
// wrong wire type is refused, a value wider than its field is refused
// rather than cut, a field given again replaces a scalar and merges a
// message, and a field this runtime does not know is skipped by its wire
// type, so that a newer minor version still reads.
#include "model_reader.h"

#include <string.h>

#include "checked_model.h"
#include "tinyfair/model.nanopb.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::runtime::internal {
namespace {

// The header's fields are read by their numbers in Model, which are
// ModelHeader's: the prefix every schema version shares.
static_assert(
    tinyfair_check_Model_crc32_tag == tinyfair_check_ModelHeader_crc32_tag &&
    tinyfair_check_Model_content_hash_tag == tinyfair_check_ModelHeader_content_hash_tag &&
    tinyfair_check_Model_schema_major_tag == tinyfair_check_ModelHeader_schema_major_tag &&
    tinyfair_check_Model_schema_minor_tag == tinyfair_check_ModelHeader_schema_minor_tag &&
    tinyfair_check_Model_model_id_tag == tinyfair_check_ModelHeader_model_id_tag &&
    tinyfair_check_Model_dimensions_tag == tinyfair_check_ModelHeader_dimensions_tag &&
    tinyfair_check_Model_required_features_tag ==
        tinyfair_check_ModelHeader_required_features_tag &&
    tinyfair_check_Model_model_version_tag == tinyfair_check_ModelHeader_model_version_tag);
static_assert(sizeof(tinyfair_check_Model{}.model_id) == sizeof(tinyfair_ModelHeader{}.model_id),
              "the header's model_id holds what the model's holds");

// The most values a span field may hold: the length of the working model's
// array (tinyfair/model.nanopb.h), which model.options sets.
#define TINYFAIR_CAPACITY(message, field) ArrayCount(tinyfair_##message{}.field)

// The fields of a Model that form its header (ReadHeader).
struct HeaderOf {
  tinyfair_check_Model& model;
};

// ---------------------------------------------------------------------------
// Scalar fields.

// A varint field of `size` bytes (uint32, uint64, an enum, or an integer
// model.options narrows): a value wider than the field is refused, as
// nanopb refuses it, rather than cut.
bool ReadUnsigned(WireReader& r, FieldKey key, void* field, size_t size) {
  uint64_t value;
  if (key.wire != kVarintWire || !r.Varint(value)) return false;
  if (size < sizeof(value) && (value >> (8U * size)) != 0) return false;
  memcpy(field, &value, size);  // the low bytes, on a little-endian core
  return true;
}

template <typename T>
bool ReadUnsigned(WireReader& r, FieldKey key, T& field) {
  return ReadUnsigned(r, key, &field, sizeof(field));
}

bool ReadBool(WireReader& r, FieldKey key, bool& field) {
  uint32_t value;
  if (key.wire != kVarintWire || !r.Varint32(value)) return false;
  field = value != 0;
  return true;
}

// A float, fixed32, sfixed32 or fixed64 field.
template <typename T>
bool ReadFixed(WireReader& r, FieldKey key, T& field) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (sizeof(T) == 4) {
    uint32_t raw;
    if (key.wire != kFixed32Wire || !r.Fixed32(raw)) return false;
    memcpy(&field, &raw, sizeof(field));
  } else {
    uint64_t raw;
    if (key.wire != kFixed64Wire || !r.Fixed64(raw)) return false;
    memcpy(&field, &raw, sizeof(field));
  }
  return true;
}

// A string held in a char array, with its terminating 0.
template <size_t kSize>
bool ReadString(WireReader& r, FieldKey key, char (&field)[kSize]) {
  WireReader value;
  if (key.wire != kDelimitedWire || !r.Delimited(value) || value.left() >= kSize) return false;
  memcpy(field, value.at(), value.left());
  field[value.left()] = '\0';
  return true;
}

// A repeated varint field held in an array (GroupFormation's attributes),
// packed or one value at a time, appended up to the array's length.
template <size_t kCapacity>
bool ReadRepeatedUnsigned(WireReader& r, FieldKey key, pb_size_t& count,
                          uint32_t (&values)[kCapacity]) {
  if (key.wire != kDelimitedWire) return count < kCapacity && ReadUnsigned(r, key, values[count++]);
  WireReader packed;
  if (!r.Delimited(packed)) return false;
  while (!packed.AtEnd()) {
    if (count >= kCapacity ||
        !ReadUnsigned(packed, FieldKey{key.field, kVarintWire}, values[count++])) {
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// Span fields: arrays recorded where they lie.

// Where a span field's values lie in the bytes: a packed field's contents,
// or the one value of a field given unpacked.
struct SpanValues {
  const uint8_t* bytes;
  size_t size;
  bool packed;
};

bool ReadSpanValues(WireReader& r, FieldKey key, SpanValues& values) {
  values.bytes = r.at();
  values.packed = key.wire == kDelimitedWire;
  if (!values.packed) return r.SkipScalar(key.wire, values.size);
  WireReader packed;
  if (!r.Delimited(packed)) return false;
  values.bytes = packed.at();
  values.size = packed.left();
  return true;
}

// A value given unpacked was handed over by nanopb in a copy, not in the
// bytes: its span records no bytes, which the checks refuse as malformed.
const uint8_t* SpanBytes(const SpanValues& values) {
  return values.packed ? values.bytes : nullptr;
}

// A packed float or sfixed32 array: one occurrence, four bytes a value, at
// most `capacity` values.
bool ReadFloatSpan(WireReader& r, FieldKey key, tinyfair_FloatSpan& span, size_t capacity) {
  SpanValues values;
  if (!ReadSpanValues(r, key, values) || span.occurrences != 0 || values.size % 4 != 0 ||
      values.size / 4 > capacity) {
    return false;
  }
  span.bytes = SpanBytes(values);
  span.count = static_cast<uint16_t>(values.size / 4);
  span.occurrences = 1;
  return true;
}

// A packed varint array: one occurrence, values counted by their last bytes
// (the ones without the continuation bit), at most `capacity` of them. The
// check reads each value (CheckIntegerScorer).
bool ReadVarintSpan(WireReader& r, FieldKey key, tinyfair_VarintSpan& span, size_t capacity) {
  SpanValues values;
  if (!ReadSpanValues(r, key, values) || span.occurrences != 0 || values.size == 0 ||
      values.size > UINT16_MAX || (values.bytes[values.size - 1] & 0x80U) != 0) {
    return false;
  }
  size_t count = 0;
  for (size_t i = 0; i < values.size; ++i) count += (values.bytes[i] & 0x80U) == 0 ? 1 : 0;
  if (count > capacity) return false;
  span.bytes = SpanBytes(values);
  span.size = static_cast<uint16_t>(values.size);
  span.count = static_cast<uint16_t>(count);
  span.occurrences = 1;
  return true;
}

// ---------------------------------------------------------------------------
// Messages: one field dispatch each, and the loop over a message's fields.

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_Dimensions& d);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_Input& input);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupFormation& g);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_LinearScorer& s);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_IntegerScorer& s);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupThresholdRule& rule);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupRampRule& rule);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupTwoThresholdRule& rule);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_TruncatedLogisticRule& rule);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_RegressionOutput& output);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_RegressionRule& rule);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_MixtureRule& rule);
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_Model& m);
bool ReadField(WireReader& r, FieldKey key, HeaderOf& header);

// Every field of a message, in order. Each message type has its own
// instance, and the schema nests no message in itself: no recursion.
template <typename Message>
bool ReadMessage(WireReader r, Message& message) {
  while (!r.AtEnd()) {
    FieldKey key;
    if (!r.Key(key) || !ReadField(r, key, message)) return false;
  }
  return true;
}

// A message field, merged into what an earlier occurrence left.
template <typename Message>
bool ReadSubmessage(WireReader& r, FieldKey key, Message& message) {
  WireReader value;
  return key.wire == kDelimitedWire && r.Delimited(value) && ReadMessage(value, message);
}

template <typename Message>
bool ReadSubmessage(WireReader& r, FieldKey key, bool& has, Message& message) {
  has = true;
  return ReadSubmessage(r, key, message);
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_Dimensions& d) {
  switch (key.field) {
    case tinyfair_check_Dimensions_input_count_tag:
      return ReadUnsigned(r, key, d.input_count);
    case tinyfair_check_Dimensions_group_count_tag:
      return ReadUnsigned(r, key, d.group_count);
    case tinyfair_check_Dimensions_category_count_tag:
      return ReadUnsigned(r, key, d.category_count);
    case tinyfair_check_Dimensions_group_attribute_count_tag:
      return ReadUnsigned(r, key, d.group_attribute_count);
    case tinyfair_check_Dimensions_member_count_tag:
      return ReadUnsigned(r, key, d.member_count);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_Input& input) {
  switch (key.field) {
    case tinyfair_check_Input_kind_tag:
      return ReadUnsigned(r, key, input.kind);
    case tinyfair_check_Input_offset_tag:
      return ReadFixed(r, key, input.offset);
    case tinyfair_check_Input_scale_tag:
      return ReadFixed(r, key, input.scale);
    case tinyfair_check_Input_category_count_tag:
      return ReadUnsigned(r, key, input.category_count);
    case tinyfair_check_Input_last_category_is_other_tag:
      return ReadBool(r, key, input.last_category_is_other);
    default:  // the name and the category names, which the device skips
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupFormation& g) {
  switch (key.field) {
    case tinyfair_check_GroupFormation_kind_tag:
      return ReadUnsigned(r, key, g.kind);
    case tinyfair_check_GroupFormation_attribute_inputs_tag:
      return ReadRepeatedUnsigned(r, key, g.attribute_inputs_count, g.attribute_inputs);
    case tinyfair_check_GroupFormation_unknown_policy_tag:
      return ReadUnsigned(r, key, g.unknown_policy);
    case tinyfair_check_GroupFormation_fallback_group_tag:
      return ReadUnsigned(r, key, g.fallback_group);
    default:  // the group names
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_LinearScorer& s) {
  switch (key.field) {
    case tinyfair_check_LinearScorer_bias_tag:
      return ReadFixed(r, key, s.bias);
    case tinyfair_check_LinearScorer_weights_tag:
      return ReadFloatSpan(r, key, s.weights, TINYFAIR_CAPACITY(LinearScorer, weights));
    case tinyfair_check_LinearScorer_category_weights_tag:
      return ReadFloatSpan(r, key, s.category_weights,
                           TINYFAIR_CAPACITY(LinearScorer, category_weights));
    case tinyfair_check_LinearScorer_link_tag:
      return ReadUnsigned(r, key, s.link);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_IntegerScorer& s) {
  switch (key.field) {
    case tinyfair_check_IntegerScorer_input_bits_tag:
      return ReadUnsigned(r, key, s.input_bits);
    case tinyfair_check_IntegerScorer_input_shift_tag:
      return ReadVarintSpan(r, key, s.input_shift, TINYFAIR_CAPACITY(IntegerScorer, input_shift));
    case tinyfair_check_IntegerScorer_fraction_bits_tag:
      return ReadUnsigned(r, key, s.fraction_bits);
    case tinyfair_check_IntegerScorer_bias_tag:
      return ReadFixed(r, key, s.bias);
    case tinyfair_check_IntegerScorer_weights_tag:
      return ReadVarintSpan(r, key, s.weights, TINYFAIR_CAPACITY(IntegerScorer, weights));
    case tinyfair_check_IntegerScorer_category_weights_tag:
      return ReadFloatSpan(r, key, s.category_weights,
                           TINYFAIR_CAPACITY(IntegerScorer, category_weights));
    case tinyfair_check_IntegerScorer_threshold_tag:
      return ReadFloatSpan(r, key, s.threshold, TINYFAIR_CAPACITY(IntegerScorer, threshold));
    case tinyfair_check_IntegerScorer_ramp_start_tag:
      return ReadFloatSpan(r, key, s.ramp_start, TINYFAIR_CAPACITY(IntegerScorer, ramp_start));
    case tinyfair_check_IntegerScorer_ramp_shift_tag:
      return ReadVarintSpan(r, key, s.ramp_shift, TINYFAIR_CAPACITY(IntegerScorer, ramp_shift));
    case tinyfair_check_IntegerScorer_ramp_probability_tag:
      return ReadVarintSpan(r, key, s.ramp_probability,
                            TINYFAIR_CAPACITY(IntegerScorer, ramp_probability));
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupThresholdRule& rule) {
  switch (key.field) {
    case tinyfair_check_GroupThresholdRule_threshold_tag:
      return ReadFloatSpan(r, key, rule.threshold,
                           TINYFAIR_CAPACITY(GroupThresholdRule, threshold));
    case tinyfair_check_GroupThresholdRule_integer_tag:
      return ReadSubmessage(r, key, rule.has_integer, rule.integer);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupRampRule& rule) {
  switch (key.field) {
    case tinyfair_check_GroupRampRule_threshold_tag:
      return ReadFloatSpan(r, key, rule.threshold, TINYFAIR_CAPACITY(GroupRampRule, threshold));
    case tinyfair_check_GroupRampRule_width_tag:
      return ReadFloatSpan(r, key, rule.width, TINYFAIR_CAPACITY(GroupRampRule, width));
    case tinyfair_check_GroupRampRule_integer_tag:
      return ReadSubmessage(r, key, rule.has_integer, rule.integer);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_GroupTwoThresholdRule& rule) {
  switch (key.field) {
    case tinyfair_check_GroupTwoThresholdRule_threshold0_tag:
      return ReadFloatSpan(r, key, rule.threshold0,
                           TINYFAIR_CAPACITY(GroupTwoThresholdRule, threshold0));
    case tinyfair_check_GroupTwoThresholdRule_probability0_tag:
      return ReadFloatSpan(r, key, rule.probability0,
                           TINYFAIR_CAPACITY(GroupTwoThresholdRule, probability0));
    case tinyfair_check_GroupTwoThresholdRule_threshold1_tag:
      return ReadFloatSpan(r, key, rule.threshold1,
                           TINYFAIR_CAPACITY(GroupTwoThresholdRule, threshold1));
    case tinyfair_check_GroupTwoThresholdRule_probability1_tag:
      return ReadFloatSpan(r, key, rule.probability1,
                           TINYFAIR_CAPACITY(GroupTwoThresholdRule, probability1));
    case tinyfair_check_GroupTwoThresholdRule_ignore_tag:
      return ReadFloatSpan(r, key, rule.ignore, TINYFAIR_CAPACITY(GroupTwoThresholdRule, ignore));
    case tinyfair_check_GroupTwoThresholdRule_constant_tag:
      return ReadFloatSpan(r, key, rule.constant,
                           TINYFAIR_CAPACITY(GroupTwoThresholdRule, constant));
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_TruncatedLogisticRule& rule) {
  switch (key.field) {
    case tinyfair_check_TruncatedLogisticRule_criterion_tag:
      return ReadUnsigned(r, key, rule.criterion);
    case tinyfair_check_TruncatedLogisticRule_cell_label1_tag:
      return ReadFloatSpan(r, key, rule.cell_label1,
                           TINYFAIR_CAPACITY(TruncatedLogisticRule, cell_label1));
    case tinyfair_check_TruncatedLogisticRule_cell_label0_tag:
      return ReadFloatSpan(r, key, rule.cell_label0,
                           TINYFAIR_CAPACITY(TruncatedLogisticRule, cell_label0));
    case tinyfair_check_TruncatedLogisticRule_denominator_epsilon_tag:
      return ReadFixed(r, key, rule.denominator_epsilon);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_RegressionOutput& output) {
  switch (key.field) {
    case tinyfair_check_RegressionOutput_min_tag:
      return ReadFixed(r, key, output.min);
    case tinyfair_check_RegressionOutput_max_tag:
      return ReadFixed(r, key, output.max);
    case tinyfair_check_RegressionOutput_grid_size_tag:
      return ReadUnsigned(r, key, output.grid_size);
    case tinyfair_check_RegressionOutput_grid_value_tag:
      return ReadUnsigned(r, key, output.grid_value);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_RegressionRule& rule) {
  if (key.field == tinyfair_check_RegressionRule_output_tag) {
    return ReadSubmessage(r, key, rule.has_output, rule.output);
  }
  return r.Skip(key.wire);
}

bool ReadField(WireReader& r, FieldKey key, tinyfair_check_MixtureRule& rule) {
  switch (key.field) {
    case tinyfair_check_MixtureRule_member_output_tag:
      return ReadUnsigned(r, key, rule.member_output);
    case tinyfair_check_MixtureRule_probability_tag:
      return ReadFloatSpan(r, key, rule.probability, TINYFAIR_CAPACITY(MixtureRule, probability));
    case tinyfair_check_MixtureRule_bias_tag:
      return ReadFloatSpan(r, key, rule.bias, TINYFAIR_CAPACITY(MixtureRule, bias));
    case tinyfair_check_MixtureRule_weights_tag:
      return ReadFloatSpan(r, key, rule.weights, TINYFAIR_CAPACITY(MixtureRule, weights));
    case tinyfair_check_MixtureRule_category_weights_tag:
      return ReadFloatSpan(r, key, rule.category_weights,
                           TINYFAIR_CAPACITY(MixtureRule, category_weights));
    case tinyfair_check_MixtureRule_threshold_tag:
      return ReadFloatSpan(r, key, rule.threshold, TINYFAIR_CAPACITY(MixtureRule, threshold));
    case tinyfair_check_MixtureRule_output_tag:
      return ReadSubmessage(r, key, rule.has_output, rule.output);
    default:
      return r.Skip(key.wire);
  }
}

// One Input: read whole, then only counted (InputReader reads the inputs
// again where they lie). One given as anything but a message nanopb handed
// over in a copy, outside the bytes, which the check refused as malformed.
bool ReadInputField(WireReader& r, FieldKey key, tinyfair_InputSpans& inputs) {
  WireReader value;
  tinyfair_check_Input input = {};
  if (key.wire != kDelimitedWire || inputs.count >= kMaxInputs || !r.Delimited(value) ||
      !ReadInput(value, input)) {
    return false;
  }
  ++inputs.count;
  return true;
}

// The rule: one field of the oneof. A second is refused: a later rule field
// would replace an earlier one's spans, which then could not be checked.
bool ReadRule(WireReader& r, FieldKey key, tinyfair_check_Model& m) {
  if (m.which_rule != 0) return false;
  m.which_rule = static_cast<pb_size_t>(key.field);
  switch (key.field) {
    case tinyfair_check_Model_threshold_tag:
      return ReadSubmessage(r, key, m.rule.threshold);
    case tinyfair_check_Model_ramp_tag:
      return ReadSubmessage(r, key, m.rule.ramp);
    case tinyfair_check_Model_two_threshold_tag:
      return ReadSubmessage(r, key, m.rule.two_threshold);
    case tinyfair_check_Model_truncated_logistic_tag:
      return ReadSubmessage(r, key, m.rule.truncated_logistic);
    case tinyfair_check_Model_mixture_tag:
      return ReadSubmessage(r, key, m.rule.mixture);
    default:
      return ReadSubmessage(r, key, m.rule.regression);
  }
}

// The Model's fields beyond its header; the header's were read (and their
// wire types checked) by ReadHeader, and are skipped here.
bool ReadField(WireReader& r, FieldKey key, tinyfair_check_Model& m) {
  switch (key.field) {
    case tinyfair_check_Model_inputs_tag:
      return ReadInputField(r, key, m.inputs);
    case tinyfair_check_Model_groups_tag:
      return ReadSubmessage(r, key, m.has_groups, m.groups);
    case tinyfair_check_Model_scorer_tag:
      return ReadSubmessage(r, key, m.has_scorer, m.scorer);
    case tinyfair_check_Model_threshold_tag:
    case tinyfair_check_Model_ramp_tag:
    case tinyfair_check_Model_two_threshold_tag:
    case tinyfair_check_Model_truncated_logistic_tag:
    case tinyfair_check_Model_mixture_tag:
    case tinyfair_check_Model_regression_tag:
      return ReadRule(r, key, m);
    case tinyfair_check_Model_reference_positive_rate_tag:
      return ReadFloatSpan(r, key, m.reference_positive_rate,
                           TINYFAIR_CAPACITY(Model, reference_positive_rate));
    case tinyfair_check_Model_monitor_alpha_tag:
      return ReadFixed(r, key, m.monitor_alpha);
    case tinyfair_check_Model_monitor_tolerance_tag:
      return ReadFixed(r, key, m.monitor_tolerance);
    case tinyfair_check_Model_monitor_window_tag:
      return ReadUnsigned(r, key, m.monitor_window);
    case tinyfair_check_Model_input_layout_hash_tag:
      return ReadFixed(r, key, m.input_layout_hash);
    default:
      return r.Skip(key.wire);
  }
}

bool ReadField(WireReader& r, FieldKey key, HeaderOf& header) {
  tinyfair_check_Model& m = header.model;
  switch (key.field) {
    case tinyfair_check_Model_crc32_tag:
      m.has_crc32 = true;
      return ReadFixed(r, key, m.crc32);
    case tinyfair_check_Model_content_hash_tag:
      return ReadFixed(r, key, m.content_hash);
    case tinyfair_check_Model_schema_major_tag:
      return ReadUnsigned(r, key, m.schema_major);
    case tinyfair_check_Model_schema_minor_tag:
      return ReadUnsigned(r, key, m.schema_minor);
    case tinyfair_check_Model_model_id_tag:
      return ReadString(r, key, m.model_id);
    case tinyfair_check_Model_dimensions_tag:
      return ReadSubmessage(r, key, m.has_dimensions, m.dimensions);
    case tinyfair_check_Model_required_features_tag:
      return ReadUnsigned(r, key, m.required_features);
    case tinyfair_check_Model_model_version_tag:
      return ReadUnsigned(r, key, m.model_version);
    default:
      return r.Skip(key.wire);
  }
}

#undef TINYFAIR_CAPACITY

}  // namespace

bool ReadHeader(const uint8_t* bytes, size_t size, tinyfair_check_Model& model) {
  HeaderOf header{model};
  return ReadMessage(WireReader(bytes, size), header);
}

bool ReadModel(const uint8_t* bytes, size_t size, tinyfair_check_Model& model) {
  return ReadMessage(WireReader(bytes, size), model);
}

bool ReadInput(WireReader bytes, tinyfair_check_Input& input) { return ReadMessage(bytes, input); }

bool InputReader::Next(tinyfair_check_Input& input) {
  while (!reader_.AtEnd()) {
    FieldKey key;
    if (!reader_.Key(key)) return false;
    if (key.field == tinyfair_check_Model_inputs_tag && key.wire == kDelimitedWire) {
      WireReader value;
      input = {};
      return reader_.Delimited(value) && ReadInput(value, input);
    }
    if (!reader_.Skip(key.wire)) return false;
  }
  return false;
}

}  // namespace tinyfair::runtime::internal
