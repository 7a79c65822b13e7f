#include "host_tools/fit/ramp_selection.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "host_tools/common/text_format.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/selection_check.h"
#include "host_tools/postprocessing/small_groups.h"

namespace tinyfair::host::fit {
namespace {

// Expected accuracy and parity gap on a scored sample of a rule that says
// positive for row i with probability `positive(i)`.
template <typename PositiveProbability>
std::pair<double, double> AccuracyAndGap(const data::ScoredSample& sample, size_t group_count,
                                         const PositiveProbability& positive_probability) {
  double correct = 0.0;
  std::vector<double> positive(group_count, 0.0), count(group_count, 0.0);
  for (size_t i = 0; i < sample.scores.size(); ++i) {
    const uint32_t g = sample.groups[i];
    const double h = positive_probability(i);
    correct += sample.labels[i] == 1 ? h : 1.0 - h;
    positive[g] += h;
    count[g] += 1.0;
  }
  double low = 1.0, high = 0.0;
  for (size_t g = 0; g < group_count; ++g) {
    if (count[g] == 0.0) continue;
    low = std::min(low, positive[g] / count[g]);
    high = std::max(high, positive[g] / count[g]);
  }
  return {correct / static_cast<double>(sample.scores.size()), high - low};
}

// Expected accuracy and parity gap of a ramp on a scored sample.
std::pair<double, double> ExpectedAccuracyAndGap(const RampFit& fit,
                                                 const data::ScoredSample& sample,
                                                 size_t group_count) {
  return AccuracyAndGap(sample, group_count, [&](size_t i) {
    return std::clamp((sample.scores[i] - fit.thresholds[sample.groups[i]]) / fit.gamma, 0.0, 1.0);
  });
}

// Accuracy and parity gap of the input model's own decisions (positive when
// its score f >= 0, i.e. probability >= 1/2) on a scored sample: the
// baseline a fair rule must not be worse than.
std::pair<double, double> InputModelAccuracyAndGap(const data::ScoredSample& sample,
                                                   size_t group_count) {
  return AccuracyAndGap(sample, group_count,
                        [&](size_t i) { return sample.scores[i] >= 0.0 ? 1.0 : 0.0; });
}

// The selected rule against its gap target and the input model on
// validation data; a fair rule with a larger gap than the model it corrects
// is said out loud.
void CompareWithInputModel(const PostprocessOptions& o, const data::ScoredSample& validation,
                           size_t group_count, double gap) {
  const auto [input_accuracy, input_gap] = InputModelAccuracyAndGap(validation, group_count);
  Note(common::FormatText("postprocess: the input model on %s: accuracy %.4f, parity gap %.4f",
                          o.validation.c_str(), input_accuracy, input_gap));
  size_t smallest = validation.groups.size();
  for (size_t n : postprocessing::RowsPerGroup(validation, group_count))
    smallest = n > 0 ? std::min(smallest, n) : smallest;
  CheckSelectionOnValidation(
      {"postprocess", o.validation, gap, input_gap, o.selection.max_validation_gap, smallest},
      o.strict);
}

}  // namespace

RampFit SelectRampOnValidation(const PostprocessOptions& o, const RampFitter& fitter,
                               const data::ScoredSample& validation, size_t group_count) {
  RampFit fit, fairest;
  double best_accuracy = -1.0, best_gap = 0.0, fairest_gap = 2.0, fairest_accuracy = 0.0;
  size_t fits = 0;
  const std::vector<double> offsets =
      o.covariance ? std::vector<double>{0.0} : o.selection.rho_offsets;
  for (double gamma : o.selection.gammas) {
    for (double offset : offsets) {
      const RampFit candidate = fitter.Fit(gamma, offset);
      ++fits;
      const auto [accuracy, gap] = ExpectedAccuracyAndGap(candidate, validation, group_count);
      if (gap <= o.selection.max_validation_gap && accuracy > best_accuracy) {
        best_accuracy = accuracy;
        best_gap = gap;
        fit = candidate;
      }
      if (gap < fairest_gap) {
        fairest_gap = gap;
        fairest_accuracy = accuracy;
        fairest = candidate;
      }
    }
  }
  if (best_accuracy < 0.0) {  // none meets the target: the fairest, said below
    fit = fairest;
    best_accuracy = fairest_accuracy;
    best_gap = fairest_gap;
  }
  char line[256];
  std::snprintf(line, sizeof(line),
                "postprocess: selected gamma %.4g rho %.4f on %s (%zu fits; validation: "
                "expected accuracy %.4f, parity gap %.4f)",
                fit.gamma, fit.rho, o.validation.c_str(), fits, best_accuracy, best_gap);
  Note(line);
  CompareWithInputModel(o, validation, group_count, best_gap);
  return fit;
}

}  // namespace tinyfair::host::fit
