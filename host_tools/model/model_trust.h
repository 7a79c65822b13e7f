// What a device that holds a public key and a minimum model version would
// say of a model file: loaded as its Load() would, with the same options.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The options a device passes to Load(): the key signed files must verify
/// under (none: any file, a signed file unverified) and the lowest
/// model_version accepted.
struct TrustRequirement {
  std::optional<std::array<uint8_t, 32>> public_key;
  uint32_t minimum_model_version = 0;
};

/// Loads `bytes` into the runtime with `requirement` and returns how the
/// file is signed: "signed by key <16 hex digits>" when the requirement's
/// key verified it, "carries a signature said to be of key <id>, NOT
/// verified ..." for a signed file read without a key, or "unsigned". Throws
/// ModelRefused (model_refused.h: "<name>: the runtime refuses this model:
/// <status>") when Load() refuses it.
std::string CheckModelTrust(const std::string& bytes, const std::string& name,
                            const TrustRequirement& requirement);

/// True when `requirement` asks for anything: a key or a minimum version.
bool AsksForTrust(const TrustRequirement& requirement);

/// The bytes of a model file of any form (as ReadModel reads them), refused
/// as CheckModelTrust refuses them when `requirement` asks for anything or
/// the file is signed. JSON text is judged as the sealed file `export` makes
/// of it: unsigned, so a key refuses it with unsigned_model. Returns
/// CheckModelTrust's answer, or "" when nothing was asked of an unsigned file.
std::string CheckModelFileTrust(const std::string& bytes, const std::string& name,
                                const TrustRequirement& requirement);

/// The bytes of the model file at `path`, checked by CheckModelFileTrust;
/// `trust` (unless null) receives its answer.
std::string ReadTrustedModelBytes(const std::string& path, const TrustRequirement& requirement,
                                  std::string* trust = nullptr);

/// ReadModel under `requirement`: the model of ReadTrustedModelBytes. Every
/// command that reads a model file with a key or a minimum version reads it
/// here.
tinyfair::Model ReadTrustedModel(const std::string& path, const TrustRequirement& requirement,
                                 std::string* trust = nullptr);

}  // namespace tinyfair::host::model
