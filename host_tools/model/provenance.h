// What a model's provenance says of the data files it was fitted on, and how
// much of it the model keeps. A fit writes each file as a token that can be
// found again whatever the path holds: `"PATH" sha256 H`, PATH quoted as JSON
// quotes a string and H the first 16 hexadecimal digits of the SHA-256 of
// the file's bytes. The fit's --provenance then decides, once, what the
// model records (FinishModel): only the files' base names (the default), the
// paths as given, or nothing. The detail is decided where the model's bytes
// are first made, so that the model a fit writes and the file `export`
// makes of it are the same model, with the same hash in decision records.
#pragma once

#include <string>

namespace tinyfair::host::model {

/// How much of the provenance a model records (a fit's `--provenance`), in
/// the order of kProvenanceDetailNames.
enum class ProvenanceDetail {
  /// Each data file by its base name and content hash: no directory.
  kNames,
  /// As the fit recorded it: the data files' paths as given.
  kFull,
  /// No provenance.
  kNone,
};

/// The values of `--provenance` (and of the Python fits' `provenance`), one
/// per ProvenanceDetail, the default first.
inline constexpr const char* kProvenanceDetailNames[] = {"names", "full", "none"};

/// The name of `detail` in kProvenanceDetailNames.
const char* ProvenanceDetailName(ProvenanceDetail detail);

/// The ProvenanceDetail a `--provenance` value names.
/// @throws std::invalid_argument for any other text.
ProvenanceDetail ProvenanceDetailNamed(const std::string& name);

/// The token a fit records for the data file it read from `path`. A name
/// that is no readable file (a data frame's "DataFrame") is recorded by its
/// base name alone.
std::string DataFileProvenance(const std::string& path);

/// `provenance` as a model with `detail` records it: kNames rewrites every
/// data-file token to the file's base name (the hash stays), kNone gives "".
/// Text that is no token is kept as it is; a token already reduced to a base
/// name stays as it is (kFull cannot bring a path back).
std::string ProvenanceFor(const std::string& provenance, ProvenanceDetail detail);

}  // namespace tinyfair::host::model
