// ReadHeader, ReadModel and ReadInput. Each message of the schema is a table
// of its fields: the field's number (the generated ..._tag macro), how its
// value is read, and where it goes in the check's structure. One loop reads
// a message's fields through its table by number, and fills the structure
// as nanopb's decoder filled it (model_reader.h): a field of the wrong wire
// type is refused, a value wider than its field is refused rather than cut,
// a field given again replaces a scalar and merges into a message, and a
// field the table lacks is skipped by its wire type, so that a newer minor
// version still reads. A message inside a message is read on a stack of the
// messages open, not by recursion: the schema nests three deep.
#include "model_reader.h"

#include <stddef.h>
#include <string.h>

#include "checked_model.h"
#include "tinyfair/model.nanopb.h"
#include "tinyfair_runtime/capacity.h"

namespace tinyfair::runtime::internal {
namespace {

// How a field's value is read, and where it goes.
enum class Value : uint8_t {
  kUnsigned,    // a varint in `size` bytes (uint32, uint64, an enum, a narrowed integer)
  kBool,        // a varint, kept as true or false
  kFixed,       // `size` (4 or 8) bytes: float, fixed32, sfixed32, fixed64
  kString,      // a string in a char array of `size` bytes, with its terminating 0
  kRepeated,    // a repeated uint32 in an array of `size` values, its count before it
                // (Field::flag_distance)
  kFloatSpan,   // a packed array of at most `size` 4-byte values, recorded as a span
  kVarintSpan,  // a packed array of at most `size` varints, recorded as a span
  kMessage,     // a message read with table `size` into the structure at `offset`
  kRule,        // as kMessage, for the one field of the rule oneof
  kInput,       // one Input, read whole with table `size` and counted at `offset`
};

// The messages, by table: their order in kMessages.
enum Table : uint16_t {
  kHeaderTable,  // the Model's fields that form its header
  kModelTable,   // the Model's other fields
  kDimensionsTable,
  kInputTable,
  kGroupFormationTable,
  kLinearScorerTable,
  kThresholdRuleTable,
  kRampRuleTable,
  kTwoThresholdRuleTable,
  kTruncatedLogisticRuleTable,
  kRegressionRuleTable,
  kMixtureRuleTable,
  kRegressionOutputTable,
  kIntegerScorerTable,
};

// One field of a message, six bytes: the tables are most of the reader's
// read-only data.
struct Field {
  uint8_t number;
  Value value : 4;
  // How far before the value its has_ flag (or a repeated field's count)
  // lies; 0 for a field without one. nanopb writes the flag just before the
  // value, so four bits hold the distance.
  uint8_t flag_distance : 4;
  uint16_t offset;  // of the value in the message's structure
  uint16_t size;
};
static_assert(sizeof(Field) == 6);
static_assert(sizeof(tinyfair_check_Model) <= UINT16_MAX, "Field's offsets are 16-bit");

// The distance from a flag at `flag` to its value at `value`, checked to fit
// Field's four bits when the tables are compiled.
template <size_t kValue, size_t kFlag>
constexpr uint8_t FlagDistance() {
  static_assert(kFlag < kValue && kValue - kFlag < 16, "a flag lies 1..15 bytes before its value");
  return static_cast<uint8_t>(kValue - kFlag);
}

// Where field `field`'s flag lies in `structure` (Field::flag_distance).
uint8_t* FlagOf(const Field& field, uint8_t* structure) {
  return structure + field.offset - field.flag_distance;
}

// The table entry of field `f` of message `m` (tinyfair_check_<m>), without
// a flag.
#define TINYFAIR_FIELD(m, f, value, size)                                                   \
  Field {                                                                                   \
    tinyfair_check_##m##_##f##_tag, Value::value, 0,                                        \
        static_cast<uint16_t>(offsetof(tinyfair_check_##m, f)), static_cast<uint16_t>(size) \
  }
// As TINYFAIR_FIELD, with the flag (or count) at `flag`.
#define TINYFAIR_FLAGGED_FIELD(m, f, value, size, flag)                                      \
  Field {                                                                                    \
    tinyfair_check_##m##_##f##_tag, Value::value,                                            \
        FlagDistance<offsetof(tinyfair_check_##m, f), offsetof(tinyfair_check_##m, flag)>(), \
        static_cast<uint16_t>(offsetof(tinyfair_check_##m, f)), static_cast<uint16_t>(size)  \
  }
#define TINYFAIR_SIZE(m, f) sizeof(tinyfair_check_##m{}.f)
// The most values a span holds: the length of the working model's array
// (tinyfair/model.nanopb.h), which model.options sets.
#define TINYFAIR_CAPACITY(m, f) ArrayCount(tinyfair_##m{}.f)

#define FIELD_UNSIGNED(m, f) TINYFAIR_FIELD(m, f, kUnsigned, TINYFAIR_SIZE(m, f))
#define FIELD_BOOL(m, f) TINYFAIR_FIELD(m, f, kBool, 1)
#define FIELD_FIXED(m, f) TINYFAIR_FIELD(m, f, kFixed, TINYFAIR_SIZE(m, f))
#define FIELD_FLOATS(m, f) TINYFAIR_FIELD(m, f, kFloatSpan, TINYFAIR_CAPACITY(m, f))
#define FIELD_VARINTS(m, f) TINYFAIR_FIELD(m, f, kVarintSpan, TINYFAIR_CAPACITY(m, f))
#define FIELD_MESSAGE(m, f, table) TINYFAIR_FLAGGED_FIELD(m, f, kMessage, table, has_##f)
#define FIELD_RULE(f, table)                                                 \
  Field {                                                                    \
    tinyfair_check_Model_##f##_tag, Value::kRule, 0,                         \
        static_cast<uint16_t>(offsetof(tinyfair_check_Model, rule.f)), table \
  }

// The header: the fields every schema version shares (ModelHeader's
// numbers), read by ReadHeader; ReadModel skips them.
constexpr Field kHeaderFields[] = {
    TINYFAIR_FLAGGED_FIELD(Model, crc32, kFixed, TINYFAIR_SIZE(Model, crc32), has_crc32),
    FIELD_FIXED(Model, content_hash),
    FIELD_UNSIGNED(Model, schema_major),
    FIELD_UNSIGNED(Model, schema_minor),
    TINYFAIR_FIELD(Model, model_id, kString, TINYFAIR_SIZE(Model, model_id)),
    FIELD_MESSAGE(Model, dimensions, kDimensionsTable),
    FIELD_UNSIGNED(Model, required_features),
    FIELD_UNSIGNED(Model, model_version),
};
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

constexpr Field kModelFields[] = {
    TINYFAIR_FIELD(Model, inputs, kInput, kInputTable),
    FIELD_MESSAGE(Model, groups, kGroupFormationTable),
    FIELD_MESSAGE(Model, scorer, kLinearScorerTable),
    FIELD_RULE(threshold, kThresholdRuleTable),
    FIELD_RULE(ramp, kRampRuleTable),
    FIELD_RULE(two_threshold, kTwoThresholdRuleTable),
    FIELD_RULE(truncated_logistic, kTruncatedLogisticRuleTable),
    FIELD_RULE(mixture, kMixtureRuleTable),
    FIELD_RULE(regression, kRegressionRuleTable),
    FIELD_FLOATS(Model, reference_positive_rate),
    FIELD_FIXED(Model, monitor_alpha),
    FIELD_FIXED(Model, monitor_tolerance),
    FIELD_UNSIGNED(Model, monitor_window),
    FIELD_FIXED(Model, input_layout_hash),
};

constexpr Field kDimensionsFields[] = {
    FIELD_UNSIGNED(Dimensions, input_count),    FIELD_UNSIGNED(Dimensions, group_count),
    FIELD_UNSIGNED(Dimensions, category_count), FIELD_UNSIGNED(Dimensions, group_attribute_count),
    FIELD_UNSIGNED(Dimensions, member_count),
};

// The name and the category names are not in the table: skipped.
constexpr Field kInputFields[] = {
    FIELD_UNSIGNED(Input, kind),
    FIELD_FIXED(Input, offset),
    FIELD_FIXED(Input, scale),
    FIELD_UNSIGNED(Input, category_count),
    FIELD_BOOL(Input, last_category_is_other),
};

// The group names are not in the table: skipped.
constexpr Field kGroupFormationFields[] = {
    FIELD_UNSIGNED(GroupFormation, kind),
    TINYFAIR_FLAGGED_FIELD(GroupFormation, attribute_inputs, kRepeated,
                           ArrayCount(tinyfair_check_GroupFormation{}.attribute_inputs),
                           attribute_inputs_count),
    FIELD_UNSIGNED(GroupFormation, unknown_policy),
    FIELD_UNSIGNED(GroupFormation, fallback_group),
};

constexpr Field kLinearScorerFields[] = {
    FIELD_FIXED(LinearScorer, bias),
    FIELD_FLOATS(LinearScorer, weights),
    FIELD_FLOATS(LinearScorer, category_weights),
    FIELD_UNSIGNED(LinearScorer, link),
};

constexpr Field kThresholdRuleFields[] = {
    FIELD_FLOATS(GroupThresholdRule, threshold),
    FIELD_MESSAGE(GroupThresholdRule, integer, kIntegerScorerTable),
};

constexpr Field kRampRuleFields[] = {
    FIELD_FLOATS(GroupRampRule, threshold),
    FIELD_FLOATS(GroupRampRule, width),
    FIELD_MESSAGE(GroupRampRule, integer, kIntegerScorerTable),
};

constexpr Field kTwoThresholdRuleFields[] = {
    FIELD_FLOATS(GroupTwoThresholdRule, threshold0),
    FIELD_FLOATS(GroupTwoThresholdRule, probability0),
    FIELD_FLOATS(GroupTwoThresholdRule, threshold1),
    FIELD_FLOATS(GroupTwoThresholdRule, probability1),
    FIELD_FLOATS(GroupTwoThresholdRule, ignore),
    FIELD_FLOATS(GroupTwoThresholdRule, constant),
};

constexpr Field kTruncatedLogisticRuleFields[] = {
    FIELD_UNSIGNED(TruncatedLogisticRule, criterion),
    FIELD_FLOATS(TruncatedLogisticRule, cell_label1),
    FIELD_FLOATS(TruncatedLogisticRule, cell_label0),
    FIELD_FIXED(TruncatedLogisticRule, denominator_epsilon),
};

constexpr Field kRegressionRuleFields[] = {
    FIELD_MESSAGE(RegressionRule, output, kRegressionOutputTable),
};

constexpr Field kMixtureRuleFields[] = {
    FIELD_UNSIGNED(MixtureRule, member_output),
    FIELD_FLOATS(MixtureRule, probability),
    FIELD_FLOATS(MixtureRule, bias),
    FIELD_FLOATS(MixtureRule, weights),
    FIELD_FLOATS(MixtureRule, category_weights),
    FIELD_FLOATS(MixtureRule, threshold),
    FIELD_MESSAGE(MixtureRule, output, kRegressionOutputTable),
};

constexpr Field kRegressionOutputFields[] = {
    FIELD_FIXED(RegressionOutput, min),
    FIELD_FIXED(RegressionOutput, max),
    FIELD_UNSIGNED(RegressionOutput, grid_size),
    FIELD_UNSIGNED(RegressionOutput, grid_value),
};

constexpr Field kIntegerScorerFields[] = {
    FIELD_UNSIGNED(IntegerScorer, input_bits),    FIELD_VARINTS(IntegerScorer, input_shift),
    FIELD_UNSIGNED(IntegerScorer, fraction_bits), FIELD_FIXED(IntegerScorer, bias),
    FIELD_VARINTS(IntegerScorer, weights),        FIELD_FLOATS(IntegerScorer, category_weights),
    FIELD_FLOATS(IntegerScorer, threshold),       FIELD_FLOATS(IntegerScorer, ramp_start),
    FIELD_VARINTS(IntegerScorer, ramp_shift),     FIELD_VARINTS(IntegerScorer, ramp_probability),
};

#undef FIELD_RULE
#undef FIELD_MESSAGE
#undef FIELD_VARINTS
#undef FIELD_FLOATS
#undef FIELD_FIXED
#undef FIELD_BOOL
#undef FIELD_UNSIGNED
#undef TINYFAIR_CAPACITY
#undef TINYFAIR_SIZE
#undef TINYFAIR_FLAGGED_FIELD
#undef TINYFAIR_FIELD

// A message's table.
struct Message {
  const Field* fields;
  size_t count;
};

template <size_t kCount>
constexpr Message TableOf(const Field (&fields)[kCount]) {
  return Message{fields, kCount};
}

constexpr Message kMessages[] = {
    TableOf(kHeaderFields),           TableOf(kModelFields),
    TableOf(kDimensionsFields),       TableOf(kInputFields),
    TableOf(kGroupFormationFields),   TableOf(kLinearScorerFields),
    TableOf(kThresholdRuleFields),    TableOf(kRampRuleFields),
    TableOf(kTwoThresholdRuleFields), TableOf(kTruncatedLogisticRuleFields),
    TableOf(kRegressionRuleFields),   TableOf(kMixtureRuleFields),
    TableOf(kRegressionOutputFields), TableOf(kIntegerScorerFields),
};
static_assert(sizeof(kMessages) / sizeof(kMessages[0]) == kIntegerScorerTable + 1);

const Field* FieldOf(const Message& message, uint32_t number) {
  for (size_t i = 0; i < message.count; ++i) {
    if (message.fields[i].number == number) return &message.fields[i];
  }
  return nullptr;
}

// ---------------------------------------------------------------------------
// Values.

// A varint stored in `size` bytes: a value wider than the field is refused,
// as nanopb refuses it, rather than cut.
bool ReadUnsigned(WireReader& r, FieldKey key, uint8_t* at, size_t size) {
  uint64_t value;
  if (key.wire != kVarintWire || !r.Varint(value)) return false;
  if (size < sizeof(value) && (value >> (8U * size)) != 0) return false;
  memcpy(at, &value, size);  // the low bytes, on a little-endian core
  return true;
}

bool ReadBool(WireReader& r, FieldKey key, uint8_t* at) {
  uint32_t value;
  if (key.wire != kVarintWire || !r.Varint32(value)) return false;
  const bool is_set = value != 0;
  memcpy(at, &is_set, sizeof(is_set));
  return true;
}

bool ReadFixed(WireReader& r, FieldKey key, uint8_t* at, size_t size) {
  uint64_t value = 0;
  uint32_t value32 = 0;
  const bool four = size == sizeof(value32);
  if (key.wire != (four ? kFixed32Wire : kFixed64Wire)) return false;
  if (four ? !r.Fixed32(value32) : !r.Fixed64(value)) return false;
  memcpy(at, four ? static_cast<const void*>(&value32) : &value, size);
  return true;
}

// A string held in a char array of `size` bytes, with its terminating 0.
bool ReadString(WireReader& r, FieldKey key, uint8_t* at, size_t size) {
  WireReader value;
  if (key.wire != kDelimitedWire || !r.Delimited(value) || value.left() >= size) return false;
  memcpy(at, value.at(), value.left());
  at[value.left()] = '\0';
  return true;
}

// One value of a repeated uint32 held in an array (GroupFormation's
// attributes), appended up to the array's length.
bool AppendUnsigned(WireReader& r, FieldKey key, const Field& field, uint8_t* structure) {
  uint8_t* count_at = FlagOf(field, structure);
  pb_size_t count;
  memcpy(&count, count_at, sizeof(count));
  uint8_t* at = structure + field.offset + sizeof(uint32_t) * count;
  if (count >= field.size || !ReadUnsigned(r, key, at, sizeof(uint32_t))) return false;
  ++count;
  memcpy(count_at, &count, sizeof(count));
  return true;
}
static_assert(sizeof(tinyfair_check_GroupFormation{}.attribute_inputs[0]) == sizeof(uint32_t));

// A repeated uint32, packed or one value at a time.
bool ReadRepeated(WireReader& r, FieldKey key, const Field& field, uint8_t* structure) {
  if (key.wire != kDelimitedWire) return AppendUnsigned(r, key, field, structure);
  WireReader packed;
  if (!r.Delimited(packed)) return false;
  while (!packed.AtEnd()) {
    if (!AppendUnsigned(packed, FieldKey{key.field, kVarintWire}, field, structure)) return false;
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

// A field whose value is not a message: read into `structure`.
bool ReadValue(WireReader& r, FieldKey key, const Field& field, uint8_t* structure) {
  uint8_t* at = structure + field.offset;
  switch (field.value) {
    case Value::kUnsigned:
      return ReadUnsigned(r, key, at, field.size);
    case Value::kBool:
      return ReadBool(r, key, at);
    case Value::kFixed:
      return ReadFixed(r, key, at, field.size);
    case Value::kString:
      return ReadString(r, key, at, field.size);
    case Value::kRepeated:
      return ReadRepeated(r, key, field, structure);
    case Value::kFloatSpan:
      return ReadFloatSpan(r, key, *reinterpret_cast<tinyfair_FloatSpan*>(at), field.size);
    case Value::kVarintSpan:
      return ReadVarintSpan(r, key, *reinterpret_cast<tinyfair_VarintSpan*>(at), field.size);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// Messages.

// A message being read: its bytes left, its table and its structure.
struct OpenMessage {
  WireReader bytes;
  const Message* table;
  uint8_t* structure;
};

// The Model, a rule, the rule's integer scorer or output: the schema's
// deepest nesting.
constexpr size_t kMaxDepth = 3;

// Where a message field's own message is read into, or nullptr when the
// field is refused: a second rule field (a later rule field would replace an
// earlier one's spans, which then could not be checked), or an Input beyond
// the capacity. An Input is read into `input` and only counted (InputReader
// reads the inputs again where they lie).
uint8_t* MessageStructure(const Field& field, uint8_t* structure, tinyfair_check_Input& input) {
  uint8_t* at = structure + field.offset;
  if (field.value == Value::kRule) {
    auto& m = *reinterpret_cast<tinyfair_check_Model*>(structure);
    if (m.which_rule != 0) return nullptr;
    m.which_rule = field.number;
    return at;
  }
  if (field.value == Value::kInput) {
    auto& inputs = *reinterpret_cast<tinyfair_InputSpans*>(at);
    if (inputs.count >= kMaxInputs) return nullptr;
    ++inputs.count;
    input = {};
    return reinterpret_cast<uint8_t*>(&input);
  }
  if (field.flag_distance != 0) *FlagOf(field, structure) = 1;  // has_<field>
  return at;
}

// Reads the fields of a message with `table` into `structure`, and of every
// message inside it. A message field merges into what an earlier one left,
// as nanopb's decoder merged it.
bool ReadMessage(WireReader bytes, Table table, void* structure) {
  OpenMessage open[kMaxDepth];
  size_t depth = 0;
  open[depth++] = {bytes, &kMessages[table], static_cast<uint8_t*>(structure)};
  tinyfair_check_Input input;
  while (depth > 0) {
    OpenMessage& message = open[depth - 1];
    if (message.bytes.AtEnd()) {
      --depth;
      continue;
    }
    FieldKey key;
    if (!message.bytes.Key(key)) return false;
    const Field* field = FieldOf(*message.table, key.field);
    if (field == nullptr) {
      if (!message.bytes.Skip(key.wire)) return false;
    } else if (field->value < Value::kMessage) {  // a value, not a message
      if (!ReadValue(message.bytes, key, *field, message.structure)) return false;
    } else {
      WireReader inner;
      uint8_t* inner_structure = MessageStructure(*field, message.structure, input);
      if (key.wire != kDelimitedWire || inner_structure == nullptr ||
          !message.bytes.Delimited(inner) || depth == kMaxDepth) {
        return false;
      }
      open[depth++] = {inner, &kMessages[field->size], inner_structure};
    }
  }
  return true;
}

}  // namespace

bool ReadHeader(const uint8_t* bytes, size_t size, tinyfair_check_Model& model) {
  return ReadMessage(WireReader(bytes, size), kHeaderTable, &model);
}

bool ReadModel(const uint8_t* bytes, size_t size, tinyfair_check_Model& model) {
  return ReadMessage(WireReader(bytes, size), kModelTable, &model);
}

bool ReadInput(WireReader bytes, tinyfair_check_Input& input) {
  return ReadMessage(bytes, kInputTable, &input);
}

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
