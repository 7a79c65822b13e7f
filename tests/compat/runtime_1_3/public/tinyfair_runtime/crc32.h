// CRC-32 (IEEE 802.3) as the model file uses it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/internal/no_fast_math.h"

namespace tinyfair::runtime {

/// CRC-32/ISO-HDLC: reflected polynomial 0xEDB88320, initial value and final
/// xor 0xFFFFFFFF. Crc32("123456789") == 0xCBF43926.
uint32_t Crc32(const uint8_t* bytes, size_t size);

}  // namespace tinyfair::runtime
