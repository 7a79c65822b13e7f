// The decision record: everything needed to audit and replay one decision.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// The inputs of one decision.
struct DecisionInput {
  /// One value per model input, in the model's order; a categorical input
  /// carries its category index (0, 1, ...) as a float.
  const float* values = nullptr;
  size_t count = 0;
  /// The group, read only by models whose groups are given directly
  /// (GroupFormation.DIRECT); other models form it from the inputs.
  uint32_t group = 0;
};

/// One decision, as Decide() made it. Replaying it needs only `probability`
/// and `draw`: positive == (draw < PositiveDrawBound(probability)). A keyed
/// draw is also replayed from `counter` by whoever holds the key:
/// draw == DrawAt(key, counter) (keyed_draws.h).
struct Decision {
  /// The model that decided: the first 8 bytes, big-endian, of the SHA-256
  /// of its sealed bytes (model_hash.h), as Load() computed it.
  uint64_t model_hash = 0;
  /// kOk, or why the input was refused (then probability is 0, positive false).
  Status status = Status::kNotLoaded;
  /// The group the rule was applied for.
  uint32_t group = 0;
  /// The linked score the rule saw (e.g. 2p - 1 for the signed logistic link).
  float score = 0.0f;
  /// The probability of a positive outcome.
  float probability = 0.0f;
  /// The uniform 32-bit draw: compared with the probability, or, for a
  /// mixture, choosing the member.
  uint32_t draw = 0;
  /// The outcome.
  bool positive = false;
  /// The mixture member that decided (0 for other rules).
  uint32_t member = 0;
  /// The output of a regression rule or regression mixture (0 otherwise).
  float value = 0.0f;
  /// The counter of a keyed draw (Decide with KeyedDraws); 0 for a PCG32 or
  /// a caller-supplied draw, and for a refused input, which takes no draw.
  uint64_t counter = 0;
};

/// The number of 32-bit draws, out of 2^32, that give a positive outcome for
/// a probability p: floor(p * 2^32), computed exactly in float (a
/// multiplication by a power of two) and converted by truncation. For
/// 0 < p < 1 the product is below 2^32, so the conversion is to uint32_t: one
/// instruction on an FPU core, and no double-precision library on any
/// (a float-to-uint64_t conversion goes through double in libgcc). Integers
/// on both sides make every decision exact and replayable on every target.
inline constexpr uint64_t PositiveDrawBound(float probability) {
  if (!(probability > 0.0f)) return 0;
  if (probability >= 1.0f) return uint64_t{1} << 32U;
  return static_cast<uint32_t>(probability * 4294967296.0f);
}

/// Writes the record as one line of the decision log (docs/decision_records.md):
/// `model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits,counter\n`,
/// numbers in fixed-width lower-case hexadecimal; `counter` is a keyed
/// draw's counter (16 digits, 0 for a PCG32 or caller-supplied draw). Returns the number of
/// characters written (without a terminating NUL, which it adds when there is
/// room), or 0 when `size` is smaller than kDecisionRecordLineSize.
size_t FormatDecisionRecord(const Decision& decision, char* line, size_t size);

/// Room for one record line and its terminating NUL.
inline constexpr size_t kDecisionRecordLineSize =
    16 + 1 + 2 + 1 + 8 + 1 + 8 + 1 + 8 + 1 + 8 + 1 + 1 + 1 + 2 + 1 + 8 + 1 + 16 + 1 + 1;

/// The header line of a decision log.
inline constexpr char kDecisionRecordHeader[] =
    "model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits,"
    "counter\n";

}  // namespace tinyfair::runtime
