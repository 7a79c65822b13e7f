// Load's check of the integer scorer (schema 1.5): part of the trust
// boundary of runtime/model_check.cc, for the arrays it records as spans.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "model_check_parts.h"
#include "tinyfair/model_check.nanopb.h"
#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime::internal {

/// What the integer scorer is checked against.
struct IntegerScorerContext {
  /// The model's bytes, which every span must lie in.
  const uint8_t* bytes;
  size_t size;
  uint32_t input_count;
  uint32_t category_count;
  uint32_t group_count;
  /// The rule that holds the scorer: threshold or ramp.
  RuleKind rule;
  /// Which inputs are categorical.
  const CategoricalInputs* categorical;
};

/// kOk when the scorer decodes into the working model and decides
/// safely: counts match the model, shifts, weights and knots lie in their
/// ranges, ramp knots never fall, and the integer margin of any 16-bit
/// inputs stays inside int32 (the sum of the magnitudes of the bias, of
/// every weight times 2^15 and of every category term is at most
/// 2^31 - 1). Else kInvalidModel, or kMalformed for a span outside the bytes.
Status CheckIntegerScorer(const tinyfair_check_IntegerScorer& scorer,
                          const IntegerScorerContext& context);

}  // namespace tinyfair::runtime::internal
