// CRC-32 check value and sensitivity.
#include "tinyfair_runtime/crc32.h"

#include "tests/framework/tinytest.h"

namespace {

TEST(Crc32, CheckValue) {
  const uint8_t text[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  EXPECT_EQ(0xCBF43926U, tinyfair::runtime::Crc32(text, sizeof(text)));
}

TEST(Crc32, EmptyIsZero) { EXPECT_EQ(0U, tinyfair::runtime::Crc32(nullptr, 0)); }

TEST(Crc32, SeesEverySingleBitFlip) {
  uint8_t bytes[16] = {};
  const uint32_t clean = tinyfair::runtime::Crc32(bytes, sizeof(bytes));
  for (unsigned bit = 0; bit < sizeof(bytes) * 8; ++bit) {
    bytes[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
    EXPECT_NE(clean, tinyfair::runtime::Crc32(bytes, sizeof(bytes)));
    bytes[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
  }
}

}  // namespace
