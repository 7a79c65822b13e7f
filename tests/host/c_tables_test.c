/* The C API's tables path (tinyfair codegen --tables --language c, the demo
 * model named DemoTables), from C:
 * the same decisions as the decoder path (tinyfair_model_decide) for every
 * input of a grid, bit for bit, and the same draws taken from the generator;
 * and the `--language c` headers included by a C++ source
 * (c_headers_from_cpp.cc). Prints "N passed, M failed" and exits non-zero on
 * a failure. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "c_check.h"
#include "c_headers_from_cpp.h"
#include "demo_model_c.h"
#include "demo_model_tables_c.h"
#include "tinyfair_runtime/tinyfair.h"

static tinyfair_model model;

static int same(const tinyfair_decision* a, const tinyfair_decision* b) {
  return a->model_hash == b->model_hash && a->status == b->status && a->group == b->group &&
         memcmp(&a->score, &b->score, sizeof(float)) == 0 &&
         memcmp(&a->probability, &b->probability, sizeof(float)) == 0 && a->draw == b->draw &&
         a->positive == b->positive;
}

static const uint8_t kKey[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 22, 33, 44, 55, 66};

int main(void) {
  tinyfair_keyed_draws decoder_keyed, tables_keyed;
  tinyfair_rng decoder_rng, tables_rng;
  tinyfair_decision decoder, tables;
  float inputs[kDemoModelInputCount];
  int rows = 0, differing = 0;

  CHECK(tinyfair_model_load_with_layout(&model, kDemoModel, kDemoModelSize,
                                        kDemoModelInputLayoutHash) == TINYFAIR_OK);
  tinyfair_rng_seed(&decoder_rng, 11, 3);
  tinyfair_rng_seed(&tables_rng, 11, 3);
  tinyfair_keyed_draws_init(&decoder_keyed, kKey, 77);
  tinyfair_keyed_draws_init(&tables_keyed, kKey, 77);
  /* A grid over the numeric inputs, every region and group, and an unknown
   * category and a NaN, which are refused without taking a draw. */
  for (int score = 30; score <= 100; score += 7) {
    for (int region = 0; region <= 4; ++region) {
      for (int group = 0; group < 2; ++group) {
        inputs[kDemoModelInputTestScore] = (float)score + 0.25f;
        inputs[kDemoModelInputExperience] = (float)(score % 13) * 0.5f;
        inputs[kDemoModelInputManagerRating] =
            region == 2 && group == 1 ? NAN : 1.0f + score / 25.0f;
        inputs[kDemoModelInputRegion] = (float)region; /* 4: unknown */
        inputs[kDemoModelInputGroup] = (float)group;
        (void)tinyfair_model_decide(&model, inputs, kDemoModelInputCount, 0, &decoder_rng,
                                    &decoder);
        (void)DecideDemoTables(inputs, kDemoModelInputCount, 0, &tables_rng, &tables);
        differing += !same(&decoder, &tables);
        /* Keyed draws: tinyfair_model_decide_keyed and DecideKeyed<Name>. */
        (void)tinyfair_model_decide_keyed(&model, inputs, kDemoModelInputCount, 0, &decoder_keyed,
                                          &decoder);
        (void)DecideKeyedDemoTables(inputs, kDemoModelInputCount, 0, &tables_keyed, &tables);
        differing += !same(&decoder, &tables) || decoder.counter != tables.counter;
        (void)tinyfair_model_decide_with_draw(&model, inputs, kDemoModelInputCount, 0, 0x9e3779b9u,
                                              &decoder);
        (void)DecideWithDrawDemoTables(inputs, kDemoModelInputCount, 0, 0x9e3779b9u, &tables);
        differing += !same(&decoder, &tables);
        ++rows;
      }
    }
  }
  CHECK(rows == 110);
  /* One model under two names: the same layout and indices. */
  CHECK(kDemoTablesInputLayoutHash == kDemoModelInputLayoutHash);
  CHECK((int)kDemoTablesInputGroup == (int)kDemoModelInputGroup && kDemoTablesInputCount == 5);
  CHECK(differing == 0);
  CHECK(decoder_rng.state == tables_rng.state);
  /* Every row but the refused ones (a NaN or an unknown region) took a counter. */
  CHECK(decoder_keyed.counter == tables_keyed.counter && decoder_keyed.counter > 77 + 50);
  /* The named categories index the tables as they index the decoder. */
  inputs[kDemoTablesInputRegion] = (float)kDemoTablesRegionCategoryWest;
  inputs[kDemoModelInputManagerRating] = 3.0f;
  CHECK(DecideDemoTables(inputs, kDemoModelInputCount, 0, &tables_rng, &tables) == TINYFAIR_OK);
  CHECK(DecideDemoTables(inputs, 3, 0, &tables_rng, &tables) == TINYFAIR_INPUT_COUNT_MISMATCH);
  CHECK(DecideDemoTables(inputs, kDemoModelInputCount, 0, NULL, &tables) == TINYFAIR_NOT_LOADED);
  CHECK(DecideThroughCHeadersFromCpp());

  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
