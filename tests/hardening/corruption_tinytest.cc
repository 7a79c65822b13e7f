// The corruption campaign (tests/hardening/corruption.h) on every board, with
// fewer random corruptions than the host's so that the Cortex-M0 stays fast:
// every truncation and every single-bit flip of every golden model, as
// stored and re-sealed, and 200 random multi-byte corruptions of each kind.
#include "test_models.h"
#include "tests/framework/tinytest.h"
#include "tests/hardening/corruption.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::hardening;

constexpr uint32_t kRandomCorruptions = 200;

tinyfair::runtime::ModelWithStorage<> g_model;
uint8_t g_scratch[512];
CampaignResult g_result;

TEST(Corruption, EveryGoldenModel) {
  g_model.AcceptIntegerModels();
  uint64_t seed = 100;
  for (const tinyfair_models::GoldenModel& golden : tinyfair_models::kGoldenModels) {
    ASSERT_TRUE(golden.size + 16 <= sizeof(g_scratch));
    CampaignBudget budget;
    budget.random_corruptions = kRandomCorruptions;
    budget.decisions_per_accepted = 4;
    budget.seed = ++seed;
    RunCorruptionCampaign(golden.bytes, golden.size, g_scratch, sizeof(g_scratch), g_model, budget,
                          g_result);
    uint32_t loads = 0, accepted = 0, accepted_as_stored = 0;
    for (size_t k = 0; k < kCorruptionKinds; ++k) {
      loads += g_result.counts[k].Total();
      accepted += g_result.counts[k].Accepted();
      if (!IsResealed(static_cast<Corruption>(k))) {
        accepted_as_stored += g_result.counts[k].Accepted();
      }
    }
    tinytest::WriteString("# corruption ");
    tinytest::WriteString(golden.name);
    tinytest::WriteString(": ");
    tinytest::WriteNumber(loads);
    tinytest::WriteString(" corrupted copies, ");
    tinytest::WriteNumber(accepted);
    tinytest::WriteString(" loaded (");
    tinytest::WriteNumber(accepted_as_stored);
    tinytest::WriteString(" without resealing), ");
    tinytest::WriteNumber(g_result.decisions);
    tinytest::WriteString(" decisions checked\n");
    if (g_result.violations != 0) {
      tinytest::WriteString("# first violation: ");
      tinytest::WriteString(g_result.first_violation);
      tinytest::WriteString(" (");
      tinytest::WriteString(CorruptionName(g_result.first_violation_kind));
      tinytest::WriteString(" #");
      tinytest::WriteNumber(g_result.first_violation_index);
      tinytest::WriteString(")\n");
    }
    EXPECT_EQ(0, g_result.violations);
    EXPECT_EQ(0, g_result.counts[static_cast<int>(Corruption::kTruncated)].Accepted());
    EXPECT_EQ(0, g_result.counts[static_cast<int>(Corruption::kBitFlip)].Accepted());
    EXPECT_EQ(0, g_result.counts[static_cast<int>(Corruption::kRandom)].Accepted());
    EXPECT_EQ(golden.size * 8, g_result.counts[static_cast<int>(Corruption::kBitFlip)].Total());
  }
}

}  // namespace
