/* A C firmware using the tinyfair C API: loads the demo model (from
 * `tinyfair codegen --language c`), decides the demo vectors read from the
 * host and prints the decision log, which must equal the host's. */
#include <stdint.h>
#include <string.h>

#include "c_example_io.h"
#include "demo_model_c.h"
#include "tinyfair_runtime/tinyfair.h"

static tinyfair_model model;
static float row[128];

static uint32_t little32(const uint8_t* b) {
  return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}

static uint64_t little64(const uint8_t* b) {
  return (uint64_t)little32(b) | ((uint64_t)little32(b + 4) << 32);
}

static int fail(const char* message) {
  example_write("# c_example: ", 13);
  example_write(message, strlen(message));
  example_write("\n", 1);
  return 1;
}

int main(void) {
  static const char header_line[] =
      "model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits\n";
  uint8_t header[28];
  tinyfair_rng rng;
  tinyfair_status status = tinyfair_model_load(&model, kDemoModel, kDemoModelSize);
  if (status != TINYFAIR_OK) return fail(tinyfair_status_name(status));
  const int file = example_open_binary("demo_vectors.tfv");
  if (file < 0) return fail("cannot open demo_vectors.tfv");
  if (example_read(file, header, sizeof(header)) != (long)sizeof(header) ||
      memcmp(header, "TFV1", 4) != 0) {
    return fail("no TFV1 header");
  }
  const uint32_t inputs = little32(header + 4);
  const uint32_t rows = little32(header + 8);
  if (inputs != tinyfair_model_input_count(&model) || inputs > 128) return fail("input count");
  tinyfair_rng_seed(&rng, little64(header + 12), little64(header + 20));
  example_write(header_line, sizeof(header_line) - 1);
  for (uint32_t r = 0; r < rows; ++r) {
    uint8_t group[4];
    tinyfair_decision decision;
    char line[TINYFAIR_DECISION_LINE_BYTES];
    if (example_read(file, row, inputs * sizeof(float)) != (long)(inputs * sizeof(float)) ||
        example_read(file, group, sizeof(group)) != (long)sizeof(group)) {
      return fail("short read");
    }
    (void)tinyfair_model_decide(&model, row, inputs, little32(group), &rng, &decision);
    example_write(line, tinyfair_format_decision(&decision, line, sizeof(line)));
  }
  example_close(file);
  return 0;
}
