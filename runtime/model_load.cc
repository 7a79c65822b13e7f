// Model::Load: the trust boundary. Every check on untrusted bytes is here, so
// that Decide() can rely on what it reads.

#include "pb_decode.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::runtime {
namespace {

using internal::IsFinite;

constexpr uint32_t kSchemaMajor = 1;
// Field 1 (crc32), wire type 5 (fixed32): the first byte of every model file.
constexpr uint8_t kCrcTag = (1U << 3U) | 5U;
constexpr size_t kCrcFieldSize = 5;

bool AllFinite(const float* values, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!IsFinite(values[i])) return false;
  }
  return true;
}

Status CheckCapacity(const tinyfair_Dimensions& dimensions) {
  if (dimensions.input_count > kMaxInputs ||
      dimensions.group_count > kMaxGroups ||
      dimensions.category_count > kMaxCategories ||
      dimensions.group_attribute_count > kMaxGroupAttributes) {
    return Status::kCapacityExceeded;
  }
  return Status::kOk;
}

// Reads the header prefix (fields 1..6), which every schema version shares,
// so a newer major version or an oversized model gets its own status even
// when the rest of the message would not decode.
Status CheckHeader(const uint8_t* bytes, size_t size) {
  tinyfair_ModelHeader header = tinyfair_ModelHeader_init_zero;
  pb_istream_t stream = pb_istream_from_buffer(bytes, size);
  if (!pb_decode(&stream, tinyfair_ModelHeader_fields, &header)) {
    return Status::kMalformed;
  }
  if (header.schema_major != kSchemaMajor) return Status::kUnsupportedVersion;
  if (!header.has_dimensions) return Status::kInvalidModel;
  return CheckCapacity(header.dimensions);
}

}  // namespace

Status Model::Load(const uint8_t* bytes, size_t size) {
  loaded_ = false;
  if (bytes == nullptr || size == 0) return Status::kEmptyModel;
  if (size < kCrcFieldSize || bytes[0] != kCrcTag) return Status::kMissingCrc;
  const uint32_t stored_crc = static_cast<uint32_t>(bytes[1]) |
                              (static_cast<uint32_t>(bytes[2]) << 8U) |
                              (static_cast<uint32_t>(bytes[3]) << 16U) |
                              (static_cast<uint32_t>(bytes[4]) << 24U);
  if (Crc32(bytes + kCrcFieldSize, size - kCrcFieldSize) != stored_crc) {
    return Status::kCrcMismatch;
  }
  if (const Status status = CheckHeader(bytes, size); !IsOk(status)) {
    return status;
  }
  message_ = tinyfair_Model_init_zero;
  pb_istream_t stream = pb_istream_from_buffer(bytes, size);
  if (!pb_decode(&stream, tinyfair_Model_fields, &message_)) {
    return Status::kMalformed;
  }
  if (const Status status = Validate(); !IsOk(status)) return status;
  PrepareScorer();
  if (!IsFinite(folded_bias_) ||
      !AllFinite(folded_weights_.data(), message_.inputs_count)) {
    return Status::kInvalidModel;
  }
  loaded_ = true;
  return Status::kOk;
}

Status Model::Validate() {
  const tinyfair_Model& m = message_;
  const tinyfair_Dimensions& dims = m.dimensions;
  // Capacities were checked on the header; the arrays must now match the
  // dimensions the header declared.
  if (!m.has_dimensions || !m.has_scorer || !m.has_groups) {
    return Status::kInvalidModel;
  }
  if (dims.input_count == 0 || m.inputs_count != dims.input_count ||
      dims.group_count == 0) {
    return Status::kInvalidModel;
  }

  // Inputs and the scorer.
  const tinyfair_LinearScorer& scorer = m.scorer;
  if (scorer.weights_count != dims.input_count ||
      scorer.category_weights_count != dims.category_count ||
      !IsFinite(scorer.bias) ||
      !AllFinite(scorer.weights, scorer.weights_count) ||
      !AllFinite(scorer.category_weights, scorer.category_weights_count)) {
    return Status::kInvalidModel;
  }
  if (scorer.link != tinyfair_LinearScorer_Link_IDENTITY &&
      scorer.link != tinyfair_LinearScorer_Link_LOGISTIC &&
      scorer.link != tinyfair_LinearScorer_Link_SIGNED_LOGISTIC) {
    return Status::kInvalidModel;
  }
  uint32_t categories = 0;
  for (size_t i = 0; i < m.inputs_count; ++i) {
    const tinyfair_Input& input = m.inputs[i];
    if (input.kind == tinyfair_Input_Kind_NUMERIC) {
      if (!IsFinite(input.offset) || !IsFinite(input.scale) ||
          input.category_count != 0) {
        return Status::kInvalidModel;
      }
    } else if (input.kind == tinyfair_Input_Kind_CATEGORICAL) {
      if (input.category_count == 0 || scorer.weights[i] != 0.0f ||
          input.category_count > kMaxCategories - categories) {
        return Status::kInvalidModel;
      }
      categories += input.category_count;
    } else {
      return Status::kInvalidModel;
    }
  }
  if (categories != dims.category_count) return Status::kInvalidModel;

  // Group formation.
  const tinyfair_GroupFormation& groups = m.groups;
  if (groups.attribute_inputs_count != dims.group_attribute_count) {
    return Status::kInvalidModel;
  }
  if (groups.kind == tinyfair_GroupFormation_Kind_FROM_ATTRIBUTES) {
    if (groups.attribute_inputs_count == 0) return Status::kInvalidModel;
    uint32_t product = 1;
    for (size_t j = 0; j < groups.attribute_inputs_count; ++j) {
      const uint32_t index = groups.attribute_inputs[j];
      if (index >= m.inputs_count ||
          m.inputs[index].kind != tinyfair_Input_Kind_CATEGORICAL) {
        return Status::kInvalidModel;
      }
      for (size_t k = 0; k < j; ++k) {
        if (groups.attribute_inputs[k] == index) return Status::kInvalidModel;
      }
      // Category counts are at most kMaxCategories, so this cannot overflow
      // before the comparison stops it.
      product *= m.inputs[index].category_count;
      if (product > kMaxGroups) return Status::kInvalidModel;
    }
    if (product != dims.group_count) return Status::kInvalidModel;
  } else if (groups.kind == tinyfair_GroupFormation_Kind_DIRECT) {
    if (groups.attribute_inputs_count != 0) return Status::kInvalidModel;
  } else {
    return Status::kInvalidModel;
  }
  if (groups.unknown_policy == tinyfair_GroupFormation_UnknownPolicy_FALLBACK) {
    if (groups.fallback_group >= dims.group_count) return Status::kInvalidModel;
  } else if (groups.unknown_policy !=
             tinyfair_GroupFormation_UnknownPolicy_REFUSE) {
    return Status::kInvalidModel;
  }

  // Reference rates: probabilities, one per group.
  if (m.reference_positive_rate_count != dims.group_count) {
    return Status::kInvalidModel;
  }
  for (size_t g = 0; g < m.reference_positive_rate_count; ++g) {
    const float rate = m.reference_positive_rate[g];
    if (!(rate >= 0.0f && rate <= 1.0f)) return Status::kInvalidModel;
  }

  // The decision rule.
  switch (m.which_rule) {
    case tinyfair_Model_threshold_tag: {
      const tinyfair_GroupThresholdRule& rule = m.rule.threshold;
      if (rule.threshold_count != dims.group_count ||
          !AllFinite(rule.threshold, rule.threshold_count)) {
        return Status::kInvalidModel;
      }
      break;
    }
    case tinyfair_Model_ramp_tag: {
      const tinyfair_GroupRampRule& rule = m.rule.ramp;
      if (rule.threshold_count != dims.group_count ||
          rule.width_count != dims.group_count ||
          !AllFinite(rule.threshold, rule.threshold_count)) {
        return Status::kInvalidModel;
      }
      for (size_t g = 0; g < rule.width_count; ++g) {
        if (!(rule.width[g] > 0.0f) || !IsFinite(rule.width[g])) {
          return Status::kInvalidModel;
        }
      }
      break;
    }
    default:
      return Status::kUnsupportedRule;
  }
  return Status::kOk;
}

void Model::PrepareScorer() {
  const tinyfair_Model& m = message_;
  const size_t n = m.inputs_count;
  folded_weights_.resize(static_cast<Eigen::Index>(n));
  // margin = bias + sum_i w_i (x_i - o_i) s_i = folded_bias + sum_i w'_i x_i
  // with w'_i = w_i s_i and folded_bias = bias - sum_i w'_i o_i. The host
  // decides through this same code, so the fold changes no decision.
  float bias = m.scorer.bias;
  categorical_count_ = 0;
  uint16_t table_start = 0;
  for (size_t i = 0; i < n; ++i) {
    const tinyfair_Input& input = m.inputs[i];
    if (input.kind == tinyfair_Input_Kind_CATEGORICAL) {
      folded_weights_[static_cast<Eigen::Index>(i)] = 0.0f;
      categorical_inputs_[categorical_count_] = static_cast<uint8_t>(i);
      category_table_start_[categorical_count_] = table_start;
      ++categorical_count_;
      table_start = static_cast<uint16_t>(table_start + input.category_count);
    } else {
      const float folded = m.scorer.weights[i] * input.scale;
      folded_weights_[static_cast<Eigen::Index>(i)] = folded;
      bias -= folded * input.offset;
    }
  }
  folded_bias_ = bias;
}

}  // namespace tinyfair::runtime
