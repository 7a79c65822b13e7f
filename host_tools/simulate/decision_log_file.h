// Reading a decision log that may come from a device (parity): bounded, so
// that a wrong file (a device, a pipe without end) is refused before it
// fills memory.
#pragma once

#include <cstddef>
#include <string>

namespace tinyfair::host::simulate {

/// The largest decision log the host reads: 2^29 bytes, about five million
/// records of `simulate --out` (about 107 bytes each with the readable
/// columns); a longer run is compared in parts.
inline constexpr size_t kMaxDecisionLogBytes = size_t{1} << 29;

/// The decision log at `path`.
/// @throws DataError naming the file and the limit when it is larger.
std::string ReadDecisionLog(const std::string& path);

}  // namespace tinyfair::host::simulate
