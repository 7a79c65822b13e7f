// Quantising float inputs for the integer path (integer_decide.h), for
// callers that hold floats: the same rule export used on the data, so that
// deciding the quantised inputs is deciding what the host predicted.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/keyed_draws.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// Writes `count` (the model's input count) integers to `quantised`: a
/// numeric input x as round(x * 2^input_shift), halves away from zero,
/// clamped to [-32768, 32767]; a categorical input as its category index,
/// or -32768 for a value that is not a whole number (an unknown category).
/// Returns kNonFiniteInput for a numeric NaN or infinity (written as 0),
/// kInputCountMismatch for another count.
Status QuantiseInputs(const DecisionTables& tables, const float* values, size_t count,
                      int16_t* quantised);

/// Decides float inputs by the tables' integer scorer: QuantiseInputs, then
/// DecideInteger with the draw given, refusing as Decide() refuses float
/// inputs and in its order (group, categories, then a non-finite input).
/// Decide() does this for every model with an integer scorer.
Status DecideQuantised(const DecisionTables& tables, const DecisionInput& input, uint32_t draw,
                       Decision& out);

/// The same, taking one draw from `rng` for a decision that is made.
inline Status DecideQuantised(const DecisionTables& tables, const DecisionInput& input, Pcg32& rng,
                              Decision& out) {
  const Status status = DecideQuantised(tables, input, rng.Peek(), out);
  if (IsOk(status)) rng.Advance();
  return status;
}

/// The same with the next keyed draw, recording its counter.
inline Status DecideQuantised(const DecisionTables& tables, const DecisionInput& input,
                              KeyedDraws& draws, Decision& out) {
  return DecideWithNextKeyedDraw(
      draws, out, [&](uint32_t draw) { return DecideQuantised(tables, input, draw, out); });
}

}  // namespace tinyfair::runtime
