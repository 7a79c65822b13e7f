// What Load's check hands on to the table builder: the model's bytes and the
// check's decoding of them (tinyfair/model_check.nanopb.h), in which every
// array is a span into the bytes. Read here, by both, so that the values the
// check accepted are the values the tables are built from.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tinyfair/model_check.nanopb.h"
#include "wire_reader.h"

namespace tinyfair::runtime::internal {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "packed fixed32 values are read where they lie: a little-endian core");

/// A model's bytes and the check's decoding of them.
struct CheckedModel {
  const uint8_t* bytes;
  size_t size;
  tinyfair_check_Model m;
};

/// Whether a span's values lie in the `size` bytes at `bytes`: the span of
/// an array given unpacked has none (model_reader.h) and is refused. An empty
/// span lies anywhere. One definition for the model's spans and the integer
/// scorer's, which Load's check both bounds.
inline bool LiesIn(const uint8_t* bytes, size_t size, const uint8_t* start, size_t length) {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(bytes);
  const uintptr_t at = reinterpret_cast<uintptr_t>(start);
  return at >= begin && at - begin <= size && length <= size - (at - begin);
}
inline bool SpanInBytes(const uint8_t* bytes, size_t size, const tinyfair_FloatSpan& span) {
  return span.count == 0 || LiesIn(bytes, size, span.bytes, size_t{4} * span.count);
}
inline bool SpanInBytes(const uint8_t* bytes, size_t size, const tinyfair_VarintSpan& span) {
  return span.count == 0 || LiesIn(bytes, size, span.bytes, span.size);
}

/// Value i of a packed float span: a fixed32 float where it lies.
inline float FloatAt(const tinyfair_FloatSpan& span, size_t i) {
  float value;
  memcpy(&value, span.bytes + 4 * i, sizeof(value));
  return value;
}

/// The Input messages in order, read one at a time from the bytes
/// (Next() is defined beside the model reader, model_reader.cc).
class InputReader {
 public:
  explicit InputReader(const CheckedModel& c) : reader_(c.bytes, c.size) {}

  /// The next Input; false past the last one or on bytes that do not read.
  bool Next(tinyfair_check_Input& input);

 private:
  WireReader reader_;
};

}  // namespace tinyfair::runtime::internal
