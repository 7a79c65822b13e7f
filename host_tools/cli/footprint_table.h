// The footprint table a board build writes from its size images
// (bench/size/footprint_table.cmake): what the decoder path and the tables
// path of each rule kind cost on the board apart from the model itself, and
// the capacities the board was built with.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tinyfair::cli {

struct FootprintTable {
  std::string path;  // where it was read from
  std::string board;
  // "<key> <value>" lines: decoder.flash, decoder.ram, model.sizeof,
  // decoder_integer.flash and .ram (a firmware that accepts integer models),
  // tables.<kind>.flash, tables.<kind>.ram (integer_<kind> for an integer
  // scorer's tables), tables.sizeof.
  std::map<std::string, long long> bytes;
  // (TINYFAIR_MAX_..., value), in the table's order.
  std::vector<std::pair<std::string, long long>> capacities;

  /// The figure named `key`; throws DataError when the table lacks it.
  long long Bytes(const std::string& key) const;
};

/// The table of `board` for the tinyfair executable: an installed tinyfair's
/// <exe dir>/../share/tinyfair/footprint/<board>.txt (cmake --install copies
/// the board builds' tables there) when it exists, else where the host
/// build's board builds write it, <exe dir>/../firmware/<board>/bench/size/footprint.txt.
std::string DefaultFootprintTablePath(const std::string& board);

/// Reads the table at `path` and checks it is `board`'s. Throws DataError
/// (exit status 2) when it is missing, saying which command writes it.
FootprintTable ReadFootprintTable(const std::string& path, const std::string& board);

}  // namespace tinyfair::cli
