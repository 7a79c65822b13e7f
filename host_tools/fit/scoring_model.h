// The scorer postprocess fits a rule for, as the device will run it: a
// model, or a column of scores; its groups formed from the sensitive
// attributes (default: the model's) and the strata.
#pragma once

#include "host_tools/data/column_table.h"
#include "host_tools/fit/postprocess_options.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// `scorer`: the model; nullptr: o.score_column of `table`.
/// @throws std::invalid_argument without a scorer, a score column or a
///         sensitive column.
tinyfair::Model ScoringModel(const PostprocessOptions& o, const data::ColumnTable& table,
                             const tinyfair::Model* scorer);
/// The same for a model's scores (no table needed).
tinyfair::Model ScoringModel(const PostprocessOptions& o, const tinyfair::Model& scorer);

}  // namespace tinyfair::host::fit
