// What a model's provenance says of the data files it was fitted on, and how
// much of that `export` ships. A fit records each file as a token its export
// can find again whatever the path holds: `"PATH" sha256 H`, PATH quoted as
// JSON quotes a string and H the first 16 hexadecimal digits of the
// SHA-256 of the file's bytes. Export then keeps the path, keeps only the
// file's base name, or ships no provenance at all.
#pragma once

#include <string>

namespace tinyfair::host::model {

/// How much of the provenance a model file carries (`export --provenance`),
/// in the order of kProvenanceDetailNames.
enum class ProvenanceDetail {
  /// Each data file by its base name and content hash: no directory.
  kNames,
  /// As the fit recorded it: the data files' paths as given.
  kFull,
  /// No provenance.
  kNone,
};

/// The values of `--provenance` (and the Python export's `provenance`), one
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

/// `provenance` as a model file with `detail` carries it: kNames rewrites
/// every data-file token to the file's base name (the hash stays), kNone
/// gives "". Text that is no token is kept as it is.
std::string ProvenanceFor(const std::string& provenance, ProvenanceDetail detail);

}  // namespace tinyfair::host::model
