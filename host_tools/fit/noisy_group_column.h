// `tinyfair noise`'s work: a noisy copy of a group column, each row's group
// flipped by the protocol of Wang et al. (2020, section 5.2;
// noisy_groups::FlipGroups), with the fraction of each group's rows that
// moved, so that a front end only reads the table and writes the result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::fit {

/// One group of the true column: its rows, and how many moved to another.
struct GroupFlips {
  std::string group;
  size_t rows = 0, moved = 0;
  /// P(noisy != group | true = group); 0 for a group without rows.
  double MovedFraction() const;
};

struct NoisyGroupColumn {
  std::string name;                 // the noisy column's header
  std::vector<std::string> values;  // per row of the table, in its order
  std::vector<GroupFlips> groups;   // in the order of their names
};

/// The noisy copy of `column` named `into` ("" for COLUMN_noisy): a seeded
/// floor(rate n) of the rows moved to another group.
/// @throws std::invalid_argument for a rate outside [0, 1] (kFlipRate);
///         common::DataError for a column `into` that exists, a row
///         without a group, or fewer than two groups.
NoisyGroupColumn FlipGroupColumn(const data::CsvTable& table, const std::string& column,
                                 const std::string& into, double rate, uint64_t seed);

}  // namespace tinyfair::host::fit
