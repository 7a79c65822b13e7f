// A model judged by what the device does: the runtime's own decisions on a
// table, measured in one place (metrics).
#pragma once

#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/scorer_decisions.h"
#include "host_tools/metrics/metrics.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The report of the runtime's decisions of `model` on every row of `table`
/// (`labels`: 0/1 per row), drawn from Pcg32(1, 0); refused rows are
/// counted, not measured.
metrics::ClassificationReport ReportThroughRuntime(const tinyfair::Model& model,
                                                   const data::ColumnTable& table,
                                                   const std::vector<int>& labels);

/// The same report, of `model`'s decisions on the table `decided` holds,
/// with its draws: for the rules of one scorer, one pass over the table.
metrics::ClassificationReport ReportThroughRuntime(const tinyfair::Model& model,
                                                   const ScorerDecisions& decided,
                                                   const std::vector<int>& labels);

}  // namespace tinyfair::host::fit
