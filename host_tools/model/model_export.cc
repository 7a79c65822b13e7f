#include "host_tools/model/model_export.h"

#include <array>
#include <optional>
#include <stdexcept>

#include "host_tools/common/text_format.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/record_model_hash.h"
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::host::model {

namespace {

void ApplySettings(const ExportSettings& settings, tinyfair::Model& model) {
  if (!settings.model_id.empty()) {
    RequireModelIdFits(settings.model_id);
    model.set_model_id(settings.model_id);
  }
  if (settings.monitor_alpha) model.set_monitor_alpha(static_cast<float>(*settings.monitor_alpha));
  if (settings.monitor_tolerance) {
    model.set_monitor_tolerance(static_cast<float>(*settings.monitor_tolerance));
  }
  if (settings.monitor_window) model.set_monitor_window(*settings.monitor_window);
  if (settings.model_version) model.set_model_version(*settings.model_version);
  if (settings.provenance) {
    model.set_provenance(ProvenanceFor(model.provenance(), *settings.provenance));
  }
}

}  // namespace

std::string ExportModel(const ExportSettings& settings, tinyfair::Model& model) {
  if (settings.provenance == ProvenanceDetail::kFull) {
    throw std::invalid_argument(
        "export: provenance 'full' is chosen when fitting (train, postprocess --provenance "
        "full); export keeps the model's provenance, or reduces it: names or none");
  }
  const std::optional<std::string> sealed = SealedFileBytes(model);
  if (!sealed) {
    ApplySettings(settings, model);
    return SealModel(model);
  }
  const std::string& as_given = *sealed;
  // Sealing again would rewrite the version and the dimensions, and could
  // turn a model the device refuses into one it accepts: a sealed model is
  // shipped as it is, or not at all.
  VerifyWithRuntime(as_given, "export: ");
  tinyfair::Model changed = model;
  ApplySettings(settings, changed);
  if (SerializeModel(changed) != as_given) {
    throw std::invalid_argument(
        "export: the model is sealed, and a sealed model is exported unchanged; set its id, "
        "model version, monitor settings or provenance when exporting its JSON form (a fit's "
        "output, or tinyfair inspect's without the crc32 field)");
  }
  return as_given;
}

std::string SignatureSummary(const std::string& sealed, uint64_t key_id) {
  namespace crypto = tinyfair::runtime::crypto;
  std::array<uint8_t, crypto::kSha256Bytes> digest{};
  crypto::Sha256(reinterpret_cast<const uint8_t*>(sealed.data()), sealed.size(), digest.data());
  std::string hex;
  for (uint8_t byte : digest) hex += common::FormatText("%02x", byte);
  return common::FormatText("export: signed with key %016llx (SHA-256 of the model %s)",
                            static_cast<unsigned long long>(key_id), hex.c_str());
}

std::string ExportSummary(const std::string& path, const std::string& bytes,
                          const tinyfair::Model& model) {
  return common::FormatText(
      "export: wrote %s (%zu bytes, schema %u.%u, content_hash %016llx, model_hash %016llx, "
      "crc %08x)",
      path.c_str(), bytes.size(), model.schema_major(), model.schema_minor(),
      static_cast<unsigned long long>(model.content_hash()),
      static_cast<unsigned long long>(RecordModelHash(model)), model.crc32());
}

}  // namespace tinyfair::host::model
