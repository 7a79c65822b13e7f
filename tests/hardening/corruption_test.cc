// Corrupted copies of a sealed model of every rule kind (the golden models):
// every truncation, every single-bit flip and 10,000 seeded random
// multi-byte corruptions, as stored and re-sealed with a correct CRC. Each
// is refused with a named status, or loads into tables that pass an
// independent check and decide random inputs within the decision
// invariants, also from exactly sized copies of the tables, so that the
// sanitizer preset sees any read past the model's counts.
#include "tests/hardening/corruption.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "test_models.h"
#include "tests/hardening/exact_tables.h"
#include "tinyfair_runtime/model.h"

namespace {

using tinyfair::hardening::CampaignBudget;
using tinyfair::hardening::CampaignResult;
using tinyfair::hardening::Corruption;
using tinyfair::hardening::kCorruptionKinds;
using tinyfair::runtime::Status;
using tinyfair_models::GoldenModel;
using tinyfair_models::kGoldenModels;

std::string Counts(const tinyfair::hardening::StatusCounts& counts) {
  std::string text;
  for (uint8_t s = 0; s < 16; ++s) {
    if (counts.by_status[s] == 0) continue;
    if (!text.empty()) text += " ";
    text += std::string(tinyfair::runtime::StatusName(static_cast<Status>(s))) + "=" +
            std::to_string(counts.by_status[s]);
  }
  return text;
}

class Corruptions : public ::testing::TestWithParam<size_t> {};

TEST_P(Corruptions, AreRefusedOrLoadIntoValidTables) {
  const GoldenModel& golden = kGoldenModels[GetParam()];
  auto model = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  ASSERT_EQ(Status::kOk, model->Load(golden.bytes, golden.size));
  std::vector<uint8_t> scratch(golden.size + 16);
  CampaignBudget budget;
  budget.random_corruptions = 10000;
  budget.decisions_per_accepted = 16;
  budget.seed = 1 + GetParam();
  uint32_t exact_decisions = 16;
  CampaignResult result;
  tinyfair::hardening::RunCorruptionCampaign(
      golden.bytes, golden.size, scratch.data(), scratch.size(), *model, budget, result,
      &tinyfair::hardening::DecideFromExactTables, &exact_decisions);

  // The figures docs/security.md quotes.
  for (size_t k = 0; k < kCorruptionKinds; ++k) {
    std::printf("corruption %s, %s: %u copies: %s\n", golden.name,
                tinyfair::hardening::CorruptionName(static_cast<Corruption>(k)),
                result.counts[k].Total(), Counts(result.counts[k]).c_str());
  }
  std::printf("corruption %s: %u decisions checked on corrupted models that loaded\n", golden.name,
              result.decisions);

  EXPECT_EQ(0U, result.violations)
      << result.first_violation << " ("
      << tinyfair::hardening::CorruptionName(result.first_violation_kind) << " #"
      << result.first_violation_index << ")";
  const auto& counts = result.counts;
  const auto count = [&counts](Corruption kind) { return counts[static_cast<size_t>(kind)]; };
  EXPECT_EQ(golden.size, count(Corruption::kTruncated).Total());
  EXPECT_EQ(golden.size * 8, count(Corruption::kBitFlip).Total());
  EXPECT_EQ(10000U, count(Corruption::kRandom).Total());
  EXPECT_EQ(10000U, count(Corruption::kRandomResealed).Total());
  // The CRC sees every truncation and every single-bit flip (CRC-32 detects
  // all bursts up to 32 bits), and here every random corruption too.
  EXPECT_EQ(0U, count(Corruption::kTruncated).Accepted());
  EXPECT_EQ(0U, count(Corruption::kBitFlip).Accepted());
  EXPECT_EQ(0U, count(Corruption::kRandom).Accepted());
  // Re-sealed copies reach the decoder and the validator: each layer refuses
  // some, and some corrupt numbers remain valid models.
  const auto& resealed = count(Corruption::kRandomResealed);
  EXPECT_GT(resealed.by_status[static_cast<int>(Status::kMalformed)], 0U);
  EXPECT_GT(resealed.by_status[static_cast<int>(Status::kInvalidModel)], 0U);
  EXPECT_GT(resealed.Accepted(), 0U);
  EXPECT_GT(result.decisions, 0U);
}

std::string ModelName(const ::testing::TestParamInfo<size_t>& info) {
  return kGoldenModels[info.param].name;
}

INSTANTIATE_TEST_SUITE_P(GoldenModels, Corruptions,
                         ::testing::Range<size_t>(0,
                                                  sizeof(kGoldenModels) / sizeof(kGoldenModels[0])),
                         ModelName);

}  // namespace
