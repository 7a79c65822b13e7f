// The report `evaluate --json` gives, of decisions made elsewhere (a
// caller's own predictions) rather than by the runtime: the same counts,
// rates, intervals and gaps, the rows grouped as a fit would group them.
#pragma once

#include <cstdint>
#include <vector>

#include "host_tools/data/group_index.h"
#include "host_tools/metrics/metrics.h"

namespace tinyfair::host::fit {

/// One value per row.
struct Predictions {
  /// The row's label, 0 or 1.
  std::vector<int> labels;
  /// The decision made: 1 positive, 0 negative.
  std::vector<uint8_t> positive;
  /// Its probability of a positive decision, in [0, 1] (the decision
  /// itself for a deterministic rule).
  std::vector<float> probability;
};

/// The report of `predictions`, row i in group groups.rows()[i].
/// @throws std::invalid_argument when the rows' counts differ or a
///         probability is outside [0, 1].
metrics::ClassificationReport ReportOfPredictions(const Predictions& predictions,
                                                  const data::GroupIndex& groups);

}  // namespace tinyfair::host::fit
