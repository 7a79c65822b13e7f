// Replays a decision-vector file (docs/decision_records.md) through a loaded
// model on the device and prints the decision log: shared by the parity
// firmwares.
#pragma once

#include "tinyfair_runtime/model.h"

namespace tinyfair::testing {

/// Decides every row of the .tfv file at `path` (read from the host through
/// semihosting) with Pcg32(seed, stream) from its header, and prints the log
/// header and one record per row on stdout. Returns the number of decisions,
/// or -1 after printing "# <label>: <reason>".
long ReplayVectors(const runtime::Model& model, const char* path, const char* label);

}  // namespace tinyfair::testing
