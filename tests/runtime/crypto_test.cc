// The runtime's cryptography from libsodium against published test vectors:
// RFC 8032 section 7.1 tests 1-3 (Ed25519) and the SipHash paper, appendix A
// (SipHash-2-4), on the host and on every board. SHA-256: sha256_test.cc.
#include "tinyfair_runtime/crypto.h"

#include "tests/framework/tinytest.h"

namespace {

namespace crypto = tinyfair::runtime::crypto;

// The bytes of a hexadecimal string literal, at compile time.
template <size_t kBytes>
struct Hex {
  uint8_t bytes[kBytes] = {};
  constexpr explicit Hex(const char (&text)[2 * kBytes + 1]) {
    for (size_t i = 0; i < kBytes; ++i) {
      bytes[i] = static_cast<uint8_t>(Nibble(text[2 * i]) * 16 + Nibble(text[2 * i + 1]));
    }
  }
  static constexpr int Nibble(char c) { return c <= '9' ? c - '0' : c - 'a' + 10; }
};
template <size_t kChars>
Hex(const char (&)[kChars]) -> Hex<(kChars - 1) / 2>;

struct SignedMessage {
  Hex<32> public_key;
  const uint8_t* message;
  size_t size;
  Hex<64> signature;
};

constexpr uint8_t kTest2Message[] = {0x72};
constexpr uint8_t kTest3Message[] = {0xaf, 0x82};
const SignedMessage kRfc8032[] = {
    {Hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"), nullptr, 0,
     Hex("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
         "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")},
    {Hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"), kTest2Message, 1,
     Hex("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
         "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")},
    {Hex("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"), kTest3Message, 2,
     Hex("6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
         "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a")},
};

TEST(Ed25519, Rfc8032SignaturesVerify) {
  for (const SignedMessage& test : kRfc8032) {
    EXPECT_TRUE(crypto::VerifyEd25519(test.signature.bytes, test.message, test.size,
                                      test.public_key.bytes));
  }
}

TEST(Ed25519, EveryFlippedSignatureBitIsRefused) {
  const SignedMessage& test = kRfc8032[2];
  Hex<64> signature = test.signature;
  for (unsigned bit = 0; bit < 64 * 8; ++bit) {
    signature.bytes[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
    EXPECT_FALSE(
        crypto::VerifyEd25519(signature.bytes, test.message, test.size, test.public_key.bytes));
    signature.bytes[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
  }
}

TEST(Ed25519, AnotherMessageOrKeyIsRefused) {
  const SignedMessage& test = kRfc8032[2];
  uint8_t message[] = {0xaf, 0x82};
  message[1] ^= 1U;
  EXPECT_FALSE(
      crypto::VerifyEd25519(test.signature.bytes, message, sizeof(message), test.public_key.bytes));
  EXPECT_FALSE(crypto::VerifyEd25519(test.signature.bytes, test.message, test.size,
                                     kRfc8032[1].public_key.bytes));
  EXPECT_FALSE(crypto::VerifyEd25519(test.signature.bytes, test.message, 1, test.public_key.bytes));
}

TEST(SipHash24, PaperVectors) {
  uint8_t key[crypto::kSipHashKeyBytes];
  uint8_t message[15];
  for (uint8_t i = 0; i < sizeof(key); ++i) key[i] = i;
  for (uint8_t i = 0; i < sizeof(message); ++i) message[i] = i;
  EXPECT_EQ(0xa129ca6149be45e5ULL, crypto::SipHash24(key, message, sizeof(message)));
  EXPECT_EQ(0x726fdb47dd0e0e31ULL, crypto::SipHash24(key, nullptr, 0));
}

}  // namespace
