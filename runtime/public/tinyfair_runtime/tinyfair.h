/* The tinyfair runtime's C API, over the C++ one: for C firmware.
 * Heap-free: the caller owns every object (put tinyfair_model in static
 * storage: it is about 8.5 KiB). */
#ifndef TINYFAIR_RUNTIME_TINYFAIR_H_
#define TINYFAIR_RUNTIME_TINYFAIR_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tinyfair_runtime/internal/no_fast_math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The same values as tinyfair::runtime::Status (status.h). */
typedef enum tinyfair_status {
  TINYFAIR_OK = 0,
  TINYFAIR_NOT_LOADED = 1,
  TINYFAIR_EMPTY_MODEL = 2,
  TINYFAIR_MISSING_CRC = 3,
  TINYFAIR_CRC_MISMATCH = 4,
  TINYFAIR_MALFORMED = 5,
  TINYFAIR_UNSUPPORTED_VERSION = 6,
  TINYFAIR_CAPACITY_EXCEEDED = 7,
  TINYFAIR_INVALID_MODEL = 8,
  TINYFAIR_UNSUPPORTED_RULE = 9,
  TINYFAIR_INPUT_COUNT_MISMATCH = 10,
  TINYFAIR_NON_FINITE_INPUT = 11,
  TINYFAIR_SCORE_OVERFLOW = 12,
  TINYFAIR_UNKNOWN_CATEGORY = 13,
  TINYFAIR_UNKNOWN_GROUP = 14,
  TINYFAIR_MISSING_FEATURE = 15,
  TINYFAIR_INPUT_LAYOUT_MISMATCH = 20,
  TINYFAIR_SELF_TEST_FAILED = 21,
  TINYFAIR_MONITOR_NOT_CONFIGURED = 22,
  TINYFAIR_MONITOR_MODEL_MISMATCH = 23,
  TINYFAIR_DRIFT_ALARM = 24,
  TINYFAIR_REPORT_BUFFER_TOO_SMALL = 25
} tinyfair_status;

/* Room for the C++ Model; the implementation checks it at compile time. */
#if UINTPTR_MAX > 0xFFFFFFFFu
#define TINYFAIR_MODEL_STORAGE_BYTES 8768
#else
#define TINYFAIR_MODEL_STORAGE_BYTES 8704
#endif

/* Lives where tinyfair_model_load put it: the C++ Model inside points into
 * itself, so a struct copy (assignment, memcpy) would alias the original's
 * tables. `self` makes such a copy unusable instead: every call on it
 * returns TINYFAIR_NOT_LOADED until it is loaded itself. */
typedef struct tinyfair_model {
  uint32_t constructed;              /* set by tinyfair_model_load */
  const struct tinyfair_model* self; /* the address it was loaded at */
  uint64_t storage[TINYFAIR_MODEL_STORAGE_BYTES / 8];
} tinyfair_model;

/* Room for the C++ FairnessMonitor (fairness_monitor.h, docs/monitor.md);
 * the implementation checks it at compile time. */
#define TINYFAIR_MONITOR_STORAGE_BYTES 2776

typedef struct tinyfair_monitor {
  uint32_t constructed; /* set by tinyfair_monitor_start */
  uint32_t reserved;
  uint64_t storage[TINYFAIR_MONITOR_STORAGE_BYTES / 8];
} tinyfair_monitor;

/* PCG32 (docs/prng.md). */
typedef struct tinyfair_rng {
  uint64_t state;
  uint64_t increment;
} tinyfair_rng;

/* The decision record (decision.h). */
typedef struct tinyfair_decision {
  uint64_t model_hash;
  tinyfair_status status;
  uint32_t group;
  float score;
  float probability;
  uint32_t draw;
  bool positive;
  uint32_t member;
  float value;
} tinyfair_decision;

/* Room for one decision log line and its NUL. */
#define TINYFAIR_DECISION_LINE_BYTES 71

void tinyfair_rng_seed(tinyfair_rng* rng, uint64_t seed, uint64_t stream);
uint32_t tinyfair_rng_next(tinyfair_rng* rng);

/* Loads a model file (untrusted bytes); on failure the model is left as it was. */
tinyfair_status tinyfair_model_load(tinyfair_model* model, const uint8_t* bytes, size_t size);

/* The same, refusing a model whose inputs differ from the layout the
 * firmware was compiled for (the generated header's k<Name>InputLayoutHash)
 * with TINYFAIR_INPUT_LAYOUT_MISMATCH. */
tinyfair_status tinyfair_model_load_with_layout(tinyfair_model* model, const uint8_t* bytes,
                                                size_t size, uint64_t input_layout_hash);

/* The boot self-test (self_test.h): TINYFAIR_OK, or TINYFAIR_SELF_TEST_FAILED
 * when this build decides a built-in vector differently from the host. */
tinyfair_status tinyfair_self_test(void);

/* The same accessors as the C++ Model's; 0, "" or false when not loaded. */
bool tinyfair_model_loaded(const tinyfair_model* model);
size_t tinyfair_model_input_count(const tinyfair_model* model);
size_t tinyfair_model_group_count(const tinyfair_model* model);
uint64_t tinyfair_model_hash(const tinyfair_model* model);
/* The model id, NUL-terminated. */
const char* tinyfair_model_id(const tinyfair_model* model);

/* Decides for `count` inputs (categorical ones as category index); `group`
 * is read only by models whose groups are given directly. Takes one draw
 * from `rng` when a decision is made. */
tinyfair_status tinyfair_model_decide(const tinyfair_model* model, const float* inputs,
                                      size_t count, uint32_t group, tinyfair_rng* rng,
                                      tinyfair_decision* out);

/* Decides with a draw the caller supplies (hardware entropy, or a replay). */
tinyfair_status tinyfair_model_decide_with_draw(const tinyfair_model* model, const float* inputs,
                                                size_t count, uint32_t group, uint32_t draw,
                                                tinyfair_decision* out);

/* One decision log line (docs/decision_records.md); returns its length. */
size_t tinyfair_format_decision(const tinyfair_decision* decision, char* line, size_t size);

/* The fairness monitor (docs/monitor.md). Starts (or restarts) watching the
 * loaded model with its own settings (alpha > 0 from tinyfair export
 * --monitor-alpha), or with the given ones when alpha > 0. */
tinyfair_status tinyfair_monitor_start(tinyfair_monitor* monitor, const tinyfair_model* model,
                                       float alpha, float tolerance, uint32_t window);

/* Counts one decision (refusals too): TINYFAIR_OK, or TINYFAIR_DRIFT_ALARM
 * once the alarm is up; the decision is never changed. */
tinyfair_status tinyfair_monitor_update(tinyfair_monitor* monitor,
                                        const tinyfair_decision* decision);

/* Counts the true label of a decision counted before (TPR, FPR). */
tinyfair_status tinyfair_monitor_record_outcome(tinyfair_monitor* monitor,
                                                const tinyfair_decision* decision, bool label);

bool tinyfair_monitor_alarmed(const tinyfair_monitor* monitor);

/* Decisions and positives of one group since the start (0 outside it). */
uint32_t tinyfair_monitor_decisions(const tinyfair_monitor* monitor, uint32_t group);
uint32_t tinyfair_monitor_positives(const tinyfair_monitor* monitor, uint32_t group);

/* The bytes that always hold a report of `groups` groups. */
size_t tinyfair_monitor_report_max_size(uint32_t groups);

/* Encodes the monitor's MonitorReport into `buffer`; `size` receives its
 * length. */
tinyfair_status tinyfair_monitor_encode_report(const tinyfair_monitor* monitor, uint8_t* buffer,
                                               size_t capacity, size_t* size);

/* "ok", "crc_mismatch", ... */
const char* tinyfair_status_name(tinyfair_status status);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TINYFAIR_RUNTIME_TINYFAIR_H_ */
