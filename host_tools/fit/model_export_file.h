// tinyfair export's work: the integer scorer with its report on data, the
// seal, the signature and the file, so that the CLI and the Python package
// write the same bytes and say the same about them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/label_options.h"
#include "host_tools/model/model_export.h"
#include "host_tools/model/model_signature.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// export --integer: the width of the integer scorer and the data it is
/// fitted to and checked on.
struct IntegerPathRequest {
  std::string width;  // "int16" or "int8"
  const data::ColumnTable* data = nullptr;
  LabelOptions label;
  double max_gap_change = 0.01;
  uint64_t seed = 1;
};

/// How the integer path decides the data against the float path, with the
/// same draws: what export --integer notes.
struct IntegerPathReport {
  std::string scorer_summary;
  size_t rows = 0, both_decided = 0, sampled_changes = 0;
  double expected_change = 0.0;  // mean |p_float - p_int|
  double float_accuracy = 0.0, integer_accuracy = 0.0;
  double float_dp_gap = 0.0, integer_dp_gap = 0.0;
  double float_expected_dp_gap = 0.0, integer_expected_dp_gap = 0.0;
};

struct ExportFileRequest {
  model::ExportSettings settings;
  /// The private key to sign with (a SignedModel file), or none.
  std::optional<model::SigningKey> key;
  /// With a width, the integer scorer is added first.
  std::optional<IntegerPathRequest> integer;
  /// The model's file (or name) and the output, for messages; the output is
  /// written when not empty.
  std::string model_name, out;
};

/// A signed model ships as it is: exporting it again would drop the
/// signature or sign it a second time.
/// @throws std::invalid_argument when the file at `path` is a SignedModel.
void RefuseSignedModelFile(const std::string& path);

/// Replaces any integer scorer of `model` by one fitted to the request's
/// data, decides the data by both paths and notes the report
/// ("export --integer W: ...").
/// @throws DataError (nothing to be written) when the DP gap moves by more
///         than max_gap_change; std::invalid_argument when the scorer does
///         not fit.
IntegerPathReport AddIntegerPath(const IntegerPathRequest& request, const std::string& model_name,
                                 const std::string& out, tinyfair::Model& model);

/// export: the integer path when asked, the settings and the seal, the
/// signature when a key is given; writes `out` (atomically) when given and
/// notes what was written. Returns the file's bytes.
std::string ExportModelFile(const ExportFileRequest& request, tinyfair::Model& model);

}  // namespace tinyfair::host::fit
