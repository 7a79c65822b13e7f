/* A C firmware for a core without an FPU: the runtime built for integer
 * models only (TINYFAIR_RUNTIME_CFG_FLOAT=0) decides the golden integer
 * models from 16-bit inputs, through the C decoder
 * (tinyfair_model_decide_integer) and through the generated C tables
 * (DecideInteger<Name>Tables), with no float arithmetic. The inputs are the
 * golden vectors as the host quantised them (golden_<Name>_int16.tfi, written
 * by make_golden_models); each entry point prints its decision log, which
 * must equal the host's records of the same rows
 * (golden_<Name>_int16_records.csv), decoder first, then tables. */
#include <stdint.h>
#include <string.h>

#include "c_example_io.h"
#include "golden_IntegerRampModel_c.h"
#include "golden_IntegerRampModel_tables_c.h"
#include "golden_IntegerThresholdModel_c.h"
#include "golden_IntegerThresholdModel_tables_c.h"
#include "tinyfair_runtime/tinyfair.h"

typedef tinyfair_status (*decide_integer_fn)(const int16_t*, size_t, uint32_t, tinyfair_rng*,
                                             tinyfair_decision*);

/* One integer model: its decoder bytes and its C tables' 16-bit entry point. */
typedef struct {
  const char* name;
  const uint8_t* bytes;
  size_t size;
  decide_integer_fn tables;
} integer_model;

static const integer_model kModels[] = {
    {"IntegerThresholdModel", kIntegerThresholdModel, kIntegerThresholdModelSize,
     DecideIntegerIntegerThresholdModelTables},
    {"IntegerRampModel", kIntegerRampModel, kIntegerRampModelSize,
     DecideIntegerIntegerRampModelTables},
};

enum { kMaxInputs = 8 };

static tinyfair_model model;

/* A note line ("# ..."), which the parity check prints and does not compare. */
static int fail(const char* model_name, const char* message) {
  example_write("# c_integer_only: ", 18);
  example_write(model_name, strlen(model_name));
  example_write(": ", 2);
  example_write(message, strlen(message));
  example_write("\n", 1);
  return 1;
}

/* The loaded decoder's 16-bit entry point, in the tables' form. */
static tinyfair_status decide_by_decoder(const int16_t* inputs, size_t count, uint32_t group,
                                         tinyfair_rng* rng, tinyfair_decision* out) {
  return tinyfair_model_decide_integer(&model, inputs, count, group, rng, out);
}

/* Reads one row of `inputs` 16-bit values and its group. */
static int read_row(int file, uint32_t inputs, int16_t* values, uint32_t* group) {
  uint8_t bytes[kMaxInputs * 2 + 4];
  const long size = (long)(inputs * 2 + 4);
  if (example_read(file, bytes, (size_t)size) != size) return 0;
  for (uint32_t i = 0; i < inputs; ++i) {
    values[i] = (int16_t)(uint16_t)(bytes[2 * i] | (bytes[2 * i + 1] << 8));
  }
  *group = example_little32(bytes + inputs * 2);
  return 1;
}

/* Prints the decision log of `decide` over golden_<name>_int16.tfi, drawing
 * from PCG32 seeded as the file says (as simulate draws). */
static int replay(const integer_model* m, decide_integer_fn decide) {
  static const char header_line[] =
      "model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits,"
      "counter\n";
  char path[64] = "golden_";
  uint8_t header[kExampleVectorsHeaderBytes];
  int16_t values[kMaxInputs];
  tinyfair_rng rng;
  strcat(strcat(path, m->name), "_int16.tfi");
  const int file = example_open_vectors(path, "TFI1", header);
  if (file < 0) return fail(m->name, "cannot open its .tfi file, or it has no TFI1 header");
  const uint32_t inputs = example_little32(header + 4);
  const uint32_t rows = example_little32(header + 8);
  if (inputs != tinyfair_model_input_count(&model) || inputs > kMaxInputs) {
    example_close(file);
    return fail(m->name, "input count");
  }
  tinyfair_rng_seed(&rng, example_little64(header + 12), example_little64(header + 20));
  example_write(header_line, sizeof(header_line) - 1);
  for (uint32_t r = 0; r < rows; ++r) {
    uint32_t group = 0;
    tinyfair_decision decision;
    char line[TINYFAIR_DECISION_LINE_BYTES];
    if (!read_row(file, inputs, values, &group)) {
      example_close(file);
      return fail(m->name, "short read");
    }
    (void)decide(values, inputs, group, &rng, &decision);
    example_write(line, tinyfair_format_decision(&decision, line, sizeof(line)));
  }
  example_close(file);
  return 0;
}

int main(void) {
  int failed = 0;
  for (size_t i = 0; i < sizeof(kModels) / sizeof(kModels[0]); ++i) {
    const integer_model* m = &kModels[i];
    tinyfair_model_accept_integer_models(&model);
    if (tinyfair_model_load(&model, m->bytes, m->size) != TINYFAIR_OK) {
      failed |= fail(m->name, "the decoder refuses the model");
      continue;
    }
    failed |= replay(m, decide_by_decoder);
    failed |= replay(m, m->tables);
  }
  return failed;
}
