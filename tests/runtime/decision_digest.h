// A digest of a loaded model's decisions: equal digests mean the model
// decides the same bits (the refused-update tests compare them).
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/model.h"

namespace tinyfair::testing {

/// FNV-1a over every field of 200 decisions on seeded inputs that respect
/// the model's categories.
uint64_t DecisionDigest(const runtime::Model& model);

}  // namespace tinyfair::testing
