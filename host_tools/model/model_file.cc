// Model sealing and verification. The runtime itself checks every sealed
// model, so the host can never write a file the device would refuse.
#include "host_tools/model/model_file.h"

#include <google/protobuf/util/json_util.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "host_tools/model/aligned_encoding.h"
#include "host_tools/model/folded_scales.h"
#include "host_tools/model/input_layout.h"
#include "host_tools/model/model_features.h"
#include "host_tools/model/model_json_hashes.h"
#include "host_tools/model/model_refused.h"
#include "host_tools/model/model_signature.h"
#include "tinyfair_runtime/crc32.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {
namespace {

constexpr char kModelCrcTag = 0x0D;
constexpr std::size_t kCrcFieldBytes = 5;  // the tag and a fixed32

// Sets a dimension the model leaves at 0 (the fits write none but the group
// count); one it states is kept, so that Load() judges it.
void FillDimension(uint32_t counted, uint32_t (tinyfair::Dimensions::*get)() const,
                   void (tinyfair::Dimensions::*set)(uint32_t), tinyfair::Dimensions& dims) {
  if ((dims.*get)() == 0) (dims.*set)(counted);
}

void FillDimensions(tinyfair::Model& model) {
  using D = tinyfair::Dimensions;
  auto& dims = *model.mutable_dimensions();
  uint32_t categories = 0;
  for (const auto& input : model.inputs()) categories += input.category_count();
  const auto members =
      model.has_mixture() ? static_cast<uint32_t>(model.mixture().probability_size()) : 0U;
  FillDimension(static_cast<uint32_t>(model.inputs_size()), &D::input_count, &D::set_input_count,
                dims);
  FillDimension(categories, &D::category_count, &D::set_category_count, dims);
  FillDimension(static_cast<uint32_t>(model.groups().attribute_inputs_size()),
                &D::group_attribute_count, &D::set_group_attribute_count, dims);
  FillDimension(members, &D::member_count, &D::set_member_count, dims);
  FillDimension(static_cast<uint32_t>(model.groups().group_names_size()), &D::group_count,
                &D::set_group_count, dims);
}

// The protobuf library's serialization, which the content hash is taken of.
std::string CanonicalEncoding(const tinyfair::Model& model) {
  std::string bytes;
  if (!model.SerializeToString(&bytes)) {
    throw std::runtime_error("cannot serialize the model");
  }
  return bytes;
}

// The file's encoding of `model` with `crc` in its CRC field, which the
// runtime finds in the first five bytes: the protobuf library writes fields
// in number order, and this checks that it did.
std::string EncodingWithCrc(tinyfair::Model model, uint32_t crc) {
  model.set_crc32(crc);
  std::string bytes = AlignedEncoding(model);
  if (bytes.size() < kCrcFieldBytes || bytes[0] != kModelCrcTag) {
    throw std::runtime_error("the CRC field was not serialized first");
  }
  return bytes;
}

void PutCrc(uint32_t crc, std::string& bytes) {
  for (std::size_t b = 0; b < 4; ++b) bytes[1 + b] = static_cast<char>((crc >> (8 * b)) & 0xFFU);
}

}  // namespace

std::optional<std::string> SealedFileBytes(const tinyfair::Model& model) {
  if (!model.has_crc32()) return std::nullopt;
  std::string aligned = AlignedEncoding(model);
  if (IsSealedModel(aligned)) return aligned;
  // A file sealed before its arrays were aligned holds the library's
  // encoding: its CRC says which of the two it was sealed as.
  std::string canonical = CanonicalEncoding(model);
  if (IsSealedModel(canonical)) return canonical;
  return std::nullopt;
}

std::string SerializeModel(const tinyfair::Model& model) {
  if (std::optional<std::string> sealed = SealedFileBytes(model)) return *std::move(sealed);
  return AlignedEncoding(model);
}

void VerifyWithRuntime(const std::string& bytes, const std::string& prefix) {
  auto device_model = std::make_unique<runtime::ModelWithStorage<>>();
  device_model->AcceptIntegerModels();  // the host reads integer models too
  const runtime::Status status =
      device_model->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  if (!runtime::IsOk(status)) {
    throw ModelRefused(prefix, runtime::StatusName(status));
  }
}

bool IsSealedModel(const std::string& bytes) {
  if (bytes.size() < 5 || static_cast<unsigned char>(bytes[0]) != 0x0D) return false;
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const uint32_t stored = static_cast<uint32_t>(data[1]) | (static_cast<uint32_t>(data[2]) << 8U) |
                          (static_cast<uint32_t>(data[3]) << 16U) |
                          (static_cast<uint32_t>(data[4]) << 24U);
  return runtime::Crc32(data + 5, bytes.size() - 5) == stored;
}

uint64_t Fnv1a64(const std::string& bytes) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string SealModel(tinyfair::Model& model) {
  std::string bytes = SealModelForLoad(model);
  VerifyWithRuntime(bytes, "");
  return bytes;
}

std::string SealModelForLoad(tinyfair::Model& model) {
  if (model.schema_major() == 0) model.set_schema_major(kSchemaMajor);
  model.set_schema_minor(kSchemaMinor);
  model.set_required_features(RequiredFeatures(model));
  FillDimensions(model);
  FoldInputScales(model);
  model.set_input_layout_hash(InputLayoutHash(model));
  return SealAsItIs(model);
}

uint64_t ContentHashOf(tinyfair::Model model) {
  model.clear_crc32();
  model.clear_content_hash();
  return Fnv1a64(CanonicalEncoding(model));
}

std::string SealAsItIs(tinyfair::Model& model) {
  model.set_content_hash(ContentHashOf(model));
  // The payload after the CRC is laid out with a placeholder in its place
  // (a fixed32 takes four bytes whatever it holds), then the CRC of the
  // payload replaces it.
  std::string bytes = EncodingWithCrc(model, 1);
  const auto* payload = reinterpret_cast<const uint8_t*>(bytes.data()) + kCrcFieldBytes;
  const uint32_t crc = runtime::Crc32(payload, bytes.size() - kCrcFieldBytes);
  model.set_crc32(crc);
  PutCrc(crc, bytes);
  return bytes;
}

tinyfair::Model ParseModelFile(const std::string& bytes, const std::string& name) {
  // The device's own checks first, so that the host refuses what Load()
  // refuses, with the same status name.
  VerifyWithRuntime(bytes, name + ": ");
  // A signed file's model is its inner sealed model, read as it is.
  const std::string sealed = IsSignedModelFile(bytes) ? ReadSignedModel(bytes).model : bytes;
  tinyfair::Model model;
  if (!model.ParseFromString(sealed)) {
    throw ModelFileError(name + ": not a valid protobuf encoding of tinyfair.Model");
  }
  if (ContentHashOf(model) != model.content_hash()) {
    throw ModelFileError(name + ": content hash mismatch");
  }
  return model;
}

std::string ModelToJson(const tinyfair::Model& model) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string json;
  const auto status = google::protobuf::util::MessageToJsonString(model, &json, options);
  if (!status.ok()) throw std::runtime_error("cannot print the model as JSON");
  return HashesToHex(json);
}

tinyfair::Model ModelFromJson(const std::string& json, const std::string& name) {
  tinyfair::Model model;
  const auto status = google::protobuf::util::JsonStringToMessage(HashesToDecimal(json), &model);
  if (!status.ok()) {
    throw ModelFileError(name + ": not a tinyfair.Model in JSON: " + std::string(status.message()));
  }
  return model;
}

// Generous: the largest arrays the runtime's capacities allow
// (kMaxMemberWeights + kMaxMemberCategoryWeights floats and the names) take
// a few megabytes as JSON text. A larger file is the wrong file, refused
// before it fills memory (a 2 GB file used to take 4.2 GB before its parse
// failed).
constexpr size_t kMaxModelFileBytes = size_t{64} << 20;

// A sealed model starts with its CRC field (tag 0x0D, which JSON also reads
// as whitespace, then the CRC's four bytes, which may hold a '{'), so the
// CRC decides: it matches for a sealed model and, but for a 2^-32 chance,
// not for JSON text.
bool IsModelJson(const std::string& bytes) {
  const size_t first = bytes.find_first_not_of(" \t\r\n");
  return !IsSealedModel(bytes) && first != std::string::npos && bytes[first] == '{';
}

std::string ReadModelFileBytes(const std::string& path) {
  return common::ReadFileAtMost(path, kMaxModelFileBytes, "a model file");
}

}  // namespace tinyfair::host::model
