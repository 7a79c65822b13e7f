// A linear estimator fitted by another library, on features its pipeline
// makes from the device's inputs, as one margin over those inputs: each
// feature is one input's raw value or one category's indicator, standard-
// scaled in turn ((f - mean) / scale per scaling), so the margin
// intercept + sum of coefficient * feature is affine in the inputs. Each of
// its coefficients is the exact sum of its terms rounded once (double), so
// that it depends neither on the order of the features nor on how the
// pipeline grouped them.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tinyfair::host::fit {

/// One feature the estimator weighs, as its pipeline makes it.
struct ImportedFeature {
  /// The input column it is made of.
  std::string column;
  /// The indicator of `category` of a categorical input, or (false) the
  /// input's raw value.
  bool indicator = false;
  std::string category;
  /// The scalings applied in order, f = (f - means[k]) / scales[k] each.
  std::vector<double> means;
  std::vector<double> scales;
};

/// The estimator: margin = factor * (intercept + coefficients . features).
/// `factor` is how its score reads the margin (2 where a softmax of
/// (-m, m) is the logistic of 2m).
struct ImportedEstimator {
  std::vector<ImportedFeature> features;
  std::vector<double> coefficients;
  double intercept = 0.0;
  double factor = 1.0;
};

/// The margin over the device's inputs; a term the features never name
/// weighs 0.
class ImportedMargin {
 public:
  double bias() const { return bias_; }
  double NumericWeight(const std::string& column) const;
  double CategoryWeight(const std::string& column, const std::string& category) const;

  friend ImportedMargin MarginOverInputs(const ImportedEstimator& estimator);

 private:
  double bias_ = 0.0;
  std::map<std::string, double> numeric_;
  std::map<std::pair<std::string, std::string>, double> category_;
};

/// The estimator's margin over its inputs.
/// @throws std::invalid_argument for a coefficient count other than the
///         feature count, a scaling without its mean or scale, a zero or
///         non-finite scale, or a non-finite coefficient, intercept or mean.
ImportedMargin MarginOverInputs(const ImportedEstimator& estimator);

}  // namespace tinyfair::host::fit
