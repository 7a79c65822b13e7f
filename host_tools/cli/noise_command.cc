// tinyfair noise: adds a noisy copy of a group column to a CSV with the
// group-flipping protocol of Wang et al. (2020): floor(rate n) rows drawn
// uniformly without replacement, each moved to one of the other groups
// uniformly; seeded, so the same command writes the same file.
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/common/text_format.h"
#include "host_tools/fit/noisy_group_column.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::cli {
namespace {

struct NoiseOptions {
  std::string data, column, into, out;
  double rate = 0.0;
  uint64_t seed = 1;
};

void AddNoise(const NoiseOptions& o) {
  host::common::RefuseOutputsOverInputs({{"--data", o.data}}, {{"--out", o.out}});
  host::data::CsvTable table = ReadDataCsv(o.data);
  const host::fit::NoisyGroupColumn noisy =
      host::fit::FlipGroupColumn(table, o.column, o.into, o.rate, o.seed);
  table.header.push_back(noisy.name);
  std::vector<size_t> rows;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    table.rows[r].push_back(noisy.values[r]);
    rows.push_back(r);
  }
  host::common::WriteFileAtomically(o.out, TableToCsv(table, rows));
  for (const host::fit::GroupFlips& group : noisy.groups) {
    Note(host::common::FormatText("noise: %s: %zu rows, P(%s != %s | %s = %s) = %.4f",
                                  group.group.c_str(), group.rows, noisy.name.c_str(),
                                  group.group.c_str(), o.column.c_str(), group.group.c_str(),
                                  group.MovedFraction()));
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
  command.Option("--rate", &o->rate, "Fraction of rows moved to another group")
      .Required()
      .Check(InRange(host::fit::kFlipRate));
  command.Option("--seed", &o->seed, "Seed").Check(Uint64Text());
  command.Option("--into", &o->into, "Name of the noisy column (default: COLUMN_noisy)");
  command.Option("--out", &o->out, "Output CSV").Required();
  command.Action([o] { AddNoise(*o); });
}

}  // namespace tinyfair::cli
