// Editing the small test models' bytes: locating a packed float, setting it,
// and sealing the result again with a matching CRC, as an exporter (or an
// attacker) would.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::testing {

/// Writes the CRC of bytes[5..size) into bytes[1..5).
void Reseal(uint8_t* bytes, size_t size);

/// The offset of the first value of the packed float field `inner` inside
/// the top-level message field `outer` (single-byte tags and lengths, as the
/// small test models have); 0 when there is none.
size_t PackedFloatOffset(const uint8_t* bytes, size_t size, uint8_t outer, uint8_t inner);

/// Copies the top-level fields of `bytes` but every occurrence of `field`
/// into `out`; returns the bytes written (0 on bytes that do not read).
size_t CopyWithoutField(const uint8_t* bytes, size_t size, uint32_t field, uint8_t* out);

/// Writes a float's bits, little-endian, as the wire holds them.
void SetFloatBits(uint8_t* at, uint32_t bits);

/// The small ramp model's first threshold and first width (GroupRampRule
/// fields 1 and 2 in Model field 11).
size_t RampThresholdOffset();
size_t RampWidthOffset();

/// The small ramp model's first input's scale (Input field 4 in the first
/// Model field 7); 0 when there is none.
size_t FirstInputScaleOffset();

/// The small ramp model's first reference positive rate (the packed float
/// Model field 20); 0 when there is none.
size_t ReferenceRateOffset();

}  // namespace tinyfair::testing
