// Size image: Model::Load (CRC, nanopb decode, validation) and Model::Decide
// with every rule kind reachable through the runtime's dispatch; with
// TINYFAIR_SIZE_ACCEPT_INTEGER_MODELS=1 the model accepts integer models too
// (Model::AcceptIntegerModels), which links the integer path. The model
// bytes, the inputs and the seed are read from volatile objects, so the
// optimiser can assume nothing about them and removes nothing (the idea of
// Pigweed's PW_BLOAT_EXPR).
#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;

ModelWithStorage<> g_model;
const uint8_t* volatile g_bytes = nullptr;
volatile size_t g_size = 0;
const float* volatile g_values = nullptr;
volatile size_t g_count = 0;
volatile uint32_t g_group = 0;
volatile uint64_t g_seed = 0;
volatile bool g_positive = false;

}  // namespace

#ifndef TINYFAIR_SIZE_ACCEPT_INTEGER_MODELS
#define TINYFAIR_SIZE_ACCEPT_INTEGER_MODELS 0
#endif  // TINYFAIR_SIZE_ACCEPT_INTEGER_MODELS

int main() {
  if (TINYFAIR_SIZE_ACCEPT_INTEGER_MODELS) g_model.AcceptIntegerModels();
  if (g_model.Load(g_bytes, g_size) != Status::kOk) return 1;
  Pcg32 rng(g_seed, 1);
  const DecisionInput input{g_values, g_count, g_group};
  Decision decision;
  const Status status = g_model.Decide(input, rng, decision);
  g_positive = decision.positive;
  return static_cast<int>(status);
}
