// Enum fields with numbers outside their enumerators (proto3 enums are open,
// so such a file decodes): Load() refuses each with invalid_model, without
// reading the number through the enum type, which C++ leaves undefined (the
// sanitizer preset's UBSan reports it). A negative number does not fit
// these fields (their enumerators are all non-negative, so nanopb decodes
// them as unsigned): nanopb refuses it, and Load() says malformed.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "test_models.h"
#include "tests/hardening/corruption.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/model.h"

namespace {

using tinyfair::runtime::Status;

tinyfair::Model Parse(const uint8_t* bytes, size_t size) {
  tinyfair::Model model;
  EXPECT_TRUE(model.ParseFromArray(bytes, static_cast<int>(size)));
  return model;
}

// Serialized with a correct CRC (the content hash is left stale: Load()
// does not read it).
Status Load(tinyfair::Model model) {
  model.set_crc32(0);
  std::string bytes;
  EXPECT_TRUE(model.SerializeToString(&bytes));
  auto* data = reinterpret_cast<uint8_t*>(bytes.data());
  tinyfair::hardening::Reseal(data, bytes.size());
  auto runtime_model = std::make_unique<tinyfair::runtime::ModelWithStorage<>>();
  runtime_model->AcceptIntegerModels();
  return runtime_model->Load(data, bytes.size());
}

constexpr int kOutOfRange[] = {2, 3, 127, 256, 0x7FFFFFFF};

TEST(EnumValues, NegativeNumbersAreMalformed) {
  tinyfair::Model m = Parse(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize);
  m.mutable_inputs(1)->set_kind(static_cast<tinyfair::Input::Kind>(-1));
  EXPECT_EQ(Status::kMalformed, Load(m));
  m = Parse(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize);
  m.mutable_scorer()->set_link(static_cast<tinyfair::LinearScorer::Link>(-2));
  EXPECT_EQ(Status::kMalformed, Load(m));
}

TEST(EnumValues, UnchangedModelsLoad) {
  for (const auto& golden : tinyfair_models::kGoldenModels) {
    EXPECT_EQ(Status::kOk, Load(Parse(golden.bytes, golden.size))) << golden.name;
  }
}

TEST(EnumValues, OutOfRangeInputKind) {
  for (int value : kOutOfRange) {
    tinyfair::Model m =
        Parse(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize);
    m.mutable_inputs(1)->set_kind(static_cast<tinyfair::Input::Kind>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
  }
}

TEST(EnumValues, OutOfRangeLink) {
  for (int value : kOutOfRange) {
    if (value == 2) continue;  // SIGNED_LOGISTIC
    tinyfair::Model m =
        Parse(tinyfair_models::kSmallRampModel, tinyfair_models::kSmallRampModelSize);
    m.mutable_scorer()->set_link(static_cast<tinyfair::LinearScorer::Link>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
  }
}

TEST(EnumValues, OutOfRangeGroupFormation) {
  for (int value : kOutOfRange) {
    tinyfair::Model m = Parse(tinyfair_models::kFallbackModel, tinyfair_models::kFallbackModelSize);
    m.mutable_groups()->set_kind(static_cast<tinyfair::GroupFormation::Kind>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
    m = Parse(tinyfair_models::kFallbackModel, tinyfair_models::kFallbackModelSize);
    m.mutable_groups()->set_unknown_policy(
        static_cast<tinyfair::GroupFormation::UnknownPolicy>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
  }
}

TEST(EnumValues, OutOfRangeRuleEnums) {
  for (int value : kOutOfRange) {
    if (value != 2) {  // EQUALIZED_ODDS
      tinyfair::Model m =
          Parse(tinyfair_models::kTruncatedDpModel, tinyfair_models::kTruncatedDpModelSize);
      m.mutable_truncated_logistic()->set_criterion(
          static_cast<tinyfair::TruncatedLogisticRule::Criterion>(value));
      EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
    }
    tinyfair::Model m =
        Parse(tinyfair_models::kMixtureRegressModel, tinyfair_models::kMixtureRegressModelSize);
    m.mutable_mixture()->set_member_output(static_cast<tinyfair::MixtureRule::MemberOutput>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
    m = Parse(tinyfair_models::kMixtureRegressModel, tinyfair_models::kMixtureRegressModelSize);
    m.mutable_mixture()->mutable_output()->set_grid_value(
        static_cast<tinyfair::RegressionOutput::GridValue>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
    m = Parse(tinyfair_models::kRegressionModel, tinyfair_models::kRegressionModelSize);
    m.mutable_regression()->mutable_output()->set_grid_value(
        static_cast<tinyfair::RegressionOutput::GridValue>(value));
    EXPECT_EQ(Status::kInvalidModel, Load(m)) << value;
  }
}

}  // namespace
