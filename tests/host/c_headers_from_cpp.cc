// The `--language c` headers from a C++ source that does not define the
// tables' IMPLEMENTATION macro (C++ firmware using the C API): the decoder's
// bytes and the tables' declarations compile as C++, and decide there as
// from C.
#include "c_headers_from_cpp.h"

#include <string.h>

#include "demo_model_c.h"
#include "demo_model_tables_c.h"
#include "golden_IntegerRampModel_c.h"
#include "golden_IntegerRampModel_tables_c.h"

namespace {

tinyfair_model g_model;

}  // namespace

extern "C" int DecideThroughCHeadersFromCpp(void) {
  // The bytes are aligned as the C header declares them, and load.
  tinyfair_model_accept_integer_models(&g_model);
  if (reinterpret_cast<uintptr_t>(kIntegerRampModel) % 8 != 0 ||
      tinyfair_model_load(&g_model, kIntegerRampModel, kIntegerRampModelSize) != TINYFAIR_OK) {
    return 0;
  }
  // The C API's integer path from C++: 16-bit inputs decide as the float
  // inputs they quantise from (x and z at 2^12, exact here).
  const int16_t values[4] = {3000, 1, 0, -9000};
  const float floats[4] = {3000.0f / 4096.0f, 1.0f, 0.0f, -9000.0f / 4096.0f};
  tinyfair_decision integer, from_floats;
  if (tinyfair_model_decide_integer_with_draw(&g_model, values, 4, 0, 0x80000000U, &integer) !=
          TINYFAIR_OK ||
      tinyfair_model_decide_with_draw(&g_model, floats, 4, 0, 0x80000000U, &from_floats) !=
          TINYFAIR_OK ||
      memcmp(&integer.probability, &from_floats.probability, sizeof(float)) != 0 ||
      memcmp(&integer.score, &from_floats.score, sizeof(float)) != 0 ||
      integer.positive != from_floats.positive) {
    return 0;
  }
  if (tinyfair_model_load_with_layout(&g_model, kDemoModel, kDemoModelSize,
                                      kDemoModelInputLayoutHash) != TINYFAIR_OK) {
    return 0;
  }
  float inputs[kDemoTablesInputCount] = {};
  inputs[kDemoTablesInputTestScore] = 70.0f;
  inputs[kDemoTablesInputManagerRating] = 1.5f;
  inputs[kDemoTablesInputRegion] = kDemoTablesRegionCategoryNorth;
  tinyfair_decision decoder, tables;
  if (tinyfair_model_decide_with_draw(&g_model, inputs, kDemoModelInputCount, 0, 0x80000000U,
                                      &decoder) != TINYFAIR_OK ||
      DecideWithDrawDemoTables(inputs, kDemoTablesInputCount, 0, 0x80000000U, &tables) !=
          TINYFAIR_OK) {
    return 0;
  }
  return memcmp(&decoder.probability, &tables.probability, sizeof(float)) == 0 &&
         memcmp(&decoder.score, &tables.score, sizeof(float)) == 0 &&
         decoder.positive == tables.positive;
}
