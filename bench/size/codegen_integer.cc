// Size image: the integer path's codegen, the 32-input benchmark model
// quantised to int16 (bench_integer_d32_tables.h), no decoder, on a runtime
// built for integer models only (TINYFAIR_RUNTIME_CFG_FLOAT=0). The inputs
// and the seed are read from volatile objects, so the optimiser can assume
// nothing about them.
#include <stddef.h>
#include <stdint.h>

#include "bench_integer_d32_tables.h"

namespace {

using namespace tinyfair::runtime;

const int16_t* volatile g_values = nullptr;
volatile size_t g_count = 0;
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;

}  // namespace

int main() {
  Pcg32 rng(g_seed, 1);
  const IntegerInput input{g_values, g_count, g_group};
  Decision decision;
  const Status status = tinyfair_models::DecideBenchIntegerD32(input, rng, decision);
  g_positive = decision.positive;
  return static_cast<int>(status);
}
