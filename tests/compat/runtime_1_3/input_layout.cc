// Load's input-layout check. The device keeps no input names (they are
// skipped by the decoder), so it compares the hash the host computed at
// export over the names, kinds and categories.
#include "tinyfair_runtime/input_layout.h"

namespace tinyfair::runtime {

Status CheckInputLayout(uint64_t model_layout_hash, uint64_t expected) {
  if (expected == kAnyInputLayout || model_layout_hash == expected) return Status::kOk;
  return Status::kInputLayoutMismatch;
}

}  // namespace tinyfair::runtime
