// Load()'s check of the integer scorer (runtime/integer_scorer_check.cc):
// the golden IntegerRampModel with one field of its scorer spoilt, sealed as
// a hostile exporter could ship it, is refused before anything is decoded,
// and a refused update leaves the loaded model deciding.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "host_tools/model/integer_scorer.h"
#include "test_models.h"
#include "tests/host/model/crafted_models.h"
#include "tinyfair_runtime/integer_decide.h"
#include "tinyfair_runtime/model.h"

namespace {

using tinyfair::runtime::Status;

tinyfair::Model IntegerRamp() {
  tinyfair::Model model;
  EXPECT_TRUE(model.ParseFromArray(tinyfair_models::kIntegerRampModel,
                                   static_cast<int>(tinyfair_models::kIntegerRampModelSize)));
  return model;
}

tinyfair::IntegerScorer* Scorer(tinyfair::Model& model) {
  return tinyfair::host::model::MutableIntegerScorer(model);
}

Status LoadStatus(const std::string& bytes) {
  auto model = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  model->AcceptIntegerModels();
  return model->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

struct Spoil {
  const char* what;
  std::function<void(tinyfair::Model&)> spoil;
  Status expected;
};

std::vector<Spoil> Spoils() {
  const Status invalid = Status::kInvalidModel;
  return {
      {"the feature bit cleared", [](auto& m) { m.set_required_features(0); }, invalid},
      {"the feature bit without a scorer",
       [](auto& m) {
         tinyfair::host::model::ClearIntegerScorer(m);
         m.set_required_features(2);
       },
       invalid},
      {"input_bits 12", [](auto& m) { Scorer(m)->set_input_bits(12); }, invalid},
      {"fraction_bits 31", [](auto& m) { Scorer(m)->set_fraction_bits(31); }, invalid},
      {"an input shift of 31", [](auto& m) { Scorer(m)->set_input_shift(0, 31); }, invalid},
      {"a shift on a categorical input", [](auto& m) { Scorer(m)->set_input_shift(1, 2); },
       invalid},
      {"a weight on a categorical input", [](auto& m) { Scorer(m)->set_weights(1, 5); }, invalid},
      {"a weight of 32768", [](auto& m) { Scorer(m)->set_weights(0, 32768); }, invalid},
      {"one weight missing", [](auto& m) { Scorer(m)->mutable_weights()->RemoveLast(); }, invalid},
      {"one category term missing",
       [](auto& m) { Scorer(m)->mutable_category_weights()->RemoveLast(); }, invalid},
      // |bias| + 32768 (|48| + |-6|) + the category terms would pass 2^31 - 1.
      {"a margin that could overflow", [](auto& m) { Scorer(m)->set_bias(INT32_MAX - 1000); },
       invalid},
      {"a falling ramp knot", [](auto& m) { Scorer(m)->set_ramp_probability(8, 0); }, invalid},
      {"a ramp knot beyond 16 bits", [](auto& m) { Scorer(m)->set_ramp_probability(17, 65536); },
       invalid},
      {"one ramp knot missing",
       [](auto& m) { Scorer(m)->mutable_ramp_probability()->RemoveLast(); }, invalid},
      {"a ramp shift of 31", [](auto& m) { Scorer(m)->set_ramp_shift(0, 31); }, invalid},
      {"no ramp starts", [](auto& m) { Scorer(m)->clear_ramp_start(); }, invalid},
  };
}

TEST(IntegerLoad, TheGoldenIntegerModelSealsAsItStatesItselfAndLoads) {
  const std::string bytes = tinyfair::crafted::SealAsStated(IntegerRamp());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(tinyfair_models::kIntegerRampModel),
                        tinyfair_models::kIntegerRampModelSize),
            bytes);
  EXPECT_EQ(Status::kOk, LoadStatus(bytes));
}

TEST(IntegerLoad, EverySpoiltScorerIsRefusedAndTheLoadedModelKeepsDeciding) {
  auto loaded = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  loaded->AcceptIntegerModels();
  ASSERT_EQ(Status::kOk, loaded->Load(tinyfair_models::kIntegerRampModel,
                                      tinyfair_models::kIntegerRampModelSize));
  const int16_t values[4] = {5600, 1, 0, 0};
  tinyfair::runtime::Decision before, after;
  ASSERT_EQ(Status::kOk, tinyfair::runtime::DecideInteger(loaded->tables(), {values, 4, 0},
                                                          0x40000000U, before));
  for (const Spoil& s : Spoils()) {
    tinyfair::Model model = IntegerRamp();
    s.spoil(model);
    const std::string bytes = tinyfair::crafted::SealAsStated(model);
    EXPECT_EQ(s.expected,
              loaded->Load(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()))
        << s.what;
    ASSERT_EQ(Status::kOk, tinyfair::runtime::DecideInteger(loaded->tables(), {values, 4, 0},
                                                            0x40000000U, after))
        << s.what;
    EXPECT_EQ(before.probability, after.probability) << s.what;
    EXPECT_EQ(before.model_hash, after.model_hash) << s.what;
  }
}

TEST(IntegerLoad, AThresholdScorerNeedsItsThresholds) {
  tinyfair::Model model;
  ASSERT_TRUE(model.ParseFromArray(tinyfair_models::kIntegerThresholdModel,
                                   static_cast<int>(tinyfair_models::kIntegerThresholdModelSize)));
  EXPECT_EQ(Status::kOk, LoadStatus(tinyfair::crafted::SealAsStated(model)));
  Scorer(model)->mutable_threshold()->RemoveLast();
  EXPECT_EQ(Status::kInvalidModel, LoadStatus(tinyfair::crafted::SealAsStated(model)));
}

}  // namespace
