// The values a label column holds, counted, and how they read in a message:
// a --positive value that matches no row, or a third class that would
// silently count as negative, must be named with its count, not guessed at.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::data {

/// (value, rows) for every distinct present value of `label`, most rows first
/// (ties in value order).
std::vector<std::pair<std::string, size_t>> LabelValueCounts(const CsvTable& table,
                                                             const std::string& label);
std::vector<std::pair<std::string, size_t>> LabelValueCounts(const ColumnTable& table,
                                                             const std::string& label);

/// "'a' 12 rows, 'b' 1 row", at most `limit` values, then "and N more".
std::string DescribeLabelValues(const std::vector<std::pair<std::string, size_t>>& counts,
                                size_t limit = 8);

/// The found value that `wanted` was probably meant to be: equal after
/// ignoring case, surrounding spaces and one trailing '.' (adult.test writes
/// ">50K."); empty when there is none.
std::string SimilarLabelValue(const std::vector<std::pair<std::string, size_t>>& counts,
                              const std::string& wanted);

}  // namespace tinyfair::host::data
