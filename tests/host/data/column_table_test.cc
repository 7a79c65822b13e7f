// The typed table: a file's text and numbers given as float64 encode to the
// same device rows, and a bad cell is named by its row's line either way.
#include "host_tools/data/column_table.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const char kTypedCsv[] =
    "age,colour,sex,code,y\n"
    "20.5,red,F,1,1\n"
    "30,blue,M,2,0\n"
    "40,red,M,1,1\n"
    "?,green,F,,0\n";

// The same rows as a front end holds them: numbers as float64 (NaN
// missing), text as codes into its values.
ColumnTable TypedRows(const std::vector<double>& ages, const std::vector<double>& codes) {
  ColumnTable table;
  table.path = "frame";
  table.columns.push_back(TableColumn::NumbersOver("age", ages.data(), ages.size()));
  table.columns.push_back(TableColumn::Text("colour", {0, 1, 0, 2}, {"red", "blue", "green"}));
  table.columns.push_back(TableColumn::Text("sex", {0, 1, 1, 0}, {"F", "M"}));
  table.columns.push_back(TableColumn::OwnedNumbers("code", codes));
  return table;
}

tinyfair::Model ModelOf(const CsvTable& table) {
  ColumnRoles roles;
  roles.label = "y";
  roles.sensitive = {"sex"};
  roles.categorical = {"code"};  // numbers as categories: "", "1", "2"
  tinyfair::Model model;
  for (const auto& input : InputsFromTable(table, roles)) *model.add_inputs() = input;
  model.mutable_groups()->add_attribute_inputs(2);
  return model;
}

std::vector<std::vector<float>> DeviceRows(const InputEncoder& encoder) {
  std::vector<std::vector<float>> rows(encoder.row_count());
  for (size_t r = 0; r < rows.size(); ++r) encoder.DeviceRow(r, rows[r]);
  return rows;
}

void ExpectSameRows(const std::vector<std::vector<float>>& expected,
                    const std::vector<std::vector<float>>& actual) {
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t r = 0; r < expected.size(); ++r) {
    ASSERT_EQ(expected[r].size(), actual[r].size());
    for (size_t i = 0; i < expected[r].size(); ++i) {
      if (std::isnan(expected[r][i])) {
        EXPECT_TRUE(std::isnan(actual[r][i])) << "row " << r << " input " << i;
      } else {
        EXPECT_EQ(expected[r][i], actual[r][i]) << "row " << r << " input " << i;
      }
    }
  }
}

TEST(ColumnTable, TypedColumnsEncodeAsTheFileDoes) {
  const CsvTable file = ParseCsv(kTypedCsv, "t.csv");
  const tinyfair::Model model = ModelOf(file);
  const auto from_file = DeviceRows(InputEncoder(model.inputs(), file));
  const std::vector<double> ages = {20.5, 30.0, 40.0, kNaN};
  const ColumnTable typed = TypedRows(ages, {1.0, 2.0, 1.0, kNaN});
  const auto from_numbers = DeviceRows(InputEncoder(model.inputs(), typed));
  ExpectSameRows(from_file, from_numbers);
  EXPECT_EQ(20.5f, from_numbers[0][0]);
  // The category "1" from the number 1.0; a missing number is the text "",
  // as an empty cell of the file.
  EXPECT_EQ(1.0f, from_numbers[0][3]);
  EXPECT_EQ(2.0f, from_numbers[1][3]);
  EXPECT_EQ(0.0f, from_numbers[3][3]);
}

TEST(ColumnTable, TheFileTableKeepsItsTextAndLines) {
  const CsvTable file = ParseCsv(kTypedCsv, "t.csv");
  const ColumnTable table = ColumnTableFromCsv(file);
  ASSERT_EQ(5u, table.columns.size());
  EXPECT_EQ(4u, table.row_count());
  EXPECT_FALSE(table.columns[0].numeric());
  EXPECT_EQ("?", table.columns[0].CellText(3));
  EXPECT_EQ(5u, table.line(3));
  EXPECT_EQ(3u, table.column("code"));
  EXPECT_THROW(table.column("nope"), common::DataError);
}

// 40 rows: colour repeats (coded), age does not (read as the file's cells).
std::string LongerCsv() {
  std::string text = "age,colour,sex,code,y\n";
  const char* colours[] = {"red", "blue", "green"};
  for (int r = 0; r < 40; ++r) {
    text += std::to_string(20 + r) + ".25," + colours[r % 3] + "," + (r % 2 ? "M" : "F") + "," +
            std::to_string(1 + r % 2) + "," + std::to_string(r % 2) + "\n";
  }
  return text;
}

TEST(ColumnTable, RepeatingValuesAreCodedOthersReadInPlace) {
  const CsvTable file = ParseCsv(LongerCsv(), "long.csv");
  const ColumnTable table = ColumnTableFromCsv(file);
  EXPECT_FALSE(table.columns[0].coded());
  EXPECT_FALSE(table.columns[0].numeric());
  EXPECT_EQ("21.25", table.columns[0].CellText(1));
  ASSERT_TRUE(table.columns[1].coded());
  EXPECT_EQ((std::vector<std::string>{"red", "blue", "green"}), table.columns[1].dictionary());
  const tinyfair::Model model = ModelOf(file);
  std::vector<double> ages;
  std::vector<std::uint32_t> colours, sexes;
  std::vector<double> codes;
  for (int r = 0; r < 40; ++r) {
    ages.push_back(20 + r + 0.25);
    colours.push_back(static_cast<std::uint32_t>(r % 3));
    sexes.push_back(static_cast<std::uint32_t>(r % 2));
    codes.push_back(1 + r % 2);
  }
  ColumnTable typed;
  typed.columns.push_back(TableColumn::NumbersOver("age", ages.data(), ages.size()));
  typed.columns.push_back(TableColumn::Text("colour", colours, {"red", "blue", "green"}));
  typed.columns.push_back(TableColumn::Text("sex", sexes, {"F", "M"}));
  typed.columns.push_back(TableColumn::OwnedNumbers("code", codes));
  ExpectSameRows(DeviceRows(InputEncoder(model.inputs(), file)),
                 DeviceRows(InputEncoder(model.inputs(), typed)));
  EXPECT_EQ(std::vector<int>(ReadLabels(file, "y", {})), ReadLabels(table, "y", {}));
}

TEST(ColumnTable, NumbersReadBackAsTheirShortestText) {
  const std::vector<double> values = {0.1, -0.0, 1e300, kNaN};
  const TableColumn column = TableColumn::NumbersOver("x", values.data(), values.size());
  EXPECT_EQ("0.1", column.CellText(0));
  EXPECT_EQ("-0", column.CellText(1));
  EXPECT_EQ("1e+300", column.CellText(2));
  EXPECT_EQ("", column.CellText(3));
}

TEST(ColumnTable, ABadNumberIsNamedByItsLine) {
  const CsvTable file = ParseCsv(kTypedCsv, "t.csv");
  const tinyfair::Model model = ModelOf(file);
  const std::vector<double> ages = {20.5, 30.0, std::numeric_limits<double>::infinity(), 1e300};
  const ColumnTable typed = TypedRows(ages, {1.0, 2.0, 1.0, 2.0});
  const InputEncoder encoder(model.inputs(), typed);
  std::vector<float> row;
  try {
    encoder.DeviceRow(2, row);
    FAIL() << "an infinite age was encoded";
  } catch (const common::DataError& error) {
    EXPECT_EQ(4u, error.line());  // row 2: line 4 of the file the frame would write
    EXPECT_EQ(1u, error.column());
    EXPECT_EQ(
        "column 'age': not a finite number: 'inf'; leave the cell empty if the value is "
        "missing",
        error.message());
  }
  try {
    encoder.DeviceRow(3, row);
    FAIL() << "an age beyond the float range was encoded";
  } catch (const common::DataError& error) {
    EXPECT_EQ("column 'age': '1e+300' is beyond the float range", error.message());
  }
}

TEST(ColumnTable, ABadCellInAFileIsNamedAsBefore) {
  const CsvTable file = ParseCsv(kTypedCsv, "t.csv");
  const tinyfair::Model model = ModelOf(file);
  const CsvTable bad =
      ParseCsv("age,colour,sex,code,y\n20,red,F,1,1\n\nold,red,M,1,1\n1e39,red,M,1,1\n", "bad.csv");
  const InputEncoder encoder(model.inputs(), bad);
  std::vector<float> row;
  encoder.DeviceRow(0, row);
  try {
    encoder.DeviceRow(1, row);
    FAIL() << "a word was encoded as a number";
  } catch (const common::DataError& error) {
    EXPECT_EQ(std::string("bad.csv:4:1: column 'age': not a number: 'old'"), error.what());
  }
  try {
    encoder.DeviceRow(2, row);
    FAIL() << "1e39 was encoded as a float";
  } catch (const common::DataError& error) {
    EXPECT_EQ(std::string("bad.csv:5:1: column 'age': '1e39' is beyond the float range"),
              error.what());
  }
}

TEST(ColumnTable, AnUnknownGroupIsNamedByItsLine) {
  const CsvTable file = ParseCsv(kTypedCsv, "t.csv");
  const tinyfair::Model model = ModelOf(file);
  const std::vector<double> ages = {1, 2, 3, 4};
  ColumnTable typed = TypedRows(ages, {1, 2, 1, 2});
  EXPECT_NO_THROW(CheckGroupsKnown(model, typed));
  typed.columns[2] = TableColumn::Text("sex", {0, 1, 2, 0}, {"F", "M", "X"});
  try {
    CheckGroupsKnown(model, typed);
    FAIL() << "group X was accepted";
  } catch (const common::DataError& error) {
    EXPECT_EQ(4u, error.line());
    EXPECT_EQ(3u, error.column());
    EXPECT_NE(std::string::npos, error.message().find("group 'X' is not in the model"));
  }
}

}  // namespace
}  // namespace tinyfair::host::data
