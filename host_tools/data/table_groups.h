// The groups of a table's sensitive columns as a model fitted on the table
// forms them, for reports of decisions made elsewhere (the caller's own
// predictions): the same names, in the same order, and each row's group.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/group_index.h"

namespace tinyfair::host::data {

/// The groups of `sensitive` (the product, in the order given; each
/// column's categories in the order a fit lists them) and each row's;
/// `label` names the column that is not an input.
/// @throws DataError for a missing column or one a fit could not take.
GroupIndex GroupsOfTable(const ColumnTable& table, const std::string& label,
                         const std::vector<std::string>& sensitive);

}  // namespace tinyfair::host::data
