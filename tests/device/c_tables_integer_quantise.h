/* The golden integer models' quantisation of float inputs, for the 16-bit
 * entry points of their C tables (tests/device/c_tables_integer_impl.cc):
 * QuantiseInputs of the runtime, as DecideQuantised applies it. */
#ifndef TINYFAIR_TESTS_DEVICE_C_TABLES_INTEGER_QUANTISE_H_
#define TINYFAIR_TESTS_DEVICE_C_TABLES_INTEGER_QUANTISE_H_

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/tinyfair.h"

#ifdef __cplusplus
extern "C" {
#endif

tinyfair_status QuantiseIntegerThresholdModel(const float* values, size_t count,
                                              int16_t* quantised);
tinyfair_status QuantiseIntegerRampModel(const float* values, size_t count, int16_t* quantised);

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_DEVICE_C_TABLES_INTEGER_QUANTISE_H_ */
