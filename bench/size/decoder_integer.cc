// Size image: Model::Load and the integer decision (DecideInteger over the
// loaded model's tables, 16-bit inputs), on a runtime for integer models
// only (TINYFAIR_RUNTIME_CFG_FLOAT=0): the decoder a firmware for a core
// without an FPU links. Every input is read from a volatile object, as in
// decoder_all_rules.cc.
#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;

ModelWithStorage<> g_model;
const uint8_t* volatile g_bytes = nullptr;
volatile size_t g_size = 0;
const int16_t* volatile g_values = nullptr;
volatile size_t g_count = 0;
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;

}  // namespace

int main() {
  if (g_model.Load(g_bytes, g_size) != Status::kOk) return 1;
  Pcg32 rng(g_seed, 1);
  const IntegerInput input{g_values, g_count, g_group};
  Decision decision;
  const Status status = DecideInteger(g_model.tables(), input, rng, decision);
  g_positive = decision.positive;
  return static_cast<int>(status);
}
