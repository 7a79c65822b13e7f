// The selection of a fit on validation data, one rule for every command that
// selects (postprocess --validation, sweep): each grid point is judged by the
// device's decisions (ReportThroughRuntime), never by a copy of its rule.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "host_tools/fit/selection_check.h"
#include "host_tools/metrics/metrics.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

struct GridSelection {
  size_t index = 0;            // into the grid, in grid order
  bool within_target = false;  // false: none met the gap limit, the fairest
};

/// Of the grid points' reports on validation data, in grid order: the one
/// with the highest expected accuracy among those whose expected parity gap
/// is within `max_gap`, else the one with the smallest expected gap; the
/// first of equals either way.
/// @throws std::invalid_argument for an empty grid.
GridSelection SelectOnValidation(const std::vector<metrics::ClassificationReport>& grid,
                                 double max_gap);

/// The input model's own decisions (positive when its score f >= 0, i.e.
/// probability >= 1/2): the baseline a selected rule is judged against.
tinyfair::Model InputModelDecisions(const tinyfair::Model& scorer);

/// The selected point against the gap limit and the input model's own
/// decisions (`input`, on the same validation data), for
/// CheckSelectionOnValidation.
SelectionOnValidation SelectionAgainstInputModel(const std::string& command,
                                                 const std::string& validation,
                                                 const metrics::ClassificationReport& selected,
                                                 const metrics::ClassificationReport& input,
                                                 double max_gap);

}  // namespace tinyfair::host::fit
