#include "tests/runtime/test_storage.h"

namespace tinyfair::testing {
namespace {

runtime::ModelWithStorage<> g_model;
runtime::FairnessMonitor g_monitor;
uint8_t g_scratch[kScratchSize];

}  // namespace

runtime::ModelWithStorage<>& TestModel() { return g_model; }
runtime::FairnessMonitor& TestMonitor() { return g_monitor; }
uint8_t* Scratch() { return g_scratch; }

}  // namespace tinyfair::testing
