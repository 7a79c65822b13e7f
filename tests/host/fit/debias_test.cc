// fit::FitMaxent and SampleMaxent called without a command line: one fit
// samples as often as wanted, each seed giving the rows `tinyfair
// debias-data --rows N --seed S` writes for the same data; the report's
// sample rates are those of the rows drawn; bad options are refused.
#include "host_tools/fit/debias.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"
#include "host_tools/fit/debias_report.h"
#include "host_tools/fit/fit_notes.h"

namespace tinyfair::host::fit {
namespace {

// 60 rows: group b is a third of the rows and rarely positive, so the data
// is far from the targets and the fit has to move it.
std::string BiasedCsv() {
  std::string text = "colour,group,score,label\n";
  const char* colours[] = {"red", "green", "blue"};
  for (int i = 0; i < 60; ++i) {
    const bool b = i % 3 == 0;
    const bool positive = b ? i % 18 == 0 : i % 2 == 0;
    text += std::string(colours[i % 3 == 1 ? 1 : (i / 3) % 3]) + "," + (b ? "b" : "a") + "," +
            std::to_string(i % 50) + "," + (positive ? "1" : "0") + "\n";
  }
  return text;
}

class DebiasWithoutCli : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "/debias_biased.csv";
    common::WriteFileAtomically(path_, BiasedCsv());
    table_ = data::ParseCsv(BiasedCsv(), path_);
    options_.data = path_;
    options_.label.label = "label";
    options_.protected_attribute = "group";
    options_.categorical = {"colour"};
    options_.bins = {"score=10,25"};
    SetNoteSink([this](const std::string& line) { notes_.push_back(line); });
  }
  void TearDown() override { SetNoteSink(nullptr); }

  std::string path_;
  data::CsvTable table_;
  DebiasOptions options_;
  std::vector<std::string> notes_;
};

TEST_F(DebiasWithoutCli, EachSeedOfOneFitIsTheCommandsSample) {
  const MaxentFit fit = FitMaxent(options_, data::ColumnTableFromCsv(table_));
  ASSERT_FALSE(notes_.empty());
  for (const uint64_t seed : {2u, 3u}) {
    const std::string out = ::testing::TempDir() + "/debias_sample.csv";
    std::remove(out.c_str());
    const std::string command = std::string("'") + TINYFAIR_CLI + "' debias-data --data '" + path_ +
                                "' --label label --protected group --categorical colour " +
                                "--bins score=10,25 --rows 80 --seed " + std::to_string(seed) +
                                " --out '" + out + "' > /dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const data::CsvTable written = data::ParseCsv(common::ReadFile(out), out);
    const MaxentSample sample = SampleMaxent(fit, 80, seed);
    EXPECT_EQ(sample.table.header, written.header);
    EXPECT_EQ(sample.table.rows, written.rows) << "seed " << seed;
  }
  EXPECT_NE(SampleMaxent(fit, 80, 2).points, SampleMaxent(fit, 80, 3).points);
  EXPECT_EQ(SampleMaxent(fit, 0, 2).points.size(), table_.rows.size());
}

TEST_F(DebiasWithoutCli, ReportsTheRatesOfTheRowsDrawn) {
  options_.sampler = "sequential";
  const MaxentFit fit = FitMaxent(options_, data::ColumnTableFromCsv(table_));
  const MaxentSample sample = SampleMaxent(fit, 500, 7);
  const nlohmann::json report = nlohmann::json::parse(MaxentReport(fit, sample, nullptr).Str());
  // Shares and positive rates counted from the cells.
  std::map<std::string, double> rows, positives;
  const size_t group = 1, label = 3;
  ASSERT_EQ(sample.table.header[group], "group");
  ASSERT_EQ(sample.table.header[label], "label");
  for (const auto& row : sample.table.rows) {
    rows[row[group]] += 1;
    positives[row[group]] += row[label] == "1" ? 1 : 0;
  }
  const nlohmann::json& synthetic = report["synthetic"];
  for (const char* name : {"a", "b"}) {
    EXPECT_DOUBLE_EQ(synthetic["share_" + std::string(name)].get<double>(), rows[name] / 500.0);
    EXPECT_DOUBLE_EQ(synthetic["positive_rate_" + std::string(name)].get<double>(),
                     positives[name] / rows[name]);
  }
  EXPECT_EQ(report["synthetic_rows"].get<double>(), 500);
  EXPECT_EQ(report["seed"].get<double>(), 7);
  EXPECT_EQ(report["rows"].get<double>(), 60);
  // theta^w with tau = 1: the exact distribution has both groups equally
  // large and equally often positive, where the data has neither.
  EXPECT_NEAR(report["maxent_exact"]["representation_rate"].get<double>(), 1.0, 1e-8);
  EXPECT_NEAR(report["maxent_exact"]["statistical_rate"].get<double>(), 1.0, 0.05);
  EXPECT_LT(report["raw"]["statistical_rate"].get<double>(), 0.5);
}

TEST_F(DebiasWithoutCli, RefusesOptionsOutsideTheirChoices) {
  const auto refused = [this](auto change) {
    DebiasOptions options = options_;
    change(options);
    EXPECT_THROW(FitMaxent(options, data::ColumnTableFromCsv(table_)), common::DataError);
  };
  refused([](DebiasOptions& o) { o.tau = 0.0; });
  refused([](DebiasOptions& o) { o.prior_weight = 1.5; });
  refused([](DebiasOptions& o) { o.prior = "x"; });
  refused([](DebiasOptions& o) { o.theta = "x"; });
  refused([](DebiasOptions& o) { o.solver = "x"; });
  refused([](DebiasOptions& o) { o.sampler = "x"; });
  refused([](DebiasOptions& o) { o.max_iterations = -1; });
  refused([](DebiasOptions& o) { o.protected_attribute = "colour"; });
  EXPECT_TRUE(notes_.empty()) << "refused before any note";
}

}  // namespace
}  // namespace tinyfair::host::fit
