// The first pass of Model::Load: every check on a model's bytes, made without
// touching the working model.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "checked_model.h"
#include "tinyfair_runtime/status.h"

namespace tinyfair::runtime::internal {

struct IntegerPath;

/// Checks bytes whose CRC matched: the header (version, capacities), the
/// encoding, every count, index and number, and the scorer folded with the
/// inputs' offsets and scales. When it returns kOk, `checked` holds the
/// decoding the tables are built from (every array a span into `bytes`), and
/// building them cannot fail. Its state is a few hundred bytes: arrays are
/// read where they lie in `bytes`.
/// `input_layout_hash` is the layout the firmware was compiled for
/// (kAnyInputLayout: any); a model of another layout is kInputLayoutMismatch.
/// A model whose header states a model_version below `minimum_model_version`
/// is kRolledBack, refused as soon as the header is read. A model that
/// requires an integer scorer is kMissingFeature without `integer_path`
/// (integer_path.h), which checks the scorer.
Status CheckModel(const uint8_t* bytes, size_t size, uint64_t input_layout_hash,
                  uint32_t minimum_model_version, const IntegerPath* integer_path,
                  CheckedModel& checked);

}  // namespace tinyfair::runtime::internal
