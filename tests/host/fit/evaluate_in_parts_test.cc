// A data set evaluated in parts (each drawing after the parts before it,
// the tallies merged) gives the report fit::Evaluate gives of the whole, for
// a mixture, whose decisions depend on their draws.
#include "host_tools/fit/evaluate_in_parts.h"

#include <gtest/gtest.h>

#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/synthetic_data.h"
#include "host_tools/fit/evaluate.h"
#include "host_tools/fit/train.h"
#include "host_tools/fit/train_method.h"
#include "host_tools/metrics/decision_tally.h"
#include "host_tools/metrics/metrics.h"

namespace tinyfair::host::fit {
namespace {

// The header and the rows [first, last) of a CSV text.
std::string CsvRows(const std::string& csv, size_t first, size_t last) {
  size_t begin = csv.find('\n') + 1;
  std::string part = csv.substr(0, begin);
  for (size_t row = 0; row < last && begin < csv.size(); ++row) {
    const size_t end = csv.find('\n', begin) + 1;
    if (row >= first) part += csv.substr(begin, end - begin);
    begin = end;
  }
  return part;
}

TEST(EvaluateInParts, MergedTalliesReportAsTheWhole) {
  const std::string csv = data::SyntheticHiringCsv(1200, 4);
  const data::CsvTable whole_file = data::ParseCsv(csv, "whole.csv");
  const data::CsvTable head_file = data::ParseCsv(CsvRows(csv, 0, 700), "head.csv");
  const data::CsvTable tail_file = data::ParseCsv(CsvRows(csv, 700, 1200), "tail.csv");
  TrainOptions train;
  train.label.label = "hired";
  train.sensitive = {"group"};
  train.method = "reduction";  // a mixture: each decision takes its draw
  const tinyfair::Model model = Train(train, data::ColumnTableFromCsv(whole_file), TrainMethods());
  EvaluateOptions options;
  options.label.label = "hired";
  options.seed = 11;
  options.stream = 2;

  metrics::DecisionTally tally =
      TallyThroughRuntime(model, data::ColumnTableFromCsv(head_file), options, 0);
  ASSERT_EQ(700u, tally.rows());
  tally.Merge(TallyThroughRuntime(model, data::ColumnTableFromCsv(tail_file), options, 700));
  const metrics::ClassificationReport merged = tally.Report({"group=a", "group=b"});
  const metrics::ClassificationReport whole =
      *Evaluate(model, data::ColumnTableFromCsv(whole_file), options).classification;

  EXPECT_EQ(whole.rows, merged.rows);
  EXPECT_NEAR(whole.accuracy, merged.accuracy, 1e-12);
  EXPECT_NEAR(whole.dp_gap, merged.dp_gap, 1e-12);
  ASSERT_EQ(whole.groups.size(), merged.groups.size());
  for (size_t g = 0; g < whole.groups.size(); ++g) {
    EXPECT_EQ(whole.groups[g].n, merged.groups[g].n) << g;
    EXPECT_NEAR(whole.groups[g].positive_rate, merged.groups[g].positive_rate, 1e-12) << g;
  }
  // The tail's rows drawn as if they came first decide otherwise.
  metrics::DecisionTally misdrawn =
      TallyThroughRuntime(model, data::ColumnTableFromCsv(head_file), options, 0);
  misdrawn.Merge(TallyThroughRuntime(model, data::ColumnTableFromCsv(tail_file), options, 0));
  EXPECT_NE(metrics::ReportJson(merged),
            metrics::ReportJson(misdrawn.Report({"group=a", "group=b"})));
  const std::string report = TallyReportJson(tally, model);
  EXPECT_NE(std::string::npos, report.find("\"name\": \"group=b\"")) << report;
}

}  // namespace
}  // namespace tinyfair::host::fit
