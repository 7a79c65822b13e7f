#include "host_tools/model/record_model_hash.h"

#include <array>
#include <cstdio>
#include <optional>
#include <utility>

#include "host_tools/model/model_file.h"
#include "host_tools/model/model_signature.h"
#include "tinyfair_runtime/model_hash.h"

namespace tinyfair::host::model {

std::string DeviceBytes(const tinyfair::Model& model) {
  if (std::optional<std::string> sealed = SealedFileBytes(model)) return *std::move(sealed);
  tinyfair::Model copy = model;
  return SealModel(copy);
}

uint64_t RecordModelHash(const std::string& sealed_bytes) {
  return runtime::ModelHashOfDigest(Sha256Of(sealed_bytes).data());
}

uint64_t RecordModelHash(const tinyfair::Model& model) {
  return RecordModelHash(DeviceBytes(model));
}

std::string RecordModelHashSummary(const tinyfair::Model& model) {
  const auto digest = Sha256Of(DeviceBytes(model));
  std::string text = "sha256 ";
  char hex[3];
  for (uint8_t byte : digest) {
    std::snprintf(hex, sizeof(hex), "%02x", byte);
    text += hex;
  }
  return text + " (records: model_hash " + text.substr(7, 16) + ")";
}

}  // namespace tinyfair::host::model
