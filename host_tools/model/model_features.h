// The features a model requires (Model.required_features): what a runtime
// must have to decide it as the host does, stated by the exporter so that a
// runtime without them refuses the model instead of skipping a field.
#pragma once

#include <cstdint>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The ModelFeature bits `model` needs, from what it uses.
uint64_t RequiredFeatures(const tinyfair::Model& model);

}  // namespace tinyfair::host::model
