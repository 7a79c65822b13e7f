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

/// The bytes of a model file of any form (as AdmitModel reads them), refused
/// as CheckModelTrust refuses them when `requirement` asks for anything or
/// the file is signed. JSON text is judged as the sealed file `export` makes
/// of it: unsigned, so a key refuses it with unsigned_model. Returns
/// CheckModelTrust's answer, or "" when nothing was asked of an unsigned file.
std::string CheckModelFileTrust(const std::string& bytes, const std::string& name,
                                const TrustRequirement& requirement);

/// The entry check: the one way a model from outside (a file of any form,
/// Python's bytes or text) reaches host code. The runtime's Load() judges it
/// first, with `requirement`'s options, before any other host code reads a
/// field of it: a sealed or signed file as it is, the JSON mapping as the
/// sealed file `export` makes of it (SealModel fills only what the JSON
/// leaves at 0, so Load() judges what it states). Then the host's own checks
/// of a sealed file (the protobuf parse, the content hash). Returns the model
/// (a signed file's inner one); `trust` (unless null) receives
/// CheckModelFileTrust's answer. Throws ModelRefused (model_refused.h:
/// "<name>: the runtime refuses this model: <status>") or ModelFileError.
tinyfair::Model AdmitModel(const std::string& bytes, const std::string& name,
                           const TrustRequirement& requirement = {}, std::string* trust = nullptr);

/// AdmitModel for a model object's protobuf serialization (an unpickled
/// Python model, also on a Dask worker): sealed bytes as a sealed file, any
/// other serialization as the sealed file `export` makes of it, where a
/// fit's intermediate model (the design a Dask fit sends its workers, before
/// its scorer, rule or reference rates exist) has placeholders for what it
/// lacks: everything it states is judged.
tinyfair::Model AdmitSerializedModel(const std::string& bytes, const std::string& name);

/// The model file at `path` (read with ReadModelFileBytes' limit) through
/// AdmitModel: every command and front end that reads a model file reads it
/// here.
tinyfair::Model ReadTrustedModel(const std::string& path, const TrustRequirement& requirement,
                                 std::string* trust = nullptr);

/// ReadTrustedModel without a requirement.
tinyfair::Model ReadModel(const std::string& path);

/// The bytes of the model file at `path`, as they are, once ReadTrustedModel
/// accepted them (for a command that ships the file's bytes: codegen).
std::string ReadTrustedModelBytes(const std::string& path, const TrustRequirement& requirement,
                                  std::string* trust = nullptr);

}  // namespace tinyfair::host::model
