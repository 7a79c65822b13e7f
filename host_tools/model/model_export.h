// What `export` does to a model before it ships: the id, the monitor's
// settings and any reduction of the provenance the caller chose, then the
// seal. One function, so that the CLI and the Python package write the same
// bytes for the same request.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "host_tools/model/provenance.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

struct ExportSettings {
  /// The model's id; empty keeps the one it has.
  std::string model_id;
  /// The monitor's drift alarm (docs/monitor.md); unset keeps the model's.
  std::optional<double> monitor_alpha, monitor_tolerance;
  std::optional<uint32_t> monitor_window;
  /// Model.model_version, which the device may require to grow (rollback);
  /// unset keeps the model's.
  std::optional<uint32_t> model_version;
  /// Less provenance than the fit recorded (provenance.h): kNames or kNone;
  /// unset keeps the model's, as its fit decided it, so that the file and
  /// the model it was exported from are one model with one hash.
  std::optional<ProvenanceDetail> provenance;
};

/// Applies `settings` to `model` and seals it (SealModel): the file's bytes.
/// A model that is sealed already (read from a .pb, unchanged) is never
/// re-sealed: its own bytes are returned once the runtime accepts them.
/// @throws std::runtime_error naming the runtime status when the runtime
///         refuses the result; std::invalid_argument when `settings` would
///         change a sealed model, ask for kFull (a path the fit left out
///         cannot be brought back) or give an id longer than the device
///         holds (RequireModelIdFits).
std::string ExportModel(const ExportSettings& settings, tinyfair::Model& model);

/// "export: signed with key ID (SHA-256 of the model H)": the key id and
/// the digest of the sealed model the signature covers, in hexadecimal.
std::string SignatureSummary(const std::string& sealed, uint64_t key_id);

/// "export: wrote PATH (N bytes, schema M.m, content_hash H, model_hash R,
/// crc C)": R is what its decision records carry (record_model_hash.h).
std::string ExportSummary(const std::string& path, const std::string& bytes,
                          const tinyfair::Model& model);

}  // namespace tinyfair::host::model
