// The second half of Model::Load: the tables Decide() reads, built from the
// check's decoding of the model (checked_model.h) into the model's storage.
#pragma once

#include "checked_model.h"
#include "storage_arena.h"
#include "tinyfair_runtime/decision_tables.h"

namespace tinyfair::runtime::internal {

/// How the arrays that Decide() reads as they are written get to it.
enum class ArrayPlacement : uint8_t {
  /// Copied into the storage: the bytes may be reused after Load().
  kCopy,
  /// Read where they lie in the bytes when aligned for their type (copied
  /// otherwise): the bytes must stay readable and unchanged while loaded.
  kInPlace,
};

/// Builds the tables of a model the check accepted, taking what they keep
/// beyond the bytes (folded weights, category indices, draw bounds, decoded
/// varints, and with kCopy every array) from `arena`. Cannot fail on a
/// filling arena that holds what a counting arena measured. Returns, through
/// `reference_rate`, where the per-group reference rates are.
void BuildTables(const CheckedModel& checked, ArrayPlacement placement, StorageArena& arena,
                 DecisionTables& tables, const float*& reference_rate);

}  // namespace tinyfair::runtime::internal
