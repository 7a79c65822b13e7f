// fit::FinishImportedModel takes an imported scorer's reference rates from
// the runtime's decisions (float32 inputs and weights), not from the
// float64 arithmetic of the library the scorer came from; and
// fit::ImportedLinearModel forms the model of a described scorer as train
// forms one (input order, category order, groups, float32 weights).
#include "host_tools/fit/imported_linear_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"
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

class HandWrittenScorer : public ::testing::Test {
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

TEST_F(HandWrittenScorer, RatesAreTheRuntimesDecisions) {
  ASSERT_LT(kJustBelow - 0.1, 0.0);  // float64 decides every row negative
  const DecidedRates decided = RuntimeDecidedRates(model_, rows_);
  // a: row 0 (row 3's NaN is refused); b: rows 1 and 4 positive, row 2 not.
  EXPECT_EQ(decided.rates, (std::vector<double>{1.0, 2.0 / 3.0}));
  EXPECT_EQ(decided.decided, 4u);
  EXPECT_EQ(decided.refused, 1u);
}

TEST_F(HandWrittenScorer, FinishedModelHoldsTheRatesAndSaysWhatTheyAre) {
  FinishImportedModel("from_sklearn: estimator: LinearSVC", &rows_, model_);
  ASSERT_EQ(model_.reference_positive_rate_size(), 2);
  EXPECT_EQ(model_.reference_positive_rate(0), 1.0f);
  EXPECT_EQ(model_.reference_positive_rate(1), static_cast<float>(2.0 / 3.0));
  EXPECT_EQ(model_.provenance(),
            "from_sklearn: estimator: LinearSVC; reference rates the runtime's decisions on 4 "
            "rows of X (1 refused)");
}

TEST_F(HandWrittenScorer, WithoutRowsTheRatesAreZeroAndUnmeasured) {
  model_.set_reference_positive_rate(0, 0.5f);
  FinishImportedModel("from_sklearn: estimator: Ridge", nullptr, model_);
  EXPECT_EQ(model_.reference_positive_rate(0), 0.0f);
  EXPECT_EQ(model_.reference_positive_rate(1), 0.0f);
  EXPECT_EQ(model_.provenance(),
            "from_sklearn: estimator: Ridge; reference rates not measured (no X with every "
            "pipeline input), 0");
}

TEST_F(HandWrittenScorer, AColumnTheModelCannotReadIsRefused) {
  data::ColumnTable rows;
  rows.path = "X";
  rows.columns.push_back(data::TableColumn::Text("g", {0, 1}, {"a", "b"}));
  EXPECT_ANY_THROW(RuntimeDecidedRates(model_, rows));
}

// A scorer as the Python package describes a folded pipeline: a numeric
// input, an encoded colour whose categories come in the encoder's order,
// and groups from band, which the scorer does not read.
class DescribedScorer : public ::testing::Test {
 protected:
  void SetUp() override {
    ImportedInput size;
    size.name = "size";
    ImportedInput colour;
    colour.name = "colour";
    colour.numeric = false;
    colour.categories = {"red", "Blue", "green"};
    colour.unknown_as_other = true;
    scorer_.model_id = "imported";
    scorer_.inputs = {size, colour};
    scorer_.group_attributes = {"band"};
    // margin = 0.1 size + 1.5 [red] - 2 [Blue] + 0.25 [green] - 0.1.
    auto& estimator = scorer_.estimator;
    estimator.features = {{"size", false, "", {}, {}},
                          {"colour", true, "red", {}, {}},
                          {"colour", true, "Blue", {}, {}},
                          {"colour", true, "green", {}, {}}};
    estimator.coefficients = {0.1, 1.5, -2.0, 0.25};
    estimator.intercept = -0.1;
    scorer_.link = "IDENTITY";
    scorer_.threshold = 0.0;
    scorer_.made_by = "from_sklearn: estimator: LinearSVC";
    // The rows' order puts band first and colour before size.
    size_ = {1.0, 0.0, 2.0, 1.0};
    rows_.path = "X";
    band_ = {1.0, 10.0, 2.0, 10.0};
    rows_.columns.push_back(data::TableColumn::NumbersOver("band", band_.data(), band_.size()));
    rows_.columns.push_back(
        data::TableColumn::Text("colour", {0, 1, 2, 1}, {"red", "Blue", "green"}));
    rows_.columns.push_back(data::TableColumn::NumbersOver("size", size_.data(), size_.size()));
  }

  ImportedScorer scorer_;
  std::vector<double> size_, band_;
  data::ColumnTable rows_;
};

TEST_F(DescribedScorer, FormsTheModelAsTrainFormsOne) {
  const tinyfair::Model model = ImportedLinearModel(scorer_, &rows_);
  ASSERT_EQ(model.inputs_size(), 3);
  // Inputs in the rows' column order.
  EXPECT_EQ(model.inputs(0).name(), "band");
  EXPECT_EQ(model.inputs(1).name(), "colour");
  EXPECT_EQ(model.inputs(2).name(), "size");
  // A group attribute's categories sorted as text, as the CLI sorts a CSV's.
  const auto& band = model.inputs(0);
  EXPECT_EQ(std::vector<std::string>(band.categories().begin(), band.categories().end()),
            (std::vector<std::string>{"1", "10", "2"}));
  EXPECT_FALSE(band.last_category_is_other());
  // Categories by their bytes ('B' < 'g' < 'r'), then "(other)" of weight 0.
  const auto& colour = model.inputs(1);
  EXPECT_EQ(std::vector<std::string>(colour.categories().begin(), colour.categories().end()),
            (std::vector<std::string>{"Blue", "green", "red", "(other)"}));
  EXPECT_TRUE(colour.last_category_is_other());
  EXPECT_EQ(colour.category_count(), 4u);
  const auto& linear = model.scorer();
  EXPECT_EQ(std::vector<float>(linear.category_weights().begin(), linear.category_weights().end()),
            (std::vector<float>{0.0f, 0.0f, 0.0f, -2.0f, 0.25f, 1.5f, 0.0f}));
  EXPECT_EQ(std::vector<float>(linear.weights().begin(), linear.weights().end()),
            (std::vector<float>{0.0f, 0.0f, 0.1f}));
  EXPECT_EQ(linear.bias(), -0.1f);
  EXPECT_EQ(model.inputs(2).offset(), 0.0f);
  EXPECT_EQ(model.inputs(2).scale(), 1.0f);
  // Groups as FormGroups names them.
  EXPECT_EQ(std::vector<std::string>(model.groups().group_names().begin(),
                                     model.groups().group_names().end()),
            (std::vector<std::string>{"band=1", "band=10", "band=2"}));
  EXPECT_EQ(model.groups().unknown_policy(), tinyfair::GroupFormation::REFUSE);
  EXPECT_EQ(model.threshold().threshold_size(), 3);
  EXPECT_EQ(model.model_id(), "imported");
  // Rates by the runtime: band 1: red, 0.1 + 1.5 - 0.1 >= 0; band 10:
  // Blue rows, -2 + ... < 0; band 2: green, 0.2 + 0.25 - 0.1 >= 0.
  EXPECT_EQ(std::vector<float>(model.reference_positive_rate().begin(),
                               model.reference_positive_rate().end()),
            (std::vector<float>{1.0f, 0.0f, 1.0f}));
  EXPECT_EQ(model.provenance(),
            "from_sklearn: estimator: LinearSVC, positive iff score >= 0; reference rates the "
            "runtime's decisions on 4 rows of X");
}

TEST_F(DescribedScorer, RowsWithoutEveryInputGiveOrderAndGroupsButNoRates) {
  rows_.columns.pop_back();  // no size
  const tinyfair::Model model = ImportedLinearModel(scorer_, &rows_);
  EXPECT_EQ(model.inputs(2).name(), "size");
  EXPECT_EQ(model.dimensions().group_count(), 3u);
  for (const float rate : model.reference_positive_rate()) EXPECT_EQ(rate, 0.0f);
  EXPECT_NE(model.provenance().find("reference rates not measured"), std::string::npos);
}

TEST_F(DescribedScorer, AGroupAttributeTheScorerReadsKeepsNoOtherCategory) {
  scorer_.group_attributes = {"colour"};
  const tinyfair::Model model = ImportedLinearModel(scorer_, nullptr);
  ASSERT_EQ(model.inputs_size(), 2);
  EXPECT_EQ(model.inputs(0).name(), "size");
  EXPECT_FALSE(model.inputs(1).last_category_is_other());
  EXPECT_EQ(model.inputs(1).categories_size(), 3);
  EXPECT_EQ(model.scorer().category_weights_size(), 3);
  EXPECT_EQ(model.groups().group_names(0), "colour=Blue");
}

TEST_F(DescribedScorer, RefusesWhatTheDeviceCannotHold) {
  ImportedScorer numeric_groups = scorer_;
  numeric_groups.group_attributes = {"size"};
  EXPECT_THROW(ImportedLinearModel(numeric_groups, &rows_), std::invalid_argument);
  ImportedScorer no_rows = scorer_;
  EXPECT_THROW(ImportedLinearModel(no_rows, nullptr), std::invalid_argument);
  ImportedScorer huge = scorer_;
  huge.estimator.coefficients[0] = std::numeric_limits<double>::max();
  EXPECT_THROW(ImportedLinearModel(huge, &rows_), std::invalid_argument);
  ImportedScorer miscounted = scorer_;
  miscounted.estimator.coefficients.pop_back();
  EXPECT_THROW(ImportedLinearModel(miscounted, &rows_), std::invalid_argument);
  ImportedScorer unlisted_category = scorer_;
  unlisted_category.estimator.features[1].category = "violet";
  EXPECT_THROW(ImportedLinearModel(unlisted_category, &rows_), std::invalid_argument);
  ImportedScorer raw_of_categorical = scorer_;
  raw_of_categorical.estimator.features[1].indicator = false;
  EXPECT_THROW(ImportedLinearModel(raw_of_categorical, &rows_), std::invalid_argument);
  ImportedScorer no_such_input = scorer_;
  no_such_input.estimator.features[0].column = "height";
  EXPECT_THROW(ImportedLinearModel(no_such_input, &rows_), std::invalid_argument);
  ImportedScorer unnamed = scorer_;
  unnamed.model_id = "";
  EXPECT_THROW(ImportedLinearModel(unnamed, &rows_), std::invalid_argument);
  ImportedScorer long_id = scorer_;
  long_id.model_id = std::string(64, 'i');
  try {
    ImportedLinearModel(long_id, &rows_);
    ADD_FAILURE() << "an id of 64 bytes was taken";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()).rfind("model_id: 64 bytes; a model's id holds at most ", 0),
              0u)
        << error.what();
  }
  ImportedScorer link = scorer_;
  link.link = "PROBIT";
  EXPECT_THROW(ImportedLinearModel(link, &rows_), std::invalid_argument);
  band_[2] = std::nan("");  // a row without its group
  try {
    ImportedLinearModel(scorer_, &rows_);
    ADD_FAILURE() << "a row without its group was taken";
  } catch (const common::DataError& error) {
    EXPECT_NE(std::string(error.what())
                  .find("sensitive feature 'band': 1 row holds '', a missing "
                        "value; every row needs its group"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace tinyfair::host::fit
