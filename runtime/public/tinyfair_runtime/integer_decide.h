// The integer path (schema 1.5, docs/integer_path.md): a decision by
// integer arithmetic alone, for cores without an FPU. The caller passes one
// 16-bit integer per input, quantised as the model's IntegerScorer says
// (QuantiseInputs in integer_quantise.h does it for callers that hold
// floats); the margin is accumulated in 32 bits, which Load() proved cannot
// overflow for any 16-bit inputs, and compared with thresholds or ramps that
// export mapped into the integer domain through the link.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/keyed_draws.h"
#include "tinyfair_runtime/pcg32.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// A ramp probability of 1 in the integer scorer's units (2^-15).
inline constexpr uint32_t kIntegerProbabilityOne = 1U << 15U;

/// The inputs of one integer decision.
struct IntegerInput {
  /// One value per model input, in the model's order: a numeric input as
  /// round(x * 2^input_shift), a categorical input as its category index.
  const int16_t* values = nullptr;
  size_t count = 0;
  /// The group, read only by models whose groups are given directly.
  uint32_t group = 0;
};

/// Decides with the draw given, by the tables' integer scorer (which must be
/// present). The record carries the probability (a multiple of 2^-15) and,
/// as its score, the integer margin times 2^-fraction_bits (the link is
/// applied offline): positive == (draw < PositiveDrawBound(probability)).
Status DecideInteger(const DecisionTables& tables, const IntegerInput& input, uint32_t draw,
                     Decision& out);

/// Decides, taking one draw from `rng` for a decision that is made and none
/// for a refused input.
inline Status DecideInteger(const DecisionTables& tables, const IntegerInput& input, Pcg32& rng,
                            Decision& out) {
  const Status status = DecideInteger(tables, input, rng.Peek(), out);
  if (IsOk(status)) rng.Advance();
  return status;
}

/// Decides with the next keyed draw, recording its counter; a refused input
/// takes no draw.
inline Status DecideInteger(const DecisionTables& tables, const IntegerInput& input,
                            KeyedDraws& draws, Decision& out) {
  return DecideWithNextKeyedDraw(
      draws, out, [&](uint32_t draw) { return DecideInteger(tables, input, draw, out); });
}

}  // namespace tinyfair::runtime
