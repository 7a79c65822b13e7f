// BuildTables: one step per part of the tables, each reading the spans the
// check recorded and accepted (model_check.cc), so that nothing is decoded
// twice and no working copy of the message is kept.
#include "table_builder.h"

#include <string.h>

#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/internal/fold.h"
#include "tinyfair_runtime/internal/rule_kinds.h"
#include "wire_reader.h"

namespace tinyfair::runtime::internal {
namespace {

// What the steps share: the checked model, the arena and the placement.
struct Builder {
  const CheckedModel& checked;
  ArrayPlacement placement;
  StorageArena& arena;

  const tinyfair_check_Model& m() const { return checked.m; }

  // A packed 4-byte array as Decide() reads it: where it lies in the bytes
  // when placed there and aligned, else a copy in the storage.
  template <typename T>
  const T* Place(const tinyfair_FloatSpan& span) {
    static_assert(sizeof(T) == 4);
    if (span.count == 0) return nullptr;
    if (placement == ArrayPlacement::kInPlace &&
        reinterpret_cast<uintptr_t>(span.bytes) % alignof(T) == 0) {
      return reinterpret_cast<const T*>(span.bytes);
    }
    T* copy = arena.Take<T>(span.count);
    if (copy != nullptr) memcpy(copy, span.bytes, size_t{4} * span.count);
    return copy;
  }

  // The varints of a packed span, decoded into `count` values of T.
  template <typename T>
  const T* Decode(const tinyfair_VarintSpan& span, bool zigzag) {
    T* values = arena.Take<T>(span.count);
    if (values == nullptr) return nullptr;
    WireReader varints(span.bytes, span.size);
    for (size_t i = 0; i < span.count; ++i) {
      uint64_t raw = 0;
      // The check read every varint and its range already.
      if (varints.Varint(raw)) {
        values[i] = static_cast<T>(zigzag ? ZigZagDecoded(raw) : static_cast<int64_t>(raw));
      }
    }
    return values;
  }

  // Weights with the numeric inputs' offsets and scales folded in, from
  // value `first` of `span` into `folded` (fold.h, in input order as the
  // check folded).
  void FoldInto(const tinyfair_FloatSpan& span, size_t first, float* folded, float& bias) const {
    InputReader inputs(checked);
    tinyfair_check_Input input;
    for (size_t i = 0; i < m().inputs.count && inputs.Next(input); ++i) {
      folded[i] = FloatAt(span, first + i);
      FoldInput(input.kind == tinyfair_check_Input_Kind_NUMERIC, input.scale, input.offset,
                folded[i], bias);
    }
  }

  const float* Fold(const tinyfair_FloatSpan& span, float& bias) {
    float* folded = arena.Take<float>(m().inputs.count);
    if (folded != nullptr) FoldInto(span, 0, folded, bias);
    return folded;
  }
};

OutputTables OutputOf(const tinyfair_check_RegressionOutput& output) {
  return {output.min, output.max, output.grid_size,
          output.grid_value == tinyfair_check_RegressionOutput_GridValue_MIDPOINT};
}

// The scorer's counts, link, folded weights and category weights.
void BuildScorer(Builder& b, DecisionTables& t) {
  const tinyfair_check_Model& m = b.m();
  t.input_count = m.inputs.count;
  t.group_count = m.dimensions.group_count;
  t.category_count = m.dimensions.category_count;
  t.link = static_cast<Link>(m.scorer.link);
  t.bias = m.scorer.bias;
  // A build for integer models only never reads the float scorer.
  if (!kFloatDecisions) return;
  t.weights = b.Fold(m.scorer.weights, t.bias);
  t.category_weights = b.Place<float>(m.scorer.category_weights);
}

// Where each categorical input's categories start among the category
// weights, and which inputs keep their last category for "other".
void BuildCategories(Builder& b, DecisionTables& t) {
  uint32_t categorical = 0;
  bool any_other = false;
  InputReader counter(b.checked);
  tinyfair_check_Input input;
  for (size_t i = 0; i < b.m().inputs.count && counter.Next(input); ++i) {
    if (input.kind != tinyfair_check_Input_Kind_CATEGORICAL) continue;
    ++categorical;
    any_other = any_other || input.last_category_is_other;
  }
  t.categorical_count = categorical;
  auto* index = b.arena.Take<uint8_t>(categorical);
  auto* start = b.arena.Take<uint16_t>(categorical);
  auto* count = b.arena.Take<uint16_t>(categorical);
  auto* other = any_other ? b.arena.Take<uint32_t>((categorical + 31) / 32) : nullptr;
  if (b.arena.counting()) return;
  if (other != nullptr) memset(other, 0, sizeof(uint32_t) * ((categorical + 31) / 32));
  InputReader inputs(b.checked);
  uint32_t k = 0;
  uint16_t first = 0;
  for (size_t i = 0; i < b.m().inputs.count && inputs.Next(input); ++i) {
    if (input.kind != tinyfair_check_Input_Kind_CATEGORICAL) continue;
    index[k] = static_cast<uint8_t>(i);
    start[k] = first;
    count[k] = static_cast<uint16_t>(input.category_count);
    if (input.last_category_is_other) other[k / 32] |= 1U << (k % 32);
    first = static_cast<uint16_t>(first + input.category_count);
    ++k;
  }
  t.categorical_input = index;
  t.category_start = start;
  t.category_count_of = count;
  t.other_category = other;
}

// How a group is formed: given directly, or from categorical attributes
// (each attribute input as its index among the categorical inputs).
void BuildGroupFormation(Builder& b, DecisionTables& t) {
  const tinyfair_check_GroupFormation& groups = b.m().groups;
  static_assert(static_cast<int>(GroupForm::kDirect) == tinyfair_check_GroupFormation_Kind_DIRECT);
  t.group_form = static_cast<GroupForm>(groups.kind);
  t.attribute_count = groups.attribute_inputs_count;
  t.unknown_group_fallback =
      groups.unknown_policy == tinyfair_check_GroupFormation_UnknownPolicy_FALLBACK;
  t.fallback_group = groups.fallback_group;
  auto* attribute = b.arena.Take<uint8_t>(t.attribute_count);
  if (attribute == nullptr) return;
  for (uint32_t j = 0; j < t.attribute_count; ++j) {
    for (uint32_t k = 0; k < t.categorical_count; ++k) {
      if (t.categorical_input[k] == groups.attribute_inputs[j]) {
        attribute[j] = static_cast<uint8_t>(k);
      }
    }
  }
  t.attribute_categorical = attribute;
}

// A mixture's members: each member's weights folded as the scorer's, and
// the draw bounds that pick a member.
void BuildMixture(Builder& b, DecisionTables& t) {
  const tinyfair_check_MixtureRule& rule = b.m().rule.mixture;
  const uint32_t members = b.m().dimensions.member_count;
  const size_t n = b.m().inputs.count;
  MixtureTables& mt = t.mixture;
  mt.member_count = members;
  mt.regress = rule.member_output == tinyfair_check_MixtureRule_MemberOutput_REGRESS;
  auto* bound = b.arena.Take<uint64_t>(members);
  auto* bias = b.arena.Take<float>(members);
  auto* weights = b.arena.Take<float>(size_t{members} * n);
  mt.probability = b.Place<float>(rule.probability);
  mt.category_weights = b.Place<float>(rule.category_weights);
  mt.threshold = b.Place<float>(rule.threshold);
  if (mt.regress) t.output = OutputOf(rule.output);
  if (b.arena.counting()) return;
  // Member j is drawn iff bound[j-1] <= draw < bound[j]: cumulative
  // probabilities summed in member order, as draw counts; the last member
  // takes whatever rounding left over.
  float cumulative = 0.0f;
  for (uint32_t j = 0; j < members; ++j) {
    cumulative += FloatAt(rule.probability, j);
    bound[j] = PositiveDrawBound(cumulative);
    bias[j] = FloatAt(rule.bias, j);
    b.FoldInto(rule.weights, j * n, weights + j * n, bias[j]);
  }
  bound[members - 1] = uint64_t{1} << 32U;
  mt.draw_bound = bound;
  mt.bias = bias;
  mt.weights = weights;
}

// The rule's per-group tables (a rule kind this build leaves out keeps
// none: Decide refuses it).
void BuildRule(Builder& b, DecisionTables& t) {
  const tinyfair_check_Model& m = b.m();
  // The oneof tags are consecutive, in RuleKind's order.
  static_assert(tinyfair_check_Model_regression_tag == tinyfair_check_Model_threshold_tag + 5);
  t.rule = static_cast<RuleKind>(m.which_rule - tinyfair_check_Model_threshold_tag);
  if (!RuleKindSupported(t.rule)) return;
  GroupRuleTables& r = t.groups;
  switch (t.rule) {
    case RuleKind::kThreshold:
      r.threshold = b.Place<float>(m.rule.threshold.threshold);
      return;
    case RuleKind::kRamp:
      r.threshold = b.Place<float>(m.rule.ramp.threshold);
      r.width = b.Place<float>(m.rule.ramp.width);
      return;
    case RuleKind::kTwoThreshold: {
      const tinyfair_check_GroupTwoThresholdRule& rule = m.rule.two_threshold;
      r.threshold0 = b.Place<float>(rule.threshold0);
      r.probability0 = b.Place<float>(rule.probability0);
      r.threshold1 = b.Place<float>(rule.threshold1);
      r.probability1 = b.Place<float>(rule.probability1);
      r.ignore = b.Place<float>(rule.ignore);
      r.constant = b.Place<float>(rule.constant);
      return;
    }
    case RuleKind::kTruncatedLogistic:
      r.cell_label1 = b.Place<float>(m.rule.truncated_logistic.cell_label1);
      r.cell_label0 = b.Place<float>(m.rule.truncated_logistic.cell_label0);
      r.criterion = static_cast<Criterion>(m.rule.truncated_logistic.criterion);
      r.denominator_epsilon = m.rule.truncated_logistic.denominator_epsilon;
      return;
    case RuleKind::kMixture:
      if (kFloatDecisions) BuildMixture(b, t);
      return;
    case RuleKind::kRegression:
      t.output = OutputOf(m.rule.regression.output);
      return;
  }
}

// The integer scorer, which the check accepted only in a threshold or a
// ramp rule.
void BuildIntegerScorer(Builder& b, DecisionTables& t) {
  if (!kIntegerDecisions) return;
  const tinyfair_check_Model& m = b.m();
  const tinyfair_check_IntegerScorer* scorer = nullptr;
  if (m.which_rule == tinyfair_check_Model_threshold_tag && m.rule.threshold.has_integer) {
    scorer = &m.rule.threshold.integer;
  } else if (m.which_rule == tinyfair_check_Model_ramp_tag && m.rule.ramp.has_integer) {
    scorer = &m.rule.ramp.integer;
  }
  if (scorer == nullptr) return;
  IntegerTables& it = t.integer;
  it.present = true;
  it.fraction_bits = static_cast<uint8_t>(scorer->fraction_bits);
  it.bias = scorer->bias;
  it.input_shift = b.Decode<int8_t>(scorer->input_shift, true);
  it.weights = b.Decode<int16_t>(scorer->weights, true);
  it.category_weights = b.Place<int32_t>(scorer->category_weights);
  it.threshold = b.Place<int32_t>(scorer->threshold);
  it.ramp_start = b.Place<int32_t>(scorer->ramp_start);
  it.ramp_shift = b.Decode<uint8_t>(scorer->ramp_shift, false);
  it.ramp_probability = b.Decode<uint16_t>(scorer->ramp_probability, false);
}

}  // namespace

void BuildTables(const CheckedModel& checked, ArrayPlacement placement, StorageArena& arena,
                 DecisionTables& tables, const float*& reference_rate) {
  Builder b{checked, placement, arena};
  tables = DecisionTables{};
  BuildScorer(b, tables);
  BuildCategories(b, tables);
  BuildGroupFormation(b, tables);
  BuildRule(b, tables);
  BuildIntegerScorer(b, tables);
  reference_rate = b.Place<float>(checked.m.reference_positive_rate);
}

}  // namespace tinyfair::runtime::internal
