// The model hash a model's decision records carry, computed on the host from
// the bytes the device loads, for checks of what a device reports.
#pragma once

#include <cstdint>
#include <string>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The sealed bytes the device loads for `model`: the file it was read from
/// when it was read sealed and left unchanged, otherwise the model sealed.
std::string DeviceBytes(const tinyfair::Model& model);

/// The first 8 bytes, big-endian, of the SHA-256 of the sealed bytes: the
/// first 16 hex digits of `sha256sum` of a sealed file (runtime/model_hash.h).
uint64_t RecordModelHash(const std::string& sealed_bytes);
uint64_t RecordModelHash(const tinyfair::Model& model);

/// "sha256 <64 hex digits> (records: model_hash <16 hex digits>)" for the
/// sealed bytes the device loads for `model`.
std::string RecordModelHashSummary(const tinyfair::Model& model);

}  // namespace tinyfair::host::model
