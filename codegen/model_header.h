// Generates the C++ header that carries a model into firmware.
#pragma once

#include <stddef.h>

#include <string>

namespace tinyfair::codegen {

/// What the runtime's Load() keeps of a model beyond its bytes, the same on
/// every target (counts times fixed-width values, aligned alike): arrays
/// copied, and read in place from bytes aligned to 8 (as the generated
/// array is).
struct StorageBytes {
  size_t copied = 0;
  size_t in_place = 0;
};

/// The storage a model file needs; throws std::runtime_error naming
/// `source` when the runtime refuses the bytes.
StorageBytes ModelStorageBytes(const std::string& bytes, const std::string& source);

/// A header holding the sealed model bytes as `alignas(8) inline constexpr
/// uint8_t k<Name>[]`, with its size, model id and `k<Name>Hash`, the model
/// hash its decision records carry (the first 8 bytes of the SHA-256 of the
/// sealed bytes, big-endian), in namespace tinyfair_models. `name` is CamelCase (e.g. "DemoModel").
/// `source` names the model file in the header's first comment.
std::string ModelBytesHeader(const std::string& name, const std::string& bytes,
                             const std::string& source);

/// The same for C firmware: `static const uint8_t k<Name>[]` (8-byte
/// aligned) with `k<Name>Size` and `k<Name>Hash` as macros, for the C API
/// (tinyfair_runtime/tinyfair.h).
std::string ModelBytesHeaderC(const std::string& name, const std::string& bytes,
                              const std::string& source);

}  // namespace tinyfair::codegen
