// tinyfair demo / split: data for the pipeline.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/parameter_checks.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/data/csv_rows_as_read.h"
#include "host_tools/data/split_rows.h"
#include "host_tools/data/synthetic_data.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::cli {
namespace {

struct DataOptions {
  std::string data, out_dir = ".";
  std::vector<std::string> parts = {"train=0.5", "fit=0.25", "test=0.25"};
  std::vector<std::string> stratify;
  size_t rows = 20000;
  uint64_t seed = 1;
};

// "name=fraction" -> (name, fraction); names are distinct file names and
// fractions positive.
std::vector<std::pair<std::string, double>> ParseParts(const std::vector<std::string>& specs) {
  std::vector<std::pair<std::string, double>> parts;
  for (const auto& part : specs) {
    const size_t eq = part.find('=');
    const std::string name = part.substr(0, eq);
    const std::string fraction = eq == std::string::npos ? "" : part.substr(eq + 1);
    char* end = nullptr;
    const double value = std::strtod(fraction.c_str(), &end);
    if (name.empty() || name.find('/') != std::string::npos || fraction.empty() ||
        end != fraction.c_str() + fraction.size() || !(value > 0.0 && value <= 1.0)) {
      throw std::invalid_argument("--parts: '" + part +
                                  "' is not name=fraction with a fraction in (0, 1]");
    }
    for (const auto& [other, unused] : parts) {
      if (other == name) throw std::invalid_argument("--parts: part '" + name + "' appears twice");
    }
    parts.emplace_back(name, value);
  }
  return parts;
}

// An empty part would fail later as a file without data rows.
void RequireRowsInEveryPart(const host::data::CsvTable& table,
                            const std::vector<std::pair<std::string, double>>& parts,
                            const host::data::SplitParts& split) {
  for (size_t p = 0; p < parts.size(); ++p) {
    if (!split.rows[p].empty()) continue;
    const size_t n = table.rows.size();
    throw host::common::DataError(table.path, 0, 0,
                                  "part '" + parts[p].first + "' would be empty (" +
                                      std::to_string(n) + (n == 1 ? " data row" : " data rows") +
                                      " for " + std::to_string(parts.size()) +
                                      " parts); split needs at least one row per part");
  }
}

// A stratum too small to reach every part is named, not hidden.
void NoteStrataMissingFromAPart(const host::data::SplitParts& split) {
  for (const auto& [stratum, rows] : split.strata_missing_from_a_part) {
    Note("split: stratum '" + stratum + "' has " + std::to_string(rows) +
         (rows == 1 ? " row" : " rows") + ", too few to be in every part");
  }
}

// Writes <out_dir>/<name>.csv for each "name=fraction" part (host::SplitRows).
// Every part is formed and checked before the first file is written.
void WriteSplit(const host::data::CsvTable& table, const DataOptions& o) {
  const auto parts = ParseParts(o.parts);
  std::vector<double> fractions;
  for (const auto& part : parts) fractions.push_back(part.second);
  double total = 0.0;
  for (double f : fractions) total += f;
  if (total > 1.0 + 1e-9) throw std::invalid_argument("--parts fractions add up to more than 1");
  const host::data::SplitParts split = host::data::SplitRows(table, fractions, o.seed, o.stratify);
  RequireRowsInEveryPart(table, parts, split);
  std::vector<std::pair<std::string, std::string>> files;
  std::vector<host::common::NamedFile> outputs;
  for (size_t p = 0; p < parts.size(); ++p) {
    files.emplace_back(o.out_dir + "/" + parts[p].first + ".csv",
                       host::data::CsvRowsAsRead(table, split.rows[p]));
    outputs.push_back({"--out-dir (" + parts[p].first + ".csv)", files.back().first});
  }
  host::common::RefuseOutputsOverInputs({{"--data", o.data}}, outputs);
  const bool existed = std::filesystem::exists(o.out_dir);
  std::filesystem::create_directories(o.out_dir);
  try {
    host::common::WriteFilesAtomically(files);
  } catch (...) {
    std::error_code ignored;
    if (!existed) std::filesystem::remove(o.out_dir, ignored);  // only if still empty
    throw;
  }
  for (size_t p = 0; p < files.size(); ++p) {
    Note("split: wrote " + files[p].first + " (" + std::to_string(split.rows[p].size()) + " rows)");
  }
  NoteStrataMissingFromAPart(split);
}

// The parts hold the rows byte for byte as the file has them.
host::data::CsvOptions RowsAsRead() {
  host::data::CsvOptions options;
  options.keep_record_text = true;
  return options;
}

void Demo(const DataOptions& o) {
  if (!o.data.empty()) {
    WriteSplit(ReadDataCsv(o.data, RowsAsRead()), o);
    return;
  }
  const std::string csv = host::data::SyntheticHiringCsv(o.rows, o.seed);
  WriteSplit(host::data::ParseCsv(csv, "synthetic", RowsAsRead()), o);
}

}  // namespace

void AddDataCommands(CommandLine& command_line) {
  auto o = std::make_shared<DataOptions>();
  Command demo =
      command_line.AddCommand("demo",
                              "Write the demo's data: seeded synthetic hiring data (or --data "
                              "CSV) split into train/fit/test");
  demo.Option("--data", &o->data, "Use this CSV instead of synthetic data").ExistingFile();
  demo.Option("--rows", &o->rows, "Synthetic rows");
  demo.Option("--seed", &o->seed, "Seed").Check(Uint64Text());
  demo.Option("--parts", &o->parts, "Split parts name=fraction").CommaSeparated();
  demo.Option("--out-dir", &o->out_dir, "Output folder");
  demo.Option("--stratify", &o->stratify,
              "Split each combination of these columns' values in the parts' proportions")
      .CommaSeparated();
  demo.Action([o] { Demo(*o); });

  Command split = command_line.AddCommand("split", "Split a CSV into seeded random parts");
  split.Option("--data", &o->data, "CSV").Required().ExistingFile();
  split.Option("--seed", &o->seed, "Seed").Check(Uint64Text());
  split.Option("--parts", &o->parts, "Parts name=fraction").CommaSeparated();
  split.Option("--out-dir", &o->out_dir, "Output folder");
  split
      .Option("--stratify", &o->stratify,
              "Split each combination of these columns' values (e.g. --stratify sex "
              "--stratify Y: by group and label) in the parts' proportions")
      .CommaSeparated();
  split.Action([o] { WriteSplit(ReadDataCsv(o->data, RowsAsRead()), *o); });
}

}  // namespace tinyfair::cli
