// Size image of the tables path as firmware uses it: a model as constexpr
// tables (`tinyfair codegen --tables --name FootprintModel`,
// footprint_tables.h from the image's include folder) and
// DecideFootprintModel, no decoder. The inputs, the group and the seed come
// from volatile objects, so the optimiser can assume nothing about them.
#include "footprint_tables.h"

#include <stddef.h>
#include <stdint.h>

namespace {

using namespace tinyfair::runtime;

const float* volatile g_values = nullptr;  // the caller's input buffer, not counted
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;

}  // namespace

int main() {
  Pcg32 rng(g_seed, 1);
  const DecisionInput input{g_values, tinyfair_models::kFootprintModelInputCount, g_group};
  Decision decision;
  const Status status = tinyfair_models::DecideFootprintModel(input, rng, decision);
  g_positive = decision.positive;
  return static_cast<int>(status);
}
