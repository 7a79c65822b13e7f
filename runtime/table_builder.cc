// BuildTables: one step per part of the tables, each reading the spans the
// check recorded and accepted (model_check.cc), so that nothing is decoded
// twice and no working copy of the message is kept.
#include "table_builder.h"

#include <string.h>

#include "integer_path.h"
#include "rules/rule_dispatch.h"
#include "strict_float.h"  // no FMA contraction in the functions defined after it
#include "tinyfair_runtime/capacity.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime::internal {

const float* TableBuilder::Fold(const tinyfair_FloatSpan& span, float& bias) {
  const float unfolded_bias = bias;
  // Two passes through one call of FoldInto (one call's set-up in the
  // image, not two): the first folds the bias alone and places weights that folding keeps as any
  // array is placed (in place, or copied); the second folds the others into the storage, the bias
  // again.
  float* folded = nullptr;
  for (int pass = 0; pass < 2; ++pass) {
    const bool into_storage = pass == 1;
    if (into_storage) {
      folded = arena.Take<float>(m().inputs.count);
      bias = unfolded_bias;
      if (folded == nullptr) break;
    }
    if (FoldInto(span, 0, folded, bias) && !into_storage) return Place<float>(span);
  }
  return folded;
}

namespace {

// The scorer's counts, link, folded weights and category weights.
void BuildScorer(TableBuilder& b, DecisionTables& t) {
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

// Which inputs are categorical, with how many categories (their terms follow
// one another in the category weights), and which keep their last category
// for "other".
void BuildCategories(TableBuilder& b, DecisionTables& t) {
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
  auto* count = b.arena.Take<uint16_t>(categorical);
  auto* other = any_other ? b.arena.Take<uint32_t>((categorical + 31) / 32) : nullptr;
  if (b.arena.counting()) return;
  if (other != nullptr) memset(other, 0, sizeof(uint32_t) * ((categorical + 31) / 32));
  InputReader inputs(b.checked);
  uint32_t k = 0;
  for (size_t i = 0; i < b.m().inputs.count && inputs.Next(input); ++i) {
    if (input.kind != tinyfair_check_Input_Kind_CATEGORICAL) continue;
    index[k] = static_cast<uint8_t>(i);
    count[k] = static_cast<uint16_t>(input.category_count);
    if (input.last_category_is_other) other[k / 32] |= 1U << (k % 32);
    ++k;
  }
  t.categorical_input = index;
  t.category_count_of = count;
  t.other_category = other;
}

// How a group is formed: given directly, or from categorical attributes
// (each attribute input as its index among the categorical inputs).
void BuildGroupFormation(TableBuilder& b, DecisionTables& t) {
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

// The rule's own tables (a rule kind this build leaves out keeps none:
// Decide refuses it).
void BuildRule(TableBuilder& b, DecisionTables& t) {
  t.rule = RuleKindOfTag(b.m().which_rule);
  VisitRule(
      t.rule, [&](auto rule) { decltype(rule)::Build(b, t); }, [] {});
}

// The model's id at its own length, its NUL included (the reader ended it
// with one); an empty id takes no storage.
const char* KeepModelId(TableBuilder& b) {
  const char* id = b.m().model_id;
  const size_t bytes = strlen(id) + 1;
  if (bytes == 1) return "";
  char* kept = b.arena.Take<char>(bytes);
  if (kept != nullptr) memcpy(kept, id, bytes);
  return kept;
}

}  // namespace

void BuildTables(const CheckedModel& checked, ArrayPlacement placement, StorageArena& arena,
                 const IntegerPath* integer_path, DecisionTables& tables, KeptBesideTables& kept) {
  TableBuilder b{checked, placement, arena};
  tables = DecisionTables{};
  BuildScorer(b, tables);
  BuildCategories(b, tables);
  BuildGroupFormation(b, tables);
  BuildRule(b, tables);
  if (UsesIntegerPath(integer_path)) BuildIntegerTablesThrough(integer_path, b, tables);
  kept.reference_rate = b.Place<float>(checked.m.reference_positive_rate);
  kept.model_id = KeepModelId(b);
}

}  // namespace tinyfair::runtime::internal
