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
#include "integer_path.h"
#include "model_check_parts.h"
#include "model_reader.h"
#include "rules/rule_dispatch.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair/model.nanopb.h"
#include "tinyfair/model_check.nanopb.h"
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/input_layout.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime::internal {
namespace {

constexpr uint32_t kSchemaMajor = 1;
using CheckModelMessage = tinyfair_check_Model;
using CheckInput = tinyfair_check_Input;

// Every feature (ModelFeature) this runtime has: the integer scorer when the
// firmware accepts integer models (Model::AcceptIntegerModels).
uint64_t RuntimeFeatures(const IntegerPath* integer_path) {
  return FeatureBit(tinyfair_ModelFeature_TWO_THRESHOLD_CONSTANT) |
         (UsesIntegerPath(integer_path) ? FeatureBit(tinyfair_ModelFeature_INTEGER_SCORER) : 0);
}

// ---------------------------------------------------------------------------
// Reading what the spans point to.

bool InputAt(const CheckedModel& c, uint32_t index, CheckInput& input) {
  InputReader reader(c);
  for (uint32_t i = 0; i <= index; ++i) {
    if (!reader.Next(input)) return false;
  }
  return true;
}

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

// The arrays of every model.
constexpr FloatArray kModelFloatArrays[] = {
    TINYFAIR_FLOAT_ARRAY(scorer.weights, kInputs, kFinite),
    TINYFAIR_FLOAT_ARRAY(scorer.category_weights, kCategories, kFinite),
    TINYFAIR_FLOAT_ARRAY(reference_positive_rate, kGroups, kProbability),
};

// Every model's arrays and each supported rule kind's, marked with its tag:
// one table, made when compiled from the rules' own lists, so that one loop
// checks a model's arrays.
constexpr size_t kFloatArrayCount = [] {
  size_t count = sizeof(kModelFloatArrays) / sizeof(kModelFloatArrays[0]);
  ForEachRule([&](auto rule) { count += decltype(rule)::kFloatArrays.count; });
  return count;
}();

struct FloatArrayTable {
  FloatArray rows[kFloatArrayCount];
};

constexpr FloatArrayTable kFloatArrays = [] {
  FloatArrayTable table{};
  size_t n = 0;
  for (const FloatArray& row : kModelFloatArrays) table.rows[n++] = row;
  ForEachRule([&](auto rule) {
    using R = decltype(rule);
    for (size_t i = 0; i < R::kFloatArrays.count; ++i) {
      table.rows[n] = R::kFloatArrays.rows[i];
      table.rows[n++].rule = R::kTag;
    }
  });
  return table;
}();

// Whether an array is the model's: every model's, or its rule's.
bool Applies(const FloatArray& array, const CheckModelMessage& m) {
  return array.rule == kEveryModel || array.rule == m.which_rule;
}

// Every float array that applies to the model's rule: its count, then its
// values. A kind the build leaves out has none: it is refused as
// unsupported, whatever it holds.
bool FloatArraysOk(const CheckModelMessage& m) {
  for (const FloatArray& array : kFloatArrays.rows) {
    if (!Applies(array, m)) continue;
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
Status CheckHeader(const CheckModelMessage& header, uint32_t minimum_model_version,
                   const IntegerPath* integer_path) {
  if (header.schema_major != kSchemaMajor) return Status::kUnsupportedVersion;
  if (header.model_version < minimum_model_version) return Status::kRolledBack;
  // Any newer minor version loads when it needs nothing this runtime lacks:
  // what it adds beyond that, this runtime may skip.
  if ((header.required_features & ~RuntimeFeatures(integer_path)) != 0) {
    return Status::kMissingFeature;
  }
  if (!header.has_dimensions) return Status::kInvalidModel;
  return CheckCapacity(header.dimensions);
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

// What the rule needs beyond its float arrays (FloatArraysOk). A kind the
// build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS) is refused like an
// unknown one, and its checks are not linked.
Status CheckRule(const CheckedModel& c, const CategoricalInputs& categorical) {
  return VisitRule(
      RuleKindOfTag(c.m.which_rule),
      [&](auto rule) { return decltype(rule)::Check(c, categorical); },
      [] { return Status::kUnsupportedRule; });
}

// The scorer's weights fold (a mixture's members fold in its own check);
// integer models only never build the float tables.
bool ScorerFoldOk(const CheckedModel& c) {
  return !kFloatDecisions || FoldOk(c, c.m.scorer.weights, 0, c.m.scorer.bias);
}

// The monitor's settings: a false-alarm probability in [0, 1) (0: none) and
// a tolerance in [0, 1); NaN is neither.
bool MonitorSettingsOk(const CheckModelMessage& m) {
  return InHalfOpenUnitInterval(m.monitor_alpha) && InHalfOpenUnitInterval(m.monitor_tolerance);
}

// A model decides by its integer scorer exactly when it says it needs one.
Status CheckInteger(const CheckedModel& c, const CategoricalInputs& categorical,
                    const IntegerPath* integer_path) {
  const CheckModelMessage& m = c.m;
  const tinyfair_check_IntegerScorer* scorer = IntegerScorerOf(m);
  const bool required =
      (m.required_features & FeatureBit(tinyfair_ModelFeature_INTEGER_SCORER)) != 0;
  if (required != (scorer != nullptr)) return Status::kInvalidModel;
  // A build for integer models only decides nothing else; a firmware or a
  // build without them refused the feature with the header.
  if (scorer == nullptr || !UsesIntegerPath(integer_path)) {
    return kFloatDecisions ? Status::kOk : Status::kUnsupportedRule;
  }
  return CheckIntegerScorerThrough(integer_path, c, categorical);
}

// Every check but the rule's own returns kInvalidModel, so their order does
// not matter; the rule comes after them, so that an unknown rule in an
// otherwise valid model is kUnsupportedRule, and the scorer's fold last (a
// mixture folds its members in its own check, after the arrays and inputs
// it reads were checked).
Status CheckDecoded(const CheckedModel& c, const IntegerPath* integer_path) {
  const CheckModelMessage& m = c.m;
  CategoricalInputs categorical = {};
  const tinyfair_check_Dimensions& dims = m.dimensions;
  // Capacities and the dimensions' presence were checked on the header (the
  // rest of the model cannot set them); the arrays must now match the
  // dimensions the header declared.
  if (!m.has_scorer || !m.has_groups || dims.input_count == 0 ||
      m.inputs.count != dims.input_count || dims.group_count == 0 || !FloatArraysOk(m) ||
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
  if (const Status status = CheckInteger(c, categorical, integer_path); !IsOk(status)) {
    return status;
  }
  return ScorerFoldOk(c) ? Status::kOk : Status::kInvalidModel;
}

// Every float span of the model lies in its bytes. One without bytes is a
// field given unpacked (model_reader.cc); the integer scorer's are checked
// with it (CheckIntegerScorer).
bool SpansInBytes(const CheckedModel& c) {
  for (const FloatArray& array : kFloatArrays.rows) {
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
                                            uint32_t minimum_model_version,
                                            const IntegerPath* integer_path, CheckedModel& c) {
  c.bytes = bytes;
  c.size = size;
  c.m = {};
  if (!ReadHeader(bytes, size, c.m)) return Status::kMalformed;
  if (const Status status = CheckHeader(c.m, minimum_model_version, integer_path); !IsOk(status)) {
    return status;
  }
  if (!ReadModel(bytes, size, c.m) || !SpansInBytes(c)) return Status::kMalformed;
  if (const Status status = CheckInputLayout(c.m.input_layout_hash, input_layout_hash);
      !IsOk(status)) {
    return status;
  }
  return CheckDecoded(c, integer_path);
}

}  // namespace tinyfair::runtime::internal
