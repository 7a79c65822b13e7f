// The values of a table that a model's categorical inputs do not list: rare
// ones folded into an input's "other" category at training, and ones first
// seen after. The runtime decides them as that category, or refuses them
// (unknown_category) when the input has none; either way they are counted
// and named, never dropped in silence.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/data/csv_reader.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::data {

/// The rows of one categorical input whose value the model does not list.
struct UnlistedValues {
  std::string column;
  /// The input has an "other" category, which decides these rows; else the
  /// runtime refuses them (unknown_category).
  bool decided_as_other = false;
  size_t rows = 0;
  /// The values with their row counts, most frequent first.
  std::vector<std::pair<std::string, size_t>> values;
  /// The first rows' lines in the file.
  std::vector<size_t> first_lines;
};

/// Per categorical input that is not a group attribute, the rows whose value
/// `model` does not list; inputs without such rows are left out.
std::vector<UnlistedValues> FindUnlistedValues(const tinyfair::Model& model, const CsvTable& table);
std::vector<UnlistedValues> FindUnlistedValues(const tinyfair::Model& model,
                                               const ColumnTable& table);

/// One line per input of FindUnlistedValues, e.g. "column 'native-country':
/// 2 rows hold a value the model does not list ('Holand-Netherlands' 2; line
/// 15), decided as its other category".
std::vector<std::string> DescribeUnlistedValues(const std::vector<UnlistedValues>& unlisted);

}  // namespace tinyfair::host::data
