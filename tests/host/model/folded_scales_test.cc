// model::FoldInputScales, which SealModel runs: each numeric input's weights
// (the scorer's and every mixture member's) times its scale, the scale 1,
// nothing else changed; and the runtime decides the folded file exactly as
// the unfolded one, bit for bit, copied or read in place.
#include "host_tools/model/folded_scales.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/model/model_file.h"
#include "tests/host/model/crafted_models.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::model {
namespace {

// Three inputs: numeric with scale 0.3, categorical, numeric with scale 7.
tinyfair::Model ThreeInputs() {
  tinyfair::Model model;
  auto* a = model.add_inputs();
  a->set_kind(tinyfair::Input::NUMERIC);
  a->set_offset(2.5f);
  a->set_scale(0.3f);
  auto* b = model.add_inputs();
  b->set_kind(tinyfair::Input::CATEGORICAL);
  b->set_category_count(2);
  auto* c = model.add_inputs();
  c->set_kind(tinyfair::Input::NUMERIC);
  c->set_offset(-1.0f);
  c->set_scale(7.0f);
  for (float w : {1.1f, 0.0f, -0.9f}) model.mutable_scorer()->add_weights(w);
  model.mutable_scorer()->set_bias(0.25f);
  return model;
}

uint32_t Bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

TEST(FoldInputScales, MultipliesEachNumericInputsWeightsByItsScale) {
  tinyfair::Model model = ThreeInputs();
  auto* mixture = model.mutable_mixture();
  for (float w : {2.0f, 0.0f, 3.0f, -4.0f, 0.0f, 5.0f}) mixture->add_weights(w);
  FoldInputScales(model);
  // The float products, written out: what Load() would have computed.
  const float scorer[] = {1.1f * 0.3f, 0.0f, -0.9f * 7.0f};
  const float members[] = {2.0f * 0.3f, 0.0f, 3.0f * 7.0f, -4.0f * 0.3f, 0.0f, 5.0f * 7.0f};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(Bits(scorer[i]), Bits(model.scorer().weights(i))) << i;
  for (int k = 0; k < 6; ++k) EXPECT_EQ(Bits(members[k]), Bits(model.mixture().weights(k))) << k;
  EXPECT_EQ(1.0f, model.inputs(0).scale());
  EXPECT_EQ(1.0f, model.inputs(2).scale());
  // The offsets, the bias and the categorical input stay.
  EXPECT_EQ(2.5f, model.inputs(0).offset());
  EXPECT_EQ(-1.0f, model.inputs(2).offset());
  EXPECT_EQ(0.25f, model.scorer().bias());
  EXPECT_EQ(0.0f, model.inputs(1).scale());
}

TEST(FoldInputScales, LeavesWhatLoadWouldJudgeAsItWas) {
  // A scale that is not a normal float: Load() refuses it or folds it itself.
  for (float scale :
       {0.0f, std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::infinity(),
        std::numeric_limits<float>::quiet_NaN()}) {
    tinyfair::Model model = ThreeInputs();
    model.mutable_inputs(0)->set_scale(scale);
    FoldInputScales(model);
    EXPECT_EQ(Bits(scale), Bits(model.inputs(0).scale()));
    EXPECT_EQ(Bits(1.1f), Bits(model.scorer().weights(0)));
  }
  // A scorer without a weight per input: nothing is folded.
  tinyfair::Model short_scorer = ThreeInputs();
  short_scorer.mutable_scorer()->mutable_weights()->RemoveLast();
  const std::string before = short_scorer.SerializeAsString();
  FoldInputScales(short_scorer);
  EXPECT_EQ(before, short_scorer.SerializeAsString());
}

// The golden ramp model with scales that are not 1, sealed as it states
// itself (no fold) and by SealModel (folded): the runtime's records agree
// bit for bit on inputs spread over each input's range, copied and in place.
TEST(FoldInputScales, TheRuntimeDecidesTheFoldedFileAsTheUnfoldedOne) {
  tinyfair::Model model = crafted::SmallRamp();
  int numeric = 0;
  for (int i = 0; i < model.inputs_size(); ++i) {
    if (model.inputs(i).kind() != tinyfair::Input::NUMERIC) continue;
    model.mutable_inputs(i)->set_scale(0.37f + static_cast<float>(i));
    model.mutable_inputs(i)->set_offset(1.5f * static_cast<float>(i));
    ++numeric;
  }
  ASSERT_GT(numeric, 0);
  tinyfair::Model folded = model;
  const std::string unfolded_bytes = crafted::SealAsStated(model);
  const std::string folded_bytes = SealModel(folded);
  ASSERT_NE(unfolded_bytes, folded_bytes);
  for (int i = 0; i < folded.inputs_size(); ++i) {
    if (folded.inputs(i).kind() == tinyfair::Input::NUMERIC) {
      EXPECT_EQ(1.0f, folded.inputs(i).scale());
    }
  }
  auto unfolded_model = std::make_unique<runtime::ModelWithStorage<>>();
  unfolded_model->AcceptIntegerModels();
  auto folded_model = std::make_unique<runtime::ModelWithStorage<>>();
  folded_model->AcceptIntegerModels();
  const auto* u = reinterpret_cast<const uint8_t*>(unfolded_bytes.data());
  const auto* f = reinterpret_cast<const uint8_t*>(folded_bytes.data());
  for (bool in_place : {false, true}) {
    runtime::LoadOptions options;
    options.in_place = in_place;
    ASSERT_EQ(runtime::Status::kOk, unfolded_model->Load(u, unfolded_bytes.size(), options));
    ASSERT_EQ(runtime::Status::kOk, folded_model->Load(f, folded_bytes.size(), options));
    const size_t n = folded_model->input_count();
    std::vector<float> x(n, 0.0f);
    for (int row = 0; row < 200; ++row) {
      for (size_t i = 0; i < n; ++i) {
        const tinyfair::Input& spec = model.inputs(static_cast<int>(i));
        x[i] = spec.kind() == tinyfair::Input::CATEGORICAL
                   ? static_cast<float>(static_cast<uint32_t>(row) % spec.category_count())
                   : static_cast<float>(row - 100) * 0.173f + static_cast<float>(i);
      }
      runtime::DecisionInput input;
      input.values = x.data();
      input.count = n;
      input.group = static_cast<uint32_t>(row % 2);
      runtime::Decision a, b;
      const uint32_t draw = 0x9E3779B9U * static_cast<uint32_t>(row);
      const runtime::Status sa = unfolded_model->DecideWithDraw(input, draw, a);
      const runtime::Status sb = folded_model->DecideWithDraw(input, draw, b);
      ASSERT_EQ(sa, sb) << row;
      EXPECT_EQ(Bits(a.score), Bits(b.score)) << row;
      EXPECT_EQ(Bits(a.probability), Bits(b.probability)) << row;
      EXPECT_EQ(a.positive, b.positive) << row;
      EXPECT_EQ(a.group, b.group) << row;
    }
  }
}

}  // namespace
}  // namespace tinyfair::host::model
