// libFuzzer: DecodeDecisionVectors on arbitrary bytes. It may refuse with
// std::runtime_error, never anything else, and what it accepts must encode
// back to the same bytes.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <stdexcept>
#include <string>

#include "host_tools/model/decision_vectors.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  tinyfair::host::model::DecisionVectors vectors;
  try {
    vectors = tinyfair::host::model::DecodeDecisionVectors(bytes, "fuzz.tfv");
  } catch (const std::runtime_error&) {
    return 0;
  }
  if (tinyfair::host::model::EncodeDecisionVectors(vectors) != bytes) {
    fprintf(stderr, "fuzz_decision_vectors: decoded vectors encode to other bytes\n");
    abort();
  }
  return 0;
}
