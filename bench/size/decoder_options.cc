// Size image: decoder_all_rules.cc's Load and Decide with the runtime's
// optional features in use: Load verifies a signed model with a public key
// (TINYFAIR_RUNTIME_CFG_SIGNATURES) and the outcome is named by StatusName()
// (TINYFAIR_RUNTIME_CFG_STATUS_NAMES). Built on the default runtime and on
// one with each feature off, so that each off state compiles and links on
// every board and its saving shows. Every input is read from a volatile
// object, as in decoder_all_rules.cc.
#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/status.h"

namespace {

using namespace tinyfair::runtime;

ModelWithStorage<> g_model;
const uint8_t* volatile g_bytes = nullptr;
volatile size_t g_size = 0;
const uint8_t* volatile g_public_key = nullptr;
const float* volatile g_values = nullptr;
volatile size_t g_count = 0;
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;
const char* volatile g_status_name = nullptr;

Status LoadAndDecide() {
  LoadOptions options;
  options.public_key = g_public_key;
  const Status loaded = g_model.Load(g_bytes, g_size, options);
  if (loaded != Status::kOk) return loaded;
  Pcg32 rng(g_seed, 1);
  const DecisionInput input{g_values, g_count, g_group};
  Decision decision;
  const Status status = g_model.Decide(input, rng, decision);
  g_positive = decision.positive;
  return status;
}

}  // namespace

int main() {
  const Status status = LoadAndDecide();
  g_status_name = StatusName(status);
  return static_cast<int>(status);
}
