// tinyfair noise: adds a noisy copy of a group column to a CSV with the
// group-flipping protocol of Wang et al. (2020): floor(rate n) rows drawn
// uniformly without replacement, each moved to one of the other groups
// uniformly; seeded, so the same command writes the same file.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/model/model_file.h"
#include "host_tools/noisy_groups/group_flipping.h"

namespace tinyfair::cli {
namespace {

struct NoiseOptions {
  std::string data, column, into, out;
  double rate = 0.0;
  uint64_t seed = 1;
};

void AddNoise(const NoiseOptions& o) {
  if (!(o.rate >= 0.0 && o.rate <= 1.0)) throw std::invalid_argument("--rate must be in [0, 1]");
  host::common::RefuseOutputsOverInputs({{"--data", o.data}}, {{"--out", o.out}});
  host::data::CsvTable table = ReadDataCsv(o.data);
  const size_t c = table.column(o.column);
  const std::string into = o.into.empty() ? o.column + "_noisy" : o.into;
  if (table.has_column(into)) {
    throw host::common::DataError(
        table.path, 1, 0,
        "column '" + into + "' exists already; name the noisy column with --into");
  }
  std::vector<std::string> names;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string& cell = table.rows[r][c];
    if (table.is_missing(cell)) {
      throw host::common::DataError(
          table.path, table.line_of_row[r], c + 1,
          "missing value in group column '" + o.column + "'; every row needs a group to flip");
    }
    names.push_back(cell);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.size() < 2) {
    throw host::common::DataError(table.path, 0, 0,
                                  "column '" + o.column + "' has " + std::to_string(names.size()) +
                                      " group; flipping needs at least two");
  }
  std::vector<int> groups;
  for (const auto& row : table.rows) {
    groups.push_back(
        static_cast<int>(std::lower_bound(names.begin(), names.end(), row[c]) - names.begin()));
  }
  const int m = static_cast<int>(names.size());
  const std::vector<int> noisy = host::noisy_groups::FlipGroups(groups, m, o.rate, o.seed);
  table.header.push_back(into);
  std::vector<double> flipped(names.size(), 0.0), size(names.size(), 0.0);
  std::vector<size_t> rows;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    table.rows[r].push_back(names[static_cast<size_t>(noisy[r])]);
    size[static_cast<size_t>(groups[r])] += 1.0;
    flipped[static_cast<size_t>(groups[r])] += noisy[r] != groups[r] ? 1.0 : 0.0;
    rows.push_back(r);
  }
  host::common::WriteFileAtomically(o.out, TableToCsv(table, rows));
  for (size_t g = 0; g < names.size(); ++g) {
    char line[200];
    std::snprintf(line, sizeof(line), "noise: %s: %.0f rows, P(%s != %s | %s = %s) = %.4f",
                  names[g].c_str(), size[g], into.c_str(), names[g].c_str(), o.column.c_str(),
                  names[g].c_str(), size[g] > 0.0 ? flipped[g] / size[g] : 0.0);
    Note(line);
  }
  Note("noise: wrote " + o.out);
}

}  // namespace

void AddNoiseCommand(CommandLine& command_line) {
  auto o = std::make_shared<NoiseOptions>();
  Command command = command_line.AddCommand(
      "noise",
      "Add a noisy copy of a group column: a seeded fraction of rows moved to other groups");
  command.Option("--data", &o->data, "CSV").Required().ExistingFile();
  command.Option("--column", &o->column, "The (true) group column").Required();
  command.Option("--rate", &o->rate, "Fraction of rows moved to another group").Required();
  command.Option("--seed", &o->seed, "Seed").Check(Uint64Text());
  command.Option("--into", &o->into, "Name of the noisy column (default: COLUMN_noisy)");
  command.Option("--out", &o->out, "Output CSV").Required();
  command.Action([o] { AddNoise(*o); });
}

}  // namespace tinyfair::cli
