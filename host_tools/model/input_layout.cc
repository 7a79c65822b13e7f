// The input layout hash, written by SealModel and emitted by codegen.
#include "host_tools/model/input_layout.h"

#include "host_tools/model/model_file.h"

namespace tinyfair::host::model {
namespace {

void PutLength(std::string& out, size_t length) {
  for (int shift = 0; shift < 32; shift += 8) {
    out += static_cast<char>((length >> shift) & 0xFFU);
  }
}

void PutName(std::string& out, const std::string& name) {
  PutLength(out, name.size());
  out += name;
}

}  // namespace

std::string InputLayoutBytes(const tinyfair::Model& model) {
  std::string out;
  for (const tinyfair::Input& input : model.inputs()) {
    out += static_cast<char>(input.kind());
    PutName(out, input.name());
    PutLength(out, input.category_count());
    for (const std::string& category : input.categories()) PutName(out, category);
  }
  return out;
}

uint64_t InputLayoutHash(const tinyfair::Model& model) {
  const uint64_t hash = Fnv1a64(InputLayoutBytes(model));
  // 0 is kAnyInputLayout on the device; one value in 2^64 moves aside.
  return hash == 0 ? 1 : hash;
}

}  // namespace tinyfair::host::model
