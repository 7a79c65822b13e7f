/* The C API, from C. Prints "N passed, M failed" and exits non-zero on a
 * failure. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "c_check.h"
#include "demo_model_c.h"
#include "golden_IntegerRampModel_c.h"
#include "tinyfair_runtime/tinyfair.h"

static tinyfair_model model;
static tinyfair_model never_loaded;
static tinyfair_model copy;
static tinyfair_monitor monitor;
static uint8_t report[4096];
static uint8_t corrupted[4096];

int main(void) {
  tinyfair_rng rng;
  tinyfair_decision decision, replay;
  char line[TINYFAIR_DECISION_LINE_BYTES];
  /* test_score, experience, manager_rating, region (index), group (index) */
  float inputs[5] = {62.0f, 5.0f, 3.0f, 1.0f, 1.0f};

  tinyfair_rng_seed(&rng, 42, 54);
  CHECK(tinyfair_rng_next(&rng) == 0xa15c02b7u);
  CHECK(tinyfair_rng_next(&rng) == 0x7b47f409u);

  CHECK(tinyfair_model_load(&model, kDemoModel, kDemoModelSize) == TINYFAIR_OK);
  CHECK(tinyfair_model_hash(&model) == kDemoModelHash);
  CHECK(tinyfair_model_input_count(&model) == 5);

  tinyfair_rng_seed(&rng, 7, 1);
  CHECK(tinyfair_model_decide(&model, inputs, 5, 0, &rng, &decision) == TINYFAIR_OK);
  CHECK(decision.model_hash == kDemoModelHash);
  CHECK(decision.group == 1);
  CHECK(decision.probability >= 0.0f && decision.probability <= 1.0f);
  CHECK(tinyfair_model_decide_with_draw(&model, inputs, 5, 0, decision.draw, &replay) ==
        TINYFAIR_OK);
  CHECK(replay.positive == decision.positive && replay.probability == decision.probability);
  CHECK(tinyfair_format_decision(&decision, line, sizeof(line)) == 87);
  /* A PCG32 draw has no counter: the line's last column is 0. */
  CHECK(decision.counter == 0 && strcmp(line + 69, ",0000000000000000\n") == 0);
  {
    char prefix[17];
    snprintf(prefix, sizeof(prefix), "%016llx", (unsigned long long)kDemoModelHash);
    CHECK(strncmp(line, prefix, 16) == 0 && line[16] == ',');
  }

  inputs[0] = NAN;
  CHECK(tinyfair_model_decide(&model, inputs, 5, 0, &rng, &decision) == TINYFAIR_NON_FINITE_INPUT);
  CHECK(decision.status == TINYFAIR_NON_FINITE_INPUT && !decision.positive);
  inputs[0] = 62.0f;
  inputs[3] = 9.0f;
  CHECK(tinyfair_model_decide(&model, inputs, 5, 0, &rng, &decision) == TINYFAIR_UNKNOWN_CATEGORY);
  CHECK(tinyfair_model_decide(&model, inputs, 4, 0, &rng, &decision) ==
        TINYFAIR_INPUT_COUNT_MISMATCH);

  CHECK(tinyfair_model_decide(&never_loaded, inputs, 5, 0, &rng, &decision) == TINYFAIR_NOT_LOADED);
  CHECK(tinyfair_model_input_count(&never_loaded) == 0);
  CHECK(!tinyfair_model_loaded(&never_loaded));
  CHECK(strcmp(tinyfair_model_id(&never_loaded), "") == 0);

  /* The accessors of the C++ Model. */
  inputs[3] = 1.0f;
  CHECK(tinyfair_model_loaded(&model));
  CHECK(tinyfair_model_group_count(&model) == 2);
  CHECK(strcmp(tinyfair_model_id(&model), "demo+rto") == 0);
  CHECK(tinyfair_model_version(&model) == 0); /* exported without --model-version */
  CHECK(tinyfair_model_schema_minor(&model) >= 4);
  CHECK(tinyfair_model_content_hash(&model) != 0);
  {
    /* The record hash is the digest's first 8 bytes, big-endian. */
    const uint8_t* digest = tinyfair_model_digest(&model);
    uint64_t first = 0;
    int i;
    for (i = 0; i < 8; ++i) first = (first << 8) | digest[i];
    CHECK(first == kDemoModelHash);
  }
  /* Neutral values when not loaded and on NULL, as the C++ Model's. */
  {
    static const uint8_t zeros[TINYFAIR_MODEL_DIGEST_BYTES];
    const tinyfair_model* unloaded[2] = {&never_loaded, NULL};
    int i;
    for (i = 0; i < 2; ++i) {
      CHECK(tinyfair_model_version(unloaded[i]) == 0);
      CHECK(tinyfair_model_schema_minor(unloaded[i]) == 0);
      CHECK(tinyfair_model_content_hash(unloaded[i]) == 0);
      CHECK(tinyfair_model_digest(unloaded[i]) != NULL &&
            memcmp(tinyfair_model_digest(unloaded[i]), zeros, sizeof(zeros)) == 0);
      CHECK(tinyfair_model_hash(unloaded[i]) == 0);
      CHECK(tinyfair_model_input_count(unloaded[i]) == 0);
      CHECK(tinyfair_model_group_count(unloaded[i]) == 0);
      CHECK(!tinyfair_model_loaded(unloaded[i]));
      CHECK(strcmp(tinyfair_model_id(unloaded[i]), "") == 0);
    }
  }

  /* A struct copy would alias the original's tables: it is refused until
   * loaded itself, and then decides on its own. */
  copy = model;
  CHECK(!tinyfair_model_loaded(&copy));
  CHECK(tinyfair_model_hash(&copy) == 0);
  CHECK(tinyfair_model_version(&copy) == 0 && tinyfair_model_schema_minor(&copy) == 0);
  CHECK(tinyfair_model_digest(&copy)[0] == 0 && tinyfair_model_content_hash(&copy) == 0);
  CHECK(tinyfair_model_decide(&copy, inputs, 5, 0, &rng, &decision) == TINYFAIR_NOT_LOADED);
  CHECK(tinyfair_model_load(&copy, kDemoModel, kDemoModelSize) == TINYFAIR_OK);
  CHECK(tinyfair_model_decide_with_draw(&copy, inputs, 5, 0, 12345u, &decision) == TINYFAIR_OK);
  CHECK(tinyfair_model_decide_with_draw(&model, inputs, 5, 0, 12345u, &replay) == TINYFAIR_OK);
  CHECK(decision.probability == replay.probability && decision.positive == replay.positive);

  /* The layout the firmware was compiled for, and the boot self-test. */
  CHECK(tinyfair_model_load_with_layout(&copy, kDemoModel, kDemoModelSize,
                                        kDemoModelInputLayoutHash) == TINYFAIR_OK);
  CHECK(tinyfair_model_load_with_layout(&copy, kDemoModel, kDemoModelSize,
                                        kDemoModelInputLayoutHash ^ 1u) ==
        TINYFAIR_INPUT_LAYOUT_MISMATCH);
  /* Load's options: a key the demo model (not signed) lacks, a minimum
   * model version above its own (0). */
  {
    static const uint8_t key[32] = {1};
    tinyfair_load_options options = {kDemoModelInputLayoutHash, NULL, 1};
    CHECK(tinyfair_model_load_with_options(&copy, kDemoModel, kDemoModelSize, &options) ==
          TINYFAIR_ROLLED_BACK);
    options.minimum_model_version = 0;
    options.public_key = key;
    CHECK(tinyfair_model_load_with_options(&copy, kDemoModel, kDemoModelSize, &options) ==
          TINYFAIR_UNSIGNED_MODEL);
    options.public_key = NULL;
    CHECK(tinyfair_model_load_with_options(&copy, kDemoModel, kDemoModelSize, &options) ==
          TINYFAIR_OK);
    CHECK(tinyfair_model_load_with_options(&copy, kDemoModel, kDemoModelSize, NULL) == TINYFAIR_OK);
  }
  /* In place: the arrays read from the bytes decide as the copied ones. */
  {
    memcpy(corrupted, kDemoModel, kDemoModelSize);
    CHECK(tinyfair_model_load_in_place(&copy, corrupted, kDemoModelSize,
                                       kDemoModelInputLayoutHash) == TINYFAIR_OK);
    CHECK(tinyfair_model_decide_with_draw(&copy, inputs, 5, 0, 12345u, &decision) == TINYFAIR_OK);
    CHECK(decision.probability == replay.probability && decision.positive == replay.positive);
    CHECK(tinyfair_model_load_in_place(&copy, corrupted, kDemoModelSize,
                                       kDemoModelInputLayoutHash ^ 1u) ==
          TINYFAIR_INPUT_LAYOUT_MISMATCH);
    CHECK(tinyfair_model_load(&copy, kDemoModel, kDemoModelSize) == TINYFAIR_OK);
  }
  /* The refused update keeps the model loaded before it. */
  CHECK(tinyfair_model_loaded(&copy) && tinyfair_model_hash(&copy) == kDemoModelHash);
  CHECK(kDemoModelInputCount == 5 && kDemoModelInputGroup == 4 && kDemoModelGroupCategoryB == 1);
  CHECK(tinyfair_self_test() == TINYFAIR_OK);

  memcpy(corrupted, kDemoModel, kDemoModelSize);
  corrupted[kDemoModelSize / 2] ^= 0x04;
  /* A refused load leaves the loaded model deciding, and an unloaded one unloaded. */
  CHECK(tinyfair_model_load(&model, corrupted, kDemoModelSize) == TINYFAIR_CRC_MISMATCH);
  CHECK(tinyfair_model_hash(&model) == kDemoModelHash);
  CHECK(tinyfair_model_decide_with_draw(&model, inputs, 5, 0, 12345u, &decision) == TINYFAIR_OK);
  CHECK(decision.probability == replay.probability && decision.positive == replay.positive);
  CHECK(tinyfair_model_load(&never_loaded, corrupted, kDemoModelSize) == TINYFAIR_CRC_MISMATCH);
  CHECK(tinyfair_model_decide(&never_loaded, inputs, 5, 0, &rng, &decision) == TINYFAIR_NOT_LOADED);
  CHECK(strcmp(tinyfair_status_name(TINYFAIR_CRC_MISMATCH), "crc_mismatch") == 0);

  /* The integer path from C: 16-bit inputs (x, colour, sex, z of the integer
   * ramp model; five for the demo model), the same record whichever way the
   * draw comes. */
  {
    const int16_t values[5] = {3000, 1, 0, -9000, 0};
    tinyfair_rng before;
    tinyfair_keyed_draws draws;
    const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    tinyfair_decision by_rng, by_draw;
    /* A model without an integer scorer is refused, taking no draw. */
    before = rng;
    CHECK(tinyfair_model_decide_integer(&model, values, 5, 0, &rng, &decision) ==
          TINYFAIR_UNSUPPORTED_RULE);
    CHECK(decision.status == TINYFAIR_UNSUPPORTED_RULE && decision.model_hash == kDemoModelHash);
    CHECK(rng.state == before.state && !decision.positive);
    CHECK(tinyfair_model_decide_integer(&never_loaded, values, 4, 0, &rng, &decision) ==
          TINYFAIR_NOT_LOADED);
    CHECK(decision.status == TINYFAIR_NOT_LOADED && decision.model_hash == 0);
    CHECK(tinyfair_model_decide_integer_with_draw(NULL, values, 4, 0, 1u, &decision) ==
          TINYFAIR_NOT_LOADED);
    /* An integer model loads only into a model told to accept them. */
    CHECK(tinyfair_model_load(&copy, kIntegerRampModel, kIntegerRampModelSize) ==
          TINYFAIR_MISSING_FEATURE);
    tinyfair_model_accept_integer_models(&copy);
    CHECK(tinyfair_model_load(&copy, kIntegerRampModel, kIntegerRampModelSize) == TINYFAIR_OK);
    CHECK(tinyfair_model_decide_integer(&copy, values, 3, 0, &rng, &decision) ==
          TINYFAIR_INPUT_COUNT_MISMATCH);
    CHECK(rng.state == before.state);
    CHECK(tinyfair_model_decide_integer(&copy, values, 4, 0, &rng, &by_rng) == TINYFAIR_OK);
    CHECK(rng.state != before.state && tinyfair_rng_next(&before) == by_rng.draw);
    CHECK(by_rng.model_hash == tinyfair_model_hash(&copy) && by_rng.group == 0);
    CHECK(tinyfair_model_decide_integer_with_draw(&copy, values, 4, 0, by_rng.draw, &by_draw) ==
          TINYFAIR_OK);
    CHECK(by_draw.status == TINYFAIR_OK && by_draw.draw == by_rng.draw &&
          memcmp(&by_draw.score, &by_rng.score, sizeof(float)) == 0 &&
          memcmp(&by_draw.probability, &by_rng.probability, sizeof(float)) == 0 &&
          by_draw.positive == by_rng.positive && by_draw.group == by_rng.group);
    tinyfair_keyed_draws_init(&draws, key, 41);
    CHECK(tinyfair_model_decide_integer_keyed(&copy, values, 4, 0, &draws, &decision) ==
          TINYFAIR_OK);
    CHECK(draws.counter == 42 && decision.counter == 41);
    CHECK(tinyfair_model_decide_integer_with_draw(&copy, values, 4, 0, decision.draw, &by_draw) ==
          TINYFAIR_OK);
    CHECK(by_draw.probability == decision.probability && by_draw.positive == decision.positive);
    /* The float inputs these quantise from (x and z at 2^12, exact) decide alike. */
    {
      const float floats[4] = {3000.0f / 4096.0f, 1.0f, 0.0f, -9000.0f / 4096.0f};
      CHECK(tinyfair_model_decide_with_draw(&copy, floats, 4, 0, by_rng.draw, &by_draw) ==
            TINYFAIR_OK);
      CHECK(memcmp(&by_draw.score, &by_rng.score, sizeof(float)) == 0 &&
            memcmp(&by_draw.probability, &by_rng.probability, sizeof(float)) == 0 &&
            by_draw.positive == by_rng.positive);
    }
    CHECK(tinyfair_model_load(&copy, kDemoModel, kDemoModelSize) == TINYFAIR_OK);
  }

  /* The fairness monitor over the demo model's decisions: the demo model
   * sets no monitor, so the firmware gives the settings. */
  {
    uint32_t decided[2] = {0, 0}, positives[2] = {0, 0}, g, i;
    size_t size = 0;
    CHECK(tinyfair_monitor_update(&monitor, &decision) == TINYFAIR_MONITOR_NOT_CONFIGURED);
    CHECK(tinyfair_model_load(&model, kDemoModel, kDemoModelSize) == TINYFAIR_OK);
    CHECK(tinyfair_monitor_start(&monitor, &model, 0.0f, 0.0f, 0) ==
          TINYFAIR_MONITOR_NOT_CONFIGURED);
    CHECK(tinyfair_monitor_start(&monitor, &model, 0.05f, 0.5f, 0) == TINYFAIR_OK);
    inputs[1] = 5.0f;
    inputs[2] = 3.0f;
    inputs[3] = 1.0f;
    for (i = 0; i < 200; ++i) {
      inputs[0] = 40.0f + (float)(i % 50);
      inputs[4] = (float)(i % 2);
      CHECK(tinyfair_model_decide(&model, inputs, 5, 0, &rng, &decision) == TINYFAIR_OK);
      ++decided[decision.group];
      positives[decision.group] += decision.positive ? 1u : 0u;
      CHECK(tinyfair_monitor_update(&monitor, &decision) == TINYFAIR_OK);
      CHECK(tinyfair_monitor_record_outcome(&monitor, &decision, i % 3 == 0) == TINYFAIR_OK);
    }
    for (g = 0; g < 2; ++g) {
      CHECK(tinyfair_monitor_decisions(&monitor, g) == decided[g]);
      CHECK(tinyfair_monitor_positives(&monitor, g) == positives[g]);
    }
    CHECK(!tinyfair_monitor_alarmed(&monitor));
    /* Its state saved, and restored into a monitor started with the same
     * model and settings; the refusals leave that monitor as it was. */
    {
      static uint8_t state[TINYFAIR_MONITOR_STATE_BYTES(2)];
      static tinyfair_monitor resumed;
      size_t state_size = 0;
      CHECK(sizeof(state) == 240);
      CHECK(tinyfair_monitor_save(&monitor, state, sizeof(state) - 1, &state_size) ==
            TINYFAIR_REPORT_BUFFER_TOO_SMALL);
      CHECK(tinyfair_monitor_save(&monitor, state, sizeof(state), &state_size) == TINYFAIR_OK);
      CHECK(state_size == sizeof(state));
      CHECK(tinyfair_monitor_restore(&resumed, state, state_size) ==
            TINYFAIR_MONITOR_NOT_CONFIGURED);
      CHECK(tinyfair_monitor_start(&resumed, &model, 0.05f, 0.5f, 0) == TINYFAIR_OK);
      CHECK(tinyfair_monitor_restore(&resumed, state, state_size - 1) ==
            TINYFAIR_MONITOR_STATE_SHORT);
      state[100] ^= 0x01;
      CHECK(tinyfair_monitor_restore(&resumed, state, state_size) ==
            TINYFAIR_MONITOR_STATE_CORRUPT);
      state[100] ^= 0x01;
      CHECK(tinyfair_monitor_decisions(&resumed, 0) == 0);
      CHECK(tinyfair_monitor_start(&resumed, &model, 0.05f, 0.25f, 0) == TINYFAIR_OK);
      CHECK(tinyfair_monitor_restore(&resumed, state, state_size) ==
            TINYFAIR_MONITOR_STATE_MISMATCH);
      CHECK(tinyfair_monitor_start(&resumed, &model, 0.05f, 0.5f, 0) == TINYFAIR_OK);
      CHECK(tinyfair_monitor_restore(&resumed, state, state_size) == TINYFAIR_OK);
      for (g = 0; g < 2; ++g) {
        CHECK(tinyfair_monitor_decisions(&resumed, g) == decided[g]);
        CHECK(tinyfair_monitor_positives(&resumed, g) == positives[g]);
      }
      CHECK(strcmp(tinyfair_status_name(TINYFAIR_MONITOR_STATE_CORRUPT), "monitor_state_corrupt") ==
            0);
    }
    CHECK(tinyfair_monitor_encode_report(&monitor, report, 10, &size) ==
          TINYFAIR_REPORT_BUFFER_TOO_SMALL);
    CHECK(tinyfair_monitor_encode_report(&monitor, report, sizeof(report), &size) == TINYFAIR_OK);
    CHECK(size > 10 && size <= tinyfair_monitor_report_max_size(2));
    CHECK(report[0] == 0x09); /* field 1, fixed64: the model hash */
    /* Numbered: the device id (field 10, fixed64) and the sequence (field
     * 11, varint) before the CRC, which stays last. */
    {
      size_t numbered = 0;
      CHECK(tinyfair_monitor_encode_numbered_report(&monitor, 0x1122334455667788ull, 5, report,
                                                    sizeof(report), &numbered) == TINYFAIR_OK);
      CHECK(numbered == size + 9 + 2 && numbered <= tinyfair_monitor_report_max_size(2));
      CHECK(report[numbered - 16] == 0x51 && report[numbered - 15] == 0x88 &&
            report[numbered - 8] == 0x11);
      CHECK(report[numbered - 7] == 0x58 && report[numbered - 6] == 5);
      CHECK(report[numbered - 5] == 0x4D);
      CHECK(tinyfair_monitor_encode_numbered_report(NULL, 1, 1, report, sizeof(report),
                                                    &numbered) == TINYFAIR_MONITOR_NOT_CONFIGURED);
    }
    CHECK(strcmp(tinyfair_status_name(TINYFAIR_DRIFT_ALARM), "drift_alarm") == 0);
  }

  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
