// Decide: group, margin, link, rule, draw. Relies on the tables being valid
// (Model::Load checks them; codegen emits only tables Load accepted); checks
// only the inputs.
#include "tinyfair_runtime/decide.h"

#include "decide_steps.h"  // no FMA contraction in the functions defined after it
#include "input_categories.h"
#include "rules/rule_dispatch.h"
#include "soft_float_routines.h"
#include "tinyfair_runtime/integer_quantise.h"
#include "tinyfair_runtime/internal/float_bits.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime {
namespace {

#if TINYFAIR_RUNTIME_CFG_FLOAT
// Deciding by floats subtracts and compares: the image takes the runtime's
// soft-float routines, where it has them.
TINYFAIR_TAKES_RUNTIME_SOFT_FLOAT();
#endif

using internal::CheckCategories;
using internal::FormGroup;
using internal::GroupRuleDecision;
using internal::GroupRuleOutcome;
using internal::IsFinite;
using internal::IsPerGroupRule;
using internal::Margin;
using internal::Refuse;
using internal::Rule;
using internal::StartRecord;
using internal::VisitRule;

// A non-finite input always makes the sum non-finite (0 * inf is NaN), so
// the inputs are looked at only when the sum is.
Status CheckMargin(const DecisionTables& t, const float* x, float margin) {
  if (IsFinite(margin)) return Status::kOk;
  uint32_t k = 0;
  for (uint32_t i = 0; i < t.input_count; ++i) {
    if (k < t.categorical_count && t.categorical_input[k] == i) {
      ++k;
      continue;
    }
    if (!IsFinite(x[i])) return Status::kNonFiniteInput;
  }
  return Status::kScoreOverflow;
}

// Everything before the rule: group, categories, margin. Shared by every
// rule kind (one copy in the image).
__attribute__((noinline)) Status Prologue(const DecisionTables& t, const DecisionInput& input,
                                          uint32_t draw, Decision& out, float& margin, bool& skip) {
  StartRecord(out, t.model_hash);
  if (input.values == nullptr || input.count != t.input_count) {
    return Refuse(out, Status::kInputCountMismatch);
  }
  const float* x = input.values;
  uint32_t group = 0, unknown_attributes = 0;
  Status status = FormGroup(t, input, group, unknown_attributes);
  if (!IsOk(status)) return Refuse(out, status);
  out.group = group;
  status = CheckCategories(t, x, unknown_attributes, skip);
  if (!IsOk(status)) return Refuse(out, status);
  margin = Margin(t, x, t.bias, t.weights, t.category_weights, skip);
  status = CheckMargin(t, x, margin);
  if (!IsOk(status)) return Refuse(out, status);
  out.draw = draw;
  return Status::kOk;
}

// The probability of the per-group rule `rule`: its Probability, inlined
// into the one step every per-group rule shares. Always inlined: Decide's
// image stays as it was with DecideFromScore, its second caller, in the same
// file (a firmware links Decide alone).
__attribute__((always_inline)) inline float GroupProbability(RuleKind rule,
                                                             const GroupRuleTables& r, uint32_t g,
                                                             float score) {
  return VisitRule(
      rule,
      [&](auto kind) {
        using R = decltype(kind);
        if constexpr (R::kPerGroup) {
          return R::Probability(r, g, score);
        } else {
          return 0.0f;  // not reached: a per-group rule
        }
      },
      [] { return 0.0f; });
}

// A build for integer models only (TINYFAIR_RUNTIME_CFG_FLOAT=0) decides no
// float inputs: DecideInteger does.
Status RefuseFloatInputs(const DecisionTables& t, Decision& out) {
  out = Decision{};
  out.model_hash = t.model_hash;
  return Refuse(out, Status::kUnsupportedRule);
}

}  // namespace

template <RuleKind kRule>
Status DecideAs(const DecisionTables& t, const DecisionInput& input, uint32_t draw, Decision& out) {
  if (!internal::kFloatDecisions) return RefuseFloatInputs(t, out);
  float margin = 0.0f;
  bool skip = false;
  const Status status = Prologue(t, input, draw, out, margin, skip);
  if (!IsOk(status)) return status;
  return Rule<kRule>::Decide(t, input, margin, skip, out);
}

template Status DecideAs<RuleKind::kThreshold>(const DecisionTables&, const DecisionInput&,
                                               uint32_t, Decision&);
template Status DecideAs<RuleKind::kRamp>(const DecisionTables&, const DecisionInput&, uint32_t,
                                          Decision&);
template Status DecideAs<RuleKind::kTwoThreshold>(const DecisionTables&, const DecisionInput&,
                                                  uint32_t, Decision&);
template Status DecideAs<RuleKind::kTruncatedLogistic>(const DecisionTables&, const DecisionInput&,
                                                       uint32_t, Decision&);
template Status DecideAs<RuleKind::kMixture>(const DecisionTables&, const DecisionInput&, uint32_t,
                                             Decision&);
template Status DecideAs<RuleKind::kRegression>(const DecisionTables&, const DecisionInput&,
                                                uint32_t, Decision&);

Status Decide(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
              Decision& out) {
  // A model with an integer scorer decides by it, as the host predicted.
  if (internal::kFloatDecisions && internal::kIntegerDecisions && tables.integer != nullptr) {
    return DecideQuantised(tables, input, draw, out);
  }
  return DecideByFloatScorer(tables, input, draw, out);
}

Status DecideByFloatScorer(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
                           Decision& out) {
  if (!internal::kFloatDecisions) return RefuseFloatInputs(tables, out);
  // One prologue, then the rule's own decision, chosen at run time.
  float margin = 0.0f;
  bool skip = false;
  const Status status = Prologue(tables, input, draw, out, margin, skip);
  if (!IsOk(status)) return status;
  // The per-group rules share one step (GroupRuleDecision), called from one
  // place so that it is inlined here; the others have their own. A kind the
  // build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS) is refused like an
  // unknown one.
  if (IsPerGroupRule(tables.rule)) {
    return GroupRuleDecision(tables, margin, out,
                             [rule = tables.rule](const GroupRuleTables& r, uint32_t g, float s) {
                               return GroupProbability(rule, r, g, s);
                             });
  }
  return VisitRule(
      tables.rule,
      [&](auto kind) {
        using R = decltype(kind);
        if constexpr (R::kPerGroup) {
          return Refuse(out, Status::kUnsupportedRule);  // not reached: decided above
        } else {
          return R::Decide(tables, input, margin, skip, out);
        }
      },
      [&] { return Refuse(out, Status::kUnsupportedRule); });
}

Status DecideFromScore(const DecisionTables& tables, uint32_t group, float score, uint32_t draw,
                       Decision& out) {
  out = Decision{};
  out.model_hash = tables.model_hash;
  const bool float_rule =
      internal::kFloatDecisions && !(internal::kIntegerDecisions && tables.integer != nullptr);
  if (!float_rule || !IsPerGroupRule(tables.rule)) return Refuse(out, Status::kUnsupportedRule);
  if (group >= tables.group_count) return Refuse(out, Status::kUnknownGroup);
  out.group = group;
  out.draw = draw;
  return GroupRuleOutcome(tables, score, out,
                          [rule = tables.rule](const GroupRuleTables& r, uint32_t g, float f) {
                            return GroupProbability(rule, r, g, f);
                          });
}

Status Decide(const DecisionTables& tables, const DecisionInput& input, Pcg32& rng, Decision& out) {
  const Status status = Decide(tables, input, rng.Peek(), out);
  if (IsOk(status)) rng.Advance();
  return status;
}

}  // namespace tinyfair::runtime
