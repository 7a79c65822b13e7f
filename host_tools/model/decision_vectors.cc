#include "host_tools/model/decision_vectors.h"

#include <cstring>
#include <stdexcept>

namespace tinyfair::host::model {
namespace {

template <typename T>
void Put(std::string& out, T value) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));  // the host is little-endian
  out.append(reinterpret_cast<const char*>(bytes), sizeof(T));
}

template <typename T>
T Get(const std::string& in, size_t& offset) {
  T value;
  std::memcpy(&value, in.data() + offset, sizeof(T));
  offset += sizeof(T);
  return value;
}

constexpr size_t kHeaderSize = 4 + 4 + 4 + 8 + 8;

}  // namespace

std::string EncodeDecisionVectors(const DecisionVectors& vectors) {
  if (vectors.input_count == 0 || vectors.inputs.size() % vectors.input_count != 0) {
    throw std::invalid_argument("decision vectors: inputs are not whole rows");
  }
  const size_t rows = vectors.inputs.size() / vectors.input_count;
  if (!vectors.groups.empty() && vectors.groups.size() != rows) {
    throw std::invalid_argument("decision vectors: one group per row");
  }
  std::string out = "TFV1";
  Put<uint32_t>(out, vectors.input_count);
  Put<uint32_t>(out, static_cast<uint32_t>(rows));
  Put<uint64_t>(out, vectors.seed);
  Put<uint64_t>(out, vectors.stream);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t i = 0; i < vectors.input_count; ++i)
      Put<float>(out, vectors.inputs[r * vectors.input_count + i]);
    Put<uint32_t>(out, vectors.groups.empty() ? 0U : vectors.groups[r]);
  }
  return out;
}

DecisionVectors DecodeDecisionVectors(const std::string& bytes, const std::string& name) {
  if (bytes.size() < kHeaderSize || bytes.compare(0, 4, "TFV1") != 0) {
    throw std::runtime_error(name + ": not a decision-vector file (no TFV1 header)");
  }
  size_t offset = 4;
  DecisionVectors vectors;
  vectors.input_count = Get<uint32_t>(bytes, offset);
  const uint32_t rows = Get<uint32_t>(bytes, offset);
  vectors.seed = Get<uint64_t>(bytes, offset);
  vectors.stream = Get<uint64_t>(bytes, offset);
  // Row size and count checked by division: a product of the header's
  // 32-bit counts could wrap and let a tiny file claim billions of values.
  const uint64_t row_bytes = uint64_t{4} * (uint64_t{vectors.input_count} + 1);
  const uint64_t payload = bytes.size() - kHeaderSize;
  if (vectors.input_count == 0 || payload % row_bytes != 0 || payload / row_bytes != rows) {
    throw std::runtime_error(name + ": size does not match its header (" +
                             std::to_string(vectors.input_count) + " inputs x " +
                             std::to_string(rows) + " rows)");
  }
  vectors.inputs.reserve(static_cast<size_t>(vectors.input_count) * rows);
  vectors.groups.reserve(rows);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t i = 0; i < vectors.input_count; ++i)
      vectors.inputs.push_back(Get<float>(bytes, offset));
    vectors.groups.push_back(Get<uint32_t>(bytes, offset));
  }
  return vectors;
}

}  // namespace tinyfair::host::model
