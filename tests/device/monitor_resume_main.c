/* The fairness monitor across a reset, through the C API: the demo model
 * decides the demo vectors (demo_vectors.tfv) with a draw fixed per row, and
 * the monitor counts every decision. From two thirds of the rows on, the
 * first input (the test score) reads 20 points high: a drift whose alarm
 * comes after the reset. The run is chosen by the last word of
 * the semihosting command line:
 *   whole: every row;
 *   first: the first third of the rows, then the monitor's saved state
 *          (tinyfair_monitor_save) printed as "saved <hex>";
 *   rest:  the state read back from monitor_state.hex (what "first" printed),
 *          restored into a monitor started afresh (tinyfair_monitor_restore),
 *          then the remaining rows.
 * Each run ends with the monitor's counts, its alarm and its state in hex
 * ("monitor ..." lines): "rest" must end as "whole" does
 * (tests/device/run_monitor_resume.cmake). */
#include <stdint.h>
#include <string.h>

#include "c_example_io.h"
#include "demo_model_c.h"
#include "tinyfair_runtime/tinyfair.h"

enum { kGroups = 2, kStateBytes = TINYFAIR_MONITOR_STATE_BYTES(kGroups), kMaxInputs = 16 };

static tinyfair_model model;
static tinyfair_monitor monitor;
static float row[kMaxInputs];
static uint8_t state[kStateBytes];
static const char kHexDigits[] = "0123456789abcdef";

static void write_text(const char* text) { example_write(text, strlen(text)); }

static int fail(const char* message) {
  write_text("# monitor_resume: ");
  write_text(message);
  write_text("\n");
  return 1;
}

static void write_hex(const uint8_t* bytes, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    const char pair[2] = {kHexDigits[bytes[i] >> 4], kHexDigits[bytes[i] & 15]};
    example_write(pair, 2);
  }
}

/* The last word of the command line: "whole", "first" or "rest". */
static const char* run_mode(void) {
  static char line[256];
  if (example_command_line(line, sizeof(line)) <= 0) return "";
  const char* word = strrchr(line, ' ');
  return word == NULL ? line : word + 1;
}

static int hex_value(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Reads monitor_state.hex into `state`; its byte count, or 0. */
static size_t read_saved_state(void) {
  uint8_t pair[2];
  size_t size = 0;
  const int file = example_open_binary("monitor_state.hex");
  if (file < 0) return 0;
  while (size < sizeof(state) && example_read(file, pair, 2) == 2) {
    const int high = hex_value(pair[0]), low = hex_value(pair[1]);
    if (high < 0 || low < 0) break;
    state[size++] = (uint8_t)(high << 4 | low);
  }
  example_close(file);
  return size;
}

/* Decides rows [from, to) of `rows`, counting each in the monitor. */
static int decide_rows(int file, uint32_t inputs, uint32_t rows, uint32_t from, uint32_t to) {
  const long row_bytes = (long)(inputs * sizeof(float));
  for (uint32_t r = 0; r < to; ++r) {
    uint8_t group[4];
    tinyfair_decision decision;
    if (example_read(file, row, (size_t)row_bytes) != row_bytes ||
        example_read(file, group, sizeof(group)) != (long)sizeof(group)) {
      return fail("short read");
    }
    if (r < from) continue;
    if (r >= rows / 3 * 2) row[0] += 20.0f;
    (void)tinyfair_model_decide_with_draw(&model, row, inputs, example_little32(group),
                                          r * 0x9e3779b9u, &decision);
    const tinyfair_status status = tinyfair_monitor_update(&monitor, &decision);
    if (status != TINYFAIR_OK && status != TINYFAIR_DRIFT_ALARM) {
      return fail(tinyfair_status_name(status));
    }
  }
  return 0;
}

/* "monitor ..." lines: the counts per group, the alarm, the whole state. */
static int print_monitor(void) {
  size_t size = 0;
  for (uint32_t g = 0; g < kGroups; ++g) {
    write_text("monitor group ");
    example_write_decimal(g);
    write_text(" decisions ");
    example_write_decimal(tinyfair_monitor_decisions(&monitor, g));
    write_text(" positives ");
    example_write_decimal(tinyfair_monitor_positives(&monitor, g));
    write_text("\n");
  }
  write_text(tinyfair_monitor_alarmed(&monitor) ? "monitor alarm up\n" : "monitor alarm down\n");
  if (tinyfair_monitor_save(&monitor, state, sizeof(state), &size) != TINYFAIR_OK) {
    return fail("the state does not save");
  }
  write_text("monitor state ");
  write_hex(state, size);
  write_text("\n");
  return 0;
}

int main(void) {
  uint8_t header[kExampleVectorsHeaderBytes];
  const char* mode = run_mode();
  if (tinyfair_model_load(&model, kDemoModel, kDemoModelSize) != TINYFAIR_OK) {
    return fail("the model does not load");
  }
  /* The demo model sets no monitor: the firmware gives the settings. */
  if (tinyfair_monitor_start(&monitor, &model, 0.05f, 0.0f, 256) != TINYFAIR_OK) {
    return fail("the monitor does not start");
  }
  const int file = example_open_vectors("demo_vectors.tfv", "TFV1", header);
  if (file < 0) return fail("cannot open demo_vectors.tfv, or it has no TFV1 header");
  const uint32_t inputs = example_little32(header + 4);
  const uint32_t rows = example_little32(header + 8);
  const uint32_t first_rows = rows / 3;
  if (inputs != tinyfair_model_input_count(&model) || inputs > kMaxInputs) {
    return fail("input count");
  }
  int failed = 0;
  if (strcmp(mode, "whole") == 0) {
    failed = decide_rows(file, inputs, rows, 0, rows);
  } else if (strcmp(mode, "first") == 0) {
    size_t size = 0;
    failed = decide_rows(file, inputs, rows, 0, first_rows);
    if (tinyfair_monitor_save(&monitor, state, sizeof(state), &size) != TINYFAIR_OK) {
      failed = fail("the state does not save");
    }
    write_text("saved ");
    write_hex(state, size);
    write_text("\n");
  } else if (strcmp(mode, "rest") == 0) {
    const size_t size = read_saved_state();
    const tinyfair_status status = tinyfair_monitor_restore(&monitor, state, size);
    if (status != TINYFAIR_OK) return fail(tinyfair_status_name(status));
    failed = decide_rows(file, inputs, rows, first_rows, rows);
  } else {
    failed = fail("the command line names no run (whole, first or rest)");
  }
  example_close(file);
  return failed | print_monitor();
}
