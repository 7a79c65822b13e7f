// Which rows of a table go to which part of a seeded random split, with or
// without stratification: a group (or a group and label) that is rare must
// not vanish from a part by chance.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/data/csv_reader.h"

namespace tinyfair::host::data {

/// The rows of each part, in file order.
struct SplitParts {
  std::vector<std::vector<size_t>> rows;
  /// Strata (joined values of the stratify columns, "sex=F, Y=1") that have
  /// no row in some part: (stratum, its rows).
  std::vector<std::pair<std::string, size_t>> strata_missing_from_a_part;
};

/// Splits the rows of `table` into parts of the given fractions (each in
/// (0, 1], summing to at most 1; at 1 the last part takes the rounding
/// rest). The rows are shuffled with PCG32(seed) (Fisher-Yates), so the
/// split is the same everywhere. Without `stratify`, part p takes the next
/// floor(fraction_p * n) shuffled rows. With `stratify` columns, every
/// stratum (one combination of their values) is split on its own in the
/// same proportions, cumulatively rounded, so that each part holds each
/// stratum's share to within one row.
/// @throws DataError when a stratify column does not exist.
SplitParts SplitRows(const CsvTable& table, const std::vector<double>& fractions, uint64_t seed,
                     const std::vector<std::string>& stratify);

}  // namespace tinyfair::host::data
