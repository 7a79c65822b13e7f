// The one place a rule kind known at run time chooses its descriptor
// (rule.h). A kind this build leaves out (TINYFAIR_RUNTIME_CFG_RULE_KINDS,
// rule_kinds.h) is never visited, so none of its code is linked.
#pragma once

// First, so that VisitRule and the visitors its callers define (after their
// own strict_float.h) are compiled alike: GCC does not inline a function
// into one of other optimisation options, and the visitors are meant to
// fold into the caller. (Kept first by hand: clang-format sorts includes.)
// clang-format off
#include "strict_float.h"
// clang-format on

#include "rules/mixture_rule.h"
#include "rules/ramp_rule.h"
#include "rules/regression_rule.h"
#include "rules/threshold_rule.h"
#include "rules/truncated_logistic_rule.h"
#include "rules/two_threshold_rule.h"
#include "tinyfair_runtime/internal/rule_kinds.h"

namespace tinyfair::runtime::internal {

// `visit(Rule<kind>{})` for a kind this build supports; `unsupported()` for
// any other kind and any other value.
template <typename Visit, typename Unsupported>
auto VisitRule(RuleKind kind, Visit&& visit, Unsupported&& unsupported) {
  switch (kind) {
    case RuleKind::kThreshold:
      if (!RuleKindSupported(RuleKind::kThreshold)) break;
      return visit(Rule<RuleKind::kThreshold>{});
    case RuleKind::kRamp:
      if (!RuleKindSupported(RuleKind::kRamp)) break;
      return visit(Rule<RuleKind::kRamp>{});
    case RuleKind::kTwoThreshold:
      if (!RuleKindSupported(RuleKind::kTwoThreshold)) break;
      return visit(Rule<RuleKind::kTwoThreshold>{});
    case RuleKind::kTruncatedLogistic:
      if (!RuleKindSupported(RuleKind::kTruncatedLogistic)) break;
      return visit(Rule<RuleKind::kTruncatedLogistic>{});
    case RuleKind::kMixture:
      if (!RuleKindSupported(RuleKind::kMixture)) break;
      return visit(Rule<RuleKind::kMixture>{});
    case RuleKind::kRegression:
      if (!RuleKindSupported(RuleKind::kRegression)) break;
      return visit(Rule<RuleKind::kRegression>{});
  }
  return unsupported();
}

// A rule decides per group (its descriptor's kPerGroup) exactly when its
// tables are the union's per-group ones (UsesGroupRuleTables, which codegen
// reads): one fact, checked where both are seen.
template <RuleKind... kKinds>
constexpr bool PerGroupMatchesTables() {
  return ((Rule<kKinds>::kPerGroup == UsesGroupRuleTables(kKinds)) && ...);
}
static_assert(PerGroupMatchesTables<RuleKind::kThreshold, RuleKind::kRamp, RuleKind::kTwoThreshold,
                                    RuleKind::kTruncatedLogistic, RuleKind::kMixture,
                                    RuleKind::kRegression>(),
              "a rule kind's kPerGroup and UsesGroupRuleTables disagree");

// Whether `kind` is a per-group rule this build supports: one that decides by
// its Probability for the row's group.
inline bool IsPerGroupRule(RuleKind kind) {
  return VisitRule(
      kind, [](auto rule) { return decltype(rule)::kPerGroup; }, [] { return false; });
}

// `f(Rule<kind>{})` for every kind this build supports, in RuleKind's order:
// for tables made of every kind's part when compiled.
template <typename F>
constexpr void ForEachRule(F&& f) {
  if constexpr (RuleKindSupported(RuleKind::kThreshold)) f(Rule<RuleKind::kThreshold>{});
  if constexpr (RuleKindSupported(RuleKind::kRamp)) f(Rule<RuleKind::kRamp>{});
  if constexpr (RuleKindSupported(RuleKind::kTwoThreshold)) f(Rule<RuleKind::kTwoThreshold>{});
  if constexpr (RuleKindSupported(RuleKind::kTruncatedLogistic)) {
    f(Rule<RuleKind::kTruncatedLogistic>{});
  }
  if constexpr (RuleKindSupported(RuleKind::kMixture)) f(Rule<RuleKind::kMixture>{});
  if constexpr (RuleKindSupported(RuleKind::kRegression)) f(Rule<RuleKind::kRegression>{});
}

// The rule kind of a checked model's Model.rule field (the oneof tags are
// consecutive, in RuleKind's order); any other number is no kind.
inline RuleKind RuleKindOfTag(pb_size_t tag) {
  return static_cast<RuleKind>(tag - tinyfair_check_Model_threshold_tag);
}

// The checked model's integer scorer, which only a threshold or a ramp rule
// carries; nullptr when it has none or its kind is left out of this build.
inline const tinyfair_check_IntegerScorer* IntegerScorerOf(const tinyfair_check_Model& m) {
  return VisitRule(
      RuleKindOfTag(m.which_rule), [&](auto rule) { return decltype(rule)::IntegerScorer(m); },
      []() -> const tinyfair_check_IntegerScorer* { return nullptr; });
}

template <typename R>
constexpr bool kTagInOrder = R::kTag ==
                             tinyfair_check_Model_threshold_tag + static_cast<unsigned>(R::kKind);
static_assert(kTagInOrder<Rule<RuleKind::kThreshold>> && kTagInOrder<Rule<RuleKind::kRamp>> &&
              kTagInOrder<Rule<RuleKind::kTwoThreshold>> &&
              kTagInOrder<Rule<RuleKind::kTruncatedLogistic>> &&
              kTagInOrder<Rule<RuleKind::kMixture>> && kTagInOrder<Rule<RuleKind::kRegression>>);

}  // namespace tinyfair::runtime::internal
