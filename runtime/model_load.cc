// Model::Load: the trust boundary. Every check on untrusted bytes is here, so
// that Decide() can rely on what it reads.
#include <string.h>

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
// Mixture probabilities must add up to 1 within this.
constexpr float kProbabilitySumTolerance = 1e-5f;
// Regression grids finer than this are not grids.
constexpr uint32_t kMaxGridSize = 1U << 16U;

// Whether an enum field holds `value`. nanopb stores any number a model
// gives an enum field (proto3 enums are open), and reading a number outside
// the enumerators through the enum type is undefined in C++, so the checks
// compare the field's integer representation. Once Validate() has passed,
// every enum field holds an enumerator and is read as the enum.
template <typename Enum>
bool Is(const Enum& field, Enum value) {
  __underlying_type(Enum) raw;
  memcpy(&raw, &field, sizeof(raw));
  return raw == static_cast<__underlying_type(Enum)>(value);
}

bool AllFinite(const float* values, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!IsFinite(values[i])) return false;
  }
  return true;
}

bool AllProbabilities(const float* values, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!(values[i] >= 0.0f && values[i] <= 1.0f)) return false;
  }
  return true;
}

Status CheckCapacity(const tinyfair_Dimensions& dimensions) {
  if (dimensions.input_count > kMaxInputs || dimensions.group_count > kMaxGroups ||
      dimensions.category_count > kMaxCategories ||
      dimensions.group_attribute_count > kMaxGroupAttributes ||
      dimensions.member_count > kMaxMembers ||
      static_cast<uint64_t>(dimensions.member_count) * dimensions.input_count > kMaxMemberWeights ||
      static_cast<uint64_t>(dimensions.member_count) * dimensions.category_count >
          kMaxMemberCategoryWeights) {
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
  if (!pb_decode(&stream, tinyfair_ModelHeader_fields, &header)) return Status::kMalformed;
  if (header.schema_major != kSchemaMajor) return Status::kUnsupportedVersion;
  if (!header.has_dimensions) return Status::kInvalidModel;
  return CheckCapacity(header.dimensions);
}

// Weights on categorical inputs must be 0: their terms come from the tables.
bool CategoricalWeightsZero(const tinyfair_Model& m, const float* weights) {
  for (size_t i = 0; i < m.inputs_count; ++i) {
    if (Is(m.inputs[i].kind, tinyfair_Input_Kind_CATEGORICAL) && weights[i] != 0.0f) return false;
  }
  return true;
}

}  // namespace

Status Model::Load(const uint8_t* bytes, size_t size) {
  loaded_ = false;
  if (bytes == nullptr || size == 0) return Status::kEmptyModel;
  if (size < kCrcFieldSize || bytes[0] != kCrcTag) return Status::kMissingCrc;
  const uint32_t stored_crc =
      static_cast<uint32_t>(bytes[1]) | (static_cast<uint32_t>(bytes[2]) << 8U) |
      (static_cast<uint32_t>(bytes[3]) << 16U) | (static_cast<uint32_t>(bytes[4]) << 24U);
  if (Crc32(bytes + kCrcFieldSize, size - kCrcFieldSize) != stored_crc) {
    return Status::kCrcMismatch;
  }
  if (const Status status = CheckHeader(bytes, size); !IsOk(status)) return status;
  message_ = tinyfair_Model_init_zero;
  pb_istream_t stream = pb_istream_from_buffer(bytes, size);
  if (!pb_decode(&stream, tinyfair_Model_fields, &message_)) return Status::kMalformed;
  if (const Status status = Validate(); !IsOk(status)) return status;
  Prepare();
  // Folding can overflow for extreme but finite numbers.
  if (!IsFinite(tables_.bias) || !AllFinite(folded_weights_.data(), message_.inputs_count)) {
    return Status::kInvalidModel;
  }
  if (message_.which_rule == tinyfair_Model_mixture_tag) {
    const tinyfair_MixtureRule& mixture = message_.rule.mixture;
    if (!AllFinite(mixture.bias, mixture.bias_count) ||
        !AllFinite(mixture.weights, mixture.weights_count)) {
      return Status::kInvalidModel;
    }
  }
  loaded_ = true;
  return Status::kOk;
}

Status Model::Validate() const {
  const tinyfair_Model& m = message_;
  const tinyfair_Dimensions& dims = m.dimensions;
  // Capacities were checked on the header; the arrays must now match the
  // dimensions the header declared.
  if (!m.has_dimensions || !m.has_scorer || !m.has_groups) return Status::kInvalidModel;
  if (dims.input_count == 0 || m.inputs_count != dims.input_count || dims.group_count == 0) {
    return Status::kInvalidModel;
  }

  // Inputs and the scorer.
  const tinyfair_LinearScorer& scorer = m.scorer;
  if (scorer.weights_count != dims.input_count ||
      scorer.category_weights_count != dims.category_count || !IsFinite(scorer.bias) ||
      !AllFinite(scorer.weights, scorer.weights_count) ||
      !AllFinite(scorer.category_weights, scorer.category_weights_count) ||
      !CategoricalWeightsZero(m, scorer.weights)) {
    return Status::kInvalidModel;
  }
  if (!Is(scorer.link, tinyfair_LinearScorer_Link_IDENTITY) &&
      !Is(scorer.link, tinyfair_LinearScorer_Link_LOGISTIC) &&
      !Is(scorer.link, tinyfair_LinearScorer_Link_SIGNED_LOGISTIC)) {
    return Status::kInvalidModel;
  }
  uint32_t categories = 0;
  for (size_t i = 0; i < m.inputs_count; ++i) {
    const tinyfair_Input& input = m.inputs[i];
    if (Is(input.kind, tinyfair_Input_Kind_NUMERIC)) {
      if (!IsFinite(input.offset) || !IsFinite(input.scale) || input.category_count != 0) {
        return Status::kInvalidModel;
      }
    } else if (Is(input.kind, tinyfair_Input_Kind_CATEGORICAL)) {
      if (input.category_count == 0 || input.category_count > kMaxCategories - categories) {
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
  if (groups.attribute_inputs_count != dims.group_attribute_count) return Status::kInvalidModel;
  if (Is(groups.kind, tinyfair_GroupFormation_Kind_FROM_ATTRIBUTES)) {
    if (groups.attribute_inputs_count == 0) return Status::kInvalidModel;
    uint32_t product = 1;
    for (size_t j = 0; j < groups.attribute_inputs_count; ++j) {
      const uint32_t index = groups.attribute_inputs[j];
      if (index >= m.inputs_count || !Is(m.inputs[index].kind, tinyfair_Input_Kind_CATEGORICAL)) {
        return Status::kInvalidModel;
      }
      for (size_t k = 0; k < j; ++k) {
        if (groups.attribute_inputs[k] == index) return Status::kInvalidModel;
      }
      // Category counts are at most kMaxCategories, so the product cannot
      // overflow before the comparison stops it.
      product *= m.inputs[index].category_count;
      if (product > kMaxGroups) return Status::kInvalidModel;
    }
    if (product != dims.group_count) return Status::kInvalidModel;
  } else if (Is(groups.kind, tinyfair_GroupFormation_Kind_DIRECT)) {
    if (groups.attribute_inputs_count != 0) return Status::kInvalidModel;
  } else {
    return Status::kInvalidModel;
  }
  if (Is(groups.unknown_policy, tinyfair_GroupFormation_UnknownPolicy_FALLBACK)) {
    if (groups.fallback_group >= dims.group_count) return Status::kInvalidModel;
  } else if (!Is(groups.unknown_policy, tinyfair_GroupFormation_UnknownPolicy_REFUSE)) {
    return Status::kInvalidModel;
  }

  // Reference rates: probabilities, one per group.
  if (m.reference_positive_rate_count != dims.group_count ||
      !AllProbabilities(m.reference_positive_rate, m.reference_positive_rate_count)) {
    return Status::kInvalidModel;
  }
  if (m.which_rule != tinyfair_Model_mixture_tag && dims.member_count != 0) {
    return Status::kInvalidModel;
  }
  return ValidateRule();
}

Status Model::ValidateOutput(const tinyfair_RegressionOutput& output) const {
  if (!IsFinite(output.min) || !IsFinite(output.max) || !(output.min < output.max) ||
      !IsFinite(output.max - output.min) || output.grid_size > kMaxGridSize ||
      (!Is(output.grid_value, tinyfair_RegressionOutput_GridValue_FLOOR) &&
       !Is(output.grid_value, tinyfair_RegressionOutput_GridValue_MIDPOINT))) {
    return Status::kInvalidModel;
  }
  return Status::kOk;
}

Status Model::ValidateRule() const {
  const tinyfair_Model& m = message_;
  const uint32_t groups = m.dimensions.group_count;
  switch (m.which_rule) {
    case tinyfair_Model_threshold_tag: {
      const tinyfair_GroupThresholdRule& rule = m.rule.threshold;
      if (rule.threshold_count != groups || !AllFinite(rule.threshold, groups)) {
        return Status::kInvalidModel;
      }
      return Status::kOk;
    }
    case tinyfair_Model_ramp_tag: {
      const tinyfair_GroupRampRule& rule = m.rule.ramp;
      if (rule.threshold_count != groups || rule.width_count != groups ||
          !AllFinite(rule.threshold, groups) || !AllFinite(rule.width, groups)) {
        return Status::kInvalidModel;
      }
      for (size_t g = 0; g < groups; ++g) {
        if (!(rule.width[g] > 0.0f)) return Status::kInvalidModel;
      }
      return Status::kOk;
    }
    case tinyfair_Model_two_threshold_tag: {
      const tinyfair_GroupTwoThresholdRule& rule = m.rule.two_threshold;
      if (rule.threshold0_count != groups || rule.probability0_count != groups ||
          rule.threshold1_count != groups || rule.probability1_count != groups ||
          !AllProbabilities(rule.probability0, groups) ||
          !AllProbabilities(rule.probability1, groups) ||
          rule.ignore_count != rule.constant_count ||
          (rule.ignore_count != 0 && rule.ignore_count != groups) ||
          !AllProbabilities(rule.ignore, rule.ignore_count) ||
          !AllProbabilities(rule.constant, rule.constant_count)) {
        return Status::kInvalidModel;
      }
      for (size_t g = 0; g < groups; ++g) {
        // Thresholds may be infinite (constant predictions), never NaN.
        const float sum = rule.probability0[g] + rule.probability1[g];
        if (rule.threshold0[g] != rule.threshold0[g] || rule.threshold1[g] != rule.threshold1[g] ||
            !(sum >= 1.0f - kProbabilitySumTolerance && sum <= 1.0f + kProbabilitySumTolerance)) {
          return Status::kInvalidModel;
        }
      }
      return Status::kOk;
    }
    case tinyfair_Model_truncated_logistic_tag: {
      const tinyfair_TruncatedLogisticRule& rule = m.rule.truncated_logistic;
      if (!Is(m.scorer.link, tinyfair_LinearScorer_Link_LOGISTIC) ||
          rule.cell_label1_count != groups || rule.cell_label0_count != groups ||
          !AllFinite(rule.cell_label1, groups) || !AllFinite(rule.cell_label0, groups) ||
          !IsFinite(rule.denominator_epsilon) || !(rule.denominator_epsilon >= 0.0f)) {
        return Status::kInvalidModel;
      }
      if (Is(rule.criterion, tinyfair_TruncatedLogisticRule_Criterion_EQUAL_OPPORTUNITY)) {
        // Equal opportunity constrains the y = 1 cells only.
        for (size_t g = 0; g < groups; ++g) {
          if (rule.cell_label0[g] != 0.0f) return Status::kInvalidModel;
        }
      } else if (!Is(rule.criterion, tinyfair_TruncatedLogisticRule_Criterion_DEMOGRAPHIC_PARITY) &&
                 !Is(rule.criterion, tinyfair_TruncatedLogisticRule_Criterion_EQUALIZED_ODDS)) {
        return Status::kInvalidModel;
      }
      return Status::kOk;
    }
    case tinyfair_Model_mixture_tag: {
      const tinyfair_MixtureRule& rule = m.rule.mixture;
      const uint32_t members = m.dimensions.member_count;
      if (members == 0 || rule.probability_count != members || rule.bias_count != members ||
          rule.weights_count != members * m.dimensions.input_count ||
          rule.category_weights_count != members * m.dimensions.category_count ||
          !AllProbabilities(rule.probability, members) || !AllFinite(rule.bias, members) ||
          !AllFinite(rule.weights, rule.weights_count) ||
          !AllFinite(rule.category_weights, rule.category_weights_count)) {
        return Status::kInvalidModel;
      }
      float sum = 0.0f;
      for (size_t j = 0; j < members; ++j) {
        sum += rule.probability[j];
        if (!CategoricalWeightsZero(m, rule.weights + j * m.dimensions.input_count)) {
          return Status::kInvalidModel;
        }
      }
      if (!(sum >= 1.0f - kProbabilitySumTolerance && sum <= 1.0f + kProbabilitySumTolerance)) {
        return Status::kInvalidModel;
      }
      if (Is(rule.member_output, tinyfair_MixtureRule_MemberOutput_CLASSIFY)) {
        if (rule.threshold_count != members || !AllFinite(rule.threshold, members)) {
          return Status::kInvalidModel;
        }
        return Status::kOk;
      }
      if (!Is(rule.member_output, tinyfair_MixtureRule_MemberOutput_REGRESS) || !rule.has_output) {
        return Status::kInvalidModel;
      }
      return ValidateOutput(rule.output);
    }
    case tinyfair_Model_regression_tag:
      if (!m.rule.regression.has_output) return Status::kInvalidModel;
      return ValidateOutput(m.rule.regression.output);
    default:
      return Status::kUnsupportedRule;
  }
}

void Model::Prepare() {
  tinyfair_Model& m = message_;
  const size_t n = m.inputs_count;
  DecisionTables& t = tables_;
  t = DecisionTables{};
  t.content_hash = m.content_hash;
  t.input_count = static_cast<uint32_t>(n);
  t.group_count = m.dimensions.group_count;
  t.category_count = m.dimensions.category_count;
  t.link = static_cast<Link>(m.scorer.link);

  // margin = bias + sum_i w_i (x_i - o_i) s_i = folded bias + sum_i w'_i x_i
  // with w'_i = w_i s_i and the folded bias summed in index order. The host
  // decides through this same code, so the fold changes no decision. No
  // scratch vectors: Load's stack stays that of the decoder.
  const long count = static_cast<long>(n);
  folded_weights_ = InputVector(count);
  float bias = m.scorer.bias;
  for (long i = 0; i < count; ++i) {
    const bool numeric = Is(m.inputs[i].kind, tinyfair_Input_Kind_NUMERIC);
    folded_weights_[i] = numeric ? m.scorer.weights[i] * m.inputs[i].scale : 0.0f;
    if (numeric) bias -= folded_weights_[i] * m.inputs[i].offset;
  }
  t.bias = bias;
  t.weights = folded_weights_.data();

  uint32_t categorical = 0;
  uint16_t start = 0;
  for (size_t i = 0; i < n; ++i) {
    if (m.inputs[i].kind != tinyfair_Input_Kind_CATEGORICAL) continue;
    categorical_input_[categorical] = static_cast<uint8_t>(i);
    category_start_[categorical] = start;
    category_count_of_[categorical] = static_cast<uint16_t>(m.inputs[i].category_count);
    start = static_cast<uint16_t>(start + m.inputs[i].category_count);
    ++categorical;
  }
  t.categorical_count = categorical;
  t.categorical_input = categorical_input_;
  t.category_start = category_start_;
  t.category_count_of = category_count_of_;
  t.category_weights = m.scorer.category_weights;

  t.group_form = m.groups.kind == tinyfair_GroupFormation_Kind_DIRECT ? GroupForm::kDirect
                                                                      : GroupForm::kFromAttributes;
  t.attribute_count = m.groups.attribute_inputs_count;
  for (uint32_t j = 0; j < t.attribute_count; ++j) {
    for (uint32_t k = 0; k < categorical; ++k) {
      if (categorical_input_[k] == m.groups.attribute_inputs[j]) {
        attribute_categorical_[j] = static_cast<uint8_t>(k);
      }
    }
  }
  t.attribute_categorical = attribute_categorical_;
  t.unknown_group_fallback =
      m.groups.unknown_policy == tinyfair_GroupFormation_UnknownPolicy_FALLBACK;
  t.fallback_group = m.groups.fallback_group;

  switch (m.which_rule) {
    case tinyfair_Model_threshold_tag:
      t.rule = RuleKind::kThreshold;
      t.groups.threshold = m.rule.threshold.threshold;
      break;
    case tinyfair_Model_ramp_tag:
      t.rule = RuleKind::kRamp;
      t.groups.threshold = m.rule.ramp.threshold;
      t.groups.width = m.rule.ramp.width;
      break;
    case tinyfair_Model_two_threshold_tag:
      t.rule = RuleKind::kTwoThreshold;
      t.groups.threshold0 = m.rule.two_threshold.threshold0;
      t.groups.probability0 = m.rule.two_threshold.probability0;
      t.groups.threshold1 = m.rule.two_threshold.threshold1;
      t.groups.probability1 = m.rule.two_threshold.probability1;
      if (m.rule.two_threshold.ignore_count != 0) {
        t.groups.ignore = m.rule.two_threshold.ignore;
        t.groups.constant = m.rule.two_threshold.constant;
      }
      break;
    case tinyfair_Model_truncated_logistic_tag:
      t.rule = RuleKind::kTruncatedLogistic;
      t.groups.cell_label1 = m.rule.truncated_logistic.cell_label1;
      t.groups.cell_label0 = m.rule.truncated_logistic.cell_label0;
      t.groups.criterion = static_cast<Criterion>(m.rule.truncated_logistic.criterion);
      t.groups.denominator_epsilon = m.rule.truncated_logistic.denominator_epsilon;
      break;
    case tinyfair_Model_mixture_tag: {
      t.rule = RuleKind::kMixture;
      tinyfair_MixtureRule& mixture = m.rule.mixture;
      const uint32_t members = m.dimensions.member_count;
      MixtureTables& mt = t.mixture;
      mt.member_count = members;
      mt.regress = mixture.member_output == tinyfair_MixtureRule_MemberOutput_REGRESS;
      // Member j is drawn iff bound[j-1] <= draw < bound[j]: cumulative
      // probabilities summed in member order, as draw counts; the last
      // member takes whatever rounding left over.
      float cumulative = 0.0f;
      for (uint32_t j = 0; j < members; ++j) {
        cumulative += mixture.probability[j];
        member_draw_bound_[j] = PositiveDrawBound(cumulative);
      }
      member_draw_bound_[members - 1] = uint64_t{1} << 32U;
      for (uint32_t j = 0; j < members; ++j) {
        float* weights = mixture.weights + j * n;
        float member_bias = mixture.bias[j];
        for (long i = 0; i < count; ++i) {
          const bool numeric = Is(m.inputs[i].kind, tinyfair_Input_Kind_NUMERIC);
          weights[i] = numeric ? weights[i] * m.inputs[i].scale : 0.0f;
          if (numeric) member_bias -= weights[i] * m.inputs[i].offset;
        }
        mixture.bias[j] = member_bias;
      }
      mt.draw_bound = member_draw_bound_;
      mt.probability = mixture.probability;
      mt.bias = mixture.bias;
      mt.weights = mixture.weights;
      mt.category_weights = mixture.category_weights;
      mt.threshold = mixture.threshold;
      if (mt.regress) {
        t.output = {mixture.output.min, mixture.output.max, mixture.output.grid_size,
                    mixture.output.grid_value == tinyfair_RegressionOutput_GridValue_MIDPOINT};
      }
      break;
    }
    case tinyfair_Model_regression_tag: {
      t.rule = RuleKind::kRegression;
      const tinyfair_RegressionOutput& output = m.rule.regression.output;
      t.output = {output.min, output.max, output.grid_size,
                  output.grid_value == tinyfair_RegressionOutput_GridValue_MIDPOINT};
      break;
    }
    default:
      break;
  }
}

Status Model::DecideWithDraw(const DecisionInput& input, uint32_t draw, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  return runtime::Decide(tables_, input, draw, out);
}

Status Model::Decide(const DecisionInput& input, Pcg32& rng, Decision& out) const {
  if (!loaded_) {
    out = Decision{};
    return out.status = Status::kNotLoaded;
  }
  return runtime::Decide(tables_, input, rng, out);
}

}  // namespace tinyfair::runtime
