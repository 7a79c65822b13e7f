// debias-data's discretiser on a typed table (numbers as float64, text as
// codes, as a front end passes them): the schema and points of the same
// rows read from a file, a group of numbers named by their text, and a bad
// value named by its row's line.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/preprocessing/maxent_schema.h"

namespace tinyfair::host::preprocessing {
namespace {

const char* kFile =
    "age,colour,group,count,label\n"
    "17,red,2,0,1\n"
    "25,green,1,2,0\n"
    "40,blue,2,1,1\n"
    "66,red,2,2,0\n";

struct TypedRows {
  std::vector<double> ages = {17, 25, 40, 66};
  std::vector<double> groups = {2, 1, 2, 2};
  std::vector<double> counts = {0, 2, 1, 2};
  std::vector<double> labels = {1, 0, 1, 0};

  data::ColumnTable Table() const {
    data::ColumnTable table;
    table.path = "frame";
    table.columns.push_back(data::TableColumn::NumbersOver("age", ages.data(), ages.size()));
    // "unused": a value no row holds (a category pandas keeps).
    table.columns.push_back(
        data::TableColumn::Text("colour", {0, 1, 2, 0}, {"red", "green", "blue", "unused"}));
    table.columns.push_back(data::TableColumn::NumbersOver("group", groups.data(), groups.size()));
    table.columns.push_back(data::TableColumn::NumbersOver("count", counts.data(), counts.size()));
    table.columns.push_back(data::TableColumn::NumbersOver("label", labels.data(), labels.size()));
    return table;
  }
};

MaxentColumns LabelledColumns() {
  MaxentColumns columns;
  columns.label = "label";
  columns.protected_attribute = "group";
  columns.categorical = {"colour"};
  columns.bins = {{"age", {25, 65}}};
  columns.ordinal = {"count"};
  return columns;
}

TEST(MaxentSchemaTyped, TheSchemaAndPointsOfTheFile) {
  const data::CsvTable file = data::ParseCsv(kFile, "t.csv");
  const TypedRows rows;
  const TableDiscretiser from_file(file, LabelledColumns());
  const TableDiscretiser from_typed(rows.Table(), LabelledColumns());
  EXPECT_EQ(from_file.SchemaJson(), from_typed.SchemaJson());
  EXPECT_EQ(from_file.Encode(file), from_typed.Encode(rows.Table()));
  // The protected attribute's values are the numbers' text; the unused
  // colour is no value of the domain.
  EXPECT_EQ(from_typed.domain().blocks()[2].labels, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(from_typed.domain().blocks()[1].labels,
            (std::vector<std::string>{"blue", "green", "red"}));
}

TEST(MaxentSchemaTyped, AColumnOfNumbersAsCategoriesIsNamedByTheirText) {
  MaxentColumns columns = LabelledColumns();
  columns.ordinal.clear();
  columns.categorical.push_back("count");
  const data::CsvTable file = data::ParseCsv(kFile, "t.csv");
  const TypedRows rows;
  const TableDiscretiser from_typed(rows.Table(), columns);
  EXPECT_EQ(TableDiscretiser(file, columns).SchemaJson(), from_typed.SchemaJson());
  EXPECT_EQ(from_typed.domain().blocks()[3].labels, (std::vector<std::string>{"0", "1", "2"}));
}

TEST(MaxentSchemaTyped, AValueOutsideTheDomainIsNamedByItsLine) {
  const TypedRows rows;
  const TableDiscretiser schema(rows.Table(), LabelledColumns());
  TypedRows held_out;
  held_out.counts[2] = 7;
  try {
    schema.Encode(held_out.Table());
    FAIL() << "a count outside the domain was encoded";
  } catch (const common::DataError& error) {
    EXPECT_EQ(4u, error.line());
    EXPECT_EQ(4u, error.column());
    EXPECT_EQ(
        "value '7' of column 'count' is not in the domain learned from the training data "
        "(values: '0', '1', '2')",
        error.message());
  }
  held_out.counts[2] = 1;
  held_out.ages[1] = std::numeric_limits<double>::quiet_NaN();
  try {
    schema.Encode(held_out.Table());
    FAIL() << "a missing age was binned";
  } catch (const common::DataError& error) {
    EXPECT_EQ(3u, error.line());
    EXPECT_EQ("missing value in column 'age', which the max-entropy domain bins or counts",
              error.message());
  }
}

TEST(MaxentSchemaTyped, TooManyNumbersAsCategoriesAreRefused) {
  std::vector<double> ids;
  std::vector<double> labels;
  std::vector<double> groups;
  for (int r = 0; r < 1100; ++r) {
    ids.push_back(r);
    labels.push_back(r % 2);
    groups.push_back(r % 3 == 0);
  }
  data::ColumnTable table;
  table.path = "frame";
  table.columns.push_back(data::TableColumn::NumbersOver("id", ids.data(), ids.size()));
  table.columns.push_back(data::TableColumn::NumbersOver("group", groups.data(), groups.size()));
  table.columns.push_back(data::TableColumn::NumbersOver("label", labels.data(), labels.size()));
  MaxentColumns columns;
  columns.label = "label";
  columns.protected_attribute = "group";
  columns.categorical = {"id"};
  EXPECT_THROW(TableDiscretiser(table, columns), common::DataError);
}

}  // namespace
}  // namespace tinyfair::host::preprocessing
