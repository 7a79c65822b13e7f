// Size image: the codegen path, one ramp model compiled in as constexpr
// tables (`tinyfair codegen --tables`, demo_ramp_tables.h), no decoder. The
// inputs and the seed are read from volatile objects, so the optimiser can
// assume nothing about them.
#include <stddef.h>
#include <stdint.h>

#include "demo_ramp_tables.h"

namespace {

using namespace tinyfair::runtime;

const float* volatile g_values = nullptr;
volatile size_t g_count = 0;
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;

}  // namespace

int main() {
  Pcg32 rng(g_seed, 1);
  const DecisionInput input{g_values, g_count, g_group};
  Decision decision;
  const Status status = tinyfair_models::DecideDemoRamp(input, rng, decision);
  g_positive = decision.positive;
  return static_cast<int>(status);
}
