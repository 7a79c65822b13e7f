// Deciding from DecisionTables: the same code for decoded models
// (Model::Decide) and for constexpr tables from `tinyfair codegen --tables`.
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/keyed_draws.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// Decides with the draw given, for tables of rule kind kRule (which must be
/// tables.rule). Firmware that knows its rule at compile time calls this, so
/// only that rule's code is linked. The record is always filled.
template <RuleKind kRule>
Status DecideAs(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
                Decision& out);

extern template Status DecideAs<RuleKind::kThreshold>(const DecisionTables&, const DecisionInput&,
                                                      uint32_t, Decision&);
extern template Status DecideAs<RuleKind::kRamp>(const DecisionTables&, const DecisionInput&,
                                                 uint32_t, Decision&);
extern template Status DecideAs<RuleKind::kTwoThreshold>(const DecisionTables&,
                                                         const DecisionInput&, uint32_t, Decision&);
extern template Status DecideAs<RuleKind::kTruncatedLogistic>(const DecisionTables&,
                                                              const DecisionInput&, uint32_t,
                                                              Decision&);
extern template Status DecideAs<RuleKind::kMixture>(const DecisionTables&, const DecisionInput&,
                                                    uint32_t, Decision&);
extern template Status DecideAs<RuleKind::kRegression>(const DecisionTables&, const DecisionInput&,
                                                       uint32_t, Decision&);

/// Decides with the draw given, for any rule kind.
Status Decide(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
              Decision& out);

/// Decide() by the float scorer and the rule, for tables without an integer
/// scorer: a firmware's Model reaches the integer path only through the
/// entry it names (Model::AcceptIntegerModels), so it links that path only
/// when it does.
Status DecideByFloatScorer(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
                           Decision& out);

/// The decision of a per-group rule (threshold, ramp, two-threshold,
/// truncated logistic) for a row whose group, linked score and draw a
/// decision of the same scorer found: the record Decide makes for that row,
/// computed by the rule's own code. The host judges many rules of one scorer
/// this way from one pass over a table. Refuses (kUnsupportedRule) any other
/// rule kind and a model with an integer scorer, whose rule is decided on
/// integer scores; kUnknownGroup for a group outside the tables.
Status DecideFromScore(const DecisionTables& tables, uint32_t group, float score, uint32_t draw,
                       Decision& out);

/// Decides, taking one draw from `rng` for a decision that is made and none
/// for a refused input, so the stream stays aligned on every target.
template <RuleKind kRule>
Status DecideAs(const DecisionTables& tables, const DecisionInput& input, Pcg32& rng,
                Decision& out) {
  // The draw is taken after the input is known to be decidable: a refused
  // input leaves the stream where it was.
  const Status status = DecideAs<kRule>(tables, input, rng.Peek(), out);
  if (IsOk(status)) rng.Advance();
  return status;
}

Status Decide(const DecisionTables& tables, const DecisionInput& input, Pcg32& rng, Decision& out);

/// Decides with the next keyed draw, recording its counter, for tables of
/// rule kind kRule (the generated header's keyed Decide<Name>); a refused
/// input takes no draw and leaves the counter where it was.
template <RuleKind kRule>
Status DecideAs(const DecisionTables& tables, const DecisionInput& input, KeyedDraws& draws,
                Decision& out) {
  return DecideWithNextKeyedDraw(
      draws, out, [&](uint32_t draw) { return DecideAs<kRule>(tables, input, draw, out); });
}

/// Decides with the next keyed draw, recording its counter; a refused input
/// takes no draw and leaves the counter where it was. Inline, so that only
/// firmware that uses keyed draws links SipHash.
inline Status Decide(const DecisionTables& tables, const DecisionInput& input, KeyedDraws& draws,
                     Decision& out) {
  return DecideWithNextKeyedDraw(draws, out,
                                 [&](uint32_t draw) { return Decide(tables, input, draw, out); });
}

}  // namespace tinyfair::runtime
