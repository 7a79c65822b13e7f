/* The draws of the golden logs beyond PCG32, shared by the host that writes
 * them (make_golden_models) and the firmware that must reproduce them
 * (tests/device/entry_point_matrix_main.cc): the device key and first
 * counter of the keyed logs, and the caller's draw of each row of the
 * with-draw logs. C and C++. */
#ifndef TINYFAIR_TESTS_GOLDEN_GOLDEN_DRAWS_H_
#define TINYFAIR_TESTS_GOLDEN_GOLDEN_DRAWS_H_

#include <stdint.h>

/* SipHash key and first counter of golden_<Name>[_int16]_keyed_records.csv. */
static const uint8_t kGoldenDrawsKey[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
enum { kGoldenDrawsFirstCounter = 1000 };

/* The caller's draw for row `row` of a vectors file in
 * golden_<Name>[_int16]_with_draw_records.csv: one per row, spread over the
 * whole range. */
static inline uint32_t GoldenDrawForRow(uint32_t row) { return row * 0x9e3779b9u; }

#endif /* TINYFAIR_TESTS_GOLDEN_GOLDEN_DRAWS_H_ */
