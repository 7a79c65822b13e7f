// The randomized threshold optimizer fitted from a stream of examples, in
// memory independent of the sample's size: per group, the scores' counts,
// sums and ranges on a fine grid of [-1, 1] are sufficient statistics for
// the exact solver up to the few examples that share a grid cell with a
// ramp end, and the fit states a bound on what they can change.
#pragma once

#include <cstddef>
#include <vector>

#include "host_tools/postprocessing/randomized_threshold_optimizer.h"
#include "host_tools/postprocessing/score_histograms.h"

namespace tinyfair::host::postprocessing {

struct StreamedRtoFit {
  /// Thresholds and gamma as FitRandomizedThresholdOptimizer gives them;
  /// positive_rates are the rates computed from the histograms.
  RtoFit fit;
  /// Per group, a bound on |positive rate on the examples themselves -
  /// positive_rates|: the examples in cells that hold t_k or t_k + gamma
  /// strictly inside their range, each off by at most
  /// min(1, range / gamma). 0 when every cell holds a single score value.
  std::vector<double> rate_error_bounds;
};

/// Fits the thresholds from the histograms: the exact solver on each cell's
/// examples placed at their mean score (exact for cells the ramp is linear
/// on), or SGD drawing examples that way (options.solver).
/// @throws std::invalid_argument for bad options or a group with no example.
StreamedRtoFit FitRandomizedThresholdOptimizer(const ScoreHistograms& histograms,
                                               const RtoOptions& options);

}  // namespace tinyfair::host::postprocessing
