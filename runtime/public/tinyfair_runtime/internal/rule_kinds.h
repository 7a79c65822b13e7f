// Whether this build supports a rule kind (TINYFAIR_RUNTIME_CFG_RULE_KINDS):
// a constant, so that the code of the kinds left out is never linked.
#pragma once

#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/internal/config.h"

namespace tinyfair::runtime::internal {

/// Every kind is supported (the default): no check is needed at run time.
inline constexpr bool kEveryRuleKind = TINYFAIR_RUNTIME_CFG_RULE_KINDS == 0x3F;

/// Whether models decide by float arithmetic (TINYFAIR_RUNTIME_CFG_FLOAT); when
/// not, only by an integer scorer.
inline constexpr bool kFloatDecisions = TINYFAIR_RUNTIME_CFG_FLOAT == 1;

/// Whether models whose rule carries an integer scorer load and decide by it
/// (TINYFAIR_RUNTIME_CFG_INTEGER).
inline constexpr bool kIntegerDecisions = TINYFAIR_RUNTIME_CFG_INTEGER == 1;

/// Whether Load() keeps each model's SHA-256 (TINYFAIR_RUNTIME_CFG_DIGEST).
inline constexpr bool kKeepsDigest = TINYFAIR_RUNTIME_CFG_DIGEST == 1;

/// Whether this build loads and decides models of `kind`: a kind in
/// TINYFAIR_RUNTIME_CFG_RULE_KINDS, and in a build for integer models only,
/// a kind that carries an integer scorer (threshold, ramp), so that the
/// others' float checks are not linked either.
constexpr bool RuleKindSupported(RuleKind kind) {
  const bool carries_integer_scorer = kind == RuleKind::kThreshold || kind == RuleKind::kRamp;
  return (kFloatDecisions || carries_integer_scorer) &&
         ((TINYFAIR_RUNTIME_CFG_RULE_KINDS >> static_cast<unsigned>(kind)) & 1U) != 0;
}

}  // namespace tinyfair::runtime::internal
