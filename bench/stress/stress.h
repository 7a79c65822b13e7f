// decide() on seeded random inputs (tests/hardening/invariants.h:
// RandomInput), each checked against the decision invariants and decided a
// second time from the codegen tables (golden_tables.h), which must give the
// same bits and leave the PRNG in the same state. Heap-free, so the host
// and every board run the same code.
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::stress {

struct StressResult {
  uint64_t decisions = 0;
  uint64_t by_status[16] = {};
  uint64_t positives = 0;
  uint64_t violations = 0;
  uint64_t parity_mismatches = 0;
  const char* first_violation = nullptr;
  uint64_t first_violation_at = 0;
};

/// Decides `decisions` random inputs on `model` and on `generated` (the same
/// model as codegen tables).
void RunStress(const runtime::Model& model, const runtime::DecisionTables& generated,
               uint64_t decisions, uint64_t seed, StressResult& result);

}  // namespace tinyfair::stress
