// The golden monitor vectors: seeded decision streams (with and without
// drift) fed to the FairnessMonitor, its intervals, alarm and encoded report
// written as text lines. The host writes them to monitor_records.txt; every
// board must write the same bytes.
#pragma once

#include <stddef.h>

namespace tinyfair::testing {

/// Runs every scenario and writes its lines through `write` (text, size).
/// Returns the number of updates made.
long WriteMonitorVectors(void (*write)(const char* text, size_t size));

}  // namespace tinyfair::testing
