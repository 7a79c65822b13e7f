// Groups per row formed by the runtime's group formation, their names, and
// the split of a group index, checked against the device's own decisions
// and against the categories read from the CSV.
#include "host_tools/data/group_index.h"

#include <gtest/gtest.h>

#include <map>

#include "host_tools/data/dataset.h"
#include "host_tools/data/group_formation.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/model/score_model.h"
#include "host_tools/simulate/score_through_runtime.h"
#include "tinyfair_runtime/group_formation.h"

namespace tinyfair::host::data {
namespace {

// Three attributes (2 x 3 x 2 groups), every combination present, rows in
// an order unrelated to the groups'.
const char kGroupIndexCsv[] =
    "score,sex,race,region,y\n"
    "0.9,M,b,north,1\n"
    "0.1,F,a,south,0\n"
    "0.5,M,c,north,1\n"
    "0.3,F,c,south,0\n"
    "0.7,F,b,north,1\n"
    "0.2,M,a,south,0\n"
    "0.6,F,a,north,1\n"
    "0.4,M,b,south,0\n"
    "0.8,M,c,south,1\n"
    "0.1,F,c,north,0\n"
    "0.3,F,b,south,1\n"
    "0.2,M,a,north,0\n";

// A scoring model whose groups are the product of the three columns.
tinyfair::Model ScoringModel(const CsvTable& table) {
  tinyfair::Model model = model::ScoreOnlyModel(table, "score", model::ScoreKind::kProbability,
                                                {"sex", "race", "region"});
  model::PrepareScoringModel({"sex", "race", "region"}, model);
  return model;
}

TEST(GroupFormation, MixedRadixFirstAttributeMostSignificant) {
  // Counts 2, 3, 4: (1, 2, 3) is 1 * 12 + 2 * 4 + 3.
  const uint32_t counts[] = {2, 3, 4};
  uint32_t group = 0;
  group = runtime::AppendGroupAttribute(group, counts[0], 1);
  group = runtime::AppendGroupAttribute(group, counts[1], 2);
  group = runtime::AppendGroupAttribute(group, counts[2], 3);
  EXPECT_EQ(23u, group);
  EXPECT_EQ(1u, runtime::CategoryInGroup(23, counts, 3, 0));
  EXPECT_EQ(2u, runtime::CategoryInGroup(23, counts, 3, 1));
  EXPECT_EQ(3u, runtime::CategoryInGroup(23, counts, 3, 2));
  // The last two attributes together: 12 groups, (2, 3) is 11.
  EXPECT_EQ(1u, runtime::SplitGroup(23, 12).leading);
  EXPECT_EQ(11u, runtime::SplitGroup(23, 12).trailing);
  EXPECT_EQ(23u, runtime::SplitGroup(23, 1).leading);
  EXPECT_EQ(0u, runtime::SplitGroup(23, 1).trailing);
}

TEST(GroupIndex, RowsAreTheGroupsTheDeviceForms) {
  const CsvTable table = ParseCsv(kGroupIndexCsv, "t.csv");
  const tinyfair::Model model = ScoringModel(table);
  const InputEncoder encoder(model.inputs(), table);
  const GroupIndex groups(model, encoder);
  ASSERT_EQ(12u, groups.group_count());
  const ScoredSample device = simulate::ScoreThroughRuntime(model, table, "y", {});
  ASSERT_EQ(0u, device.refused);
  EXPECT_EQ(device.groups, groups.rows());
}

TEST(GroupIndex, NamesAndCategoriesMatchTheCsv) {
  const CsvTable table = ParseCsv(kGroupIndexCsv, "t.csv");
  const tinyfair::Model model = ScoringModel(table);
  const GroupIndex groups(model, InputEncoder(model.inputs(), table));
  EXPECT_EQ((std::vector<std::string>{"sex", "race", "region"}), groups.attribute_names());
  EXPECT_EQ((std::vector<uint32_t>{2, 3, 2}), groups.category_counts());
  const std::vector<std::string> columns = {"sex", "race", "region"};
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const uint32_t g = groups.rows()[r];
    std::string name;
    for (size_t j = 0; j < columns.size(); ++j) {
      const std::string& value = table.rows[r][table.column(columns[j])];
      name += (j == 0 ? "" : " & ") + columns[j] + "=" + value;
      const auto& input =
          model.inputs(static_cast<int>(model.groups().attribute_inputs(static_cast<int>(j))));
      EXPECT_EQ(value, input.categories(static_cast<int>(groups.Category(g, j)))) << r;
    }
    EXPECT_EQ(name, groups.names()[g]) << r;
  }
}

TEST(GroupIndex, SplitsIntoSensitiveAndStratum) {
  const CsvTable table = ParseCsv(kGroupIndexCsv, "t.csv");
  const tinyfair::Model model = ScoringModel(table);
  const GroupIndex groups(model);
  EXPECT_TRUE(groups.rows().empty());
  EXPECT_EQ(1u, groups.StratumCount(0));
  EXPECT_EQ(2u, groups.StratumCount(1));
  EXPECT_EQ(6u, groups.StratumCount(2));
  EXPECT_EQ(12u, groups.StratumCount(3));
  // Sensitive: sex; strata: race and region. Every (sensitive, stratum)
  // pair is one group, and its categories are those of the whole group.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> seen;
  for (uint32_t g = 0; g < groups.group_count(); ++g) {
    const runtime::GroupSplit split = groups.SensitiveAndStratum(g, 2);
    EXPECT_EQ(groups.Category(g, 0), split.leading);
    EXPECT_EQ(groups.Category(g, 1) * 2 + groups.Category(g, 2), split.trailing);
    EXPECT_TRUE(seen.emplace(std::make_pair(split.leading, split.trailing), g).second);
  }
  EXPECT_EQ(12u, seen.size());
  EXPECT_THROW(groups.StratumCount(4), std::invalid_argument);
}

TEST(Dataset, HoldsDesignLabelsAndGroupsOfOneFile) {
  const CsvTable table = ParseCsv(kGroupIndexCsv, "t.csv");
  const tinyfair::Model model = ScoringModel(table);
  const InputEncoder encoder(model.inputs(), table);
  const std::vector<int> labels = {1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
  const Dataset data = BuildDataset(model, encoder, {true, false, false, false}, labels);
  ASSERT_EQ(12, data.design.rows());
  ASSERT_EQ(1, data.design.cols());  // the score only
  EXPECT_EQ(12, data.labels.size());
  EXPECT_DOUBLE_EQ(1.0, data.labels[0]);
  EXPECT_DOUBLE_EQ(0.0, data.labels[1]);
  EXPECT_EQ(GroupIndex(model, encoder).rows(), data.groups.rows());
  EXPECT_THROW(BuildDataset(model, encoder, {true, false, false, false}, {1, 0}),
               std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::data
