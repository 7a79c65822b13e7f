// The checks the corruption tests, the fuzz harness and the stress programs
// rely on must themselves catch defects: CheckTables() refuses tables with
// one thing wrong, CheckDecision() refuses decisions with one thing wrong.
#include "tests/hardening/invariants.h"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <memory>

#include "golden_tables.h"
#include "test_models.h"
#include "tinyfair_runtime/model.h"

namespace {

using namespace tinyfair::runtime;
using tinyfair::hardening::CheckDecision;
using tinyfair::hardening::CheckTables;

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();

TEST(CheckTables, AcceptsEveryGoldenModel) {
  auto model = std::make_unique<ModelWithStorage<>>();
  model->AcceptIntegerModels();
  for (const auto& golden : tinyfair_models::kGoldenModels) {
    ASSERT_EQ(Status::kOk, model->Load(golden.bytes, golden.size));
    EXPECT_EQ(nullptr, CheckTables(model->tables())) << golden.name;
  }
  for (const auto& golden : tinyfair_models::kGoldenTables) {
    EXPECT_EQ(nullptr, CheckTables(*golden.tables)) << golden.name;
  }
}

TEST(CheckTables, RefusesOneDefectAtATime) {
  const DecisionTables& ramp = tinyfair_models::kSmallRampModelTables;
  const DecisionTables& mixture = tinyfair_models::kMixtureClassifyModelTables;
  const DecisionTables& regression = tinyfair_models::kRegressionModelTables;
  const float zero_width[2] = {0.5f, 0.0f};
  const float nan_weights[4] = {kNan, 0.0f, 0.0f, 1.0f};
  const float categorical_weight[4] = {1.0f, 1.0f, 0.0f, 1.0f};
  const uint8_t out_of_range_attribute[1] = {2};
  const uint16_t zero_count[2] = {0, ramp.category_count_of[1]};
  const uint64_t short_bound[3] = {1U << 31U, 3U << 30U, 4000000000ULL};

  const auto refused = [](DecisionTables t, auto change) {
    change(t);
    return CheckTables(t) != nullptr;
  };
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.input_count = 0; }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.group_count = 3; }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.group_count = 33; }));
  EXPECT_TRUE(refused(ramp, [&](DecisionTables& t) { t.groups.width = zero_width; }));
  EXPECT_TRUE(refused(ramp, [&](DecisionTables& t) { t.weights = nan_weights; }));
  EXPECT_TRUE(refused(ramp, [&](DecisionTables& t) { t.weights = categorical_weight; }));
  EXPECT_TRUE(
      refused(ramp, [&](DecisionTables& t) { t.attribute_categorical = out_of_range_attribute; }));
  EXPECT_TRUE(refused(ramp, [&](DecisionTables& t) { t.category_count_of = zero_count; }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.category_count = 6; }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) {
    t.unknown_group_fallback = true;
    t.fallback_group = 2;
  }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.groups.width = nullptr; }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.group_form = GroupForm::kDirect; }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.rule = static_cast<RuleKind>(9); }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.link = static_cast<Link>(3); }));
  EXPECT_TRUE(refused(ramp, [](DecisionTables& t) { t.rule = RuleKind::kTruncatedLogistic; }));
  EXPECT_TRUE(refused(mixture, [&](DecisionTables& t) {
    t.mixture_or_regression.mixture.draw_bound = short_bound;
  }));
  EXPECT_TRUE(refused(
      mixture, [](DecisionTables& t) { t.mixture_or_regression.mixture.member_count = 17; }));
  EXPECT_TRUE(refused(
      mixture, [](DecisionTables& t) { t.mixture_or_regression.mixture.threshold = nullptr; }));
  EXPECT_TRUE(refused(regression, [](DecisionTables& t) {
    t.mixture_or_regression.output.max = t.mixture_or_regression.output.min;
  }));
  EXPECT_TRUE(refused(
      regression, [](DecisionTables& t) { t.mixture_or_regression.output.grid_size = 1U << 20U; }));
}

class CheckDecisionTest : public ::testing::Test {
 protected:
  const DecisionTables& tables_ = tinyfair_models::kSmallRampModelTables;
  float values_[4] = {1.2f, 1.0f, 1.0f, -2.0f};
  DecisionInput input_{values_, 4, 0};
  uint32_t draw_ = 0x80000000U;
  Decision decision_;
  Status status_ = Decide(tables_, input_, draw_, decision_);
};

TEST_F(CheckDecisionTest, AcceptsTheRuntimesDecision) {
  ASSERT_EQ(Status::kOk, status_);
  EXPECT_EQ(nullptr, CheckDecision(tables_, input_, draw_, status_, decision_));
}

TEST_F(CheckDecisionTest, RefusesOneDefectAtATime) {
  const auto refused = [this](auto change, Status status) {
    Decision d = decision_;
    change(d);
    return CheckDecision(tables_, input_, draw_, status, d) != nullptr;
  };
  EXPECT_TRUE(refused([](Decision& d) { d.positive = !d.positive; }, Status::kOk));
  EXPECT_TRUE(refused([](Decision& d) { d.probability = 1.5f; }, Status::kOk));
  EXPECT_TRUE(refused([](Decision& d) { d.probability = kNan; }, Status::kOk));
  EXPECT_TRUE(refused([](Decision& d) { d.group = 0; }, Status::kOk));
  EXPECT_TRUE(refused([](Decision& d) { d.draw = 1; }, Status::kOk));
  EXPECT_TRUE(refused([](Decision& d) { d.member = 1; }, Status::kOk));
  EXPECT_TRUE(refused([](Decision& d) { d.model_hash = 1; }, Status::kOk));
  EXPECT_TRUE(
      refused([](Decision& d) { d.status = Status::kScoreOverflow; }, Status::kScoreOverflow));
  EXPECT_TRUE(refused([](Decision&) {}, Status::kUnknownCategory));
}

TEST_F(CheckDecisionTest, RefusalsMustBeTheInputs) {
  values_[1] = 3.0f;  // unknown category
  Decision d;
  Status status = Decide(tables_, input_, draw_, d);
  EXPECT_EQ(nullptr, CheckDecision(tables_, input_, draw_, status, d));
  d.status = Status::kNonFiniteInput;
  EXPECT_NE(nullptr, CheckDecision(tables_, input_, draw_, Status::kNonFiniteInput, d));
  values_[1] = 1.0f;
  values_[0] = 1e30f;  // a large score that fits: decided
  status = Decide(tables_, input_, draw_, d);
  EXPECT_EQ(nullptr, CheckDecision(tables_, input_, draw_, status, d));
  values_[0] = 3e38f;
  status = Decide(tables_, input_, draw_, d);
  EXPECT_EQ(Status::kScoreOverflow, status);
  EXPECT_EQ(nullptr, CheckDecision(tables_, input_, draw_, status, d));
}

}  // namespace
