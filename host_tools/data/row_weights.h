// Row weights: how much each row of the training data counts in a fit (a
// survey's sampling weights, rows standing for several identical ones).
// They come from a column of the data, however the front end received
// them, so that every front end judges them alike.
#pragma once

#include <Eigen/Core>
#include <string>

#include "host_tools/data/column_table.h"

namespace tinyfair::host::data {

/// The numbers of column `column`, one weight per row: each finite and
/// at least 0, with a positive sum.
/// @throws DataError naming the line and column of a missing cell or of a
///         value that is not a finite number >= 0, or the column when every
///         weight is 0.
Eigen::VectorXd ReadRowWeights(const ColumnTable& table, const std::string& column);

}  // namespace tinyfair::host::data
