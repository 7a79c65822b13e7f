// fit::Evaluate reports the runtime's decisions (the classification report
// of the rows the runtime decides, or a regression model's report), prints
// what `evaluate` prints and notes label values counted as negative.
#include "host_tools/fit/evaluate.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/data/synthetic_data.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/runtime_report.h"
#include "host_tools/fit/train.h"
#include "host_tools/fit/train_method.h"

namespace tinyfair::host::fit {
namespace {

constexpr size_t kEvaluatedRows = 1500;

// The hiring data with every seventh label "2" (neither hired nor not).
std::string HiringWithAThirdLabel() {
  std::string csv = data::SyntheticHiringCsv(kEvaluatedRows, 9);
  size_t line = 0;
  for (size_t end = csv.find('\n'); end != std::string::npos; end = csv.find('\n', end + 1)) {
    if (++line % 7 == 0 && csv[end - 1] == '0') csv[end - 1] = '2';
  }
  return csv;
}

class EvaluateHiring : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = data::ParseCsv(data::SyntheticHiringCsv(kEvaluatedRows, 9), "hiring.csv");
    table_ = data::ColumnTableFromCsv(file_);
    train_.data = "hiring.csv";
    train_.label.label = "hired";
    train_.sensitive = {"group"};
    options_.label.label = "hired";
    SetNoteSink([this](const std::string& line) { notes_.push_back(line); });
  }
  void TearDown() override { SetNoteSink(nullptr); }

  data::CsvTable file_;
  data::ColumnTable table_;
  TrainOptions train_;
  EvaluateOptions options_;
  std::vector<std::string> notes_;
};

TEST_F(EvaluateHiring, ReportsTheRuntimesDecisions) {
  const tinyfair::Model model = Train(train_, table_, TrainMethods());
  notes_.clear();
  const Evaluation evaluation = Evaluate(model, table_, options_);
  ASSERT_TRUE(evaluation.classification);
  EXPECT_FALSE(evaluation.regression);
  const auto& report = *evaluation.classification;
  const auto through_runtime =
      ReportThroughRuntime(model, table_, data::ReadLabels(table_, "hired", {}));
  EXPECT_EQ(kEvaluatedRows, report.rows);
  EXPECT_EQ(kEvaluatedRows, report.decided);
  EXPECT_DOUBLE_EQ(through_runtime.accuracy, report.accuracy);
  EXPECT_DOUBLE_EQ(through_runtime.dp_gap, report.dp_gap);
  EXPECT_TRUE(report.scores);  // the scorer's log loss and AUC
  EXPECT_EQ(metrics::ReportJson(report), EvaluationJson(evaluation));
  EXPECT_EQ(metrics::ReportTable(report), EvaluationTable(evaluation));
  EXPECT_TRUE(notes_.empty());
}

TEST_F(EvaluateHiring, NotesLabelValuesCountedAsNegative) {
  const tinyfair::Model model = Train(train_, table_, TrainMethods());
  notes_.clear();
  const data::CsvTable third = data::ParseCsv(HiringWithAThirdLabel(), "third.csv");
  options_.label.positive = {"1"};
  const Evaluation evaluation = Evaluate(model, data::ColumnTableFromCsv(third), options_);
  ASSERT_TRUE(evaluation.classification);
  ASSERT_EQ(1u, notes_.size());
  EXPECT_EQ(0u, notes_[0].find("evaluate: label column 'hired' holds 2 values besides the "
                               "positive ones, all counted as negative"))
      << notes_[0];
}

TEST_F(EvaluateHiring, ARegressionModelGetsTheRegressionReport) {
  train_.method = "fair-regression";
  train_.iterations = 5;
  const tinyfair::Model model = Train(train_, table_, TrainMethods());
  notes_.clear();
  const Evaluation evaluation = Evaluate(model, table_, options_);
  ASSERT_TRUE(evaluation.regression);
  EXPECT_FALSE(evaluation.classification);
  EXPECT_EQ(kEvaluatedRows, evaluation.regression->rows);
  EXPECT_EQ(metrics::RegressionReportJson(*evaluation.regression), EvaluationJson(evaluation));
  EXPECT_EQ(metrics::RegressionReportTable(*evaluation.regression), EvaluationTable(evaluation));
}

}  // namespace
}  // namespace tinyfair::host::fit
