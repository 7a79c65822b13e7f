// The row layout of a decision-vector file (.tfv), told by its size. Both
// layouts start with the same "TFV1" header; the first release's rows hold
// the inputs only, later releases' rows a uint32 group after them (read only
// by models whose groups are given directly). Today's reader
// (host_tools/model/decision_vectors.h) reads only the later layout, so the
// frozen 1.0 vectors are read through this.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::compat {

inline constexpr size_t kVectorsHeaderSize = 4 + 4 + 4 + 8 + 8;

/// The bytes of one row: 4 * inputs + 4 (with a group) or 4 * inputs (the
/// first release's rows, decided with group 0), whichever makes `file_size`
/// exactly the header and `rows` rows; 0 when neither does.
size_t VectorRowBytes(uint32_t inputs, uint32_t rows, uint64_t file_size);

}  // namespace tinyfair::compat
