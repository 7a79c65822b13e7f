// Inputs as their serialised bytes, so that two schemas compare field for
// field, with gtest printing the first that differs.
#pragma once

#include <string>
#include <vector>

#include "tinyfair/model.pb.h"

namespace tinyfair::host::data {

inline std::vector<std::string> SerialisedInputs(const std::vector<tinyfair::Input>& inputs) {
  std::vector<std::string> bytes;
  for (const auto& input : inputs) bytes.push_back(input.SerializeAsString());
  return bytes;
}

}  // namespace tinyfair::host::data
