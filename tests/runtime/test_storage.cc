#include "tests/runtime/test_storage.h"

namespace tinyfair::testing {
namespace {

runtime::ModelWithStorage<> g_model;
runtime::FairnessMonitor g_monitor;
uint8_t g_scratch[kScratchSize];

}  // namespace

// It accepts integer models: the tests decide every golden model with it
// (model_load_test.cc checks a model that does not accept them).
runtime::ModelWithStorage<>& TestModel() {
  g_model.AcceptIntegerModels();
  return g_model;
}
runtime::FairnessMonitor& TestMonitor() { return g_monitor; }
uint8_t* Scratch() { return g_scratch; }

}  // namespace tinyfair::testing
