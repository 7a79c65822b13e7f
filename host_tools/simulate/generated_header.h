// The header `codegen` writes for firmware: the sealed model's bytes, or
// (tables) the decision tables the runtime builds when it loads the model,
// for C++ or C. The CLI and the Python package call this one function.
#pragma once

#include <string>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::simulate {

struct HeaderRequest {
  /// CamelCase name: the header defines k<Name>, k<Name>Size, k<Name>Hash.
  std::string name = "Model";
  /// "c++" or "c".
  std::string language = "c++";
  /// Decision tables instead of the model's bytes (no decoder needed).
  bool tables = false;
  /// The file name the header's comment says it came from.
  std::string source = "model.pb";
};

/// The model in `bytes` as codegen takes it: admitted (AdmitModel) and a
/// sealed or signed file, not a model's JSON form.
/// @throws ModelRefused, ModelFileError.
tinyfair::Model AdmitDeviceBytes(const std::string& bytes, const std::string& source);

/// The header for the sealed model `bytes`, verified first (CRC, hash, and
/// the runtime's own Load for tables).
/// @throws std::runtime_error when the model is refused, std::invalid_argument
///         for another language or a name that is not CamelCase.
std::string GeneratedHeader(const HeaderRequest& request, const std::string& bytes);

}  // namespace tinyfair::host::simulate
