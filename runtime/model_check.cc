// Model::Load's check: the trust boundary. Every check on untrusted bytes is
// here, made before the working model is touched, so that a refused update
// leaves the previous model deciding and Decide() can rely on what it reads.
//
// The bytes are read once by the model reader (model_reader.cc) into the
// check's structures (tinyfair/model_check.nanopb.h, runtime/model_check.options),
// in which every array is a span into the bytes: the check reads the values
// where they lie, and hands its reading to the table builder
// (table_builder.cc), which builds the tables from the same spans. It takes
// each packed array in one occurrence (as every protobuf writer emits it),
// so that building the tables of a model it accepted cannot fail.
#include "model_check.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "checked_model.h"
#include "integer_scorer_check.h"
#include "model_reader.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair/model.nanopb.h"
#include "tinyfair/model_check.nanopb.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/input_layout.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/fold.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime::internal {
namespace {

constexpr uint32_t kSchemaMajor = 1;
// The minor version that added required features (Model.required_features).
constexpr uint32_t kFeaturesMinor = 2;
// Mixture probabilities must add up to 1 within this.
constexpr float kProbabilitySumTolerance = 1e-5f;
// Regression grids finer than this are not grids.
constexpr uint32_t kMaxGridSize = 1U << 16U;

using CheckModelMessage = tinyfair_check_Model;
using CheckInput = tinyfair_check_Input;

// Whether an enum field holds `value`. The model reader stores any number a
// model gives an enum field (proto3 enums are open), and reading a number outside
// the enumerators through the enum type is undefined in C++, so the checks
// compare the field's integer representation.
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

constexpr uint64_t FeatureBit(tinyfair_ModelFeature feature) {
  return uint64_t{1} << static_cast<unsigned>(feature);
}
// Every feature (ModelFeature) this runtime has.
constexpr uint64_t kRuntimeFeatures =
    FeatureBit(tinyfair_ModelFeature_TWO_THRESHOLD_CONSTANT) |
    (kIntegerDecisions ? FeatureBit(tinyfair_ModelFeature_INTEGER_SCORER) : 0);

bool SumsToOne(float sum) {
  return sum >= 1.0f - kProbabilitySumTolerance && sum <= 1.0f + kProbabilitySumTolerance;
}

// Finite and, unless 0, normal.
bool FiniteNormal(float value) { return IsFinite(value) && !IsSubnormal(value); }

// ---------------------------------------------------------------------------
// Reading what the spans point to.

bool InputAt(const CheckedModel& c, uint32_t index, CheckInput& input) {
  InputReader reader(c);
  for (uint32_t i = 0; i <= index; ++i) {
    if (!reader.Next(input)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// The float arrays, checked from one table rather than by one piece of code
// per array: how many values each must hold, and what each value must be.

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

// Four bytes a row.
struct FloatArray {
  uint16_t span_offset;  // of the tinyfair_FloatSpan in the checked message
  uint8_t rule;
  Count count : 4;
  Values values : 4;
};

static_assert(sizeof(CheckModelMessage) <= UINT16_MAX, "FloatArray's offsets are 16-bit");
static_assert(sizeof(FloatArray) == 4);

#define TINYFAIR_FLOAT_ARRAY(rule, field, count, values)                                          \
  FloatArray {                                                                                    \
    static_cast<uint16_t>(offsetof(CheckModelMessage, field)), rule, Count::count, Values::values \
  }

constexpr FloatArray kFloatArrays[] = {
    TINYFAIR_FLOAT_ARRAY(kEveryModel, scorer.weights, kInputs, kFinite),
    TINYFAIR_FLOAT_ARRAY(kEveryModel, scorer.category_weights, kCategories, kFinite),
    TINYFAIR_FLOAT_ARRAY(kEveryModel, reference_positive_rate, kGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_threshold_tag, rule.threshold.threshold, kGroups,
                         kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_ramp_tag, rule.ramp.threshold, kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_ramp_tag, rule.ramp.width, kGroups, kPositive),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_two_threshold_tag, rule.two_threshold.threshold0,
                         kGroups, kNotNaN),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_two_threshold_tag, rule.two_threshold.probability0,
                         kGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_two_threshold_tag, rule.two_threshold.threshold1,
                         kGroups, kNotNaN),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_two_threshold_tag, rule.two_threshold.probability1,
                         kGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_two_threshold_tag, rule.two_threshold.ignore,
                         kNoneOrGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_two_threshold_tag, rule.two_threshold.constant,
                         kNoneOrGroups, kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_truncated_logistic_tag,
                         rule.truncated_logistic.cell_label1, kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_truncated_logistic_tag,
                         rule.truncated_logistic.cell_label0, kGroups, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_mixture_tag, rule.mixture.probability, kMembers,
                         kProbability),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_mixture_tag, rule.mixture.bias, kMembers, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_mixture_tag, rule.mixture.weights, kMemberInputs,
                         kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_mixture_tag, rule.mixture.category_weights,
                         kMemberCategories, kFinite),
    TINYFAIR_FLOAT_ARRAY(tinyfair_check_Model_mixture_tag, rule.mixture.threshold,
                         kMembersIfClassify, kFinite),
};

#undef TINYFAIR_FLOAT_ARRAY

// No value may be subnormal: a core that flushes them to zero would decide
// differently.
bool ValueOk(float value, Values values) {
  if (IsSubnormal(value)) return false;
  switch (values) {
    case Values::kFinite:
      return IsFinite(value);
    case Values::kProbability:
      return InClosedUnitInterval(value);
    case Values::kNotNaN:
      return !IsNaN(value);
    case Values::kPositive:
      return IsPositiveFinite(value);
  }
  return false;
}

// Whether `count` values are what the model's dimensions ask of an array.
bool CountOk(const tinyfair_check_Dimensions& dims, Count count_kind, uint32_t count) {
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
    case Count::kMembersIfClassify:
      return count == dims.member_count;
    case Count::kMemberInputs:
      return count == dims.member_count * dims.input_count;
    case Count::kMemberCategories:
      return count == dims.member_count * dims.category_count;
  }
  return false;
}

// Whether an array is the model's: every model's, or its rule's.
bool Applies(const FloatArray& array, const CheckModelMessage& m) {
  return array.rule == kEveryModel || array.rule == m.which_rule;
}

const tinyfair_FloatSpan& SpanOf(const CheckModelMessage& m, const FloatArray& array) {
  return *reinterpret_cast<const tinyfair_FloatSpan*>(reinterpret_cast<const uint8_t*>(&m) +
                                                      array.span_offset);
}

// Every float array that applies to the model's rule: where it lies, its
// count, then its values.
bool FloatArraysOk(const CheckedModel& c) {
  const CheckModelMessage& m = c.m;
  for (const FloatArray& array : kFloatArrays) {
    if (!Applies(array, m)) continue;
    // A kind the build leaves out is refused as unsupported, whatever it holds.
    if (!kEveryRuleKind && array.rule != kEveryModel &&
        !RuleKindSupported(
            static_cast<RuleKind>(array.rule - tinyfair_check_Model_threshold_tag))) {
      continue;
    }
    // A regressing mixture's thresholds are not read by Decide, so neither
    // their count nor their values are checked.
    if (array.count == Count::kMembersIfClassify &&
        !Is(m.rule.mixture.member_output, tinyfair_check_MixtureRule_MemberOutput_CLASSIFY)) {
      continue;
    }
    const tinyfair_FloatSpan& span = SpanOf(m, array);
    if (!CountOk(m.dimensions, array.count, span.count)) return false;
    for (size_t i = 0; i < span.count; ++i) {
      if (!ValueOk(FloatAt(span, i), array.values)) return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// The header, the inputs, the groups and the rule.

// The products are taken once their factors are within the capacities, so
// 32 bits hold them (a 64-bit product is a library call on a Cortex-M0).
static_assert(uint64_t{kMaxMembers} * kMaxInputs <= UINT32_MAX &&
              uint64_t{kMaxMembers} * kMaxCategories <= UINT32_MAX);

Status CheckCapacity(const tinyfair_check_Dimensions& dimensions) {
  if (dimensions.input_count > kMaxInputs || dimensions.group_count > kMaxGroups ||
      dimensions.category_count > kMaxCategories ||
      dimensions.group_attribute_count > kMaxGroupAttributes ||
      dimensions.member_count > kMaxMembers ||
      dimensions.member_count * dimensions.input_count > kMaxMemberWeights ||
      dimensions.member_count * dimensions.category_count > kMaxMemberCategoryWeights) {
    return Status::kCapacityExceeded;
  }
  return Status::kOk;
}

// The header (fields 1..6, 40 and 41), which every schema version shares,
// read first (ReadHeader), so a newer major version or an oversized model
// gets its own status even when the rest of the message would not read.
Status CheckHeader(const CheckModelMessage& header, uint32_t minimum_model_version) {
  if (header.schema_major != kSchemaMajor) return Status::kUnsupportedVersion;
  if (header.model_version < minimum_model_version) return Status::kRolledBack;
  // Any newer minor version loads when it needs nothing this runtime lacks:
  // what it adds beyond that, this runtime may skip.
  if ((header.required_features & ~kRuntimeFeatures) != 0) return Status::kMissingFeature;
  if (!header.has_dimensions) return Status::kInvalidModel;
  return CheckCapacity(header.dimensions);
}

// Which inputs are categorical: bit i (word i / 32) for input i, found once
// by InputsOk for every check that asks.
using CategoricalInputs = uint32_t[(kMaxInputs + 31) / 32];

bool IsCategorical(const CategoricalInputs& categorical, size_t i) {
  return (categorical[i / 32] & (1U << (i % 32))) != 0;
}

// Weights on categorical inputs must be 0: their terms come from the tables.
bool CategoricalWeightsZero(const CheckedModel& c, const CategoricalInputs& categorical,
                            const tinyfair_FloatSpan& weights, size_t first) {
  for (size_t i = 0; i < c.m.inputs.count; ++i) {
    if (IsCategorical(categorical, i) && !IsZero(FloatAt(weights, first + i))) return false;
  }
  return true;
}

// Numeric inputs with finite, normal offset and scale; categorical inputs
// with categories that add up to the declared count, marked in
// `categorical` (zeroed by the caller). Only a categorical input has an
// "other" category.
bool InputsOk(const CheckedModel& c, CategoricalInputs& categorical) {
  InputReader inputs(c);
  CheckInput input;
  uint32_t categories = 0;
  for (size_t i = 0; i < c.m.inputs.count; ++i) {
    if (!inputs.Next(input)) return false;
    if (Is(input.kind, tinyfair_check_Input_Kind_NUMERIC)) {
      if (!FiniteNormal(input.offset) || !FiniteNormal(input.scale) || input.category_count != 0 ||
          input.last_category_is_other) {
        return false;
      }
    } else if (Is(input.kind, tinyfair_check_Input_Kind_CATEGORICAL)) {
      if (input.category_count == 0 || input.category_count > kMaxCategories - categories) {
        return false;
      }
      categories += input.category_count;
      categorical[i / 32] |= 1U << (i % 32);
    } else {
      return false;
    }
  }
  return categories == c.m.dimensions.category_count;
}

bool GroupsOk(const CheckedModel& c) {
  const CheckModelMessage& m = c.m;
  const tinyfair_check_GroupFormation& groups = m.groups;
  const tinyfair_check_Dimensions& dims = m.dimensions;
  if (groups.attribute_inputs_count != dims.group_attribute_count || !Below(groups.kind, 2) ||
      !Below(groups.unknown_policy, 2)) {
    return false;
  }
  if (Is(groups.kind, tinyfair_check_GroupFormation_Kind_FROM_ATTRIBUTES)) {
    if (groups.attribute_inputs_count == 0) return false;
    uint32_t product = 1;
    for (size_t j = 0; j < groups.attribute_inputs_count; ++j) {
      const uint32_t index = groups.attribute_inputs[j];
      CheckInput input;
      // A group attribute's unknown values follow the group policy, never
      // an "other" category.
      if (index >= m.inputs.count || !InputAt(c, index, input) ||
          !Is(input.kind, tinyfair_check_Input_Kind_CATEGORICAL) || input.last_category_is_other) {
        return false;
      }
      for (size_t k = 0; k < j; ++k) {
        if (groups.attribute_inputs[k] == index) return false;
      }
      // Category counts are at most kMaxCategories, so the product cannot
      // overflow before the comparison stops it.
      product *= input.category_count;
      if (product > kMaxGroups) return false;
    }
    if (product != dims.group_count) return false;
  } else if (groups.attribute_inputs_count != 0) {
    return false;
  }
  return !Is(groups.unknown_policy, tinyfair_check_GroupFormation_UnknownPolicy_FALLBACK) ||
         groups.fallback_group < dims.group_count;
}

// The regression output's tables: clamp to [min, max], then the grid.
Status CheckOutput(bool has_output, const tinyfair_check_RegressionOutput& output) {
  if (!has_output || !FiniteNormal(output.min) || !FiniteNormal(output.max) ||
      !(output.min < output.max) || !IsFinite(output.max - output.min) ||
      output.grid_size > kMaxGridSize || !Below(output.grid_value, 2)) {
    return Status::kInvalidModel;
  }
  return Status::kOk;
}

// A two-threshold rule: ignore and constant go together, stated as a
// required feature from the version that has them on, and each group's two
// probabilities sum to one.
Status CheckTwoThresholdRule(const CheckModelMessage& m) {
  const tinyfair_check_GroupTwoThresholdRule& rule = m.rule.two_threshold;
  if (rule.ignore.count != rule.constant.count) return Status::kInvalidModel;
  if (rule.ignore.count != 0 && m.schema_minor >= kFeaturesMinor &&
      (m.required_features & FeatureBit(tinyfair_ModelFeature_TWO_THRESHOLD_CONSTANT)) == 0) {
    return Status::kInvalidModel;
  }
  for (size_t g = 0; g < m.dimensions.group_count; ++g) {
    if (!SumsToOne(FloatAt(rule.probability0, g) + FloatAt(rule.probability1, g))) {
      return Status::kInvalidModel;
    }
  }
  return Status::kOk;
}

// A truncated-logistic rule: on a logistic scorer, with a known criterion;
// equal opportunity constrains the y = 1 cells only.
Status CheckTruncatedLogisticRule(const CheckModelMessage& m) {
  const tinyfair_check_TruncatedLogisticRule& rule = m.rule.truncated_logistic;
  if (!Is(m.scorer.link, tinyfair_check_LinearScorer_Link_LOGISTIC) ||
      !FiniteNormal(rule.denominator_epsilon) || !(rule.denominator_epsilon >= 0.0f) ||
      !Below(rule.criterion, 3)) {
    return Status::kInvalidModel;
  }
  if (Is(rule.criterion, tinyfair_check_TruncatedLogisticRule_Criterion_EQUAL_OPPORTUNITY)) {
    for (size_t g = 0; g < m.dimensions.group_count; ++g) {
      if (!IsZero(FloatAt(rule.cell_label0, g))) return Status::kInvalidModel;
    }
  }
  return Status::kOk;
}

// A mixture: members whose probabilities sum to one and whose categorical
// weights are zero, and a regression output when its members regress.
Status CheckMixtureRule(const CheckedModel& c, const CategoricalInputs& categorical) {
  const CheckModelMessage& m = c.m;
  const tinyfair_check_MixtureRule& rule = m.rule.mixture;
  const uint32_t members = m.dimensions.member_count;
  if (members == 0 || !Below(rule.member_output, 2)) return Status::kInvalidModel;
  float sum = 0.0f;
  for (size_t j = 0; j < members; ++j) {
    sum += FloatAt(rule.probability, j);
    if (!CategoricalWeightsZero(c, categorical, rule.weights, j * m.dimensions.input_count)) {
      return Status::kInvalidModel;
    }
  }
  if (!SumsToOne(sum)) return Status::kInvalidModel;
  if (Is(rule.member_output, tinyfair_check_MixtureRule_MemberOutput_CLASSIFY)) {
    return Status::kOk;
  }
  return CheckOutput(rule.has_output, rule.output);
}

// What the rule needs beyond its float arrays (FloatArraysOk). A kind the
// build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS) is refused like an
// unknown one, and its checks are not linked.
Status CheckRule(const CheckedModel& c, const CategoricalInputs& categorical) {
  const CheckModelMessage& m = c.m;
  switch (m.which_rule) {
    case tinyfair_check_Model_threshold_tag:
      if (!RuleKindSupported(RuleKind::kThreshold)) break;
      return Status::kOk;
    case tinyfair_check_Model_ramp_tag:
      if (!RuleKindSupported(RuleKind::kRamp)) break;
      return Status::kOk;
    case tinyfair_check_Model_two_threshold_tag:
      if (!RuleKindSupported(RuleKind::kTwoThreshold)) break;
      return CheckTwoThresholdRule(m);
    case tinyfair_check_Model_truncated_logistic_tag:
      if (!RuleKindSupported(RuleKind::kTruncatedLogistic)) break;
      return CheckTruncatedLogisticRule(m);
    case tinyfair_check_Model_mixture_tag:
      if (!RuleKindSupported(RuleKind::kMixture)) break;
      return CheckMixtureRule(c, categorical);
    case tinyfair_check_Model_regression_tag:
      if (!RuleKindSupported(RuleKind::kRegression)) break;
      return CheckOutput(m.rule.regression.has_output, m.rule.regression.output);
    default:
      break;
  }
  return Status::kUnsupportedRule;
}

// Folding can overflow for extreme but finite numbers, or leave a subnormal:
// whether the folded weights from `first` on and the folded bias are finite
// and normal, computed as the tables will be.
bool FoldOk(const CheckedModel& c, const tinyfair_FloatSpan& weights, size_t first, float bias) {
  InputReader inputs(c);
  CheckInput input;
  bool ok = true;
  for (size_t i = 0; i < c.m.inputs.count; ++i) {
    if (!inputs.Next(input)) return false;
    float weight = FloatAt(weights, first + i);
    FoldInput(Is(input.kind, tinyfair_check_Input_Kind_NUMERIC), input.scale, input.offset, weight,
              bias);
    ok = ok && FiniteNormal(weight);
  }
  return ok && FiniteNormal(bias);
}

Status CheckFolds(const CheckedModel& c) {
  // Integer models only: the float tables are never built.
  if (!kFloatDecisions) return Status::kOk;
  const CheckModelMessage& m = c.m;
  if (!FoldOk(c, m.scorer.weights, 0, m.scorer.bias)) return Status::kInvalidModel;
  if (m.which_rule != tinyfair_check_Model_mixture_tag || !RuleKindSupported(RuleKind::kMixture)) {
    return Status::kOk;
  }
  const tinyfair_check_MixtureRule& rule = m.rule.mixture;
  for (size_t j = 0; j < m.dimensions.member_count; ++j) {
    if (!FoldOk(c, rule.weights, j * m.inputs.count, FloatAt(rule.bias, j))) {
      return Status::kInvalidModel;
    }
  }
  return Status::kOk;
}

// The monitor's settings: a false-alarm probability in [0, 1) (0: none) and
// a tolerance in [0, 1); NaN is neither.
bool MonitorSettingsOk(const CheckModelMessage& m) {
  return InHalfOpenUnitInterval(m.monitor_alpha) && InHalfOpenUnitInterval(m.monitor_tolerance);
}

// The threshold or ramp rule's integer scorer; nullptr when it has none.
const tinyfair_check_IntegerScorer* IntegerScorerOf(const CheckModelMessage& m) {
  if (m.which_rule == tinyfair_check_Model_threshold_tag && m.rule.threshold.has_integer) {
    return &m.rule.threshold.integer;
  }
  if (m.which_rule == tinyfair_check_Model_ramp_tag && m.rule.ramp.has_integer) {
    return &m.rule.ramp.integer;
  }
  return nullptr;
}

// A model decides by its integer scorer exactly when it says it needs one.
Status CheckInteger(const CheckedModel& c, const CategoricalInputs& categorical) {
  const CheckModelMessage& m = c.m;
  const tinyfair_check_IntegerScorer* scorer = IntegerScorerOf(m);
  const bool required =
      (m.required_features & FeatureBit(tinyfair_ModelFeature_INTEGER_SCORER)) != 0;
  if (required != (scorer != nullptr)) return Status::kInvalidModel;
  // A build for integer models only decides nothing else; a build without
  // them refused the feature with the header.
  if (scorer == nullptr || !kIntegerDecisions) {
    return kFloatDecisions ? Status::kOk : Status::kUnsupportedRule;
  }
  const IntegerScorerContext context{
      c.bytes,
      c.size,
      m.dimensions.input_count,
      m.dimensions.category_count,
      m.dimensions.group_count,
      static_cast<RuleKind>(m.which_rule - tinyfair_check_Model_threshold_tag),
      categorical};
  return CheckIntegerScorer(*scorer, context);
}

// Every check but the rule's own returns kInvalidModel, so their order does
// not matter; the rule comes after them, so that an unknown rule in an
// otherwise valid model is kUnsupportedRule, and the folds last, as the
// tables are built from a model that passed every other check.
Status CheckDecoded(const CheckedModel& c) {
  const CheckModelMessage& m = c.m;
  CategoricalInputs categorical = {};
  const tinyfair_check_Dimensions& dims = m.dimensions;
  // Capacities and the dimensions' presence were checked on the header (the
  // rest of the model cannot set them); the arrays must now match the
  // dimensions the header declared.
  if (!m.has_scorer || !m.has_groups || dims.input_count == 0 ||
      m.inputs.count != dims.input_count || dims.group_count == 0 || !FloatArraysOk(c) ||
      !FiniteNormal(m.scorer.bias) || !InputsOk(c, categorical) ||
      !CategoricalWeightsZero(c, categorical, m.scorer.weights, 0) || !Below(m.scorer.link, 3) ||
      !GroupsOk(c) || !MonitorSettingsOk(m)) {
    return Status::kInvalidModel;
  }
  if (m.which_rule != tinyfair_check_Model_mixture_tag && dims.member_count != 0) {
    return Status::kInvalidModel;
  }
  // A version cannot claim less than it uses: required features came with
  // 1.2, and the header read them the same (a later occurrence of the field
  // could not otherwise have been missed).
  if ((m.schema_minor < kFeaturesMinor && m.required_features != 0)) return Status::kInvalidModel;
  if (const Status status = CheckRule(c, categorical); !IsOk(status)) return status;
  if (const Status status = CheckInteger(c, categorical); !IsOk(status)) return status;
  return CheckFolds(c);
}

// Every float span of the model lies in its bytes. One without bytes is a
// field given unpacked (model_reader.cc); the integer scorer's are checked
// with it (CheckIntegerScorer).
bool SpansInBytes(const CheckedModel& c) {
  for (const FloatArray& array : kFloatArrays) {
    if (Applies(array, c.m) && !SpanInBytes(c.bytes, c.size, SpanOf(c.m, array))) return false;
  }
  return true;
}

}  // namespace

// Not inlined: under link-time optimisation Load would otherwise hold the
// check's few hundred bytes in its own frame while the signature verifier,
// the deepest stack of a signed load, runs below it.
__attribute__((noinline)) Status CheckModel(const uint8_t* bytes, size_t size,
                                            uint64_t input_layout_hash,
                                            uint32_t minimum_model_version, CheckedModel& c) {
  c.bytes = bytes;
  c.size = size;
  c.m = {};
  if (!ReadHeader(bytes, size, c.m)) return Status::kMalformed;
  if (const Status status = CheckHeader(c.m, minimum_model_version); !IsOk(status)) {
    return status;
  }
  if (!ReadModel(bytes, size, c.m) || !SpansInBytes(c)) return Status::kMalformed;
  if (const Status status = CheckInputLayout(c.m.input_layout_hash, input_layout_hash);
      !IsOk(status)) {
    return status;
  }
  return CheckDecoded(c);
}

}  // namespace tinyfair::runtime::internal
