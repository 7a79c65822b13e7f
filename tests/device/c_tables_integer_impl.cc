// The one C++ source of the integer C tables' parity image: it compiles the
// generated tables and their C functions, and quantises float inputs by the
// tables for the 16-bit entry points.
#define TINYFAIR_INTEGERTHRESHOLDMODELTABLES_TABLES_IMPLEMENTATION
#define TINYFAIR_INTEGERRAMPMODELTABLES_TABLES_IMPLEMENTATION
#include "c_tables_integer_quantise.h"
#include "golden_IntegerRampModel_tables_c.h"
#include "golden_IntegerThresholdModel_tables_c.h"
#include "tinyfair_runtime/integer_quantise.h"

namespace {

tinyfair_status Quantise(const tinyfair::runtime::DecisionTables& tables, const float* values,
                         size_t count, int16_t* quantised) {
  return static_cast<tinyfair_status>(
      tinyfair::runtime::QuantiseInputs(tables, values, count, quantised));
}

}  // namespace

extern "C" tinyfair_status QuantiseIntegerThresholdModel(const float* values, size_t count,
                                                         int16_t* quantised) {
  return Quantise(tinyfair_models::kIntegerThresholdModelTablesTables, values, count, quantised);
}

extern "C" tinyfair_status QuantiseIntegerRampModel(const float* values, size_t count,
                                                    int16_t* quantised) {
  return Quantise(tinyfair_models::kIntegerRampModelTablesTables, values, count, quantised);
}
