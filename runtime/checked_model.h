// What Load's check hands on to the table builder: the model's bytes and the
// check's decoding of them (tinyfair/model_check.nanopb.h), in which every
// array is a span into the bytes. Read here, by both, so that the values the
// check accepted are the values the tables are built from.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pb_decode.h"
#include "tinyfair/model_check.nanopb.h"

namespace tinyfair::runtime::internal {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "packed fixed32 values are read where they lie: a little-endian core");

/// A model's bytes and the check's decoding of them.
struct CheckedModel {
  const uint8_t* bytes;
  size_t size;
  tinyfair_check_Model m;
};

/// Value i of a packed float span, as nanopb decodes a fixed32 float.
inline float FloatAt(const tinyfair_FloatSpan& span, size_t i) {
  float value;
  memcpy(&value, span.bytes + 4 * i, sizeof(value));
  return value;
}

/// The Input messages in order, decoded one at a time from the bytes.
class InputReader {
 public:
  explicit InputReader(const CheckedModel& c) : stream_(pb_istream_from_buffer(c.bytes, c.size)) {}

  bool Next(tinyfair_check_Input& input) {
    while (stream_.bytes_left > 0) {
      pb_wire_type_t wire_type;
      uint32_t tag;
      bool eof;
      if (!pb_decode_tag(&stream_, &wire_type, &tag, &eof)) return false;
      if (tag == tinyfair_check_Model_inputs_tag && wire_type == PB_WT_STRING) {
        pb_istream_t substream;
        if (!pb_make_string_substream(&stream_, &substream)) return false;
        input = tinyfair_check_Input_init_zero;
        const bool decoded = pb_decode(&substream, tinyfair_check_Input_fields, &input);
        return pb_close_string_substream(&stream_, &substream) && decoded;
      }
      if (!pb_skip_field(&stream_, wire_type)) return false;
    }
    return false;
  }

 private:
  pb_istream_t stream_;
};

}  // namespace tinyfair::runtime::internal
