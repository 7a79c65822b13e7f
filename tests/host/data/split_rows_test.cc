// Seeded random splits, plain and stratified.
#include "host_tools/data/split_rows.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::data {
namespace {

// 1,000 rows: group A 900, B 97, C 3; label 1 on every third row.
CsvTable GroupsTable() {
  std::string csv = "x,group,y\n";
  for (int i = 0; i < 1000; ++i) {
    const char* group = i < 900 ? "A" : i < 997 ? "B" : "C";
    csv += std::to_string(i) + "," + group + "," + (i % 3 == 0 ? "1" : "0") + "\n";
  }
  return ParseCsv(csv, "groups.csv");
}

const std::vector<double> kFractions{0.5, 0.2, 0.1, 0.2};

// Every row in exactly one part.
void ExpectPartition(const SplitParts& split, size_t n) {
  std::set<size_t> seen;
  size_t total = 0;
  for (const auto& part : split.rows) {
    total += part.size();
    seen.insert(part.begin(), part.end());
  }
  EXPECT_EQ(n, total);
  EXPECT_EQ(n, seen.size());
}

TEST(SplitRows, StratifiedPartsHoldEachStratumsShareToWithinOneRow) {
  const CsvTable table = GroupsTable();
  const SplitParts split = SplitRows(table, kFractions, 7, {"group", "y"});
  ExpectPartition(split, table.rows.size());
  std::map<std::string, size_t> stratum_rows;
  for (const auto& row : table.rows) ++stratum_rows[row[1] + row[2]];
  for (size_t p = 0; p < kFractions.size(); ++p) {
    std::map<std::string, size_t> in_part;
    for (size_t r : split.rows[p]) ++in_part[table.rows[r][1] + table.rows[r][2]];
    for (const auto& [stratum, m] : stratum_rows) {
      const double share = kFractions[p] * static_cast<double>(m);
      EXPECT_LT(std::abs(static_cast<double>(in_part[stratum]) - share), 1.0)
          << "part " << p << ", stratum " << stratum;
    }
  }
  // C has 1 label-1 row and 2 label-0 rows: neither reaches all four parts.
  ASSERT_EQ(2u, split.strata_missing_from_a_part.size());
  EXPECT_EQ("group=C, y=0", split.strata_missing_from_a_part[0].first);
  EXPECT_EQ(2u, split.strata_missing_from_a_part[0].second);
  EXPECT_EQ("group=C, y=1", split.strata_missing_from_a_part[1].first);
}

TEST(SplitRows, PlainSplitTakesFlooredShares) {
  const CsvTable table = GroupsTable();
  const SplitParts split = SplitRows(table, kFractions, 7, {});
  ExpectPartition(split, table.rows.size());
  EXPECT_EQ(500u, split.rows[0].size());
  EXPECT_EQ(200u, split.rows[1].size());
  EXPECT_EQ(100u, split.rows[2].size());
  EXPECT_EQ(200u, split.rows[3].size());
  EXPECT_TRUE(split.strata_missing_from_a_part.empty());
  // A part of 10 % of the rows, 20 % unassigned: fractions under 1 leave rows out.
  const SplitParts partial = SplitRows(table, {0.5, 0.3}, 7, {"group"});
  EXPECT_EQ(450u + 48u + 1u, partial.rows[0].size());  // floor(0.5 m) per stratum
}

TEST(SplitRows, TheSeedDecidesTheSplit) {
  const CsvTable table = GroupsTable();
  EXPECT_EQ(SplitRows(table, kFractions, 3, {"group"}).rows,
            SplitRows(table, kFractions, 3, {"group"}).rows);
  EXPECT_NE(SplitRows(table, kFractions, 3, {"group"}).rows,
            SplitRows(table, kFractions, 4, {"group"}).rows);
}

TEST(SplitRows, AStratifyColumnMustExist) {
  EXPECT_THROW(SplitRows(GroupsTable(), kFractions, 1, {"race"}), common::DataError);
}

}  // namespace
}  // namespace tinyfair::host::data
