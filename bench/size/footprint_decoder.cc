// Size image of the decoder path as firmware uses it: a model's bytes
// compiled in (`tinyfair codegen --name FootprintModel`, footprint_model.h
// from the image's include folder), Model::Load in place with the storage
// codegen measured for it, and Model::Decide; with
// TINYFAIR_FOOTPRINT_ACCEPT_INTEGER_MODELS=1, by a model that accepts
// integer models (Model::AcceptIntegerModels), as a firmware that loads an
// integer model must. The
// inputs, the group and the seed come from volatile objects, so the
// optimiser can assume nothing about them (the program is the same for
// every model; only the bytes differ). The size, too, is read from a volatile
// object: with link-time optimisation a constant size would be propagated
// into Load, whose code then depends on the model (on Cortex-M0 a size above
// 255 needs a literal load instead of an immediate compare), and the table's
// decoder bytes would not be those of another model's image.
#include <stddef.h>
#include <stdint.h>

#include "footprint_model.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;

ModelWithStorage<tinyfair_models::kFootprintModelInPlaceStorageBytes> g_model;
const float* volatile g_values = nullptr;  // the caller's input buffer, not counted
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;
volatile size_t g_model_size = tinyfair_models::kFootprintModelSize;

}  // namespace

#ifndef TINYFAIR_FOOTPRINT_ACCEPT_INTEGER_MODELS
#define TINYFAIR_FOOTPRINT_ACCEPT_INTEGER_MODELS 0
#endif  // TINYFAIR_FOOTPRINT_ACCEPT_INTEGER_MODELS

int main() {
  if (TINYFAIR_FOOTPRINT_ACCEPT_INTEGER_MODELS) g_model.AcceptIntegerModels();
  if (g_model.LoadInPlace(tinyfair_models::kFootprintModel, g_model_size) != Status::kOk) {
    return 1;
  }
  Pcg32 rng(g_seed, 1);
  const DecisionInput input{g_values, tinyfair_models::kFootprintModelInputCount, g_group};
  Decision decision;
  const Status status = g_model.Decide(input, rng, decision);
  g_positive = decision.positive;
  return static_cast<int>(status);
}
