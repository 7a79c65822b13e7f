// Column summaries of a table's parts, merged in order, give the inputs
// InputsFromTable gives on the whole table; those of a typed part (numbers
// as float64, as a Dask partition passes them) are the summaries of the same
// rows read as a file's text, to the serialised byte.
#include "host_tools/data/column_summaries.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "tests/host/data/serialised_inputs.h"

namespace tinyfair::host::data {
namespace {

constexpr char kCsv[] =
    "age,colour,income,sex,y\n"
    "25,red,1.5,F,1\n"
    "31,blue,,M,0\n"
    "47,red,2.25,F,0\n"
    "52,green,3.5,M,1\n"
    "38,?,0.75,F,1\n"
    "29,red,1.25,M,0\n"
    "61,blue,4,F,1\n";

ColumnRoles Roles() {
  ColumnRoles roles;
  roles.label = "y";
  roles.sensitive = {"sex"};
  return roles;
}

// Rows [first, end) of `table` as a table of their own.
CsvTable RowsOfTable(const CsvTable& table, size_t first, size_t end) {
  CsvTable part = table;
  part.rows.assign(table.rows.begin() + static_cast<std::ptrdiff_t>(first),
                   table.rows.begin() + static_cast<std::ptrdiff_t>(end));
  part.line_of_row.assign(table.line_of_row.begin() + static_cast<std::ptrdiff_t>(first),
                          table.line_of_row.begin() + static_cast<std::ptrdiff_t>(end));
  return part;
}

ColumnSummaries MergedParts(const CsvTable& table, const ColumnRoles& roles,
                            const std::vector<size_t>& bounds) {
  ColumnSummaries merged = ColumnSummaries(RowsOfTable(table, 0, bounds[1]), roles);
  for (size_t k = 1; k + 1 < bounds.size(); ++k) {
    // Through the bytes, as the parts travel.
    merged.Merge(ColumnSummaries::Parse(
        ColumnSummaries(RowsOfTable(table, bounds[k], bounds[k + 1]), roles).Serialise()));
  }
  return merged;
}

TEST(ColumnSummaries, MergedPartsGiveTheWholeTablesInputs) {
  const CsvTable table = ParseCsv(kCsv, "t.csv");
  for (const uint32_t min_count : {0U, 2U}) {
    ColumnRoles roles = Roles();
    roles.min_category_count = min_count;
    const auto whole = InputsFromTable(table, roles);
    ASSERT_EQ(whole.size(), 4U);
    for (const auto& bounds :
         std::vector<std::vector<size_t>>{{0, 7}, {0, 3, 7}, {0, 1, 1, 5, 7}}) {
      const ColumnSummaries merged = MergedParts(table, roles, bounds);
      EXPECT_EQ(merged.rows(), 7U);
      EXPECT_EQ(merged.missing("income"), 1U);
      EXPECT_EQ(SerialisedInputs(merged.Inputs("t.csv", roles)), SerialisedInputs(whole));
    }
  }
}

TEST(ColumnSummaries, MatchesAHandComputedStandardisation) {
  const CsvTable table = ParseCsv(kCsv, "t.csv");
  const auto inputs = MergedParts(table, Roles(), {0, 4, 7}).Inputs("t.csv", Roles());
  // income: 1.5, 2.25, 3.5, 0.75, 1.25, 4 (one missing): mean 13.25 / 6.
  EXPECT_EQ(inputs[2].name(), "income");
  EXPECT_FLOAT_EQ(inputs[2].offset(), static_cast<float>(13.25 / 6.0));
  EXPECT_EQ(inputs[1].kind(), tinyfair::Input::CATEGORICAL);
  EXPECT_EQ(inputs[1].categories_size(), 4);  // ?, blue, green, red
}

TEST(ColumnSummaries, RefusesWhatTrainRefuses) {
  const CsvTable mixed = ParseCsv("a,sex,y\n1,F,1\n2,M,0\nthree,F,1\n4,M,0\n", "m.csv");
  EXPECT_THROW(MergedParts(mixed, Roles(), {0, 2, 4}).Inputs("m.csv", Roles()), common::DataError);
  const CsvTable no_group = ParseCsv("a,sex,y\n1,F,1\n2,?,0\n", "g.csv");
  EXPECT_THROW(MergedParts(no_group, Roles(), {0, 1, 2}).Inputs("g.csv", Roles()),
               common::DataError);
}

TEST(ColumnSummaries, RefusesACategoricalColumnOfTooManyValues) {
  std::string csv = "id,sex,y\n";
  for (size_t r = 0; r <= ColumnSummaries::kMaxListedValues; ++r) {
    csv += "v" + std::to_string(r) + (r % 2 == 0 ? ",F," : ",M,") + std::to_string(r % 2) + "\n";
  }
  const CsvTable table = ParseCsv(csv, "ids.csv");
  EXPECT_THROW(MergedParts(table, Roles(), {0, 600, table.rows.size()}).Inputs("ids.csv", Roles()),
               common::DataError);
}

TEST(ColumnSummaries, ParseRefusesBytesItDidNotWrite) {
  const CsvTable table = ParseCsv(kCsv, "t.csv");
  const std::string bytes = ColumnSummaries(table, Roles()).Serialise();
  EXPECT_EQ(ColumnSummaries::Parse(bytes).Serialise(), bytes);
  EXPECT_THROW(ColumnSummaries::Parse("tinyfair-logistic-sums-1"), std::invalid_argument);
  EXPECT_THROW(ColumnSummaries::Parse(bytes.substr(0, bytes.size() - 3)), std::invalid_argument);
  EXPECT_THROW(ColumnSummaries::Parse(bytes + "x"), std::invalid_argument);
}

TEST(ColumnSummaries, DefaultSummariesTakeTheFirstMergedColumns) {
  const CsvTable table = ParseCsv(kCsv, "t.csv");
  ColumnSummaries merged;
  merged.Merge(ColumnSummaries(RowsOfTable(table, 0, 3), Roles()));
  merged.Merge(ColumnSummaries(RowsOfTable(table, 3, 7), Roles()));
  EXPECT_EQ(SerialisedInputs(merged.Inputs("t.csv", Roles())),
            SerialisedInputs(InputsFromTable(table, Roles())));
}

TEST(ColumnSummaries, MergeRefusesOtherColumns) {
  ColumnSummaries a(ParseCsv(kCsv, "t.csv"), Roles());
  const ColumnSummaries b(ParseCsv("a,sex,y\n1,F,1\n", "m.csv"), Roles());
  EXPECT_THROW(a.Merge(b), std::invalid_argument);
}

// A missing value as a typed part holds it (a file writes an empty cell).
constexpr double kMissingValue = std::numeric_limits<double>::quiet_NaN();

// `values` as a file's column and as float64 (NaN written as an empty cell).
struct BothForms {
  std::string csv = "x,sex,y\n";
  std::vector<double> numbers, labels;
  std::vector<std::uint32_t> sexes;

  void Add(double value, int row) {
    csv += (std::isnan(value) ? std::string() : ShortestNumberText(value)) + "," +
           (row % 2 ? "M" : "F") + "," + std::to_string(row % 2) + "\n";
    numbers.push_back(value);
    sexes.push_back(static_cast<std::uint32_t>(row % 2));
    labels.push_back(row % 2);
  }
  ColumnTable Typed() const {
    ColumnTable table;
    table.path = "part.csv";
    table.columns.push_back(TableColumn::NumbersOver("x", numbers.data(), numbers.size()));
    table.columns.push_back(TableColumn::Text("sex", sexes, {"F", "M"}));
    table.columns.push_back(TableColumn::NumbersOver("y", labels.data(), labels.size()));
    return table;
  }
};

TEST(ColumnSummariesTyped, NumbersSumAndListAsTheirText) {
  BothForms rows;
  const double values[] = {1.5, kMissingValue, -0.0, 0.0, 1e300, 0.1, 1.5, -2.25};
  for (int r = 0; r < 8; ++r) rows.Add(values[r], r);
  const ColumnSummaries from_file(ParseCsv(rows.csv, "part.csv"), Roles());
  const ColumnSummaries from_typed(rows.Typed(), Roles());
  EXPECT_EQ(from_file.Serialise(), from_typed.Serialise());
  EXPECT_EQ(1u, from_typed.missing("x"));
}

TEST(ColumnSummariesTyped, ManyNumbersAreNoLongerListed) {
  BothForms rows;
  for (int r = 0; r < 1100; ++r) rows.Add(r * 0.5, r);
  const ColumnSummaries from_file(ParseCsv(rows.csv, "part.csv"), Roles());
  const ColumnSummaries from_typed(rows.Typed(), Roles());
  EXPECT_EQ(from_file.Serialise(), from_typed.Serialise());
  // Listed no more, the column can only be numeric.
  ColumnRoles roles = Roles();
  roles.categorical = {"x"};
  EXPECT_THROW(from_typed.Inputs("part.csv", roles), common::DataError);
}

}  // namespace
}  // namespace tinyfair::host::data
