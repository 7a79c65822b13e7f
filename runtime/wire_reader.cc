// WireReader: the protobuf wire format over bytes it does not own, with the
// rules of nanopb 0.4.7's pb_decode.c (wire_reader.h says why it is ours).
#include "wire_reader.h"

#include <string.h>

namespace tinyfair::runtime::internal {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "fixed32 and fixed64 values are copied as they lie: a little-endian core");

namespace {

// The tenth byte of a varint holds its 64th bit.
constexpr unsigned kLastVarintShift = 63;
// The longest varint nanopb reads as a scalar value.
constexpr size_t kMaxVarintBytes = 10;

}  // namespace

bool WireReader::Byte(uint8_t& byte) {
  if (left_ == 0) return false;
  byte = *at_++;
  --left_;
  return true;
}

bool WireReader::Advance(size_t count) {
  if (count > left_) return false;
  at_ += count;
  left_ -= count;
  return true;
}

bool WireReader::Varint(uint64_t& value) {
  uint64_t result = 0;
  uint8_t byte;
  unsigned shift = 0;
  do {
    if (!Byte(byte)) return false;
    // The tenth byte may hold only the 64th bit, and ends the varint.
    if (shift >= kLastVarintShift && (byte & 0xFEU) != 0) return false;
    result |= uint64_t{byte & 0x7FU} << shift;
    shift += 7;
  } while ((byte & 0x80U) != 0);
  value = result;
  return true;
}

bool WireReader::Varint32(uint32_t& value) {
  uint8_t byte;
  if (!Byte(byte)) return false;
  uint32_t result = byte & 0x7FU;
  for (unsigned shift = 7; (byte & 0x80U) != 0; shift += 7) {
    if (!Byte(byte)) return false;
    if (shift >= 32) {
      const uint8_t sign_extension = shift < kLastVarintShift ? 0xFF : 0x01;
      const bool pads = (byte & 0x7FU) == 0 || ((result >> 31U) != 0 && byte == sign_extension);
      if (shift > kLastVarintShift || !pads) return false;
    } else if (shift == 28) {
      // Bits 32..34 must be 0, or all set with bit 31 (a negative int32).
      if ((byte & 0x70U) != 0 && (byte & 0x78U) != 0x78U) return false;
      result |= uint32_t{byte & 0x0FU} << 28U;
    } else {
      result |= uint32_t{byte & 0x7FU} << shift;
    }
  }
  value = result;
  return true;
}

bool WireReader::Fixed32(uint32_t& value) {
  const uint8_t* bytes = at_;
  if (!Advance(sizeof(value))) return false;
  memcpy(&value, bytes, sizeof(value));
  return true;
}

bool WireReader::Fixed64(uint64_t& value) {
  const uint8_t* bytes = at_;
  if (!Advance(sizeof(value))) return false;
  memcpy(&value, bytes, sizeof(value));
  return true;
}

bool WireReader::Key(FieldKey& key) {
  uint32_t raw;
  if (!Varint32(raw)) return false;
  key.field = raw >> 3U;
  key.wire = raw & 7U;
  return key.field != 0;
}

bool WireReader::Delimited(WireReader& value) {
  uint32_t length;
  if (!Varint32(length) || length > left_) return false;
  value = WireReader(at_, length);
  return Advance(length);
}

bool WireReader::Skip(uint32_t wire) {
  uint8_t byte;
  WireReader value;
  switch (wire) {
    case kVarintWire:
      do {
        if (!Byte(byte)) return false;
      } while ((byte & 0x80U) != 0);
      return true;
    case kDelimitedWire:
      return Delimited(value);
    default:
      size_t size;
      return SkipScalar(wire, size);
  }
}

bool WireReader::SkipScalar(uint32_t wire, size_t& size) {
  uint8_t byte;
  switch (wire) {
    case kVarintWire:
      size = 0;
      do {
        if (++size > kMaxVarintBytes || !Byte(byte)) return false;
      } while ((byte & 0x80U) != 0);
      return true;
    case kFixed64Wire:
      size = 8;
      return Advance(size);
    case kFixed32Wire:
      size = 4;
      return Advance(size);
    default:
      return false;
  }
}

}  // namespace tinyfair::runtime::internal
