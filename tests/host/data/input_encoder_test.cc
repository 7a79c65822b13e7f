// Input schema from data, device rows and the design matrix.
#include "host_tools/data/input_encoder.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tinyfair_runtime/capacity.h"

namespace tinyfair::host::data {
namespace {

const char kEncoderCsv[] =
    "age,colour,sex,y\n"
    "20,red,F,1\n"
    "30,blue,M,0\n"
    "40,red,M,1\n"
    "?,green,F,0\n";

ColumnRoles EncoderRoles() {
  ColumnRoles roles;
  roles.label = "y";
  roles.sensitive = {"sex"};
  return roles;
}

TEST(InputEncoder, LearnsTheSchema) {
  const CsvTable table = ParseCsv(kEncoderCsv, "t.csv");
  const auto inputs = InputsFromTable(table, EncoderRoles());
  ASSERT_EQ(3u, inputs.size());
  EXPECT_EQ("age", inputs[0].name());
  EXPECT_EQ(tinyfair::Input::NUMERIC, inputs[0].kind());
  EXPECT_FLOAT_EQ(30.0f, inputs[0].offset());  // mean of present values
  EXPECT_FLOAT_EQ(static_cast<float>(1.0 / std::sqrt(200.0 / 3.0)), inputs[0].scale());
  EXPECT_EQ(tinyfair::Input::CATEGORICAL, inputs[1].kind());
  ASSERT_EQ(3, inputs[1].categories_size());  // sorted
  EXPECT_EQ("blue", inputs[1].categories(0));
  EXPECT_EQ("red", inputs[1].categories(2));
  EXPECT_EQ(2u, inputs[2].category_count());
}

TEST(InputEncoder, DeviceRowsAndDesign) {
  const CsvTable table = ParseCsv(kEncoderCsv, "t.csv");
  tinyfair::Model model;
  for (const auto& input : InputsFromTable(table, EncoderRoles())) *model.add_inputs() = input;
  InputEncoder encoder(model.inputs(), table);
  std::vector<float> row;
  encoder.DeviceRow(0, row);
  EXPECT_EQ((std::vector<float>{20.0f, 2.0f, 0.0f}), row);
  encoder.DeviceRow(3, row);
  EXPECT_TRUE(std::isnan(row[0]));  // missing numeric: NaN, which the device refuses
  const std::vector<bool> use = {true, true, false};
  EXPECT_EQ(4u, encoder.DesignWidth(use));
  const Eigen::MatrixXd design = encoder.Design(use);
  EXPECT_DOUBLE_EQ(0.0, design(3, 0));  // missing numeric: the mean
  EXPECT_DOUBLE_EQ(1.0, design(0, 3));  // red
  EXPECT_DOUBLE_EQ(1.0, design(1, 1));  // blue
}

TEST(InputEncoder, UnseenCategoryBecomesAnInvalidIndex) {
  const CsvTable train = ParseCsv(kEncoderCsv, "t.csv");
  tinyfair::Model model;
  for (const auto& input : InputsFromTable(train, EncoderRoles())) *model.add_inputs() = input;
  const CsvTable test = ParseCsv("age,colour,sex,y\n25,purple,F,1\n", "test.csv");
  InputEncoder encoder(model.inputs(), test);
  std::vector<float> row;
  encoder.DeviceRow(0, row);
  EXPECT_EQ(3.0f, row[1]);  // == category_count: the runtime says unknown_category
}

TEST(InputEncoder, MissingColumnIsNamed) {
  const CsvTable train = ParseCsv(kEncoderCsv, "t.csv");
  tinyfair::Model model;
  for (const auto& input : InputsFromTable(train, EncoderRoles())) *model.add_inputs() = input;
  const CsvTable test = ParseCsv("age,sex,y\n25,F,1\n", "test.csv");
  try {
    InputEncoder encoder(model.inputs(), test);
    FAIL() << "no error for a missing column";
  } catch (const common::DataError& e) {
    EXPECT_NE(std::string(e.what()).find("colour"), std::string::npos) << e.what();
  }
}

TEST(InputEncoder, LabelsNeedPositiveValuesUnlessZeroOne) {
  const CsvTable table = ParseCsv("x,y\n1,yes\n2,no\n", "l.csv");
  EXPECT_THROW(ReadLabels(table, "y", {}), common::DataError);
  EXPECT_EQ((std::vector<int>{1, 0}), ReadLabels(table, "y", {"yes"}));
}

TEST(InputEncoder, NamesTheFewestColumnsToLeaveOutForTheCategoryCapacity) {
  // Three identifier-like columns of k categories, k = capacity / 2 + 1:
  // two of them must go.
  const size_t k = runtime::kMaxCategories / 2 + 1;
  std::string csv = "a,b,c,y\n";
  for (size_t i = 0; i < k; ++i) {
    const std::string id = std::to_string(i);
    csv += "a" + id + ",b" + id + ",c" + id + "," + (i % 2 ? "1" : "0") + "\n";
  }
  ColumnRoles roles;
  roles.label = "y";
  roles.categorical = {"a", "b", "c"};
  try {
    InputsFromTable(ParseCsv(csv, "ids.csv"), roles);
    FAIL() << "categories beyond the device's capacity were accepted";
  } catch (const common::DataError& error) {
    EXPECT_NE(std::string(error.what()).find("; to fit, leave out at least --ignore a,b"),
              std::string::npos)
        << error.what();
  }
}

TEST(InputEncoder, ReportsEveryBadColumnAtOnce) {
  const CsvTable table = ParseCsv("x,n,m,y\n1,,2,0\n2,,oops,1\n3,,4,0\n", "bad.csv");
  ColumnRoles roles;
  roles.label = "y";
  try {
    InputsFromTable(table, roles);
    FAIL() << "bad columns were accepted";
  } catch (const common::DataError& error) {
    const std::string what = error.what();
    EXPECT_EQ(0u, what.find("bad.csv: 2 column problems:\n")) << what;
    EXPECT_NE(what.find("numeric column 'n' has no values"), std::string::npos) << what;
    EXPECT_NE(what.find("bad.csv:3:3: column 'm': not a number: 'oops'"), std::string::npos)
        << what;
  }
}

}  // namespace
}  // namespace tinyfair::host::data
