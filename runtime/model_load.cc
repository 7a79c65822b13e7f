// Model::Load: the trust boundary. Every check on untrusted bytes is here, so
// that Decide() can rely on what it reads.
#include <stddef.h>
#include <string.h>

#include "pb_decode.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/internal/config.h"
#if TINYFAIR_RUNTIME_CFG_EIGEN
#include <Eigen/Core>
#endif  // TINYFAIR_RUNTIME_CFG_EIGEN
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/rule_kinds.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::runtime {
namespace {

using internal::IsFinite;
using internal::RuleKindSupported;

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

// Whether an enum field holds one of the enumerators 0 .. count - 1 (every
// enum of the schema numbers its values from 0 without gaps).
template <typename Enum>
bool Below(const Enum& field, uint32_t count) {
  __underlying_type(Enum) raw;
  memcpy(&raw, &field, sizeof(raw));
  return static_cast<uint32_t>(raw) < count;
}

bool SumsToOne(float sum) {
  return sum >= 1.0f - kProbabilitySumTolerance && sum <= 1.0f + kProbabilitySumTolerance;
}

// The float arrays of a model, checked from one table rather than by one
// piece of code per array: how many values each must hold, and what each
// value must be.
enum class Count : uint8_t {
  kInputs,
  kCategories,
  kGroups,
  kNoneOrGroups,  // optional per-group values
  kMembers,
  kMembersIfClassify,  // per-member thresholds, read by classifying mixtures only
  kMemberInputs,
  kMemberCategories,
};
enum class Values : uint8_t {
  kFinite,
  kProbability,  // in [0, 1]
  kNotNaN,       // thresholds that may be infinite (constant predictions)
  kPositive,     // finite and > 0
};

// Which models an entry applies to: a rule's oneof tag, or every model.
constexpr uint8_t kEveryModel = 0;

// Six bytes a row.
struct FloatArray {
  uint16_t count_offset;   // of the pb_size_t count in tinyfair_Model
  uint16_t values_offset;  // of the first float
  uint8_t rule;
  Count count : 4;
  Values values : 4;
};

static_assert(sizeof(tinyfair_Model) <= UINT16_MAX, "FloatArray's offsets are 16-bit");
static_assert(sizeof(FloatArray) == 6);

// One table row: `field` names a repeated float of tinyfair_Model, whose
// count nanopb generates as field##_count.
#define TINYFAIR_FLOAT_ARRAY(rule, field, count, values)                                           \
  FloatArray {                                                                                     \
    static_cast<uint16_t>(offsetof(tinyfair_Model, field##_count)),                                \
        static_cast<uint16_t>(offsetof(tinyfair_Model, field)), rule, Count::count, Values::values \
  }

constexpr FloatArray kFloatArrays[] = {
    TINYFAIR_FLOAT_ARRAY(kEveryModel, scorer.weights, kInputs, kFinite),
    TINYFAIR_FLOAT_ARRAY(kEveryModel, scorer.category_weights, kCategories, kFinite),
    TINYFAIR_FLOAT_ARRAY(kEveryModel, reference_positive_rate, kGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_threshold_tag, rule.threshold.threshold, kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_ramp_tag, rule.ramp.threshold, kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_ramp_tag, rule.ramp.width, kGroups, kPositive),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_two_threshold_tag, rule.two_threshold.threshold0, kGroups,
                         kNotNaN),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_two_threshold_tag, rule.two_threshold.probability0, kGroups,
                         kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_two_threshold_tag, rule.two_threshold.threshold1, kGroups,
                         kNotNaN),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_two_threshold_tag, rule.two_threshold.probability1, kGroups,
                         kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_two_threshold_tag, rule.two_threshold.ignore, kNoneOrGroups,
                         kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_two_threshold_tag, rule.two_threshold.constant,
                         kNoneOrGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_truncated_logistic_tag, rule.truncated_logistic.cell_label1,
                         kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_truncated_logistic_tag, rule.truncated_logistic.cell_label0,
                         kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_mixture_tag, rule.mixture.probability, kMembers,
                         kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_mixture_tag, rule.mixture.bias, kMembers, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_mixture_tag, rule.mixture.weights, kMemberInputs, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_mixture_tag, rule.mixture.category_weights,
                         kMemberCategories, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_Model_mixture_tag, rule.mixture.threshold, kMembersIfClassify,
                         kFinite),
};

#undef TINYFAIR_FLOAT_ARRAY

bool ValueOk(float value, Values values) {
  switch (values) {
    case Values::kFinite:
      return IsFinite(value);
    case Values::kProbability:
      return value >= 0.0f && value <= 1.0f;
    case Values::kNotNaN:
      return value == value;
    case Values::kPositive:
      return IsFinite(value) && value > 0.0f;
  }
  return false;
}

// Whether `count` values are what the model's dimensions ask of `array`.
bool CountOk(const tinyfair_Model& m, Count count_kind, pb_size_t count) {
  const tinyfair_Dimensions& dims = m.dimensions;
  switch (count_kind) {
    case Count::kInputs:
      return count == dims.input_count;
    case Count::kCategories:
      return count == dims.category_count;
    case Count::kGroups:
      return count == dims.group_count;
    case Count::kNoneOrGroups:
      return count == 0 || count == dims.group_count;
    case Count::kMembers:
      return count == dims.member_count;
    case Count::kMembersIfClassify:
      return count == dims.member_count;
    case Count::kMemberInputs:
      return count == dims.member_count * dims.input_count;
    case Count::kMemberCategories:
      return count == dims.member_count * dims.category_count;
  }
  return false;
}

// Every float array that applies to the model's rule: its count, then its
// values.
bool FloatArraysOk(const tinyfair_Model& m) {
  const uint8_t* base = reinterpret_cast<const uint8_t*>(&m);
  for (const FloatArray& array : kFloatArrays) {
    if (array.rule != kEveryModel && array.rule != m.which_rule) continue;
    // A kind the build leaves out is refused as unsupported, whatever it holds.
    if (!internal::kEveryRuleKind && array.rule != kEveryModel &&
        !RuleKindSupported(static_cast<RuleKind>(array.rule - tinyfair_Model_threshold_tag))) {
      continue;
    }
    // A regressing mixture's thresholds are not read by Decide, so neither
    // their count nor their values are checked.
    if (array.count == Count::kMembersIfClassify &&
        !Is(m.rule.mixture.member_output, tinyfair_MixtureRule_MemberOutput_CLASSIFY)) {
      continue;
    }
    pb_size_t count;
    memcpy(&count, base + array.count_offset, sizeof(count));
    if (!CountOk(m, array.count, count)) return false;
    const float* values = reinterpret_cast<const float*>(base + array.values_offset);
    for (pb_size_t i = 0; i < count; ++i) {
      if (!ValueOk(values[i], array.values)) return false;
    }
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

// The regression output's tables: clamp to [min, max], then the grid.
Status CheckOutput(bool has_output, const tinyfair_RegressionOutput& output) {
  if (!has_output || !IsFinite(output.min) || !IsFinite(output.max) || !(output.min < output.max) ||
      !IsFinite(output.max - output.min) || output.grid_size > kMaxGridSize ||
      !Below(output.grid_value, 2)) {
    return Status::kInvalidModel;
  }
  return Status::kOk;
}

OutputTables OutputOf(const tinyfair_RegressionOutput& output) {
  return {output.min, output.max, output.grid_size,
          output.grid_value == tinyfair_RegressionOutput_GridValue_MIDPOINT};
}

// Folds the numeric inputs' offsets and scales into a linear scorer:
// margin = bias + sum_i w_i (x_i - o_i) s_i = folded bias + sum_i w'_i x_i,
// with w'_i = w_i s_i (0 for categorical inputs) written over w_i and the
// folded bias summed in index order. The host decides through this same
// code, so the fold changes no decision. Folding can overflow for extreme
// but finite numbers: false when a folded value is not finite.
#if TINYFAIR_RUNTIME_CFG_EIGEN
// A runtime-sized weight vector: an Eigen vector with the compile-time
// maximum over the decoded array (no copy, never the heap).
using WeightVector =
    Eigen::Map<Eigen::Matrix<float, Eigen::Dynamic, 1, 0, static_cast<int>(kMaxInputs), 1>>;
#else
// The same few members over a plain array, for toolchains without Eigen.
struct WeightVector {
  WeightVector(float* values, ptrdiff_t size) : values_(values), size_(size) {}
  float& operator[](ptrdiff_t i) { return values_[i]; }
  float* values_;
  ptrdiff_t size_;
};
#endif  // TINYFAIR_RUNTIME_CFG_EIGEN

bool FoldFinite(const tinyfair_Model& m, float* weights, float& bias) {
  WeightVector folded(weights, static_cast<ptrdiff_t>(m.inputs_count));
  // The runtime's bit test, not Eigen's allFinite(): same answer, less code.
  bool finite = true;
  for (size_t i = 0; i < m.inputs_count; ++i) {
    const tinyfair_Input& input = m.inputs[i];
    const bool numeric = Is(input.kind, tinyfair_Input_Kind_NUMERIC);
    const auto k = static_cast<ptrdiff_t>(i);
    folded[k] = numeric ? folded[k] * input.scale : 0.0f;
    if (numeric) bias -= folded[k] * input.offset;
    finite = finite && IsFinite(folded[k]);
  }
  return finite && IsFinite(bias);
}

}  // namespace

Status Model::Load(const uint8_t* bytes, size_t size, uint64_t input_layout_hash) {
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
  if (const Status status = CheckInputLayout(message_.input_layout_hash, input_layout_hash);
      !IsOk(status)) {
    return status;
  }
  if (const Status status = Validate(); !IsOk(status)) return status;
  if (const Status status = Prepare(); !IsOk(status)) return status;
  loaded_ = true;
  return Status::kOk;
}

// Every check but the rule's own returns kInvalidModel, so their order does
// not matter; the rule comes last, so that an unknown rule in an otherwise
// valid model is kUnsupportedRule.
Status Model::Validate() const {
  const tinyfair_Model& m = message_;
  const tinyfair_Dimensions& dims = m.dimensions;
  // Capacities were checked on the header; the arrays must now match the
  // dimensions the header declared.
  if (!m.has_dimensions || !m.has_scorer || !m.has_groups || dims.input_count == 0 ||
      m.inputs_count != dims.input_count || dims.group_count == 0 || !FloatArraysOk(m) ||
      !IsFinite(m.scorer.bias) || !CategoricalWeightsZero(m, m.scorer.weights) ||
      !Below(m.scorer.link, 3)) {
    return Status::kInvalidModel;
  }

  // Inputs: numeric with finite offset and scale, or categorical with
  // categories that add up to the declared count.
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
  if (groups.attribute_inputs_count != dims.group_attribute_count || !Below(groups.kind, 2) ||
      !Below(groups.unknown_policy, 2)) {
    return Status::kInvalidModel;
  }
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
  } else if (groups.attribute_inputs_count != 0) {
    return Status::kInvalidModel;
  }
  if (Is(groups.unknown_policy, tinyfair_GroupFormation_UnknownPolicy_FALLBACK) &&
      groups.fallback_group >= dims.group_count) {
    return Status::kInvalidModel;
  }
  if (m.which_rule != tinyfair_Model_mixture_tag && dims.member_count != 0) {
    return Status::kInvalidModel;
  }
  return ValidateRule();
}

// What the rule needs beyond its float arrays (FloatArraysOk).
Status Model::ValidateRule() const {
  const tinyfair_Model& m = message_;
  const uint32_t groups = m.dimensions.group_count;
  // A kind the build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS) is refused
  // like an unknown one, and its checks are not linked.
  switch (m.which_rule) {
    case tinyfair_Model_threshold_tag:
      if (!RuleKindSupported(RuleKind::kThreshold)) break;
      return Status::kOk;
    case tinyfair_Model_ramp_tag:
      if (!RuleKindSupported(RuleKind::kRamp)) break;
      return Status::kOk;
    case tinyfair_Model_two_threshold_tag: {
      if (!RuleKindSupported(RuleKind::kTwoThreshold)) break;
      const tinyfair_GroupTwoThresholdRule& rule = m.rule.two_threshold;
      if (rule.ignore_count != rule.constant_count) return Status::kInvalidModel;
      for (size_t g = 0; g < groups; ++g) {
        if (!SumsToOne(rule.probability0[g] + rule.probability1[g])) return Status::kInvalidModel;
      }
      return Status::kOk;
    }
    case tinyfair_Model_truncated_logistic_tag: {
      if (!RuleKindSupported(RuleKind::kTruncatedLogistic)) break;
      const tinyfair_TruncatedLogisticRule& rule = m.rule.truncated_logistic;
      if (!Is(m.scorer.link, tinyfair_LinearScorer_Link_LOGISTIC) ||
          !IsFinite(rule.denominator_epsilon) || !(rule.denominator_epsilon >= 0.0f) ||
          !Below(rule.criterion, 3)) {
        return Status::kInvalidModel;
      }
      if (Is(rule.criterion, tinyfair_TruncatedLogisticRule_Criterion_EQUAL_OPPORTUNITY)) {
        // Equal opportunity constrains the y = 1 cells only.
        for (size_t g = 0; g < groups; ++g) {
          if (rule.cell_label0[g] != 0.0f) return Status::kInvalidModel;
        }
      }
      return Status::kOk;
    }
    case tinyfair_Model_mixture_tag: {
      if (!RuleKindSupported(RuleKind::kMixture)) break;
      const tinyfair_MixtureRule& rule = m.rule.mixture;
      const uint32_t members = m.dimensions.member_count;
      if (members == 0 || !Below(rule.member_output, 2)) return Status::kInvalidModel;
      float sum = 0.0f;
      for (size_t j = 0; j < members; ++j) {
        sum += rule.probability[j];
        if (!CategoricalWeightsZero(m, rule.weights + j * m.dimensions.input_count)) {
          return Status::kInvalidModel;
        }
      }
      if (!SumsToOne(sum)) return Status::kInvalidModel;
      if (Is(rule.member_output, tinyfair_MixtureRule_MemberOutput_CLASSIFY)) return Status::kOk;
      return CheckOutput(rule.has_output, rule.output);
    }
    case tinyfair_Model_regression_tag:
      if (!RuleKindSupported(RuleKind::kRegression)) break;
      return CheckOutput(m.rule.regression.has_output, m.rule.regression.output);
    default:
      break;
  }
  return Status::kUnsupportedRule;
}

Status Model::Prepare() {
  tinyfair_Model& m = message_;
  const size_t n = m.inputs_count;
  DecisionTables& t = tables_;
  t = DecisionTables{};
  t.content_hash = m.content_hash;
  t.input_count = static_cast<uint32_t>(n);
  t.group_count = m.dimensions.group_count;
  t.category_count = m.dimensions.category_count;
  t.link = static_cast<Link>(m.scorer.link);

  // No scratch vectors: the weights are folded where they were decoded, so
  // Load's stack stays that of the decoder.
  t.bias = m.scorer.bias;
  if (!FoldFinite(m, m.scorer.weights, t.bias)) return Status::kInvalidModel;
  t.weights = m.scorer.weights;

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

  static_assert(static_cast<int>(GroupForm::kDirect) == tinyfair_GroupFormation_Kind_DIRECT);
  t.group_form = static_cast<GroupForm>(m.groups.kind);
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

  // The oneof tags are consecutive, in RuleKind's order.
  static_assert(tinyfair_Model_ramp_tag == tinyfair_Model_threshold_tag + 1 &&
                tinyfair_Model_two_threshold_tag == tinyfair_Model_threshold_tag + 2 &&
                tinyfair_Model_truncated_logistic_tag == tinyfair_Model_threshold_tag + 3 &&
                tinyfair_Model_mixture_tag == tinyfair_Model_threshold_tag + 4 &&
                tinyfair_Model_regression_tag == tinyfair_Model_threshold_tag + 5);
  t.rule = static_cast<RuleKind>(m.which_rule - tinyfair_Model_threshold_tag);
  GroupRuleTables& r = t.groups;
  switch (m.which_rule) {
    case tinyfair_Model_threshold_tag:
      if (!RuleKindSupported(RuleKind::kThreshold)) break;
      r.threshold = m.rule.threshold.threshold;
      break;
    case tinyfair_Model_ramp_tag:
      if (!RuleKindSupported(RuleKind::kRamp)) break;
      r.threshold = m.rule.ramp.threshold;
      r.width = m.rule.ramp.width;
      break;
    case tinyfair_Model_two_threshold_tag: {
      if (!RuleKindSupported(RuleKind::kTwoThreshold)) break;
      tinyfair_GroupTwoThresholdRule& rule = m.rule.two_threshold;
      r.threshold0 = rule.threshold0;
      r.probability0 = rule.probability0;
      r.threshold1 = rule.threshold1;
      r.probability1 = rule.probability1;
      if (rule.ignore_count != 0) {
        r.ignore = rule.ignore;
        r.constant = rule.constant;
      }
      break;
    }
    case tinyfair_Model_truncated_logistic_tag:
      if (!RuleKindSupported(RuleKind::kTruncatedLogistic)) break;
      r.cell_label1 = m.rule.truncated_logistic.cell_label1;
      r.cell_label0 = m.rule.truncated_logistic.cell_label0;
      r.criterion = static_cast<Criterion>(m.rule.truncated_logistic.criterion);
      r.denominator_epsilon = m.rule.truncated_logistic.denominator_epsilon;
      break;
    case tinyfair_Model_mixture_tag: {
      if (!RuleKindSupported(RuleKind::kMixture)) break;
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
        if (!FoldFinite(m, mixture.weights + j * n, mixture.bias[j])) {
          return Status::kInvalidModel;
        }
      }
      member_draw_bound_[members - 1] = uint64_t{1} << 32U;
      mt.draw_bound = member_draw_bound_;
      mt.probability = mixture.probability;
      mt.bias = mixture.bias;
      mt.weights = mixture.weights;
      mt.category_weights = mixture.category_weights;
      mt.threshold = mixture.threshold;
      if (mt.regress) t.output = OutputOf(mixture.output);
      break;
    }
    case tinyfair_Model_regression_tag:
      if (!RuleKindSupported(RuleKind::kRegression)) break;
      t.output = OutputOf(m.rule.regression.output);
      break;
    default:  // Validate() accepted no other rule
      break;
  }
  return Status::kOk;
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
