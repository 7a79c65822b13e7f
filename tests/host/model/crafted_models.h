// Crafted models the device refuses: a valid golden model with one field
// spoilt (non-finite or huge weights, bad widths and rates, out-of-range
// enums and indices, capacities, version, dimensions), sealed with a correct
// CRC and content hash as a hostile exporter could ship it. The host
// strictness tests and the fuzz harnesses' seeds share them.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::crafted {

/// The golden SmallRampModel, parsed (throws std::runtime_error if it does
/// not parse).
tinyfair::Model SmallRamp();

/// Seals a model exactly as it states itself (no version, dimension or
/// check filled in): the bytes a hostile exporter could ship.
std::string SealAsStated(tinyfair::Model model);

/// Sets a ramp model's group count, growing its per-group arrays to match
/// (thresholds 0, widths 1, reference rates 0.5).
void SetGroupCount(tinyfair::Model& m, int groups);

struct Crafted {
  const char* what;
  std::function<void(tinyfair::Model&)> spoil;
};

/// Every spoilt field, each refused by Load() when applied to SmallRamp().
const std::vector<Crafted>& CraftedModels();

}  // namespace tinyfair::crafted
