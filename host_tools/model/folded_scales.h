// The writer's half of folding a numeric input's scale into the weights it
// multiplies, done when a model is sealed: a model loaded in place then
// reads its weights where they lie instead of folding them into storage.
#pragma once

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// Multiplies each weight of a numeric input whose scale is a normal float
/// (the scorer's, and each mixture member's) by that scale, as Load() would
/// (runtime/public/tinyfair_runtime/internal/fold.h), and sets the scale to
/// 1: the device decides with the same bits. The offsets stay (Load folds
/// them into the bias). A scale that is not normal stays, for Load() to
/// judge as before.
void FoldInputScales(tinyfair::Model& model);

}  // namespace tinyfair::host::model
