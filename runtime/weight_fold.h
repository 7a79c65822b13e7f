// Folding the numeric inputs' offsets and scales into a run of a scorer's
// weights (fold.h holds one input's part), in input order: one loop for
// Load's check, which asks whether every folded value is finite and normal
// (FoldOk, model_check_parts.h), and for the table builder, which keeps the
// folded weights and asks whether folding left their bits as they were
// (TableBuilder::FoldInto), so that the check sees the very bits Decide
// will read.
#pragma once

#include <stddef.h>

#include "checked_model.h"

namespace tinyfair::runtime::internal {

/// What folding a run of weights found.
struct FoldOutcome {
  /// Every folded weight, and the bias, is finite and, unless 0, normal.
  bool finite_normal;
  /// Every folded weight has the bits it had.
  bool kept;
};

/// Folds the weights of `weights` from `first` on, one per input, into
/// `folded` (unless nullptr) and into `bias`.
FoldOutcome FoldWeights(const CheckedModel& c, const tinyfair_FloatSpan& weights, size_t first,
                        float* folded, float& bias);

}  // namespace tinyfair::runtime::internal
