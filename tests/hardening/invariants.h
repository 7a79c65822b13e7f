// Checks that hold for every model Load() accepts and every decision made
// from it, written independently of the runtime's own code so that they can
// judge it: the corruption tests, the fuzz harness and the stress programs
// share them. Heap-free and C headers only, so they run on every board.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::hardening {

/// nullptr when `tables` are consistent (every count within capacity, every
/// index in range, every number of the kind its rule needs); otherwise what
/// is wrong.
const char* CheckTables(const runtime::DecisionTables& tables);

/// nullptr when `decision` (returned with `status` for `input` and `draw`)
/// is one the tables may give: the status the input calls for, the group it
/// forms, a finite probability in [0, 1], outcome == (draw <
/// PositiveDrawBound(probability)) for the per-group rules, the member the
/// draw selects, a value inside the output range, and a refusal that
/// carries nothing of a decision. Otherwise what is wrong.
const char* CheckDecision(const runtime::DecisionTables& tables,
                          const runtime::DecisionInput& input, uint32_t draw,
                          runtime::Status status, const runtime::Decision& decision);

/// Whether two decisions are the same bits, field by field.
bool SameDecision(const runtime::Decision& a, const runtime::Decision& b);

/// Room for the values of one random input (one more than any model has, so
/// that a count mismatch can be asked for).
inline constexpr size_t kInputValuesCapacity = 129;

/// A random input for `tables`: mostly valid category indices and ordinary
/// numbers, with every kind of refusal mixed in (unknown and non-integral
/// categories, NaN and infinities, values that overflow the score, unknown
/// direct groups, now and then a wrong input count).
void RandomInput(const runtime::DecisionTables& tables, runtime::Pcg32& rng,
                 float (&values)[kInputValuesCapacity], runtime::DecisionInput& input);

}  // namespace tinyfair::hardening
