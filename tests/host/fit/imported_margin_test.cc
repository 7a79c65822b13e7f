// fit::MarginOverInputs folds an estimator through its features: the
// expected weights are worked out by hand from the scalings' algebra.
#include "host_tools/fit/imported_margin.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace tinyfair::host::fit {
namespace {

ImportedFeature Raw(const std::string& column) { return {column, false, "", {}, {}}; }

ImportedFeature Indicator(const std::string& column, const std::string& category) {
  return {column, true, category, {}, {}};
}

TEST(ImportedMargin, UnscaledFeaturesKeepTheirCoefficients) {
  const ImportedMargin margin = MarginOverInputs(
      {{Raw("x"), Indicator("c", "a"), Indicator("c", "b")}, {0.5, -1.25, 3.0}, 0.75, 1.0});
  EXPECT_EQ(margin.NumericWeight("x"), 0.5);
  EXPECT_EQ(margin.CategoryWeight("c", "a"), -1.25);
  EXPECT_EQ(margin.CategoryWeight("c", "b"), 3.0);
  EXPECT_EQ(margin.bias(), 0.75);
  // Terms no feature names weigh 0.
  EXPECT_EQ(margin.NumericWeight("y"), 0.0);
  EXPECT_EQ(margin.CategoryWeight("c", "z"), 0.0);
  EXPECT_EQ(margin.CategoryWeight("x", "a"), 0.0);
}

TEST(ImportedMargin, ScalingsComposeInTheOrderTheyApply) {
  // ((x - 2) / 4 - 1) / 0.5 = x / 2 - 3; 3 times it is 1.5 x - 9.
  ImportedFeature x = Raw("x");
  x.means = {2.0, 1.0};
  x.scales = {4.0, 0.5};
  // (indicator - 0.25) / 0.5 = 2 indicator - 0.5; -2 times it is -4 c + 1.
  ImportedFeature c = Indicator("c", "a");
  c.means = {0.25};
  c.scales = {0.5};
  const ImportedMargin margin = MarginOverInputs({{x, c}, {3.0, -2.0}, 1.0, 1.0});
  EXPECT_EQ(margin.NumericWeight("x"), 1.5);
  EXPECT_EQ(margin.CategoryWeight("c", "a"), -4.0);
  EXPECT_EQ(margin.bias(), 1.0 - 9.0 + 1.0);
}

TEST(ImportedMargin, TheFactorScalesCoefficientsAndIntercept) {
  const ImportedMargin margin = MarginOverInputs({{Raw("x")}, {0.5}, -0.25, 2.0});
  EXPECT_EQ(margin.NumericWeight("x"), 1.0);
  EXPECT_EQ(margin.bias(), -0.5);
}

TEST(ImportedMargin, TermsOnOneInputAreSummedExactly) {
  // The same input passed through twice: 1e16 + 1 - 1e16 is 1, exactly.
  ImportedFeature scaled = Raw("x");
  scaled.means = {0.0};
  scaled.scales = {1.0};
  const ImportedMargin margin =
      MarginOverInputs({{Raw("x"), Raw("x"), scaled}, {1e16, 1.0, -1e16}, 0.0, 1.0});
  EXPECT_EQ(margin.NumericWeight("x"), 1.0);
}

TEST(ImportedMargin, RefusesWhatItCannotFold) {
  EXPECT_THROW(MarginOverInputs({{Raw("x")}, {1.0, 2.0}, 0.0, 1.0}), std::invalid_argument);
  ImportedFeature zero_scale = Raw("x");
  zero_scale.means = {0.0};
  zero_scale.scales = {0.0};
  EXPECT_THROW(MarginOverInputs({{zero_scale}, {1.0}, 0.0, 1.0}), std::invalid_argument);
  ImportedFeature unpaired = Raw("x");
  unpaired.means = {0.0};
  EXPECT_THROW(MarginOverInputs({{unpaired}, {1.0}, 0.0, 1.0}), std::invalid_argument);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(MarginOverInputs({{Raw("x")}, {nan}, 0.0, 1.0}), std::invalid_argument);
  EXPECT_THROW(MarginOverInputs({{Raw("x")}, {1.0}, nan, 1.0}), std::invalid_argument);
}

}  // namespace
}  // namespace tinyfair::host::fit
