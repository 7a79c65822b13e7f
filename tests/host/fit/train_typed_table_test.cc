// fit::Train on a typed table (numbers as float64, as a front end passes
// them without text) writes the model it writes from the same rows read from
// a file, for every method, and says the same notes.
#include <gtest/gtest.h>

#include <limits>
#include <regex>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/data/column_table.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/train.h"
#include "host_tools/model/model_file.h"
#include "tests/host/source_dir.h"

namespace tinyfair::host::fit {
namespace {

using tinyfair::testing::SourceDir;

// The file's columns as a front end holds them: a column of numbers (an
// empty cell missing) as float64, any other as codes into its values.
data::ColumnTable TypedColumns(const data::CsvTable& file) {
  data::ColumnTable table;
  table.path = file.path;
  for (size_t c = 0; c < file.header.size(); ++c) {
    std::vector<double> numbers;
    for (const auto& row : file.rows) {
      double value = std::numeric_limits<double>::quiet_NaN();
      if (!row[c].empty() && !data::ParseNumberText(row[c], &value)) break;
      numbers.push_back(value);
    }
    if (numbers.size() == file.rows.size()) {
      table.columns.push_back(data::TableColumn::OwnedNumbers(file.header[c], numbers));
    } else {
      table.columns.push_back(data::AsText(data::TableColumn::CellsOf(file, c)));
    }
  }
  return table;
}

// A note without its durations, which differ from run to run.
std::string WithoutTimes(const std::string& note) {
  return std::regex_replace(note, std::regex("[0-9.]+ s\\b"), "T s");
}

class TrainOnTypedTable : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path = SourceDir() + "/tests/bad_data/train.csv";
    file_ = data::ParseCsv(common::ReadFile(path), path);
    typed_ = TypedColumns(file_);
    ASSERT_TRUE(typed_.columns[1].numeric());   // age
    ASSERT_FALSE(typed_.columns[3].numeric());  // workclass
    options_.data = path;
    options_.label.label = "approved";
    options_.label.positive = {"yes"};
    options_.sensitive = {"sex"};
    SetNoteSink([this](const std::string& line) { notes_.push_back(WithoutTimes(line)); });
  }
  void TearDown() override { SetNoteSink(nullptr); }

  // The model and the notes of a fit on `table`.
  std::pair<std::string, std::vector<std::string>> Fit(const data::ColumnTable& table) {
    notes_.clear();
    const tinyfair::Model model = Train(options_, table, TrainMethods());
    return {host::model::ModelToJson(model), notes_};
  }

  data::CsvTable file_;
  data::ColumnTable typed_;
  TrainOptions options_;
  std::vector<std::string> notes_;
};

TEST_F(TrainOnTypedTable, EveryMethodWritesTheFilesModel) {
  for (const char* method : {"logistic", "reduction", "naive"}) {
    options_.method = method;
    options_.constraint.clear();
    const auto from_file = Fit(data::ColumnTableFromCsv(file_));
    const auto from_typed = Fit(typed_);
    EXPECT_EQ(from_file.first, from_typed.first) << method;
    EXPECT_EQ(from_file.second, from_typed.second) << method;
  }
}

TEST_F(TrainOnTypedTable, ANumericColumnAsCategoriesIsNamedByItsNumbers) {
  options_.categorical = {"hours"};
  options_.min_category_count = 2;
  const auto from_file = Fit(data::ColumnTableFromCsv(file_));
  const auto from_typed = Fit(typed_);
  EXPECT_EQ(from_file.first, from_typed.first);
  EXPECT_EQ(from_file.second, from_typed.second);
  EXPECT_NE(from_typed.first.find("\"40\""), std::string::npos);
}

TEST_F(TrainOnTypedTable, ABadNumberIsNamedByItsRowsLine) {
  data::ColumnTable typed = typed_;
  std::vector<double> ages;
  for (size_t r = 0; r < typed.row_count(); ++r) ages.push_back(typed.columns[1].number(r));
  ages[4] = std::numeric_limits<double>::infinity();
  typed.columns[1] = data::TableColumn::OwnedNumbers("age", ages);
  try {
    Fit(typed);
    FAIL() << "an infinite age was trained on";
  } catch (const common::DataError& error) {
    EXPECT_EQ(6u, error.line());
    EXPECT_EQ(2u, error.column());
    EXPECT_EQ(
        "column 'age': not a finite number: 'inf'; leave the cell empty if the value is missing",
        error.message());
  }
}

}  // namespace
}  // namespace tinyfair::host::fit
