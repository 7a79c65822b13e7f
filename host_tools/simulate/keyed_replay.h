// Keyed draws on the host: deciding rows as a device with a key does, and
// the auditor's replay of its records with that key.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <array>
#include <vector>

#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::simulate {

/// A device's 16-byte SipHash key.
using DeviceKey = std::array<uint8_t, runtime::crypto::kSipHashKeyBytes>;

/// The decisions for `rows` (row-major, `input_count` floats each), drawing
/// KeyedDraws(key, first_counter) in row order; each record carries its
/// counter, and a refused row takes none.
std::vector<runtime::Decision> DecideKeyed(const runtime::Model& model,
                                           const std::vector<float>& rows, size_t input_count,
                                           const DeviceKey& key, uint64_t first_counter);

/// The auditor's replay: each record's draw re-derived from `key` and its
/// counter, and the row decided again with it. Returns the indices of the
/// records it does not reproduce (status, draw, probability bits, outcome,
/// member, value bits): none for the device's key and untouched records;
/// under another key, every record that took a draw.
std::vector<size_t> KeyedReplayMismatches(const runtime::Model& model,
                                          const std::vector<float>& rows, size_t input_count,
                                          const std::vector<runtime::Decision>& records,
                                          const DeviceKey& key);

}  // namespace tinyfair::host::simulate
