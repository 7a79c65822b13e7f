// tinyfair noise's work in the library: floor(rate n) rows moved, each to
// another group, the per-group counts recounted here from the two columns,
// the same column for the same seed; and each refusal with its location.
#include "host_tools/fit/noisy_group_column.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::fit {
namespace {

// 100 rows: groups a, b, c with 50, 30 and 20 rows.
data::CsvTable ThreeGroups() {
  std::string csv = "x,g\n";
  for (int r = 0; r < 100; ++r)
    csv += std::to_string(r) + "," + (r < 50 ? "a" : r < 80 ? "b" : "c") + "\n";
  return data::ParseCsv(csv, "groups.csv");
}

TEST(NoisyGroupColumn, MovesFloorOfRateRowsAndCountsThemPerGroup) {
  const data::CsvTable table = ThreeGroups();
  const NoisyGroupColumn noisy = FlipGroupColumn(table, "g", "", 0.37, 5);
  EXPECT_EQ("g_noisy", noisy.name);
  ASSERT_EQ(table.rows.size(), noisy.values.size());
  std::map<std::string, std::pair<size_t, size_t>> recount;  // rows, moved
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& truth = table.rows[r][1];
    recount[truth].first += 1;
    recount[truth].second += noisy.values[r] != truth ? 1 : 0;
    EXPECT_TRUE(noisy.values[r] == "a" || noisy.values[r] == "b" || noisy.values[r] == "c");
  }
  size_t moved = 0;
  ASSERT_EQ(3u, noisy.groups.size());
  for (const GroupFlips& group : noisy.groups) {
    EXPECT_EQ(recount[group.group].first, group.rows) << group.group;
    EXPECT_EQ(recount[group.group].second, group.moved) << group.group;
    EXPECT_DOUBLE_EQ(static_cast<double>(group.moved) / static_cast<double>(group.rows),
                     group.MovedFraction());
    moved += group.moved;
  }
  EXPECT_EQ(37u, moved);
  EXPECT_EQ("a", noisy.groups[0].group);
  EXPECT_EQ(noisy.values, FlipGroupColumn(table, "g", "other", 0.37, 5).values);
  EXPECT_NE(noisy.values, FlipGroupColumn(table, "g", "", 0.37, 6).values);
}

TEST(NoisyGroupColumn, RefusesWhatCannotBeFlipped) {
  const data::CsvTable table = ThreeGroups();
  EXPECT_THROW(FlipGroupColumn(table, "g", "", 1.5, 1), std::invalid_argument);
  EXPECT_THROW(FlipGroupColumn(table, "g", "", -0.1, 1), std::invalid_argument);
  try {
    FlipGroupColumn(table, "g", "x", 0.1, 1);
    ADD_FAILURE() << "an existing column was replaced";
  } catch (const common::DataError& e) {
    EXPECT_EQ("column 'x' exists already; name the noisy column with --into", e.message());
  }
  const data::CsvTable one_group = data::ParseCsv("g\na\na\n", "one.csv");
  EXPECT_THROW(FlipGroupColumn(one_group, "g", "", 0.5, 1), common::DataError);
  const data::CsvTable missing = data::ParseCsv("g\na\n?\nb\n", "missing.csv");
  try {
    FlipGroupColumn(missing, "g", "", 0.5, 1);
    ADD_FAILURE() << "a row without a group was flipped";
  } catch (const common::DataError& e) {
    EXPECT_EQ(3u, e.line());
  }
}

}  // namespace
}  // namespace tinyfair::host::fit
