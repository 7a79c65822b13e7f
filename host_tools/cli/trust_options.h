// --public-key and --minimum-version, on every command that reads a model
// file: the model is refused unless the device holding that key and that
// minimum would load it (docs/security.md, "Checking a model on the host").
#pragma once

#include <cstdint>
#include <string>

#include "host_tools/cli/command.h"
#include "host_tools/model/model_trust.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::cli {

struct TrustFlags {
  std::string public_key;
  uint32_t minimum_version = 0;
};

/// Adds --public-key FILE and --minimum-version N to `command`.
void AddTrustOptions(Command& command, TrustFlags& flags);

/// For a command whose model file is optional (postprocess, sweep): throws
/// std::invalid_argument when the flags are given without a model to check.
void RefuseTrustWithoutModel(const TrustFlags& flags, const std::string& model);

/// The requirement the flags state: the public key file read and checked.
host::model::TrustRequirement TrustRequired(const TrustFlags& flags);

/// The model file at `path` under the flags' requirement
/// (host::model::ReadTrustedModel); when they ask for anything, says on
/// stderr how the file is signed, prefixed by `command`.
tinyfair::Model ReadModelTrusted(const std::string& command, const std::string& path,
                                 const TrustFlags& flags);

/// The same for a command that needs the file's bytes as they are.
std::string ReadModelBytesTrusted(const std::string& command, const std::string& path,
                                  const TrustFlags& flags);

}  // namespace tinyfair::cli
