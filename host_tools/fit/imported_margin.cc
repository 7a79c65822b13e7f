#include "host_tools/fit/imported_margin.h"

#include <cmath>
#include <stdexcept>

#include "host_tools/common/exact_sum.h"

namespace tinyfair::host::fit {
namespace {

std::string FeatureName(const ImportedFeature& feature) {
  return "feature '" + feature.column + (feature.indicator ? "=" + feature.category : "") + "'";
}

void RequireFinite(const std::string& what, double value) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument(what + ": " + std::to_string(value) + " is not a finite number");
  }
}

// A feature as slope * input + offset: the scalings composed in the order
// the pipeline applies them, in float64 as the pipeline computes them.
struct AffineFeature {
  double slope = 1.0;
  double offset = 0.0;
  bool scaled = false;
};

AffineFeature Composed(const ImportedFeature& feature) {
  const std::string name = FeatureName(feature);
  if (feature.means.size() != feature.scales.size()) {
    throw std::invalid_argument(name + ": " + std::to_string(feature.means.size()) + " means, " +
                                std::to_string(feature.scales.size()) + " scales");
  }
  AffineFeature affine;
  for (std::size_t k = 0; k < feature.scales.size(); ++k) {
    const double mean = feature.means[k];
    const double scale = feature.scales[k];
    RequireFinite(name + ": mean", mean);
    if (!std::isfinite(scale) || scale == 0.0) {
      throw std::invalid_argument(name + ": a scale of " + std::to_string(scale) +
                                  "; a scaling divides by a finite, non-zero scale");
    }
    affine.slope /= scale;
    affine.offset = (affine.offset - mean) / scale;
    affine.scaled = true;
  }
  return affine;
}

}  // namespace

double ImportedMargin::NumericWeight(const std::string& column) const {
  const auto found = numeric_.find(column);
  return found == numeric_.end() ? 0.0 : found->second;
}

double ImportedMargin::CategoryWeight(const std::string& column,
                                      const std::string& category) const {
  const auto found = category_.find({column, category});
  return found == category_.end() ? 0.0 : found->second;
}

ImportedMargin MarginOverInputs(const ImportedEstimator& estimator) {
  const auto& features = estimator.features;
  if (estimator.coefficients.size() != features.size()) {
    throw std::invalid_argument(
        "the estimator has " + std::to_string(estimator.coefficients.size()) +
        " coefficients for " + std::to_string(features.size()) + " features");
  }
  RequireFinite("the intercept", estimator.intercept);
  // Each term of the margin: the bias, each input's value, each category's
  // indicator, with every product that lands on it.
  common::ExactSum bias;
  std::map<std::string, common::ExactSum> numeric;
  std::map<std::pair<std::string, std::string>, common::ExactSum> category;
  bias.Add(estimator.intercept * estimator.factor);
  for (std::size_t j = 0; j < features.size(); ++j) {
    const ImportedFeature& feature = features[j];
    const double coefficient = estimator.coefficients[j] * estimator.factor;
    RequireFinite(FeatureName(feature) + ": coefficient", coefficient);
    const AffineFeature affine = Composed(feature);
    auto& slope_sum =
        feature.indicator ? category[{feature.column, feature.category}] : numeric[feature.column];
    slope_sum.Add(coefficient * affine.slope);
    if (affine.scaled) bias.Add(coefficient * affine.offset);
  }
  ImportedMargin margin;
  margin.bias_ = bias.Value();
  for (const auto& [column, sum] : numeric) margin.numeric_[column] = sum.Value();
  for (const auto& [key, sum] : category) margin.category_[key] = sum.Value();
  return margin;
}

}  // namespace tinyfair::host::fit
