#include "vector_layout.h"

namespace tinyfair::compat {

size_t VectorRowBytes(uint32_t inputs, uint32_t rows, uint64_t file_size) {
  if (inputs == 0 || file_size < kVectorsHeaderSize) return 0;
  const uint64_t payload = file_size - kVectorsHeaderSize;
  // Division, not multiplication: 32-bit counts cannot wrap a product here.
  const uint64_t layouts[] = {uint64_t{4} * inputs + 4, uint64_t{4} * inputs};
  for (const uint64_t row_bytes : layouts) {
    if (payload % row_bytes == 0 && payload / row_bytes == rows) {
      return static_cast<size_t>(row_bytes);
    }
  }
  return 0;
}

}  // namespace tinyfair::compat
