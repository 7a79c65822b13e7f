#include "host_tools/cli/footprint_table.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "host_tools/common/data_error.h"
#include "host_tools/common/file_io.h"

namespace tinyfair::cli {

long long FootprintTable::Bytes(const std::string& key) const {
  const auto found = bytes.find(key);
  if (found == bytes.end()) {
    throw host::common::DataError(path, 0, 0,
                                  "no '" + key + "' (rebuild the board build that writes it)");
  }
  return found->second;
}

std::string DefaultFootprintTablePath(const std::string& board) {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path dir = error ? std::filesystem::path(".") : exe.parent_path();
  const std::filesystem::path installed =
      (dir / ".." / "share" / "tinyfair" / "footprint" / (board + ".txt")).lexically_normal();
  if (std::filesystem::exists(installed, error)) return installed.string();
  return (dir / ".." / "firmware" / board / "bench" / "size" / "footprint.txt")
      .lexically_normal()
      .string();
}

// The board builds write a table of a few dozen lines; a larger file is the
// wrong file.
constexpr size_t kMaxFootprintTableBytes = size_t{1} << 20;

FootprintTable ReadFootprintTable(const std::string& path, const std::string& board) {
  if (!std::ifstream(path)) {
    throw host::common::DataError(
        path, 0, 0,
        "no footprint table for " + board +
            "; the host build's board builds write it (cmake --build build/host --target "
            "firmware_" +
            board + "), or name one with --footprint-table");
  }
  std::istringstream in(
      host::common::ReadFileAtMost(path, kMaxFootprintTableBytes, "a footprint table"));
  FootprintTable table;
  table.path = path;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string key;
    if (!(fields >> key)) continue;
    if (key == "board") {
      fields >> table.board;
      continue;
    }
    long long value = 0;
    if (!(fields >> value)) {
      throw host::common::DataError(path, static_cast<size_t>(number), 0,
                                    "'" + key + "' has no number");
    }
    if (key.rfind("capacity.", 0) == 0) {
      table.capacities.emplace_back(key.substr(9), value);
    } else {
      table.bytes[key] = value;
    }
  }
  if (table.board != board) {
    throw host::common::DataError(path, 0, 0,
                                  "the footprint table of '" + table.board + "', not of " + board);
  }
  return table;
}

}  // namespace tinyfair::cli
