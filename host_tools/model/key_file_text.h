// The text of a key file: a first line naming its kind, then the 32 key
// bytes as 64 lowercase hexadecimal digits and a newline. The kind line
// keeps the two files of a pair apart: a public key given where the private
// key is needed (`export --sign product.key.pub`) would otherwise be read as
// a seed, and the "private" key it makes is one anyone can derive.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace tinyfair::host::model {

enum class KeyKind { kPrivate, kPublic };

/// The first line of a key file of `kind` (without its newline).
const char* KeyKindLine(KeyKind kind);

/// The most bytes a key file of either kind holds (a final newline included).
size_t KeyFileMaxBytes();

/// The file text of `bytes` as a key of `kind`.
std::string KeyFileText(KeyKind kind, const std::array<uint8_t, 32>& bytes);

/// The key bytes of `text`, the contents of the file `path`, which must be a
/// key file of `kind` (a private key's final newline may be missing).
/// @throws common::DataError naming `path` and, for a key file of the other
///         kind, both kinds; for bare digits (no kind line), how to mark them.
std::array<uint8_t, 32> ParseKeyFileText(const std::string& text, const std::string& path,
                                         KeyKind kind);

}  // namespace tinyfair::host::model
