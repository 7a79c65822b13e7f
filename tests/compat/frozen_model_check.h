// A frozen model (tests/compat/models/<version>/<Name>.{pb,tfv,csv}) decided
// by today's runtime and compared with the log its release wrote.
#pragma once

#include <string>
#include <vector>

namespace tinyfair::compat {

struct FrozenModel {
  /// "<version>/<Name>", e.g. "1.1/TwoThresholdModel".
  std::string name;
  /// The sealed model file, the decision vectors (.tfv) and the decision log
  /// (.csv) exactly as frozen.
  std::string model;
  std::string vectors;
  std::string log;
  /// The model_hash today's records must carry: the first 16 hex digits of
  /// the model file's SHA-256, computed by CMake at configure time (not by
  /// the runtime under test).
  std::string record_hash;
};

/// Every <Name>.pb under `models_dir`/<version>/ with its .tfv and .csv,
/// ordered by version and name. @throws std::runtime_error when a file is
/// missing or unreadable.
std::vector<FrozenModel> ReadFrozenModels(const std::string& models_dir);

/// Today's runtime's decision records (one line each, no header) for the
/// model file and .tfv vectors given, with the seed and stream the vectors
/// carry; empty with `problem` set when it refuses the model or the vectors
/// do not fit it. @throws std::runtime_error on a malformed .tfv file.
std::vector<std::string> TodaysRecords(const std::string& name, const std::string& model,
                                       const std::string& vectors, std::string& problem);

/// Loads the model with today's runtime, decides its vectors with the seed
/// and stream they carry and compares each record with the frozen log,
/// column by column (model_hash by rule: the frozen log's is the content_hash
/// the file states, verified as its release defined it, today's is
/// `record_hash`). Empty when every record is the same bits; otherwise one
/// message naming the model, the row and the field of the first difference
/// (or why today's runtime could not decide it).
std::string CheckFrozenModel(const FrozenModel& frozen);

}  // namespace tinyfair::compat
