// The report of a caller's own predictions: the rows grouped as a fit on
// the table groups them (data::GroupsOfTable), the rates counted per group,
// and predictions that do not fit refused.
#include "host_tools/fit/prediction_report.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/table_groups.h"

namespace tinyfair::host::fit {
namespace {

class PredictionReport : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = data::ParseCsv("x,team,label\n1,red,1\n2,blue,0\n3,red,0\n4,red,1\n5,blue,1\n",
                           "teams.csv");
    table_ = data::ColumnTableFromCsv(file_);
  }
  data::CsvTable file_;
  data::ColumnTable table_;
};

TEST_F(PredictionReport, CountsEachGroupsRatesAsAFitGroupsTheRows) {
  const data::GroupIndex groups = data::GroupsOfTable(table_, "label", {"team"});
  ASSERT_EQ((std::vector<std::string>{"team=blue", "team=red"}), groups.names());
  EXPECT_EQ((std::vector<uint32_t>{1, 0, 1, 1, 0}), groups.rows());
  Predictions predictions;
  predictions.labels = {1, 0, 0, 1, 1};
  predictions.positive = {1, 0, 1, 1, 0};
  predictions.probability = {1.0f, 0.0f, 0.5f, 1.0f, 0.25f};
  const metrics::ClassificationReport report = ReportOfPredictions(predictions, groups);
  ASSERT_EQ(2u, report.groups.size());
  EXPECT_EQ(2u, report.groups[0].n);
  EXPECT_DOUBLE_EQ(0.0, report.groups[0].positive_rate);
  EXPECT_DOUBLE_EQ(0.125, report.groups[0].expected_positive_rate);
  EXPECT_EQ(3u, report.groups[1].n);
  EXPECT_DOUBLE_EQ(1.0, report.groups[1].positive_rate);
  EXPECT_DOUBLE_EQ(1.0, report.dp_gap);
  EXPECT_DOUBLE_EQ(0.6, report.accuracy);
}

TEST_F(PredictionReport, RefusesPredictionsThatDoNotFit) {
  const data::GroupIndex groups = data::GroupsOfTable(table_, "label", {"team"});
  Predictions predictions;
  predictions.labels = {1, 0, 0, 1};
  predictions.positive = {1, 0, 1, 1};
  predictions.probability = {1.0f, 0.0f, 1.0f, 1.0f};
  EXPECT_THROW(ReportOfPredictions(predictions, groups), std::invalid_argument);
  predictions.labels.push_back(1);
  predictions.positive.push_back(0);
  predictions.probability.push_back(1.5f);
  EXPECT_THROW(ReportOfPredictions(predictions, groups), std::invalid_argument);
  predictions.probability.back() = 0.0f;
  EXPECT_NO_THROW(ReportOfPredictions(predictions, groups));
}

}  // namespace
}  // namespace tinyfair::host::fit
