/* The entry points of the golden models' C tables (`tinyfair codegen
 * --tables --language c`), one row per model, gathered in C by
 * golden_c_tables_registry.c (tests/golden/golden_tables_registry.cmake). */
#ifndef TINYFAIR_TESTS_DEVICE_GOLDEN_C_TABLES_H_
#define TINYFAIR_TESTS_DEVICE_GOLDEN_C_TABLES_H_

#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/tinyfair.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  const char* name; /* the golden model's */
  tinyfair_status (*decide)(const float*, size_t, uint32_t, tinyfair_rng*, tinyfair_decision*);
  tinyfair_status (*decide_keyed)(const float*, size_t, uint32_t, tinyfair_keyed_draws*,
                                  tinyfair_decision*);
  tinyfair_status (*decide_with_draw)(const float*, size_t, uint32_t, uint32_t, tinyfair_decision*);
  /* The 16-bit entry points, NULL for a model without an integer scorer. */
  tinyfair_status (*decide_integer)(const int16_t*, size_t, uint32_t, tinyfair_rng*,
                                    tinyfair_decision*);
  tinyfair_status (*decide_integer_keyed)(const int16_t*, size_t, uint32_t, tinyfair_keyed_draws*,
                                          tinyfair_decision*);
  tinyfair_status (*decide_integer_with_draw)(const int16_t*, size_t, uint32_t, uint32_t,
                                              tinyfair_decision*);
} golden_c_tables;

extern const golden_c_tables kGoldenCTables[];
extern const size_t kGoldenCTablesCount;

#ifdef __cplusplus
}
#endif

#endif /* TINYFAIR_TESTS_DEVICE_GOLDEN_C_TABLES_H_ */
