// The second half of Model::Load: the tables Decide() reads, built from the
// check's decoding of the model (checked_model.h) into the model's storage.
#pragma once

#include <string.h>

#include "checked_model.h"
#include "storage_arena.h"
#include "tinyfair_runtime/decision_tables.h"
#include "weight_fold.h"
#include "wire_reader.h"

namespace tinyfair::runtime::internal {

/// How the arrays that Decide() reads as they are written get to it.
enum class ArrayPlacement : uint8_t {
  /// Copied into the storage: the bytes may be reused after Load().
  kCopy,
  /// Read where they lie in the bytes when aligned for their type (copied
  /// otherwise): the bytes must stay readable and unchanged while loaded.
  kInPlace,
};

/// What the steps of building the tables share (BuildTables here, each rule
/// kind's Build in rules/): the checked model, the arena and the placement.
struct TableBuilder {
  const CheckedModel& checked;
  ArrayPlacement placement;
  StorageArena& arena;

  const tinyfair_check_Model& m() const { return checked.m; }

  /// A packed 4-byte array as Decide() reads it: where it lies in the bytes
  /// when placed there and aligned, else a copy in the storage.
  template <typename T>
  const T* Place(const tinyfair_FloatSpan& span) {
    static_assert(sizeof(T) == 4);
    if (span.count == 0) return nullptr;
    if (placement == ArrayPlacement::kInPlace &&
        reinterpret_cast<uintptr_t>(span.bytes) % alignof(T) == 0) {
      return reinterpret_cast<const T*>(span.bytes);
    }
    T* copy = arena.Take<T>(span.count);
    if (copy != nullptr) memcpy(copy, span.bytes, size_t{4} * span.count);
    return copy;
  }

  /// The varints of a packed span, decoded into `count` values of T, an
  /// 8- or 16-bit integer: the value's low bytes, as a conversion to T
  /// keeps them (the check read every varint and its range already).
  template <typename T>
  const T* Decode(const tinyfair_VarintSpan& span, bool zigzag) {
    static_assert(sizeof(T) <= 2 && alignof(T) == sizeof(T));
    return reinterpret_cast<const T*>(DecodeNarrow(span, zigzag, sizeof(T)));
  }
  /// Decode() for every type: `width` bytes a value, 1 or 2. Defined with
  /// the integer path (integer_path.cc), its only reader.
  const uint8_t* DecodeNarrow(const tinyfair_VarintSpan& span, bool zigzag, size_t width);

  /// Weights with the numeric inputs' offsets and scales folded in, from
  /// value `first` of `span` into `folded` (fold.h, in input order as the
  /// check folded; with `folded` nullptr, into `bias` only). Returns whether
  /// folding left every weight's bits as they were: each numeric input's
  /// scale is 1 and each categorical input's weight +0, as the writer seals
  /// a model (docs/model_format.md, "Folded scales").
  bool FoldInto(const tinyfair_FloatSpan& span, size_t first, float* folded, float& bias) const {
    return FoldWeights(checked, span, first, folded, bias).kept;
  }
  /// The span's weights folded, and `bias` with them: placed as any array
  /// when folding keeps them (Place), else folded into the storage.
  const float* Fold(const tinyfair_FloatSpan& span, float& bias);
};

/// What a loaded model keeps beside its tables, in the same storage: the
/// per-group reference rates (the monitor's) and the model's id (for logs).
struct KeptBesideTables {
  const float* reference_rate = nullptr;
  const char* model_id = nullptr;
};

struct IntegerPath;

/// Builds the tables of a model the check accepted, taking what they keep
/// beyond the bytes (folded weights, category indices, draw bounds, decoded
/// varints, the id, and with kCopy every array) from `arena`; an integer
/// scorer's through `integer_path` (integer_path.h), which the check was
/// given too. Cannot fail on a filling arena that holds what a counting
/// arena measured.
void BuildTables(const CheckedModel& checked, ArrayPlacement placement, StorageArena& arena,
                 const IntegerPath* integer_path, DecisionTables& tables, KeptBesideTables& kept);

}  // namespace tinyfair::runtime::internal
