// Storage the runtime tests share, so that a 16 KiB-RAM target holds them:
// one Model, one FairnessMonitor and one scratch buffer for every test file.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::testing {

/// The one Model the tests load into; it accepts integer models.
runtime::ModelWithStorage<>& TestModel();

/// The one FairnessMonitor the tests start.
runtime::FairnessMonitor& TestMonitor();

/// Scratch bytes for corrupted copies of the test models and for a two-group
/// monitor report; each user static_asserts that its bytes fit. 512, not
/// more: the micro:bit's 16 KiB hold the Model, the monitor, this and the
/// board's 4.5 KiB stack with 80 B to spare.
inline constexpr size_t kScratchSize = 512;
uint8_t* Scratch();

}  // namespace tinyfair::testing
