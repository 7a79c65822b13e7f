// Every frozen model of every released schema version (tests/compat/models)
// loads with today's runtime and decides its frozen vectors exactly as the
// release that wrote it did: the same record, bit for bit, row by row.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "frozen_model_check.h"
#include "host_tools/model/model_file.h"

namespace {

using tinyfair::compat::CheckFrozenModel;
using tinyfair::compat::FrozenModel;
using tinyfair::compat::ReadFrozenModels;

const std::vector<FrozenModel>& Frozen() {
  static const std::vector<FrozenModel> models = ReadFrozenModels(TINYFAIR_COMPAT_MODELS_DIR);
  return models;
}

std::vector<size_t> Indices() {
  std::vector<size_t> indices(Frozen().size());
  for (size_t i = 0; i < indices.size(); ++i) indices[i] = i;
  return indices;
}

// "1.1/TwoThresholdModel" -> "v1_1_TwoThresholdModel".
std::string TestName(const testing::TestParamInfo<size_t>& info) {
  std::string name = "v" + Frozen()[info.param].name;
  for (char& c : name) {
    if (c == '.' || c == '/') c = '_';
  }
  return name;
}

class FrozenModelTest : public testing::TestWithParam<size_t> {};

TEST_P(FrozenModelTest, TodaysRuntimeReproducesItsLog) {
  const FrozenModel& frozen = Frozen()[GetParam()];
  EXPECT_EQ(CheckFrozenModel(frozen), "");
}

INSTANTIATE_TEST_SUITE_P(Released, FrozenModelTest, testing::ValuesIn(Indices()), TestName);

// Every minor version up to the one this build writes has frozen models, so
// the suite cannot pass by finding nothing, and a new version is frozen with
// the change that introduces it.
TEST(FrozenModels, EveryReleasedVersionIsFrozen) {
  std::set<std::string> versions;
  for (const auto& m : Frozen()) versions.insert(m.name.substr(0, m.name.find('/')));
  using tinyfair::host::model::kSchemaMajor;
  using tinyfair::host::model::kSchemaMinor;
  for (uint32_t minor = 0; minor <= kSchemaMinor; ++minor) {
    const std::string version = std::to_string(kSchemaMajor) + "." + std::to_string(minor);
    EXPECT_EQ(versions.count(version), 1U) << "no frozen models of schema " << version;
  }
}

}  // namespace
