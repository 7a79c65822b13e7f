#include "host_tools/fit/noisy_group_column.h"

#include <algorithm>

#include "host_tools/common/data_error.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/noisy_groups/group_flipping.h"

namespace tinyfair::host::fit {
namespace {

// The column's distinct groups, sorted; every row needs one.
std::vector<std::string> GroupNamesOf(const data::CsvTable& table, size_t c,
                                      const std::string& column) {
  std::vector<std::string> names;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& cell = table.rows[r][c];
    if (table.is_missing(cell)) {
      throw common::DataError(
          table.path, table.line_of_row[r], c + 1,
          "missing value in group column '" + column + "'; every row needs a group to flip");
    }
    names.push_back(cell);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.size() < 2) {
    throw common::DataError(table.path, 0, 0,
                            "column '" + column + "' has " + std::to_string(names.size()) +
                                " group; flipping needs at least two");
  }
  return names;
}

std::vector<int> GroupIndices(const data::CsvTable& table, size_t c,
                              const std::vector<std::string>& names) {
  std::vector<int> groups;
  for (const auto& row : table.rows) {
    groups.push_back(
        static_cast<int>(std::lower_bound(names.begin(), names.end(), row[c]) - names.begin()));
  }
  return groups;
}

}  // namespace

double GroupFlips::MovedFraction() const {
  return rows > 0 ? static_cast<double>(moved) / static_cast<double>(rows) : 0.0;
}

NoisyGroupColumn FlipGroupColumn(const data::CsvTable& table, const std::string& column,
                                 const std::string& into, double rate, uint64_t seed) {
  CheckParameter(kFlipRate, rate);
  const size_t c = table.column(column);
  NoisyGroupColumn noisy;
  noisy.name = into.empty() ? column + "_noisy" : into;
  if (table.has_column(noisy.name)) {
    throw common::DataError(
        table.path, 1, 0,
        "column '" + noisy.name + "' exists already; name the noisy column with --into");
  }
  const std::vector<std::string> names = GroupNamesOf(table, c, column);
  const std::vector<int> groups = GroupIndices(table, c, names);
  const std::vector<int> flipped =
      noisy_groups::FlipGroups(groups, static_cast<int>(names.size()), rate, seed);
  for (const std::string& name : names) noisy.groups.push_back({name, 0, 0});
  for (size_t r = 0; r < groups.size(); ++r) {
    noisy.values.push_back(names[static_cast<size_t>(flipped[r])]);
    GroupFlips& group = noisy.groups[static_cast<size_t>(groups[r])];
    group.rows += 1;
    group.moved += flipped[r] != groups[r] ? 1 : 0;
  }
  return noisy;
}

}  // namespace tinyfair::host::fit
