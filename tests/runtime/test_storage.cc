#include "tests/runtime/test_storage.h"

namespace tinyfair::testing {
namespace {

runtime::Model g_model;
uint8_t g_scratch[kScratchSize];

}  // namespace

runtime::Model& TestModel() { return g_model; }
uint8_t* Scratch() { return g_scratch; }

}  // namespace tinyfair::testing
