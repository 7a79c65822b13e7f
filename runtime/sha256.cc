// SHA-256 written for code size. Every Load computes it, signed model or not,
// so it is in every firmware: libsodium's hash_sha256_cp.c (compression
// unrolled) took 2,284 B of flash on the Cortex-M4F and Debian's mbedtls with
// MBEDTLS_SHA256_SMALLER 1,724 B (docs/decoder_size_steps.md); the bound is
// 1,024 B. Hence one loop over the 64 rounds of FIPS 180-4 section 6.2.2, the
// message schedule in a ring of 16 words, the constants in one table, and the
// padding produced byte by byte in the same loop that reads the message.
// Bytes are read one at a time (big-endian words, any alignment: the M0 has
// no unaligned access). Checked against the FIPS 180-4 / CAVP vectors and
// Python's hashlib (tests/runtime/sha256_test.cc).
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::runtime::crypto {
namespace {

constexpr unsigned kBlockBytes = 64;
constexpr unsigned kLengthBytes = 8;  // the message's length in bits, big-endian
constexpr unsigned kStateWords = 8;

// H(0) (FIPS 180-4 section 5.3.3), then K (section 4.2.2): one table.
constexpr uint32_t kConstants[kStateWords + 64] = {
    0x6a09e667U, 0xbb67ae85U, 0x3c6ef372U, 0xa54ff53aU, 0x510e527fU, 0x9b05688cU, 0x1f83d9abU,
    0x5be0cd19U,  // H(0)
    0x428a2f98U, 0x71374491U, 0xb5c0fbcfU, 0xe9b5dba5U, 0x3956c25bU, 0x59f111f1U, 0x923f82a4U,
    0xab1c5ed5U, 0xd807aa98U, 0x12835b01U, 0x243185beU, 0x550c7dc3U, 0x72be5d74U, 0x80deb1feU,
    0x9bdc06a7U, 0xc19bf174U, 0xe49b69c1U, 0xefbe4786U, 0x0fc19dc6U, 0x240ca1ccU, 0x2de92c6fU,
    0x4a7484aaU, 0x5cb0a9dcU, 0x76f988daU, 0x983e5152U, 0xa831c66dU, 0xb00327c8U, 0xbf597fc7U,
    0xc6e00bf3U, 0xd5a79147U, 0x06ca6351U, 0x14292967U, 0x27b70a85U, 0x2e1b2138U, 0x4d2c6dfcU,
    0x53380d13U, 0x650a7354U, 0x766a0abbU, 0x81c2c92eU, 0x92722c85U, 0xa2bfe8a1U, 0xa81a664bU,
    0xc24b8b70U, 0xc76c51a3U, 0xd192e819U, 0xd6990624U, 0xf40e3585U, 0x106aa070U, 0x19a4c116U,
    0x1e376c08U, 0x2748774cU, 0x34b0bcb5U, 0x391c0cb3U, 0x4ed8aa4aU, 0x5b9cca4fU, 0x682e6ff3U,
    0x748f82eeU, 0x78a5636fU, 0x84c87814U, 0x8cc70208U, 0x90befffaU, 0xa4506cebU, 0xbef9a3f7U,
    0xc67178f2U,
};
constexpr const uint32_t* kInitialHash = kConstants;
constexpr const uint32_t* kRoundConstants = kConstants + kStateWords;

constexpr uint32_t RotateRight(uint32_t x, unsigned n) { return (x >> n) | (x << (32U - n)); }

// The logical functions of FIPS 180-4 section 4.1.2.
constexpr uint32_t Choose(uint32_t x, uint32_t y, uint32_t z) { return z ^ (x & (y ^ z)); }
constexpr uint32_t Majority(uint32_t x, uint32_t y, uint32_t z) { return (x & y) | (z & (x | y)); }
constexpr uint32_t UpperSigma0(uint32_t x) {
  return RotateRight(x, 2) ^ RotateRight(x, 13) ^ RotateRight(x, 22);
}
constexpr uint32_t UpperSigma1(uint32_t x) {
  return RotateRight(x, 6) ^ RotateRight(x, 11) ^ RotateRight(x, 25);
}
constexpr uint32_t LowerSigma0(uint32_t x) {
  return RotateRight(x, 7) ^ RotateRight(x, 18) ^ (x >> 3U);
}
constexpr uint32_t LowerSigma1(uint32_t x) {
  return RotateRight(x, 17) ^ RotateRight(x, 19) ^ (x >> 10U);
}

// One block into `state`. `ring` holds the block's 16 words; from round 16 on
// W(t) replaces W(t-16) in it (the schedule's four terms are at t-2, t-7,
// t-15 and t-16 modulo 16), so no 64-word schedule is kept. a..h are eight
// locals, not an array: in an array they live in memory, which made the
// digest twice as slow (56,134 against 28,655 instructions for a 249-byte
// model on the M4F) for 120 B less.
void Compress(uint32_t state[kStateWords], uint32_t ring[16]) {
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
  for (unsigned t = 0; t < 64; ++t) {
    uint32_t& w = ring[t % 16];
    if (t >= 16) {
      w += LowerSigma1(ring[(t + 14) % 16]) + ring[(t + 9) % 16] + LowerSigma0(ring[(t + 1) % 16]);
    }
    const uint32_t t1 = h + UpperSigma1(e) + Choose(e, f, g) + kRoundConstants[t] + w;
    const uint32_t t2 = UpperSigma0(a) + Majority(a, b, c);
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

// Byte `at` of the padded message (FIPS 180-4 section 5.1.1): the message,
// 0x80, zeros, then its length in bits as 8 big-endian bytes ending at
// `padded_size`, taken from two 32-bit words (no 64-bit shift: a library call
// on the M0).
uint8_t PaddedByte(const uint8_t* bytes, size_t size, size_t padded_size, size_t at) {
  if (at < size) return bytes[at];
  if (at == size) return 0x80U;
  const size_t from_end = padded_size - 1 - at;
  if (from_end >= kLengthBytes) return 0;
  const uint32_t length_word =
      from_end < 4 ? static_cast<uint32_t>(size << 3U) : static_cast<uint32_t>(size >> 29U);
  return static_cast<uint8_t>(length_word >> (8U * (from_end % 4)));
}

}  // namespace

void Sha256(const uint8_t* bytes, size_t size, uint8_t digest[kSha256Bytes]) {
  uint32_t state[kStateWords];
  for (unsigned i = 0; i < kStateWords; ++i) state[i] = kInitialHash[i];
  const size_t padded_size =
      (size + 1 + kLengthBytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
  uint32_t ring[16] = {};
  for (size_t at = 0; at < padded_size; ++at) {
    uint32_t& word = ring[at / 4 % 16];
    word = (word << 8U) | PaddedByte(bytes, size, padded_size, at);
    if (at % kBlockBytes == kBlockBytes - 1) Compress(state, ring);
  }
  for (unsigned i = 0; i < kSha256Bytes; ++i) {
    digest[i] = static_cast<uint8_t>(state[i / 4] >> (24U - 8U * (i % 4)));
  }
}

}  // namespace tinyfair::runtime::crypto
