// What a device that holds a public key and a minimum model version would
// say of a model file: loaded as its Load() would, with the same options.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tinyfair::host::model {

/// The options a device passes to Load(): the key signed files must verify
/// under (none: any file, a signed file unverified) and the lowest
/// model_version accepted.
struct TrustRequirement {
  std::optional<std::array<uint8_t, 32>> public_key;
  uint32_t minimum_model_version = 0;
};

/// Loads `bytes` into the runtime with `requirement` and returns how the
/// file is signed: "signed by key <16 hex digits>" or "unsigned". Throws
/// std::runtime_error "<name>: the runtime refuses this model: <status>"
/// when Load() refuses it.
std::string CheckModelTrust(const std::string& bytes, const std::string& name,
                            const TrustRequirement& requirement);

}  // namespace tinyfair::host::model
