// evaluate over a data set held in parts (a Dask frame's partitions): each
// part's tally of the runtime's decisions, drawing after the parts before
// it; the tallies merge (metrics::DecisionTally) into the whole's report.
#pragma once

#include <cstdint>
#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/evaluate.h"
#include "host_tools/metrics/decision_tally.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// The tally of the runtime's decisions of `model` on `part` with its
/// labels, drawing from Pcg32(options.seed, options.stream) after
/// `draws_before` draws (those of the parts before it).
/// @throws common::DataError for a missing column, an unknown group or a bad label.
metrics::DecisionTally TallyThroughRuntime(const tinyfair::Model& model,
                                           const data::ColumnTable& part,
                                           const EvaluateOptions& options, uint64_t draws_before);

/// What `evaluate --json` prints for the decisions `tally` holds, the
/// groups named by `model`.
std::string TallyReportJson(const metrics::DecisionTally& tally, const tinyfair::Model& model);

}  // namespace tinyfair::host::fit
