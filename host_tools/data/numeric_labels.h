// Labels of a regression in [0, 1]: the numbers of a column, or 0/1 from
// the label values that mean "positive" (a logistic-loss regression of a
// binary outcome).
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"

namespace tinyfair::host::data {

/// With `positive` empty, every cell must be a number in [0, 1]; otherwise
/// the label is 1 for the positive values and 0 for the others (ReadLabels).
/// @throws DataError naming the line and column of a missing cell or of a
///         value that is not a number in [0, 1].
Eigen::VectorXd ReadUnitIntervalLabels(const ColumnTable& table, const std::string& label,
                                       const std::vector<std::string>& positive);

}  // namespace tinyfair::host::data
