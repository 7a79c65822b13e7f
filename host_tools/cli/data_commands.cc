// tinyfair demo / split: data for the pipeline.
#include <algorithm>
#include <filesystem>
#include <memory>

#include "host_tools/cli/cli_common.h"
#include "host_tools/model_file.h"
#include "host_tools/synthetic_data.h"
#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::cli {
namespace {

struct DataOptions {
  std::string data, out_dir = ".";
  std::vector<std::string> parts = {"train=0.5", "fit=0.25", "test=0.25"};
  size_t rows = 20000;
  uint64_t seed = 1;
};

// Writes <out_dir>/<name>.csv for each "name=fraction" part, rows shuffled
// with PCG32(seed) (Fisher-Yates), so the split is the same everywhere.
void WriteSplit(const host::CsvTable& table, const DataOptions& o) {
  std::vector<std::pair<std::string, double>> parts;
  double total = 0.0;
  for (const auto& part : o.parts) {
    const size_t eq = part.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("--parts takes name=fraction,...");
    parts.emplace_back(part.substr(0, eq), std::stod(part.substr(eq + 1)));
    total += parts.back().second;
  }
  if (total > 1.0 + 1e-9) throw std::invalid_argument("--parts fractions add up to more than 1");
  std::vector<size_t> order(table.rows.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  runtime::Pcg32 rng(o.seed, 0x511f);
  for (size_t i = order.size(); i > 1; --i) {
    const size_t j = static_cast<size_t>((static_cast<uint64_t>(rng.Next()) * i) >> 32U);
    std::swap(order[i - 1], order[j]);
  }
  std::filesystem::create_directories(o.out_dir);
  size_t begin = 0;
  for (size_t p = 0; p < parts.size(); ++p) {
    size_t count = static_cast<size_t>(parts[p].second * static_cast<double>(order.size()));
    if (p + 1 == parts.size() && total > 1.0 - 1e-9) count = order.size() - begin;
    std::vector<size_t> rows(order.begin() + static_cast<long>(begin),
                             order.begin() + static_cast<long>(begin + count));
    std::sort(rows.begin(), rows.end());
    const std::string path = o.out_dir + "/" + parts[p].first + ".csv";
    host::WriteFileAtomically(path, TableToCsv(table, rows));
    Note("split: wrote " + path + " (" + std::to_string(rows.size()) + " rows)");
    begin += count;
  }
}

void Demo(const DataOptions& o) {
  if (!o.data.empty()) {
    WriteSplit(host::ReadCsv(o.data), o);
    return;
  }
  const std::string csv = host::SyntheticHiringCsv(o.rows, o.seed);
  WriteSplit(host::ParseCsv(csv, "synthetic"), o);
}

}  // namespace

void AddDataCommands(CLI::App& app) {
  auto o = std::make_shared<DataOptions>();
  auto* demo = app.add_subcommand(
      "demo", "Write the demo's data: seeded synthetic hiring data (or --data CSV) split into train/fit/test");
  demo->add_option("--data", o->data, "Use this CSV instead of synthetic data")->check(CLI::ExistingFile);
  demo->add_option("--rows", o->rows, "Synthetic rows");
  demo->add_option("--seed", o->seed, "Seed");
  demo->add_option("--parts", o->parts, "Split parts name=fraction")->delimiter(',');
  demo->add_option("--out-dir", o->out_dir, "Output folder");
  demo->callback([o] { Demo(*o); });

  auto* split = app.add_subcommand("split", "Split a CSV into seeded random parts");
  split->add_option("--data", o->data, "CSV")->required()->check(CLI::ExistingFile);
  split->add_option("--seed", o->seed, "Seed");
  split->add_option("--parts", o->parts, "Parts name=fraction")->delimiter(',');
  split->add_option("--out-dir", o->out_dir, "Output folder");
  split->callback([o] { WriteSplit(host::ReadCsv(o->data), *o); });
}

}  // namespace tinyfair::cli
