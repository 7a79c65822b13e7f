/* A C firmware using the tinyfair C API: loads the demo model (from
 * `tinyfair codegen --language c`), decides the demo vectors read from the
 * host and prints the decision log, which must equal the host's. A fairness
 * monitor counts the decisions; its counts must equal the firmware's own,
 * and its report must encode. */
#include <stdint.h>
#include <string.h>

#include "c_example_io.h"
#include "demo_model_c.h"
#include "tinyfair_runtime/tinyfair.h"

static tinyfair_model model;
static tinyfair_monitor monitor;
static float row[128];
static uint8_t report[512];
static uint32_t decided[2], positives[2];

/* A note line ("# ..."), which the parity check prints and does not compare. */
static void note(const char* message) {
  example_write("# c_example: ", 13);
  example_write(message, strlen(message));
  example_write("\n", 1);
}

static int fail(const char* message) {
  note(message);
  return 1;
}

/* The accessors of the loaded demo model, and their neutral values on NULL
 * (no second model: on the micro:bit it would not fit). */
static int model_accessors_hold(void) {
  const uint8_t* digest = tinyfair_model_digest(&model);
  uint64_t first = 0;
  int i;
  for (i = 0; i < 8; ++i) first = (first << 8) | digest[i];
  if (first != kDemoModelHash || tinyfair_model_hash(&model) != kDemoModelHash) return 0;
  if (tinyfair_model_version(&model) != 0 || tinyfair_model_schema_minor(&model) < 4 ||
      tinyfair_model_content_hash(&model) == 0 || tinyfair_model_group_count(&model) != 2) {
    return 0;
  }
  for (i = 0; i < TINYFAIR_MODEL_DIGEST_BYTES; ++i) {
    if (tinyfair_model_digest(NULL)[i] != 0) {
      return 0;
    }
  }
  return tinyfair_model_version(NULL) == 0 && tinyfair_model_schema_minor(NULL) == 0 &&
         tinyfair_model_content_hash(NULL) == 0 && tinyfair_model_hash(NULL) == 0;
}

int main(void) {
  static const char header_line[] =
      "model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits,"
      "counter\n";
  uint8_t header[kExampleVectorsHeaderBytes];
  tinyfair_rng rng;
  tinyfair_status status = tinyfair_model_load(&model, kDemoModel, kDemoModelSize);
  if (status != TINYFAIR_OK) return fail(tinyfair_status_name(status));
  if (!model_accessors_hold()) return fail("an accessor disagrees with the model");
  const int file = example_open_vectors("demo_vectors.tfv", "TFV1", header);
  if (file < 0) return fail("cannot open demo_vectors.tfv, or it has no TFV1 header");
  const uint32_t inputs = example_little32(header + 4);
  const uint32_t rows = example_little32(header + 8);
  if (inputs != tinyfair_model_input_count(&model) || inputs > 128) return fail("input count");
  tinyfair_rng_seed(&rng, example_little64(header + 12), example_little64(header + 20));
  /* The demo model sets no monitor: the firmware gives the settings. */
  status = tinyfair_monitor_start(&monitor, &model, 0.05f, 0.05f, 0);
  if (status != TINYFAIR_OK) return fail(tinyfair_status_name(status));
  example_write(header_line, sizeof(header_line) - 1);
  for (uint32_t r = 0; r < rows; ++r) {
    uint8_t group[4];
    tinyfair_decision decision;
    char line[TINYFAIR_DECISION_LINE_BYTES];
    if (example_read(file, row, inputs * sizeof(float)) != (long)(inputs * sizeof(float)) ||
        example_read(file, group, sizeof(group)) != (long)sizeof(group)) {
      return fail("short read");
    }
    status = tinyfair_model_decide(&model, row, inputs, example_little32(group), &rng, &decision);
    example_write(line, tinyfair_format_decision(&decision, line, sizeof(line)));
    if (status == TINYFAIR_OK) {
      if (decision.group >= 2) return fail("group outside the demo model");
      ++decided[decision.group];
      positives[decision.group] += decision.positive ? 1u : 0u;
    }
    status = tinyfair_monitor_update(&monitor, &decision);
    if (status != TINYFAIR_OK && status != TINYFAIR_DRIFT_ALARM) {
      return fail(tinyfair_status_name(status));
    }
  }
  example_close(file);
  for (uint32_t g = 0; g < 2; ++g) {
    if (tinyfair_monitor_decisions(&monitor, g) != decided[g] ||
        tinyfair_monitor_positives(&monitor, g) != positives[g]) {
      return fail("the monitor's counts differ from the firmware's");
    }
  }
  size_t size = 0;
  if (tinyfair_monitor_report_max_size(2) > sizeof(report)) return fail("report buffer");
  status = tinyfair_monitor_encode_report(&monitor, report, sizeof(report), &size);
  if (status != TINYFAIR_OK) return fail(tinyfair_status_name(status));
  note(tinyfair_monitor_alarmed(&monitor) ? "monitor: counts agree, drift alarm"
                                          : "monitor: counts agree, no drift alarm");
  return 0;
}
