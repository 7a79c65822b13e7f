// What docs/security.md promises the caller about the bytes given to Load():
// it reads exactly [bytes, bytes + size) (checked under AddressSanitizer with
// exactly sized heap copies of every truncation), needs no alignment, keeps
// no pointer into them, and a refused load leaves the model as it was.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <vector>

#include "test_models.h"
#include "tests/hardening/corruption.h"
#include "tests/hardening/invariants.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using tinyfair_models::kGoldenModels;

// A model that loads every golden model, the integer ones too.
std::unique_ptr<ModelWithStorage<>> GoldenModelLoader() {
  auto model = std::make_unique<ModelWithStorage<>>();
  model->AcceptIntegerModels();
  return model;
}

// The same decisions on `count` random inputs.
void ExpectSameDecisions(const Model& a, const Model& b, int count) {
  Pcg32 rng(7, 7);
  for (int i = 0; i < count; ++i) {
    float values[tinyfair::hardening::kInputValuesCapacity];
    DecisionInput input;
    tinyfair::hardening::RandomInput(a.tables(), rng, values, input);
    const uint32_t draw = rng.Next();
    Decision da, db;
    EXPECT_EQ(a.DecideWithDraw(input, draw, da), b.DecideWithDraw(input, draw, db));
    EXPECT_TRUE(tinyfair::hardening::SameDecision(da, db));
  }
}

TEST(LoadContract, ReadsNoByteBeyondSize) {
  auto model = GoldenModelLoader();
  for (const auto& golden : kGoldenModels) {
    for (size_t n = 1; n <= golden.size; ++n) {
      // Each prefix in a heap block of exactly n bytes, as stored and re-sealed.
      std::unique_ptr<uint8_t[]> bytes(new uint8_t[n]);
      std::memcpy(bytes.get(), golden.bytes, n);
      const Status as_stored = model->Load(bytes.get(), n);
      EXPECT_EQ(n == golden.size, as_stored == Status::kOk) << golden.name << " " << n;
      tinyfair::hardening::Reseal(bytes.get(), n);
      (void)model->Load(bytes.get(), n);
    }
  }
}

TEST(LoadContract, NeedsNoAlignment) {
  auto aligned = GoldenModelLoader();
  auto model = GoldenModelLoader();
  for (const auto& golden : kGoldenModels) {
    ASSERT_EQ(Status::kOk, aligned->Load(golden.bytes, golden.size));
    std::vector<uint8_t> buffer(golden.size + 8);
    for (size_t offset = 1; offset < 8; ++offset) {
      std::memcpy(buffer.data() + offset, golden.bytes, golden.size);
      ASSERT_EQ(Status::kOk, model->Load(buffer.data() + offset, golden.size)) << golden.name;
      EXPECT_EQ(aligned->content_hash(), model->content_hash());
      ExpectSameDecisions(*aligned, *model, 50);
    }
  }
}

TEST(LoadContract, KeepsNoPointerIntoTheBytes) {
  auto reference = GoldenModelLoader();
  auto model = GoldenModelLoader();
  for (const auto& golden : kGoldenModels) {
    ASSERT_EQ(Status::kOk, reference->Load(golden.bytes, golden.size));
    {
      std::vector<uint8_t> bytes(golden.bytes, golden.bytes + golden.size);
      ASSERT_EQ(Status::kOk, model->Load(bytes.data(), bytes.size()));
      std::memset(bytes.data(), 0xA5, bytes.size());
    }  // freed: AddressSanitizer reports any later read of them
    ExpectSameDecisions(*reference, *model, 200);
  }
}

TEST(LoadContract, ARefusedLoadKeepsTheLoadedModel) {
  auto model = GoldenModelLoader();
  auto reference = GoldenModelLoader();
  const auto& golden = tinyfair_models::kGoldenModels[0];
  const auto& update = tinyfair_models::kGoldenModels[1];
  std::vector<uint8_t> bytes(update.bytes, update.bytes + update.size);
  bytes.back() ^= 1U;
  ASSERT_EQ(Status::kOk, model->Load(golden.bytes, golden.size));
  ASSERT_EQ(Status::kOk, reference->Load(golden.bytes, golden.size));
  EXPECT_EQ(Status::kCrcMismatch, model->Load(bytes.data(), bytes.size()));
  EXPECT_TRUE(model->loaded());
  EXPECT_EQ(reference->content_hash(), model->content_hash());
  ExpectSameDecisions(*reference, *model, 200);
}

TEST(LoadContract, ARefusedLoadLeavesAnUnloadedModelUnloaded) {
  auto model = GoldenModelLoader();
  const auto& golden = tinyfair_models::kGoldenModels[0];
  std::vector<uint8_t> bytes(golden.bytes, golden.bytes + golden.size);
  bytes.back() ^= 1U;
  EXPECT_EQ(Status::kCrcMismatch, model->Load(bytes.data(), bytes.size()));
  EXPECT_FALSE(model->loaded());
  EXPECT_EQ(0U, model->input_count());
  EXPECT_EQ(0U, model->content_hash());
  const float values[4] = {1.0f, 0.0f, 0.0f, 1.0f};
  Decision decision;
  decision.positive = true;
  EXPECT_EQ(Status::kNotLoaded, model->DecideWithDraw(DecisionInput{values, 4, 0}, 0, decision));
  EXPECT_EQ(Status::kNotLoaded, decision.status);
  EXPECT_FALSE(decision.positive);
}

}  // namespace
