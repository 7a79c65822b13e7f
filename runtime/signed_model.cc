// Reads the signed file's envelope without decoding it as a message: its
// layout is fixed, so any other byte sequence is refused as malformed.
#include "signed_model.h"

#include "tinyfair_runtime/crypto.h"
#include "tinyfair_runtime/sha256.h"

namespace tinyfair::runtime::internal {
namespace {

constexpr uint8_t kSignatureTag = (1U << 3U) | 2U;  // field 1, bytes
constexpr uint8_t kKeyIdTag = (2U << 3U) | 1U;      // field 2, fixed64
constexpr uint8_t kModelTag = (3U << 3U) | 2U;      // field 3, bytes
constexpr size_t kSignatureBytes = crypto::kEd25519SignatureBytes;

uint64_t LittleEndian64(const uint8_t* bytes) {
  uint64_t value = 0;
  for (size_t i = 8; i-- > 0;) value = (value << 8U) | bytes[i];
  return value;
}

// A minimal varint of at most 32 bits at bytes[at..size); advances `at`.
bool ReadLength(const uint8_t* bytes, size_t size, size_t& at, size_t& length) {
  uint32_t value = 0;
  for (uint32_t shift = 0; shift < 35 && at < size; shift += 7) {
    const uint8_t byte = bytes[at++];
    if (shift == 28 && (byte & 0xF0U) != 0) return false;  // beyond 32 bits
    value |= static_cast<uint32_t>(byte & 0x7FU) << shift;
    if ((byte & 0x80U) == 0) {
      // The writer never pads a varint with a trailing zero group.
      if (byte == 0 && shift != 0) return false;
      length = value;
      return true;
    }
  }
  return false;
}

}  // namespace

bool LooksSigned(const uint8_t* bytes, size_t size) {
  return size >= 1 && bytes[0] == kSignatureTag;
}

bool ReadSignedEnvelope(const uint8_t* bytes, size_t size, SignedEnvelope& out) {
  size_t at = 0;
  if (size < 2 + kSignatureBytes || bytes[0] != kSignatureTag || bytes[1] != kSignatureBytes) {
    return false;
  }
  out.signature = bytes + 2;
  at = 2 + kSignatureBytes;
  out.key_id = 0;
  if (at < size && bytes[at] == kKeyIdTag) {
    if (size - at < 9) return false;
    out.key_id = LittleEndian64(bytes + at + 1);
    // proto3 omits a zero id, so a written zero is not the writer's layout.
    if (out.key_id == 0) return false;
    at += 9;
  }
  if (at >= size || bytes[at] != kModelTag) return false;
  ++at;
  size_t length = 0;
  if (!ReadLength(bytes, size, at, length) || length == 0 || length != size - at) return false;
  out.model = bytes + at;
  out.model_size = length;
  return true;
}

uint64_t KeyIdOf(const uint8_t public_key[32]) {
  uint8_t digest[crypto::kSha256Bytes];
  crypto::Sha256(public_key, crypto::kEd25519PublicKeyBytes, digest);
  return LittleEndian64(digest);
}

}  // namespace tinyfair::runtime::internal
