// The schema learned from a typed table (numbers as float64, text as codes)
// is the one learned from the same rows as a file's text, and a bad value
// is named by its row's line either way.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/data/column_table.h"
#include "host_tools/data/input_encoder.h"
#include "tests/host/data/serialised_inputs.h"

namespace tinyfair::host::data {
namespace {

constexpr double kNotANumber = std::numeric_limits<double>::quiet_NaN();

const char kInputsCsv[] =
    "age,colour,sex,code,y\n"
    "20.5,red,F,1,1\n"
    "30,blue,M,2,0\n"
    "40,red,M,1,1\n"
    ",green,F,,0\n"
    "0.1,blue,F,2,1\n";

// The file's rows as a front end holds them.
struct TypedInputRows {
  std::vector<double> ages = {20.5, 30.0, 40.0, kNotANumber, 0.1};
  std::vector<double> codes = {1.0, 2.0, 1.0, kNotANumber, 2.0};
  std::vector<double> labels = {1.0, 0.0, 1.0, 0.0, 1.0};

  ColumnTable Table() const {
    ColumnTable table;
    table.path = "frame";
    table.columns.push_back(TableColumn::NumbersOver("age", ages.data(), ages.size()));
    table.columns.push_back(
        TableColumn::Text("colour", {0, 1, 0, 2, 1}, {"red", "blue", "green", "unused"}));
    table.columns.push_back(TableColumn::Text("sex", {0, 1, 1, 0, 0}, {"F", "M"}));
    table.columns.push_back(TableColumn::NumbersOver("code", codes.data(), codes.size()));
    table.columns.push_back(TableColumn::NumbersOver("y", labels.data(), labels.size()));
    return table;
  }
};

ColumnRoles RolesWithCodes() {
  ColumnRoles roles;
  roles.label = "y";
  roles.sensitive = {"sex"};
  roles.categorical = {"code"};
  return roles;
}

// The DataError `inputs` throws, or a failure.
common::DataError ErrorOf(const ColumnTable& table, const ColumnRoles& roles) {
  try {
    InputsFromTable(table, roles);
  } catch (const common::DataError& error) {
    return error;
  }
  ADD_FAILURE() << "no DataError";
  return common::DataError("", 0, 0, "");
}

TEST(InputsFromTypedTable, EqualTheFilesInputs) {
  const TypedInputRows rows;
  for (uint32_t min_count : {0u, 2u}) {
    ColumnRoles roles = RolesWithCodes();
    roles.min_category_count = min_count;
    const auto from_file = InputsFromTable(ParseCsv(kInputsCsv, "t.csv"), roles);
    const auto from_typed = InputsFromTable(rows.Table(), roles);
    EXPECT_EQ(SerialisedInputs(from_file), SerialisedInputs(from_typed))
        << "min_count " << min_count;
  }
  // The numbers are read as they are: the mean of 20.5, 30, 40 and 0.1.
  const auto inputs = InputsFromTable(rows.Table(), RolesWithCodes());
  ASSERT_EQ(4u, inputs.size());
  EXPECT_EQ(tinyfair::Input::NUMERIC, inputs[0].kind());
  EXPECT_FLOAT_EQ(22.65f, inputs[0].offset());
  // A categorical column of numbers is named by each number's text, a
  // missing one "" (the empty cell); an unused code's value is no category.
  EXPECT_EQ((std::vector<std::string>{"", "1", "2"}),
            std::vector<std::string>(inputs[3].categories().begin(), inputs[3].categories().end()));
  EXPECT_EQ((std::vector<std::string>{"blue", "green", "red"}),
            std::vector<std::string>(inputs[1].categories().begin(), inputs[1].categories().end()));
}

TEST(InputsFromTypedTable, ANumberNotFiniteIsNamedByItsLine) {
  TypedInputRows rows;
  rows.ages[2] = std::numeric_limits<double>::infinity();
  const common::DataError error = ErrorOf(rows.Table(), RolesWithCodes());
  EXPECT_EQ(4u, error.line());  // row 2: line 4 of the file the frame would write
  EXPECT_EQ(1u, error.column());
  EXPECT_EQ(
      "column 'age': not a finite number: 'inf'; leave the cell empty if the value is missing",
      error.message());
  rows.ages[2] = 1e300;
  EXPECT_EQ("column 'age': '1e+300' is beyond the float range",
            ErrorOf(rows.Table(), RolesWithCodes()).message());
}

TEST(InputsFromTypedTable, AMissingGroupOfNumbersIsRefusedAsAnEmptyCell) {
  const TypedInputRows rows;
  ColumnRoles roles = RolesWithCodes();
  roles.sensitive = {"code"};
  const common::DataError typed = ErrorOf(rows.Table(), roles);
  const common::DataError file = ErrorOf(ColumnTableFromCsv(ParseCsv(kInputsCsv, "t.csv")), roles);
  EXPECT_EQ(5u, typed.line());
  EXPECT_EQ(4u, typed.column());
  EXPECT_EQ(file.message(), typed.message());
  EXPECT_EQ("column 'code': missing value '' in a sensitive column; every row needs its group",
            typed.message());
}

TEST(InputsFromTypedTable, ANumberColumnIsNeverTakenForWords) {
  TypedInputRows rows;
  rows.codes = {kNotANumber, kNotANumber, kNotANumber, kNotANumber, kNotANumber};
  ColumnRoles roles = RolesWithCodes();
  roles.categorical = {};
  // Every value missing: numeric without values, as a file's empty column.
  const common::DataError error = ErrorOf(rows.Table(), roles);
  EXPECT_EQ("numeric column 'code' has no values; --ignore code to leave it out", error.message());
}

}  // namespace
}  // namespace tinyfair::host::data
