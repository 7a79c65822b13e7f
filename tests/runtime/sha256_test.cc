// The runtime's SHA-256 (runtime/sha256.cc) against the vectors of FIPS 180-4's
// examples and NIST's CAVP (SHA256ShortMsg), and against Python's hashlib for
// every length from 0 to 130 bytes (sha256_vectors.h, generated at build
// time), on the host and on every board.
#include "tinyfair_runtime/sha256.h"

#include "sha256_vectors.h"
#include "tests/framework/tinytest.h"
#include "tests/runtime/test_storage.h"

namespace {

namespace crypto = tinyfair::runtime::crypto;
using tinyfair_sha256_vectors::kSha256Message;
using tinyfair_sha256_vectors::kSha256MessageBytes;
using tinyfair_sha256_vectors::kSha256OfPrefix;

// The digest of [bytes, bytes + size) is the one written in hexadecimal.
bool DigestIs(const char (&hex)[2 * crypto::kSha256Bytes + 1], const void* bytes, size_t size) {
  uint8_t digest[crypto::kSha256Bytes];
  crypto::Sha256(static_cast<const uint8_t*>(bytes), size, digest);
  constexpr char kDigits[] = "0123456789abcdef";
  for (size_t i = 0; i < crypto::kSha256Bytes; ++i) {
    if (hex[2 * i] != kDigits[digest[i] >> 4U] || hex[2 * i + 1] != kDigits[digest[i] & 0x0FU]) {
      return false;
    }
  }
  return true;
}

bool SameDigest(const uint8_t* a, const uint8_t* b) {
  for (size_t i = 0; i < crypto::kSha256Bytes; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

TEST(Sha256, EmptyMessage) {
  EXPECT_TRUE(
      DigestIs("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", nullptr, 0));
}

TEST(Sha256, OneBlockMessageAbc) {
  EXPECT_TRUE(
      DigestIs("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "abc", 3));
}

// 448 bits: the message fills the first block up to its length field, so the
// padding takes a second block.
TEST(Sha256, TwoBlockMessage448Bits) {
  const char message[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  EXPECT_TRUE(DigestIs("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", message,
                       sizeof(message) - 1));
}

TEST(Sha256, TwoBlockMessage896Bits) {
  const char message[] =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmno"
      "pqrsmnopqrstnopqrstu";
  static_assert(sizeof(message) - 1 == 896 / 8);
  EXPECT_TRUE(DigestIs("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", message,
                       sizeof(message) - 1));
}

// Every padding case (length field in the same block or the next, one to
// three blocks) and every alignment of the message's end, against hashlib.
TEST(Sha256, EveryLengthUpTo130BytesMatchesHashlib) {
  int mismatches = 0;
  for (size_t length = 0; length <= kSha256MessageBytes; ++length) {
    uint8_t digest[crypto::kSha256Bytes];
    crypto::Sha256(kSha256Message, length, digest);
    if (!SameDigest(digest, kSha256OfPrefix[length])) ++mismatches;
  }
  EXPECT_EQ(0, mismatches);
}

// Bytes are read one at a time: the digest does not depend on where the
// message lies (the M0 faults on an unaligned word load).
TEST(Sha256, AnyAlignment) {
  static_assert(kSha256MessageBytes + 4 <= tinyfair::testing::kScratchSize);
  uint8_t* shifted = tinyfair::testing::Scratch();
  for (size_t offset = 0; offset < 4; ++offset) {
    for (size_t i = 0; i < kSha256MessageBytes; ++i) shifted[offset + i] = kSha256Message[i];
    uint8_t digest[crypto::kSha256Bytes];
    crypto::Sha256(shifted + offset, kSha256MessageBytes, digest);
    EXPECT_TRUE(SameDigest(digest, kSha256OfPrefix[kSha256MessageBytes]));
  }
}

// One million 'a' (FIPS 180-4 examples): a megabyte in one buffer, which no
// board here has, so on the host only.
#if !defined(__arm__) && !defined(__riscv)
TEST(Sha256, OneMillionA) {
  static uint8_t million[1000000];
  for (uint8_t& byte : million) byte = 'a';
  EXPECT_TRUE(DigestIs("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", million,
                       sizeof(million)));
}
#endif

}  // namespace
