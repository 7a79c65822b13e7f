// fit::FinishImportedModel takes an imported scorer's reference rates from
// the runtime's decisions (float32 inputs and weights), not from the
// float64 arithmetic of the library the scorer came from.
#include "host_tools/fit/imported_linear_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::host::fit {
namespace {

// score = x - 0.1 (both float32 on the device), positive iff score >= 0;
// groups from g (a, b).
constexpr const char* kScorerJson = R"({
 "inputs": [
  {"name": "x", "kind": "NUMERIC", "offset": 0, "scale": 1},
  {"name": "g", "kind": "CATEGORICAL", "categories": ["a", "b"], "category_count": 2}
 ],
 "dimensions": {"group_count": 2},
 "groups": {"kind": "FROM_ATTRIBUTES", "attribute_inputs": [1], "unknown_policy": "REFUSE",
            "group_names": ["g=a", "g=b"]},
 "scorer": {"bias": -0.1, "weights": [1, 0], "category_weights": [0, 0], "link": "IDENTITY"},
 "threshold": {"threshold": [0, 0]},
 "reference_positive_rate": [0, 0],
 "model_id": "imported"
})";

// Just below 0.1 in float64 (x - 0.1 < 0), 0.1f once the device reads it as
// a float32 (x - 0.1f == 0: positive).
const double kJustBelow = 0.1 - 1e-12;

class ImportedScorer : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = model::ModelFromJson(kScorerJson, "scorer.json");
    x_ = {kJustBelow, kJustBelow, 0.0, std::nan(""), kJustBelow};
    rows_.path = "X";
    rows_.columns.push_back(data::TableColumn::NumbersOver("x", x_.data(), x_.size()));
    rows_.columns.push_back(data::TableColumn::Text("g", {0, 1, 1, 0, 1}, {"a", "b"}));
  }

  tinyfair::Model model_;
  std::vector<double> x_;
  data::ColumnTable rows_;
};

TEST_F(ImportedScorer, RatesAreTheRuntimesDecisions) {
  ASSERT_LT(kJustBelow - 0.1, 0.0);  // float64 decides every row negative
  const DecidedRates decided = RuntimeDecidedRates(model_, rows_);
  // a: row 0 (row 3's NaN is refused); b: rows 1 and 4 positive, row 2 not.
  EXPECT_EQ(decided.rates, (std::vector<double>{1.0, 2.0 / 3.0}));
  EXPECT_EQ(decided.decided, 4u);
  EXPECT_EQ(decided.refused, 1u);
}

TEST_F(ImportedScorer, FinishedModelHoldsTheRatesAndSaysWhatTheyAre) {
  FinishImportedModel("from_sklearn: estimator: LinearSVC", &rows_, model_);
  ASSERT_EQ(model_.reference_positive_rate_size(), 2);
  EXPECT_EQ(model_.reference_positive_rate(0), 1.0f);
  EXPECT_EQ(model_.reference_positive_rate(1), static_cast<float>(2.0 / 3.0));
  EXPECT_EQ(model_.provenance(),
            "from_sklearn: estimator: LinearSVC; reference rates the runtime's decisions on 4 "
            "rows of X (1 refused)");
}

TEST_F(ImportedScorer, WithoutRowsTheRatesAreZeroAndUnmeasured) {
  model_.set_reference_positive_rate(0, 0.5f);
  FinishImportedModel("from_sklearn: estimator: Ridge", nullptr, model_);
  EXPECT_EQ(model_.reference_positive_rate(0), 0.0f);
  EXPECT_EQ(model_.reference_positive_rate(1), 0.0f);
  EXPECT_EQ(model_.provenance(),
            "from_sklearn: estimator: Ridge; reference rates not measured (no X with every "
            "pipeline input), 0");
}

TEST_F(ImportedScorer, AColumnTheModelCannotReadIsRefused) {
  data::ColumnTable rows;
  rows.path = "X";
  rows.columns.push_back(data::TableColumn::Text("g", {0, 1}, {"a", "b"}));
  EXPECT_ANY_THROW(RuntimeDecidedRates(model_, rows));
}

}  // namespace
}  // namespace tinyfair::host::fit
