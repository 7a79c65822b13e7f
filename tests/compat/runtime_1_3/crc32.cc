// CRC-32 with a 16-entry table: 64 bytes of flash, one lookup per nibble.
#include "tinyfair_runtime/crc32.h"

namespace tinyfair::runtime {
namespace {

constexpr uint32_t kNibbleTable[16] = {
    0x00000000U, 0x1DB71064U, 0x3B6E20C8U, 0x26D930ACU, 0x76DC4190U, 0x6B6B51F4U,
    0x4DB26158U, 0x5005713CU, 0xEDB88320U, 0xF00F9344U, 0xD6D6A3E8U, 0xCB61B38CU,
    0x9B64C2B0U, 0x86D3D2D4U, 0xA00AE278U, 0xBDBDF21CU,
};

}  // namespace

uint32_t Crc32(const uint8_t* bytes, size_t size) {
  uint32_t crc = 0xFFFFFFFFU;
  for (size_t i = 0; i < size; ++i) {
    crc ^= bytes[i];
    crc = (crc >> 4U) ^ kNibbleTable[crc & 0x0FU];
    crc = (crc >> 4U) ^ kNibbleTable[crc & 0x0FU];
  }
  return crc ^ 0xFFFFFFFFU;
}

}  // namespace tinyfair::runtime
