// The model file on the host: sealing (content hash, CRC), reading with
// verification, protobuf JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/common/file_io.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::model {

/// The schema version this build writes.
inline constexpr uint32_t kSchemaMajor = 1;
inline constexpr uint32_t kSchemaMinor = 5;

/// FNV-1a 64 of bytes.
uint64_t Fnv1a64(const std::string& bytes);

/// Fills the version, the dimensions, the content hash and the CRC, folds
/// each numeric input's scale into the weights (FoldInputScales, so that a
/// model loaded in place reads its weights where they lie), and returns the
/// file bytes: 0x0D, the CRC (little-endian), then the rest.
/// A schema major version or a dimension the model already states is kept,
/// not rewritten, so that a wrong one is refused as the device refuses it.
/// The runtime's own Load() must accept the result, or this throws
/// std::runtime_error naming the runtime status.
std::string SealModel(tinyfair::Model& model);

/// SealModel's bytes without its check, for a caller that loads them into
/// the runtime at once (the same check, made once) and reports a refusal
/// as SealModel does: ModelRefused with no prefix.
std::string SealModelForLoad(tinyfair::Model& model);

/// The content hash a sealed `model` states: FNV-1a 64 of the protobuf
/// library's encoding of it without its CRC and content hash.
uint64_t ContentHashOf(tinyfair::Model model);

/// Only the seal: sets the content hash (of the protobuf library's encoding
/// without the CRC and the hash) and the CRC (of the file's bytes after the
/// CRC field) of `model` as it is, and returns the file's bytes, with their
/// arrays aligned. SealModelForLoad first sets the header a model is sealed
/// with (this schema version, its features, dimensions, folded scales and
/// layout).
std::string SealAsItIs(tinyfair::Model& model);

/// Loads `bytes` into the runtime as the device would; throws ModelRefused
/// (model_refused.h: "<prefix>the runtime refuses this model: <status>")
/// when Load() refuses them.
void VerifyWithRuntime(const std::string& bytes, const std::string& prefix);

/// True when `bytes` start with the CRC field and the CRC matches the rest:
/// a sealed model file, as opposed to the JSON mapping.
bool IsSealedModel(const std::string& bytes);

/// The bytes of a model as it is, without sealing it: the file it was read
/// from when it was read sealed and left unchanged. A model is written with
/// its arrays aligned (AlignedEncoding); one sealed as the protobuf library
/// encodes it (every file before the alignment) is given back that way.
std::string SerializeModel(const tinyfair::Model& model);

/// The file a model was read from when it was read sealed and left
/// unchanged (its CRC matches one of the two encodings above); none for a
/// model never sealed or changed since.
std::optional<std::string> SealedFileBytes(const tinyfair::Model& model);

/// Parses and verifies a sealed model, or a signed file's inner sealed model
/// (read as it is, never re-sealed; its signature is checked only by
/// CheckModelTrust with a key, model_trust.h): first everything the runtime's
/// Load() checks (refused with its status name), then the content hash;
/// throws ModelFileError (model_refused.h) with the reason otherwise.
tinyfair::Model ParseModelFile(const std::string& bytes, const std::string& name);

/// Protobuf JSON mapping of a model (field names as in the .proto), its
/// hashes written as 16 hexadecimal digits like every other output
/// (model_json_hashes.h); reading takes them in that form or in decimal.
/// ModelFromJson only parses (ModelFileError when the text is not a model):
/// a model from outside is read by AdmitModel (model_trust.h), which has the
/// runtime judge it first.
std::string ModelToJson(const tinyfair::Model& model);
tinyfair::Model ModelFromJson(const std::string& json, const std::string& name);

/// True when `bytes` are the JSON mapping of a model rather than a sealed or
/// signed file (told by content, not by the file's name).
bool IsModelJson(const std::string& bytes);

/// The bytes of the model file at `path`; a file larger than any model the
/// runtime's capacities allow is refused before it is read.
std::string ReadModelFileBytes(const std::string& path);

}  // namespace tinyfair::host::model
