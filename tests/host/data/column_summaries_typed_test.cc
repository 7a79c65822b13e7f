// Column summaries of a typed part (numbers as float64, as a Dask partition
// passes them) are the summaries of the same rows read as a file's text, to
// the serialised byte.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/data/column_summaries.h"
#include "host_tools/data/column_table.h"

namespace tinyfair::host::data {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

ColumnRoles Roles() {
  ColumnRoles roles;
  roles.label = "y";
  roles.sensitive = {"sex"};
  return roles;
}

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
  const double values[] = {1.5, kNaN, -0.0, 0.0, 1e300, 0.1, 1.5, -2.25};
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
