#include "tests/hardening/exact_tables.h"

#include <cstring>

#include "tests/hardening/invariants.h"
#include "tinyfair_runtime/decide.h"

namespace tinyfair::hardening {

using runtime::RuleKind;

template <typename T>
const T* ExactTables::Copy(const T* from, std::size_t count) {
  if (from == nullptr || count == 0) return nullptr;
  std::shared_ptr<T[]> block(new T[count]);
  std::memcpy(block.get(), from, count * sizeof(T));
  blocks_.push_back(block);
  return block.get();
}

ExactTables::ExactTables(const runtime::DecisionTables& t) : tables_(t) {
  runtime::DecisionTables& e = tables_;
  e.weights = Copy(t.weights, t.input_count);
  e.categorical_input = Copy(t.categorical_input, t.categorical_count);
  e.category_count_of = Copy(t.category_count_of, t.categorical_count);
  e.category_weights = Copy(t.category_weights, t.category_count);
  e.other_category = Copy(t.other_category, (t.categorical_count + 31) / 32);
  e.attribute_categorical = Copy(t.attribute_categorical, t.attribute_count);

  // Only the arrays the rule reads: a per-group rule's (the union's groups),
  // or a mixture's members (a regression has no array).
  const std::size_t groups = t.group_count;
  if (runtime::UsesGroupRuleTables(t.rule)) {
    e.groups = runtime::GroupRuleTables{};
    e.groups.criterion = t.groups.criterion;
    e.groups.denominator_epsilon = t.groups.denominator_epsilon;
  }
  switch (t.rule) {
    case RuleKind::kThreshold:
      e.groups.threshold = Copy(t.groups.threshold, groups);
      break;
    case RuleKind::kRamp:
      e.groups.threshold = Copy(t.groups.threshold, groups);
      e.groups.width = Copy(t.groups.width, groups);
      break;
    case RuleKind::kTwoThreshold:
      e.groups.threshold0 = Copy(t.groups.threshold0, groups);
      e.groups.probability0 = Copy(t.groups.probability0, groups);
      e.groups.threshold1 = Copy(t.groups.threshold1, groups);
      e.groups.probability1 = Copy(t.groups.probability1, groups);
      e.groups.ignore = Copy(t.groups.ignore, groups);
      e.groups.constant = Copy(t.groups.constant, groups);
      break;
    case RuleKind::kTruncatedLogistic:
      e.groups.cell_label1 = Copy(t.groups.cell_label1, groups);
      e.groups.cell_label0 = Copy(t.groups.cell_label0, groups);
      break;
    case RuleKind::kMixture: {
      const runtime::MixtureTables& m = t.mixture_or_regression.mixture;
      runtime::MixtureTables& em = e.mixture_or_regression.mixture;
      const std::size_t members = m.member_count;
      em = runtime::MixtureTables{};
      em.member_count = m.member_count;
      em.regress = m.regress;
      em.draw_bound = Copy(m.draw_bound, members);
      em.probability = Copy(m.probability, members);
      em.bias = Copy(m.bias, members);
      em.weights = Copy(m.weights, members * t.input_count);
      em.category_weights = Copy(m.category_weights, members * t.category_count);
      if (!m.regress) em.threshold = Copy(m.threshold, members);
      break;
    }
    case RuleKind::kRegression:
      break;
  }
}

const char* DecideFromExactTables(const runtime::Model& model, runtime::Pcg32& rng,
                                  void* decisions) {
  const ExactTables exact(model.tables());
  const uint32_t count = decisions == nullptr ? 16U : *static_cast<const uint32_t*>(decisions);
  for (uint32_t i = 0; i < count; ++i) {
    float values[kInputValuesCapacity];
    runtime::DecisionInput input;
    RandomInput(model.tables(), rng, values, input);
    const uint32_t draw = rng.Next();
    runtime::Decision from_model, from_exact;
    const runtime::Status a = model.DecideWithDraw(input, draw, from_model);
    const runtime::Status b = runtime::Decide(exact.tables(), input, draw, from_exact);
    if (a != b || !SameDecision(from_model, from_exact)) {
      return "exactly sized tables decide otherwise";
    }
  }
  return nullptr;
}

}  // namespace tinyfair::hardening
