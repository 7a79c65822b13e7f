// tinyfair sweep: fit the randomized threshold optimizer over a (gamma, rho)
// grid and the baselines, measure each on validation and test data through
// the runtime, select on validation, and plot the accuracy-bias trade-off
// (the paper's Figure 3) and the per-group decision curves h(score) of the
// chosen rule against Hardt et al.'s (its Figure 4).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/gnuplot_render.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/cli/selection_check.h"
#include "host_tools/cli/small_group_flags.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/common/text_format.h"
#include "host_tools/fit/sweep.h"
#include "host_tools/model/model_file.h"
#include "host_tools/postprocessing/postprocessor_registry.h"

namespace tinyfair::cli {
namespace {

struct SweepOptions {
  std::string model, data, validation, test, out_dir = "sweep";
  TrustFlags trust;
  bool strict = false;
  // The library's options, with its defaults.
  host::fit::SweepOptions sweep;
  bool plots = true;
};

using Row = host::fit::SweepRow;
constexpr const char* kInputModel = host::fit::kSweepInputModel;

// The trade-off front as one more data block of tradeoff.dat.
std::string FrontData(const std::vector<host::metrics::TradeoffPoint>& front) {
  std::string data = "# Pareto front\n";
  for (const host::metrics::TradeoffPoint& point : front)
    data += host::common::FormatText("%.6f %.6f\n", point.gap, point.accuracy);
  return data;
}

// The files of one sweep, each a name in --out-dir and its bytes: written
// together (WriteFilesAtomically), so a failed or stopped sweep leaves the
// folder as it was, and concurrent sweeps into it one whole set.
using SweepFiles = PlotFiles;

// The plots' data and scripts, named relative to the scripts' folder.
SweepFiles PlotFiles(const std::vector<Row>& rows, const Row& chosen,
                     const std::vector<host::metrics::TradeoffPoint>& front,
                     const tinyfair::Model& rto,
                     const std::vector<host::postprocessing::HardtGroupRule>& hardt,
                     const std::vector<std::string>& names) {
  SweepFiles files;
  double widest = 0.0;
  for (const auto& row : rows) {
    if (row.method != "ROC") widest = std::max(widest, row.test.expected_dp_gap);
  }
  // The trade-off: one data block per method.
  std::string data;
  std::string last;
  for (const auto& row : rows) {
    if (row.method != last && !last.empty()) data += "\n\n";
    if (row.method != last) data += "# " + host::common::OneLineText(row.method) + "\n";
    last = row.method;
    data += host::common::FormatText("%.6f %.6f %.6f %.6f\n", row.test.expected_dp_gap,
                                     row.test.expected_accuracy, row.gamma, row.rho);
  }
  data += "\n\n" + FrontData(front);
  files.emplace_back("tradeoff.dat", data);
  // Names reach the scripts only through GnuplotString; files are named
  // relative to the scripts' folder, which never appears in them.
  const std::string tradeoff = GnuplotString("tradeoff.dat");
  std::string script =
      GnuplotPreamble("tradeoff.png", "1100,600") +
      "set title 'Accuracy and demographic-parity gap on test data (expected values)'\n"
      "set xlabel 'demographic-parity gap'\nset ylabel 'accuracy'\n"
      "set key outside right top box\nset grid\n" +
      // Wide enough for every method but the far end of the ROC curve.
      host::common::FormatText("set xrange [0:%.4f]\n", 1.1 * widest) + "plot ";
  size_t block = 0;
  last.clear();
  for (const auto& row : rows) {
    if (row.method == last) continue;
    last = row.method;
    const std::string style = row.method == kInputModel
                                  ? "pointtype 9 pointsize 3 lc rgb 'black' title 'input model "
                                    "(baseline)'"
                                  : "pointsize 1.5 title " + GnuplotString(row.method);
    script += (block ? ", " : "") + tradeoff + " index " + std::to_string(block) +
              " using 1:2 with points " + style;
    ++block;
  }
  script += ", " + tradeoff + " index " + std::to_string(block) +
            " using 1:2 with steps lw 2 dashtype 3 lc rgb 'gray40' title 'Pareto front'";
  script += host::common::FormatText(
      ", '-' using 1:2 with points pointtype 6 pointsize 4 lw 2 title 'selected RTO (gamma %.2g, "
      "rho %.3f)'\n%.6f %.6f\ne\n",
      chosen.gamma, chosen.rho, chosen.test.expected_dp_gap, chosen.test.expected_accuracy);
  files.emplace_back("tradeoff.gp", script);

  // Decision curves h(p) per group, p the scorer's probability (f = 2p - 1).
  std::string curves;
  const auto& ramp = rto.ramp();
  for (size_t g = 0; g < names.size(); ++g) {
    curves += "# " + host::common::OneLineText(names[g]) + "\n";
    for (int i = 0; i <= 400; ++i) {
      const double p = i / 400.0, f = 2.0 * p - 1.0;
      const double h = std::clamp(
          (f - ramp.threshold(static_cast<int>(g))) / ramp.width(static_cast<int>(g)), 0.0, 1.0);
      curves += host::common::FormatText("%.5f %.6f %.6f %.0f\n", p, h,
                                         host::postprocessing::HardtProbability(hardt[g], f), 0.0);
    }
    curves += "\n\n";
  }
  files.emplace_back("decision_curves.dat", curves);
  const std::string curve_data = GnuplotString("decision_curves.dat");
  std::string curve_script = GnuplotPreamble("decision_curves.png", "1100,600") +
                             "set title 'P(positive) against the scorer probability, per group'\n"
                             "set xlabel 'scorer probability p'\nset ylabel 'P(positive)'\n"
                             "set key outside right top box\nset grid\n"
                             "set yrange [-0.02:1.02]\nplot ";
  for (size_t g = 0; g < names.size(); ++g) {
    curve_script += (g ? ", " : "") + curve_data + " index " + std::to_string(g) +
                    " using 1:2 with lines lw 2 title " + GnuplotString("RTO " + names[g]);
    curve_script += ", " + curve_data + " index " + std::to_string(g) +
                    " using 1:3 with lines dashtype 2 lw 2 title " +
                    GnuplotString("Hardt " + names[g]);
  }
  curve_script += "\n";
  files.emplace_back("decision_curves.gp", curve_script);
  return files;
}

// The table on stdout: every row but the ROC curve's points (in sweep.csv
// and the plot).
void PrintTable(const std::vector<Row>& rows, size_t chosen) {
  std::printf("%-18s %6s %7s  %9s %9s  %9s %9s\n", "method", "gamma", "rho", "val acc", "val gap",
              "test acc", "test gap");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    if (r.method == "ROC") continue;
    std::printf("%-18s %6.3g %7.4f  %9.4f %9.4f  %9.4f %9.4f%s\n", r.method.c_str(), r.gamma, r.rho,
                r.validation.expected_accuracy, r.validation.expected_dp_gap,
                r.test.expected_accuracy, r.test.expected_dp_gap,
                i == chosen ? "  <- selected" : (i == 0 ? "  <- baseline" : ""));
  }
}

// Every file the sweep writes into --out-dir, against every file it reads.
void RefuseOutputsOverInputs(const SweepOptions& o) {
  std::vector<host::common::NamedFile> outputs;
  for (const char* name :
       {"sweep.csv", "selected.json", "tradeoff.dat", "tradeoff.gp", "tradeoff.png",
        "decision_curves.dat", "decision_curves.gp", "decision_curves.png"}) {
    outputs.push_back({std::string("--out-dir (") + name + ")", o.out_dir + "/" + name});
  }
  host::common::RefuseOutputsOverInputs({{"--model", o.model},
                                         {"--public-key", o.trust.public_key},
                                         {"--data", o.data},
                                         {"--validation", o.validation},
                                         {"--test", o.test}},
                                        outputs);
}

void Sweep(const SweepOptions& o) {
  host::fit::CheckSweepOptions(o.sweep);
  RefuseOutputsOverInputs(o);
  // Each file converts once to the typed table the library reads (which
  // reads some cells in place: the files stay).
  const host::data::CsvTable fit_file = ReadDataCsv(o.data);
  const host::data::ColumnTable fit_table = host::data::ColumnTableFromCsv(fit_file);
  RefuseTrustWithoutModel(o.trust, o.model);
  std::optional<tinyfair::Model> scorer;
  if (!o.model.empty()) scorer = ReadModelTrusted("sweep", o.model, o.trust);
  const tinyfair::Model model =
      host::fit::SweepScorer(o.sweep, fit_table, scorer ? &*scorer : nullptr);
  const host::data::CsvTable validation_file = ReadDataCsv(o.validation);
  const host::data::CsvTable test_file = ReadDataCsv(o.test);
  const host::fit::SweepResult sweep =
      host::fit::Sweep(o.sweep, model, fit_table, host::data::ColumnTableFromCsv(validation_file),
                       host::data::ColumnTableFromCsv(test_file));
  CheckSelectionOnValidation(sweep.selection, o.strict);  // before anything is written

  PrintTable(sweep.rows, sweep.chosen);
  SweepFiles files{{"sweep.csv", host::fit::SweepCsv(sweep.rows)}};
  std::printf("RTO grid: %zu fits on %zu rows in %.4f s (exact solver, one core)\n",
              sweep.grid_fits, sweep.fitting_rows, sweep.grid_seconds);
  files.emplace_back("selected.json", host::model::ModelToJson(sweep.selected));
  const SweepFiles plot_files = PlotFiles(sweep.rows, sweep.rows[sweep.chosen], sweep.test_front,
                                          sweep.selected, sweep.hardt_dp, GroupNames(model));
  files.insert(files.end(), plot_files.begin(), plot_files.end());
  if (o.plots) {
    const SweepFiles images = DrawPlotImages(plot_files, {"tradeoff", "decision_curves"}, "sweep");
    files.insert(files.end(), images.begin(), images.end());
  }
  std::filesystem::create_directories(o.out_dir);
  for (auto& file : files) file.first = o.out_dir + "/" + file.first;
  host::common::WriteFilesAtomically(files);
  Note("sweep: wrote " + o.out_dir +
       "/{sweep.csv, selected.json, tradeoff.png, decision_curves.png}");
}

}  // namespace

void AddSweepCommand(CommandLine& command_line) {
  auto o = std::make_shared<SweepOptions>();
  Command command = command_line.AddCommand(
      "sweep", "Fit post-processors over a grid, select on validation data, table and plots");
  command.Option("--model", &o->model, "Scorer model from train (JSON or .pb)").ExistingFile();
  AddTrustOptions(command, o->trust);
  command.Option("--score-column", &o->sweep.score_column,
                 "Sweep over scores of any model instead: the CSV column holding them "
                 "(in every file; needs --sensitive)");
  command
      .Option("--score-kind", &o->sweep.score_kind, "probability (in [0,1]) or margin (any real)")
      .OneOf({"probability", "margin"});
  command.Option("--data", &o->data, "Fitting CSV").Required().ExistingFile();
  command.Option("--validation", &o->validation, "Validation CSV (selection)")
      .Required()
      .ExistingFile();
  command.Option("--test", &o->test, "Test CSV (reported)").Required().ExistingFile();
  AddLabelOptions(command, o->sweep.label, true);
  command
      .Option("--sensitive", &o->sweep.sensitive,
              "Sensitive column(s) (default: the model's groups)")
      .CommaSeparated();
  command.Option("--gamma-grid", &o->sweep.selection.gammas, "Gamma values").CommaSeparated();
  command
      .Option("--rho-offsets", &o->sweep.selection.rho_offsets, "Offsets to the label rate for rho")
      .CommaSeparated();
  command.Option("--max-validation-gap", &o->sweep.selection.max_validation_gap,
                 "Select only fits within this validation gap (none within: the fairest, "
                 "with a warning)");
  AddSmallGroupFlags(command, o->sweep.small_groups);
  command.Flag("--strict", &o->strict,
               "Exit with status 3 and write nothing when the selected fit's validation gap "
               "exceeds --max-validation-gap or is larger than the input model's");
  command.Flag("!--no-plots", &o->plots,
               "Write the gnuplot data and scripts but do not run gnuplot");
  command.Option("--out-dir", &o->out_dir, "Output folder");
  command.Action([o] { Sweep(*o); });
}

}  // namespace tinyfair::cli
