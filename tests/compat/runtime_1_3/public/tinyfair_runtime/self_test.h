// A boot self-test: the firmware decides a few built-in vectors with a
// built-in model and compares every bit with what the host computed. A build
// whose floating point differs from the host's (FMA contraction, flushing
// subnormals to zero, another exp) fails it before it decides anything real.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// One vector of the self-test: four inputs (two numeric, one categorical,
/// one numeric), the draw, and the bits the host's runtime decided.
struct SelfTestVector {
  float inputs[4];
  uint32_t draw;
  uint32_t score_bits;
  uint32_t probability_bits;
  bool positive;
};

/// The self-test's model: a logistic scorer and a per-group ramp, as
/// constexpr tables (no decoder needed).
const DecisionTables& SelfTestTables();

/// The built-in vectors and their number.
const SelfTestVector* SelfTestVectors();
size_t SelfTestVectorCount();

/// Decides `count` vectors with `tables` (a ramp rule) and compares score,
/// probability and outcome bit for bit. kOk, or kSelfTestFailed with the
/// index of the first vector that differs in `first_mismatch` (when given).
Status CheckSelfTestVectors(const DecisionTables& tables, const SelfTestVector* vectors,
                            size_t count, size_t* first_mismatch);

/// The boot self-test: CheckSelfTestVectors over the built-in model and
/// vectors. Takes well under a millisecond; call it once at start-up.
Status RunSelfTest(size_t* first_mismatch = nullptr);

}  // namespace tinyfair::runtime
