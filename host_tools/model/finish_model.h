// The last step of every command that writes a model: its id, the reference
// rates the monitor compares with, the provenance, then the file. One
// function, so that no writer forgets a part.
#pragma once

#include <string>
#include <vector>

#include "host_tools/model/provenance.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

struct ModelFinish {
  /// The model's id; empty keeps the one it has.
  std::string model_id;
  /// One rate per group (positive rate, or mean output for regression),
  /// stored as float; empty keeps the model's.
  std::vector<double> reference_rates;
  /// How the model was made; empty keeps the model's.
  std::string provenance;
  /// How much of the provenance (the one given, or the model's) the model
  /// records: the fit's --provenance, by default the data files' base names.
  ProvenanceDetail provenance_detail = ProvenanceDetail::kNames;
};

/// Sets the id, the reference rates and the provenance of `model`, the
/// latter at its detail (ProvenanceFor).
/// @throws std::invalid_argument when reference rates are given and their
///         count is not the model's group count.
void FinishModel(const ModelFinish& finish, tinyfair::Model& model);

/// FinishModel, then writes the model's JSON to `path` atomically.
void FinishAndWriteModel(const ModelFinish& finish, const std::string& path,
                         tinyfair::Model& model);

}  // namespace tinyfair::host::model
