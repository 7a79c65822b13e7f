/* A C firmware taking a signed model update as a device in the field does:
 * the fleet's public key compiled in (`tinyfair codegen --public-key`) and
 * the lowest model version it accepts. An older signed model is refused
 * (anti-rollback) and the current one loads; it then decides the
 * applicants with the fairness monitor its model configures (`tinyfair
 * export --monitor-*`) and prints the decision log and the monitor's report
 * in hex, which the host compares with `tinyfair simulate --public-key ...
 * --monitor`. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fleet_public_key.h"
#include "older_model_c.h"
#include "signed_model_c.h"
#include "tinyfair_runtime/tinyfair.h"

void firmware_print(const char* text, size_t size);

/* The version this device runs; an update must be at least that. */
#define kMinimumModelVersion 2u

static tinyfair_model model;
static tinyfair_monitor monitor;
/* A report of the demo model's two groups (tinyfair_monitor_report_max_size). */
static uint8_t report[288];

/* The rows of applicants.csv, in the model's input order. */
#define APPLICANT(score, years, rating, region_index, group_index)                   \
  {                                                                                  \
    [kSignedModelInputTestScore] = (score), [kSignedModelInputExperience] = (years), \
    [kSignedModelInputManagerRating] = (rating),                                     \
    [kSignedModelInputRegion] = (float)(region_index),                               \
    [kSignedModelInputGroup] = (float)(group_index)                                  \
  }
static const float kApplicants[][kSignedModelInputCount] = {
    APPLICANT(78.5f, 7.5f, 1.5f, kSignedModelRegionCategoryNorth, kSignedModelGroupCategoryA),
    APPLICANT(61.5f, 0.25f, 3.125f, kSignedModelRegionCategorySouth, kSignedModelGroupCategoryB),
    APPLICANT(78.5f, 9.75f, 1.25f, kSignedModelRegionCategoryWest, kSignedModelGroupCategoryA),
    APPLICANT(52.5f, 6.5f, 3.25f, kSignedModelRegionCategoryEast, kSignedModelGroupCategoryB),
    APPLICANT(60.75f, 2.75f, 4.375f, kSignedModelRegionCategoryNorth, kSignedModelGroupCategoryA),
    APPLICANT(56.75f, 3.0f, 3.625f, kSignedModelRegionCategoryWest, kSignedModelGroupCategoryB),
    APPLICANT(79.75f, 6.75f, 1.375f, kSignedModelRegionCategoryEast, kSignedModelGroupCategoryA),
    APPLICANT(64.25f, 7.75f, 1.5f, kSignedModelRegionCategorySouth, kSignedModelGroupCategoryB),
    APPLICANT(93.0f, 12.0f, 4.875f, kSignedModelRegionCategoryWest, kSignedModelGroupCategoryB),
    APPLICANT(47.0f, 0.5f, 2.25f, kSignedModelRegionCategoryNorth, kSignedModelGroupCategoryB),
};

static void print_text(const char* text) { firmware_print(text, strlen(text)); }

static int fail(const char* what, tinyfair_status status) {
  print_text("# signed update: ");
  print_text(what);
  print_text(tinyfair_status_name(status));
  print_text("\n");
  return 1;
}

static void print_hex(const uint8_t* bytes, size_t size) {
  static const char kDigits[] = "0123456789abcdef";
  char pair[2];
  size_t i;
  for (i = 0; i < size; ++i) {
    pair[0] = kDigits[bytes[i] >> 4];
    pair[1] = kDigits[bytes[i] & 0x0f];
    firmware_print(pair, sizeof(pair));
  }
}

int main(void) {
  static const char header_line[] =
      "model_hash,status,group,score_bits,probability_bits,draw,positive,member,value_bits,"
      "counter\n";
  const tinyfair_load_options options = {kSignedModelInputLayoutHash, kFleetPublicKey,
                                         kMinimumModelVersion};
  tinyfair_rng rng;
  size_t size = 0;
  size_t row;
  /* The older model, signed by the same key, is refused: a rollback. */
  tinyfair_status status =
      tinyfair_model_load_with_options(&model, kOlderModel, kOlderModelSize, &options);
  if (status != TINYFAIR_ROLLED_BACK) return fail("the older model: ", status);
  print_text("# signed update: the older model refused: ");
  print_text(tinyfair_status_name(status));
  print_text("\n");
  status = tinyfair_model_load_with_options(&model, kSignedModel, kSignedModelSize, &options);
  if (status != TINYFAIR_OK) return fail("load: ", status);
  if (tinyfair_model_version(&model) != kMinimumModelVersion) {
    return fail("model version: ", TINYFAIR_OK);
  }
  /* The model's own monitor settings (alpha 0 here). */
  status = tinyfair_monitor_start(&monitor, &model, 0.0f, 0.0f, 0);
  if (status != TINYFAIR_OK) return fail("monitor: ", status);
  tinyfair_rng_seed(&rng, 2024, 0); /* tinyfair simulate --seed 2024 */
  firmware_print(header_line, sizeof(header_line) - 1);
  for (row = 0; row < sizeof(kApplicants) / sizeof(kApplicants[0]); ++row) {
    tinyfair_decision decision;
    char line[TINYFAIR_DECISION_LINE_BYTES];
    (void)tinyfair_model_decide(&model, kApplicants[row], kSignedModelInputCount, 0, &rng,
                                &decision);
    firmware_print(line, tinyfair_format_decision(&decision, line, sizeof(line)));
    status = tinyfair_monitor_update(&monitor, &decision);
    if (status != TINYFAIR_OK && status != TINYFAIR_DRIFT_ALARM) return fail("update: ", status);
  }
  if (tinyfair_monitor_report_max_size((uint32_t)tinyfair_model_group_count(&model)) >
      sizeof(report)) {
    return fail("report buffer: ", TINYFAIR_OK);
  }
  status = tinyfair_monitor_encode_report(&monitor, report, sizeof(report), &size);
  if (status != TINYFAIR_OK) return fail("report: ", status);
  print_text("# report ");
  print_hex(report, size);
  print_text("\n");
  return 0;
}
