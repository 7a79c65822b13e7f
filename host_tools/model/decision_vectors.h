// The decision-vector file: inputs and a PRNG seed that the firmware replays
// through the runtime (docs/decision_records.md). Little-endian:
//   "TFV1", uint32 input_count, uint32 row_count, uint64 seed, uint64 stream,
//   then row_count rows of input_count float32 values and a uint32 group
//   (read only by models whose groups are given directly).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tinyfair::host::model {

struct DecisionVectors {
  uint32_t input_count = 0;
  uint64_t seed = 0;
  uint64_t stream = 0;
  /// Row-major, input_count values per row.
  std::vector<float> inputs;
  /// One per row (empty: all 0).
  std::vector<uint32_t> groups;
};

std::string EncodeDecisionVectors(const DecisionVectors& vectors);
/// @throws std::runtime_error naming the file on a malformed file.
DecisionVectors DecodeDecisionVectors(const std::string& bytes, const std::string& name);

}  // namespace tinyfair::host::model
