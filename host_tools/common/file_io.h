// Reading whole files and writing outputs so that a failure never leaves a
// partial file, a stray temporary, or a changed pre-existing file.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tinyfair::host::common {

/// Reads a whole file; throws std::runtime_error naming the file on failure.
/// Unbounded: for files the host wrote itself. A file that may come from
/// outside is read with ReadFileAtMost and the limit of its kind
/// (docs/security.md, "Bounded reads").
std::string ReadFile(const std::string& path);

/// Reads a whole file of at most `limit` bytes, in memory bounded by the
/// limit whatever the file is (a pipe, a device, a sparse file).
/// @throws DataError naming the file when it is larger, saying what it is
///         (`what`, e.g. "a model file") and the limit.
std::string ReadFileAtMost(const std::string& path, size_t limit, const std::string& what);

/// Writes to a uniquely named temporary file beside `path`
/// (`path`.tinyfair-PID-XXXXXX.tmp), syncs it and renames it into place, so a
/// failure or a signal (signal_temporaries.h) leaves neither a partial file
/// nor the temporary one. Every output file of tinyfair goes through it.
/// @throws std::runtime_error naming `path` and the reason.
void WriteFileAtomically(const std::string& path, const std::string& bytes);

/// Writes every (path, bytes) or none: each goes to a synced temporary first,
/// and the temporaries are renamed into place only when all are complete;
/// when a rename fails, the files renamed before it are put back. A failure
/// leaves every pre-existing file as it was and no temporary behind. The
/// renames run under an exclusive lock (flock) on each folder, with SIGINT,
/// SIGTERM and SIGHUP held: concurrent runs into one folder commit one whole
/// set after another. Before its commit, a run removes what a killed run
/// left in the folder (`*.tinyfair-PID-*.tmp|old|new` whose process is gone)
/// and rolls back a commit it had begun.
/// @throws std::runtime_error naming the path that failed and the reason.
void WriteFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace tinyfair::host::common
