#include "tests/runtime/model_bytes.h"

#include <string.h>

#include "test_models.h"
#include "tinyfair_runtime/crc32.h"

namespace tinyfair::testing {

void Reseal(uint8_t* bytes, size_t size) {
  const uint32_t crc = runtime::Crc32(bytes + 5, size - 5);
  for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<uint8_t>(crc >> (8 * i));
}

namespace {

// Reads a varint at `at`, moving `at` past it.
uint64_t Varint(const uint8_t* bytes, size_t size, size_t& at) {
  uint64_t value = 0;
  for (unsigned shift = 0; at < size && shift < 64; shift += 7) {
    const uint8_t byte = bytes[at++];
    value |= static_cast<uint64_t>(byte & 0x7FU) << shift;
    if ((byte & 0x80U) == 0) break;
  }
  return value;
}

// The offset just past the value of a field whose key was read (wire type
// `wire`), from `at`; 0 for a wire type the test models do not use.
size_t PastValue(const uint8_t* bytes, size_t size, size_t at, uint64_t wire) {
  switch (wire) {
    case 0:
      (void)Varint(bytes, size, at);
      return at;
    case 1:
      return at + 8;
    case 5:
      return at + 4;
    case 2: {
      const size_t length = static_cast<size_t>(Varint(bytes, size, at));
      return at + length;
    }
    default:
      return 0;
  }
}

// The offset just past the key of the first field `field` of wire type
// `wire` in [at, end); 0 when there is none.
size_t FieldValue(const uint8_t* bytes, size_t at, size_t end, uint32_t field, uint64_t wire) {
  while (at < end) {
    const uint64_t key = Varint(bytes, end, at);
    if (key == ((uint64_t{field} << 3U) | wire)) return at;
    at = PastValue(bytes, end, at, key & 7U);
    if (at == 0) return 0;
  }
  return 0;
}

// The offset of the payload of the first length-delimited field `field` in
// [at, end); 0 when there is none.
size_t FieldPayload(const uint8_t* bytes, size_t at, size_t end, uint32_t field, size_t& length) {
  at = FieldValue(bytes, at, end, field, 2);
  if (at == 0) return 0;
  length = static_cast<size_t>(Varint(bytes, end, at));
  return at;
}

}  // namespace

size_t CopyWithoutField(const uint8_t* bytes, size_t size, uint32_t field, uint8_t* out) {
  size_t written = 0;
  for (size_t at = 0; at < size;) {
    const size_t start = at;
    const uint64_t key = Varint(bytes, size, at);
    at = PastValue(bytes, size, at, key & 7U);
    if (at == 0 || at > size) return 0;
    if ((key >> 3U) == field) continue;
    memcpy(out + written, bytes + start, at - start);
    written += at - start;
  }
  return written;
}

size_t PackedFloatOffset(const uint8_t* bytes, size_t size, uint8_t outer, uint8_t inner) {
  size_t outer_length = 0;
  const size_t message = FieldPayload(bytes, 0, size, outer, outer_length);
  if (message == 0) return 0;
  size_t inner_length = 0;
  return FieldPayload(bytes, message, message + outer_length, inner, inner_length);
}

void SetFloatBits(uint8_t* at, uint32_t bits) {
  for (int i = 0; i < 4; ++i) at[i] = static_cast<uint8_t>(bits >> (8 * i));
}

size_t RampThresholdOffset() {
  return PackedFloatOffset(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize,
                           11, 1);
}

size_t RampWidthOffset() {
  return PackedFloatOffset(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize,
                           11, 2);
}

size_t FirstInputScaleOffset() {
  size_t length = 0;
  const size_t input = FieldPayload(tinyfair_models::kSmallRampModel, 0,
                                    tinyfair_models::kSmallRampModelSize, 7, length);
  return input == 0 ? 0 : FieldValue(tinyfair_models::kSmallRampModel, input, input + length, 4, 5);
}

size_t ReferenceRateOffset() {
  size_t length = 0;
  return FieldPayload(tinyfair_models::kSmallRampModel, 0, tinyfair_models::kSmallRampModelSize, 20,
                      length);
}

}  // namespace tinyfair::testing
