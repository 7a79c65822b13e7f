// The model file on the host: sealing (content hash, CRC), reading with
// verification, protobuf JSON.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/common/file_io.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The schema version this build writes.
inline constexpr uint32_t kSchemaMajor = 1;
inline constexpr uint32_t kSchemaMinor = 3;

/// FNV-1a 64 of bytes.
uint64_t Fnv1a64(const std::string& bytes);

/// Fills the version, the dimensions, the content hash and the CRC, and
/// returns the file bytes: 0x0D, the CRC (little-endian), then the rest.
/// The runtime's own Load() must accept the result, or this throws
/// std::runtime_error naming the runtime status.
std::string SealModel(tinyfair::Model& model);

/// Parses and verifies a sealed model (CRC and content hash); throws
/// std::runtime_error with the reason otherwise.
tinyfair::Model ParseModelFile(const std::string& bytes, const std::string& name);

/// Protobuf JSON mapping of a model (field names as in the .proto), its
/// hashes written as 16 hexadecimal digits like every other output
/// (model_json_hashes.h); reading takes them in that form or in decimal.
std::string ModelToJson(const tinyfair::Model& model);
tinyfair::Model ModelFromJson(const std::string& json, const std::string& name);

/// Reads a model from .pb (sealed) or .json (the JSON mapping), by content.
tinyfair::Model ReadModel(const std::string& path);

}  // namespace tinyfair::host::model
