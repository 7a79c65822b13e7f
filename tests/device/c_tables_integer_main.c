/* The C tables of the golden models with an integer scorer (`tinyfair codegen
 * --tables --language c`), on the host and on every board: for each model's
 * golden vectors it prints the decision log of Decide<Name>, which must equal
 * the host's (golden_<Name>_records.csv, what simulate writes), and checks
 * every other entry point against the C decoder of the same model
 * (tinyfair_model_decide*), record for record with the same draws: status,
 * group, score and probability bits, draw, outcome and counter. The 16-bit
 * entry points (DecideInteger*<Name>) get each row quantised as the model
 * says and must give the float inputs' record; rows with a non-finite input,
 * which the float path refuses without a draw, are left out. A difference is
 * counted per field, named in a note ("# ...") and fails the run. */
#include <stdint.h>
#include <string.h>

#include "c_example_io.h"
#include "c_tables_integer_quantise.h"
#include "golden_IntegerRampModel_c.h"
#include "golden_IntegerRampModel_tables_c.h"
#include "golden_IntegerThresholdModel_c.h"
#include "golden_IntegerThresholdModel_tables_c.h"
#include "tinyfair_runtime/tinyfair.h"

typedef tinyfair_status (*decide_fn)(const float*, size_t, uint32_t, tinyfair_rng*,
                                     tinyfair_decision*);
typedef tinyfair_status (*decide_keyed_fn)(const float*, size_t, uint32_t, tinyfair_keyed_draws*,
                                           tinyfair_decision*);
typedef tinyfair_status (*decide_with_draw_fn)(const float*, size_t, uint32_t, uint32_t,
                                               tinyfair_decision*);
typedef tinyfair_status (*decide_integer_fn)(const int16_t*, size_t, uint32_t, tinyfair_rng*,
                                             tinyfair_decision*);
typedef tinyfair_status (*decide_integer_keyed_fn)(const int16_t*, size_t, uint32_t,
                                                   tinyfair_keyed_draws*, tinyfair_decision*);
typedef tinyfair_status (*decide_integer_with_draw_fn)(const int16_t*, size_t, uint32_t, uint32_t,
                                                       tinyfair_decision*);
typedef tinyfair_status (*quantise_fn)(const float*, size_t, int16_t*);

/* One integer model: its decoder bytes and its C tables' entry points. */
typedef struct {
  const char* name;
  const uint8_t* bytes;
  size_t size;
  decide_fn decide;
  decide_keyed_fn decide_keyed;
  decide_with_draw_fn decide_with_draw;
  decide_integer_fn decide_integer;
  decide_integer_keyed_fn decide_integer_keyed;
  decide_integer_with_draw_fn decide_integer_with_draw;
  quantise_fn quantise;
} integer_model;

static const integer_model kModels[] = {
    {"IntegerThresholdModel", kIntegerThresholdModel, kIntegerThresholdModelSize,
     DecideIntegerThresholdModelTables, DecideKeyedIntegerThresholdModelTables,
     DecideWithDrawIntegerThresholdModelTables, DecideIntegerIntegerThresholdModelTables,
     DecideIntegerKeyedIntegerThresholdModelTables,
     DecideIntegerWithDrawIntegerThresholdModelTables, QuantiseIntegerThresholdModel},
    {"IntegerRampModel", kIntegerRampModel, kIntegerRampModelSize, DecideIntegerRampModelTables,
     DecideKeyedIntegerRampModelTables, DecideWithDrawIntegerRampModelTables,
     DecideIntegerIntegerRampModelTables, DecideIntegerKeyedIntegerRampModelTables,
     DecideIntegerWithDrawIntegerRampModelTables, QuantiseIntegerRampModel},
};

enum { kMaxInputs = 8, kFields = 7 };
static const char* const kFieldNames[kFields] = {"status or model hash",
                                                 "group",
                                                 "score bits",
                                                 "probability bits",
                                                 "draw",
                                                 "outcome",
                                                 "counter"};
static const uint8_t kKey[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};

/* Records that differ, per entry point and field, for the current model. */
typedef struct {
  const char* entry_point;
  uint32_t compared;
  uint32_t differing;
  uint32_t fields[kFields];
} comparison;

static tinyfair_model model;
static float row[kMaxInputs];
static int failed;

static void write_text(const char* text) { example_write(text, strlen(text)); }

/* A note line ("# ..."), which the parity check prints and does not compare. */
static int fail(const char* model_name, const char* message) {
  write_text("# c_tables_integer: ");
  write_text(model_name);
  write_text(": ");
  write_text(message);
  write_text("\n");
  return 1;
}

static int same_bits(float a, float b) { return memcmp(&a, &b, sizeof(float)) == 0; }

/* Counts the fields in which `tables` differs from the decoder's record. */
static void compare(comparison* c, const tinyfair_decision* decoder,
                    const tinyfair_decision* tables) {
  const int differs[kFields] = {
      decoder->status != tables->status || decoder->model_hash != tables->model_hash,
      decoder->group != tables->group,
      !same_bits(decoder->score, tables->score),
      !same_bits(decoder->probability, tables->probability),
      decoder->draw != tables->draw,
      decoder->positive != tables->positive || decoder->member != tables->member ||
          !same_bits(decoder->value, tables->value),
      decoder->counter != tables->counter};
  int any = 0;
  for (int f = 0; f < kFields; ++f) {
    c->fields[f] += differs[f] ? 1u : 0u;
    any |= differs[f];
  }
  ++c->compared;
  c->differing += any ? 1u : 0u;
}

/* "# ...: <entry point> differs from the C decoder in N of M records
 * (score bits N, ...)" for an entry point that differed; 1 then. */
static int report(const char* model_name, const comparison* c) {
  if (c->differing == 0) return 0;
  write_text("# c_tables_integer: ");
  write_text(model_name);
  write_text(": ");
  write_text(c->entry_point);
  write_text(" differs from the C decoder in ");
  example_write_decimal(c->differing);
  write_text(" of ");
  example_write_decimal(c->compared);
  write_text(" records (");
  const char* separator = "";
  for (int f = 0; f < kFields; ++f) {
    if (c->fields[f] == 0) continue;
    write_text(separator);
    write_text(kFieldNames[f]);
    write_text(" ");
    example_write_decimal(c->fields[f]);
    separator = ", ";
  }
  write_text(")\n");
  return 1;
}

/* Replays golden_<name>.tfv through the model's C tables and its decoder. */
static int replay(const integer_model* m) {
  static const char header_line[] =
      "model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits,"
      "counter\n";
  comparison by_rng = {"Decide", 0, 0, {0}};
  comparison keyed = {"DecideKeyed", 0, 0, {0}};
  comparison with_draw = {"DecideWithDraw", 0, 0, {0}};
  comparison integer_by_rng = {"DecideInteger", 0, 0, {0}};
  comparison integer_keyed = {"DecideIntegerKeyed", 0, 0, {0}};
  comparison integer_with_draw = {"DecideIntegerWithDraw", 0, 0, {0}};
  tinyfair_rng decoder_rng, tables_rng, integer_rng;
  tinyfair_keyed_draws decoder_keyed, tables_keyed, integer_keyed_draws;
  char path[64] = "golden_";
  uint8_t header[kExampleVectorsHeaderBytes];
  tinyfair_model_accept_integer_models(&model);
  if (tinyfair_model_load(&model, m->bytes, m->size) != TINYFAIR_OK) {
    return fail(m->name, "the decoder refuses the model");
  }
  strcat(strcat(path, m->name), ".tfv");
  const int file = example_open_vectors(path, "TFV1", header);
  if (file < 0) return fail(m->name, "cannot open its .tfv file, or it has no TFV1 header");
  const uint32_t inputs = example_little32(header + 4);
  const uint32_t rows = example_little32(header + 8);
  if (inputs != tinyfair_model_input_count(&model) || inputs > kMaxInputs) {
    return fail(m->name, "input count");
  }
  tinyfair_rng_seed(&decoder_rng, example_little64(header + 12), example_little64(header + 20));
  tables_rng = integer_rng = decoder_rng;
  tinyfair_keyed_draws_init(&decoder_keyed, kKey, 1000);
  tables_keyed = integer_keyed_draws = decoder_keyed;
  example_write(header_line, sizeof(header_line) - 1);
  for (uint32_t r = 0; r < rows; ++r) {
    uint8_t group_bytes[4];
    int16_t quantised[kMaxInputs];
    tinyfair_decision decoder, decoder_keyed_record, decoder_with_draw, tables;
    char line[TINYFAIR_DECISION_LINE_BYTES];
    if (example_read(file, row, inputs * sizeof(float)) != (long)(inputs * sizeof(float)) ||
        example_read(file, group_bytes, sizeof(group_bytes)) != (long)sizeof(group_bytes)) {
      return fail(m->name, "short read");
    }
    const uint32_t group = example_little32(group_bytes);
    /* PCG32, as simulate draws: the log the host's must equal. */
    (void)tinyfair_model_decide(&model, row, inputs, group, &decoder_rng, &decoder);
    (void)m->decide(row, inputs, group, &tables_rng, &tables);
    example_write(line, tinyfair_format_decision(&tables, line, sizeof(line)));
    compare(&by_rng, &decoder, &tables);
    /* Keyed draws, the counter in the record. */
    (void)tinyfair_model_decide_keyed(&model, row, inputs, group, &decoder_keyed,
                                      &decoder_keyed_record);
    (void)m->decide_keyed(row, inputs, group, &tables_keyed, &tables);
    compare(&keyed, &decoder_keyed_record, &tables);
    /* The caller's draw: one per row, spread over the whole range. */
    const uint32_t draw = r * 0x9e3779b9u;
    (void)tinyfair_model_decide_with_draw(&model, row, inputs, group, draw, &decoder_with_draw);
    (void)m->decide_with_draw(row, inputs, group, draw, &tables);
    compare(&with_draw, &decoder_with_draw, &tables);
    /* The same rows as 16-bit inputs. */
    if (m->quantise(row, inputs, quantised) != TINYFAIR_OK) continue;
    (void)m->decide_integer(quantised, inputs, group, &integer_rng, &tables);
    compare(&integer_by_rng, &decoder, &tables);
    (void)m->decide_integer_keyed(quantised, inputs, group, &integer_keyed_draws, &tables);
    compare(&integer_keyed, &decoder_keyed_record, &tables);
    (void)m->decide_integer_with_draw(quantised, inputs, group, draw, &tables);
    compare(&integer_with_draw, &decoder_with_draw, &tables);
  }
  example_close(file);
  int differing = report(m->name, &by_rng) | report(m->name, &keyed) | report(m->name, &with_draw) |
                  report(m->name, &integer_by_rng) | report(m->name, &integer_keyed) |
                  report(m->name, &integer_with_draw);
  if (decoder_rng.state != tables_rng.state || decoder_rng.state != integer_rng.state ||
      decoder_keyed.counter != tables_keyed.counter ||
      decoder_keyed.counter != integer_keyed_draws.counter) {
    differing |= fail(m->name, "the draws taken differ from the C decoder's");
  }
  /* Most rows are finite: the 16-bit entry points decided most of them. */
  if (integer_by_rng.compared < rows / 2) {
    differing |= fail(m->name, "too few rows quantised for the 16-bit entry points");
  }
  write_text("# c_tables_integer: ");
  write_text(m->name);
  write_text(": rows ");
  example_write_decimal(rows);
  write_text(", of them as 16-bit inputs ");
  example_write_decimal(integer_by_rng.compared);
  write_text("\n");
  return differing;
}

int main(void) {
  for (size_t i = 0; i < sizeof(kModels) / sizeof(kModels[0]); ++i) failed |= replay(&kModels[i]);
  write_text(failed ? "# c_tables_integer: FAILED\n"
                    : "# c_tables_integer: every entry point agrees\n");
  return failed;
}
