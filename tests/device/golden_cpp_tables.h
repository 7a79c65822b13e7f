// The entry points of the golden models' C++ tables (`tinyfair codegen
// --tables`), one row per model, gathered by golden_tables_registry.cc
// (tests/golden/golden_tables_registry.cmake).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/integer_decide.h"

namespace tinyfair::testing {

struct GoldenCppTables {
  using Status = runtime::Status;
  using Decision = runtime::Decision;
  using Input = runtime::DecisionInput;
  using IntegerInput = runtime::IntegerInput;

  const char* name;  // the golden model's
  Status (*decide)(const Input&, runtime::Pcg32&, Decision&);
  Status (*decide_keyed)(const Input&, runtime::KeyedDraws&, Decision&);
  Status (*decide_with_draw)(const Input&, uint32_t, Decision&);
  // The 16-bit entry points, null for a model without an integer scorer.
  Status (*decide_integer)(const IntegerInput&, runtime::Pcg32&, Decision&);
  Status (*decide_integer_keyed)(const IntegerInput&, runtime::KeyedDraws&, Decision&);
  Status (*decide_integer_with_draw)(const IntegerInput&, uint32_t, Decision&);
};

extern const GoldenCppTables kGoldenCppTables[];
extern const size_t kGoldenCppTablesCount;

}  // namespace tinyfair::testing
