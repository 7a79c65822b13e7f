#include "host_tools/model/key_file_text.h"

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"

namespace tinyfair::host::model {
namespace {

constexpr size_t kKeyBytes = 32;
constexpr size_t kKeyDigits = 2 * kKeyBytes;
constexpr const char* kPrivateLine = "tinyfair-ed25519-private-key";
constexpr const char* kPublicLine = "tinyfair-ed25519-public-key";

const char* KindName(KeyKind kind) { return kind == KeyKind::kPrivate ? "private" : "public"; }

KeyKind Other(KeyKind kind) {
  return kind == KeyKind::kPrivate ? KeyKind::kPublic : KeyKind::kPrivate;
}

int HexValue(char digit) {
  if (digit >= '0' && digit <= '9') return digit - '0';
  if (digit >= 'a' && digit <= 'f') return digit - 'a' + 10;
  return -1;
}

std::string Layout(KeyKind kind) {
  return common::FormatText(
      "a %s key file is the line \"%s\", then the %zu-byte key as %zu "
      "lowercase hexadecimal digits and a newline",
      KindName(kind), KeyKindLine(kind), kKeyBytes, kKeyDigits);
}

common::DataError WrongKind(const std::string& path, KeyKind given, KeyKind wanted) {
  return common::DataError(
      path, 1, 0,
      common::FormatText("a %s key file (\"%s\") was given where the %s key is needed",
                         KindName(given), KeyKindLine(given), KindName(wanted)) +
          (wanted == KeyKind::kPrivate
               ? " (export --sign takes the private key that keygen wrote, not its .pub)"
               : " (--public-key takes keygen's .pub file; the private key stays on the "
                 "signing machine)"));
}

}  // namespace

const char* KeyKindLine(KeyKind kind) {
  return kind == KeyKind::kPrivate ? kPrivateLine : kPublicLine;
}

size_t KeyFileMaxBytes() { return std::string(kPrivateLine).size() + 1 + kKeyDigits + 1; }

std::string KeyFileText(KeyKind kind, const std::array<uint8_t, 32>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text = std::string(KeyKindLine(kind)) + "\n";
  for (uint8_t byte : bytes) {
    text += kDigits[byte >> 4U];
    text += kDigits[byte & 0x0FU];
  }
  return text + "\n";
}

std::array<uint8_t, 32> ParseKeyFileText(const std::string& text, const std::string& path,
                                         KeyKind kind) {
  const size_t end_of_kind = text.find('\n');
  const std::string first = text.substr(0, end_of_kind);
  if (first == KeyKindLine(Other(kind))) throw WrongKind(path, Other(kind), kind);
  if (first != KeyKindLine(kind)) {
    const bool bare_digits = first.size() == kKeyDigits &&
                             first.find_first_not_of("0123456789abcdef") == std::string::npos;
    throw common::DataError(
        path, 1, 0,
        (bare_digits ? std::string("64 digits without the line naming the key's kind; ")
                     : std::string("not a ") + KindName(kind) + " key file; ") +
            Layout(kind) +
            (bare_digits ? " (add that line before the digits if this is the " +
                               std::string(KindName(kind)) + " key)"
                         : ""));
  }
  std::string digits = end_of_kind == std::string::npos ? "" : text.substr(end_of_kind + 1);
  // A private key typed or pasted may lose its final newline; a public key
  // file goes into firmware builds as it is, so it is exact.
  const bool has_newline = !digits.empty() && digits.back() == '\n';
  if (has_newline) digits.pop_back();
  if (!has_newline && kind == KeyKind::kPublic) {
    throw common::DataError(path, 2, 0, "no newline after the digits; " + Layout(kind));
  }
  if (digits.size() != kKeyDigits) {
    throw common::DataError(
        path, 2, 0,
        common::FormatText("%zu characters before the newline; ", digits.size()) + Layout(kind) +
            " (is it truncated, or the wrong file?)");
  }
  std::array<uint8_t, kKeyBytes> bytes{};
  for (size_t i = 0; i < kKeyDigits; ++i) {
    const int value = HexValue(digits[i]);
    if (value < 0) {
      throw common::DataError(
          path, 2, i + 1,
          common::FormatText("byte %zu is not a lowercase hexadecimal digit; ", i + 1) +
              Layout(kind));
    }
    bytes[i / 2] = static_cast<uint8_t>((bytes[i / 2] << 4U) | static_cast<unsigned>(value));
  }
  return bytes;
}

}  // namespace tinyfair::host::model
