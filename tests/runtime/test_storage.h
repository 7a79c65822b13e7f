// Storage the runtime tests share, so that a 16 KiB-RAM target holds them:
// one Model, one FairnessMonitor and one scratch buffer for every test file.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::testing {

/// The one Model the tests load into.
runtime::Model& TestModel();

/// The one FairnessMonitor the tests start.
runtime::FairnessMonitor& TestMonitor();

/// Scratch bytes for corrupted copies of the test models.
inline constexpr size_t kScratchSize = 1024;
uint8_t* Scratch();

}  // namespace tinyfair::testing
