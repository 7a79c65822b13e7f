// The input layout a firmware was compiled for, checked at Load(): a model
// retrained with its columns in another order, or with other categories,
// must be refused rather than decided with the inputs in the wrong places.
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime {

/// Passed to Model::Load by firmware that takes any layout.
inline constexpr uint64_t kAnyInputLayout = 0;

/// kOk when `expected` is kAnyInputLayout or equals the model's
/// input_layout_hash (written by the host at export); kInputLayoutMismatch
/// otherwise, also for a model that carries none (0).
Status CheckInputLayout(uint64_t model_layout_hash, uint64_t expected);

}  // namespace tinyfair::runtime
