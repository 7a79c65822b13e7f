// Row weights in train (--weight-column, Python's sample_weight): a row of
// integer weight k counts as k copies of it, checked against the fit on the
// table with each row written k times (l2 = 0, so that the optimum does not
// depend on the inputs' standardisation, which the copies move); with
// --reweigh too, Kamiran and Calders' cells are counted over the weights.
// And each refusal: a method that takes none, the label as weights, a bad
// weight with its line, all weights 0.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/column_table.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/option_values.h"
#include "host_tools/fit/train.h"

namespace tinyfair::host::fit {
namespace {

struct Row {
  double x1, x2;
  int group, label, weight;
};

std::vector<Row> Rows() {
  std::mt19937 random(11);
  std::normal_distribution<double> normal;
  std::uniform_int_distribution<int> weight(0, 3);
  std::vector<Row> rows;
  for (int r = 0; r < 300; ++r) {
    const int group = r % 3 == 0 ? 1 : 0;
    const double x1 = normal(random) + 0.5 * group, x2 = normal(random);
    const int label = normal(random) < 0.8 * x1 - 0.5 * x2 + 0.3 * group ? 1 : 0;
    rows.push_back({x1, x2, group, label, weight(random)});
  }
  return rows;
}

// The rows as a CSV with their weights, or each row written `weight` times
// (with the weight column kept, ignored, so that both have the same inputs).
std::string Csv(const std::vector<Row>& rows, bool copies) {
  std::string csv = "x1,x2,g,y,w\n";
  for (const Row& row : rows) {
    const int times = copies ? row.weight : 1;
    for (int k = 0; k < times; ++k) {
      csv += common::FormatText("%.17g,%.17g,%s,%d,%d\n", row.x1, row.x2, row.group ? "b" : "a",
                                row.label, row.weight);
    }
  }
  return csv;
}

class RowWeights : public ::testing::Test {
 protected:
  void SetUp() override {
    SetNoteSink([](const std::string&) {});
    options_.data = "weights.csv";
    options_.label.label = "y";
    options_.sensitive = {"g"};
    options_.l2 = 0.0;
  }
  void TearDown() override { SetNoteSink(nullptr); }

  // The fit of `csv` by the weight column or ignoring it, with --reweigh
  // when `reweigh`.
  tinyfair::Model Fit(const std::string& csv, bool weighted, bool reweigh = false) {
    const data::CsvTable file = data::ParseCsv(csv, "weights.csv");
    TrainOptions options = options_;
    if (weighted) {
      options.weight_column = "w";
    } else {
      options.ignore.push_back("w");
    }
    std::vector<TrainMethod> methods = TrainMethods();
    OptionValues values;
    for (const TrainMethod& method : methods) {
      if (method.add_options) method.add_options(values);
    }
    if (reweigh) values.Set("reweigh", "true");
    return Train(options, data::ColumnTableFromCsv(file), methods);
  }

  // The scorer's margin at (x1, x2): each input enters as (x - offset) x scale.
  static double Margin(const tinyfair::Model& m, double x1, double x2) {
    double margin = m.scorer().bias();
    const double x[] = {x1, x2};
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(i == 0 ? "x1" : "x2", m.inputs(i).name());
      margin += m.scorer().weights(i) * (x[i] - m.inputs(i).offset()) * m.inputs(i).scale();
    }
    return margin;
  }

  // The two models' margins on every row differ by at most `tolerance`.
  static void ExpectSameScorer(const tinyfair::Model& a, const tinyfair::Model& b,
                               const std::vector<Row>& rows, double tolerance) {
    for (const Row& row : rows) {
      EXPECT_NEAR(Margin(a, row.x1, row.x2), Margin(b, row.x1, row.x2), tolerance);
    }
  }

  TrainOptions options_;
};

TEST_F(RowWeights, IntegerWeightsFitAsCopiesOfTheRows) {
  const std::vector<Row> rows = Rows();
  const tinyfair::Model weighted = Fit(Csv(rows, false), true);
  const tinyfair::Model copies = Fit(Csv(rows, true), false);
  for (const tinyfair::Input& input : weighted.inputs())
    EXPECT_NE("w", input.name()) << "the weight column is no input";
  ExpectSameScorer(weighted, copies, rows, 1e-5);
  // And not as the unweighted rows: the weights moved the fit.
  const tinyfair::Model unweighted = Fit(Csv(rows, false), false);
  double largest = 0.0;
  for (const Row& row : rows) {
    largest = std::max(
        largest, std::abs(Margin(weighted, row.x1, row.x2) - Margin(unweighted, row.x1, row.x2)));
  }
  EXPECT_GT(largest, 1e-2);
}

TEST_F(RowWeights, ReweighingCountsItsCellsOverTheWeights) {
  options_.method = "logistic";
  const std::vector<Row> rows = Rows();
  const tinyfair::Model weighted = Fit(Csv(rows, false), true, true);
  const tinyfair::Model copies = Fit(Csv(rows, true), false, true);
  ExpectSameScorer(weighted, copies, rows, 1e-5);
  // Reweighing changed the fit from the weighted one without it.
  const tinyfair::Model plain = Fit(Csv(rows, false), true);
  EXPECT_GT(std::abs(Margin(weighted, 0.0, 0.0) - Margin(plain, 0.0, 0.0)), 1e-3);
}

TEST_F(RowWeights, WhatCannotBeWeighedIsRefused) {
  const std::string csv = Csv(Rows(), false);
  options_.method = "reduction";
  try {
    Fit(csv, true);
    ADD_FAILURE() << "a method without row weights took them";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ("--weight-column: --method reduction takes no row weights; logistic does",
              std::string(e.what()));
  }
  options_.method = "logistic";
  options_.weight_column = "y";
  EXPECT_THROW(
      Train(options_, data::ColumnTableFromCsv(data::ParseCsv(csv, "w.csv")), TrainMethods()),
      std::invalid_argument);
  options_.weight_column.clear();
  std::string negative = csv;
  negative.replace(negative.find(",2\n"), 3, ",-2\n");
  try {
    Fit(negative, true);
    ADD_FAILURE() << "a negative weight was taken";
  } catch (const common::DataError& e) {
    EXPECT_EQ(5u, e.column());
    EXPECT_GT(e.line(), 1u);
    EXPECT_EQ("row weight 'w' is '-2'; a row weight must be a finite number >= 0", e.message());
  }
  std::string zeros = "x1,x2,g,y,w\n";
  for (const Row& row : Rows())
    zeros +=
        common::FormatText("%g,%g,%s,%d,0\n", row.x1, row.x2, row.group ? "b" : "a", row.label);
  EXPECT_THROW(Fit(zeros, true), common::DataError);
}

}  // namespace
}  // namespace tinyfair::host::fit
