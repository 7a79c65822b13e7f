// --features: the columns a model may learn from, named rather than left out.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/input_encoder.h"

namespace tinyfair::host::data {

/// The columns (of the data `path` names) that `features` leaves out: every column but the
/// listed ones, the label and the sensitive columns, in file order (to add
/// to roles.ignore). An empty `features` leaves nothing out.
/// @throws std::invalid_argument naming a listed column that roles.ignore
///         also names.
/// @throws DataError naming a listed column the file does not have, with
///         the columns it has.
std::vector<std::string> ColumnsOutsideFeatures(const std::string& path,
                                                const std::vector<std::string>& columns,
                                                const std::vector<std::string>& features,
                                                const ColumnRoles& roles);
/// The same over the columns of a file's table.
std::vector<std::string> ColumnsOutsideFeatures(const CsvTable& table,
                                                const std::vector<std::string>& features,
                                                const ColumnRoles& roles);

}  // namespace tinyfair::host::data
