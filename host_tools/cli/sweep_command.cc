// tinyfair sweep: fit the randomized threshold optimizer over a (gamma, rho)
// grid and the baselines, measure each on validation and test data through
// the runtime, select on validation, and plot the accuracy-bias trade-off
// (the paper's Figure 3) and the per-group decision curves h(score) of the
// chosen rule against Hardt et al.'s (its Figure 4).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <variant>

#include "host_tools/cli/cli_common.h"
#include "host_tools/cli/gnuplot_render.h"
#include "host_tools/cli/read_data.h"
#include "host_tools/cli/selection_check.h"
#include "host_tools/cli/small_group_flags.h"
#include "host_tools/cli/trust_options.h"
#include "host_tools/common/one_line_text.h"
#include "host_tools/common/outputs_over_inputs.h"
#include "host_tools/common/text_format.h"
#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/grid_selection.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/fit/ramp_fitter.h"
#include "host_tools/fit/runtime_report.h"
#include "host_tools/metrics/metrics.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/fitted_rule.h"
#include "host_tools/model/model_file.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/model/score_model.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::cli {
namespace {

struct SweepOptions {
  std::string model, data, validation, test, out_dir = "sweep", score_column,
                                             score_kind = "probability";
  LabelOptions label;
  TrustFlags trust;
  SmallGroupFlags small_groups;
  bool strict = false;
  std::vector<std::string> sensitive;
  // The grid and the selection's gap limit, with the library's defaults.
  host::postprocessing::RtoSelectionOptions selection;
  bool plots = true;
};

// The method name of the baseline row: the input model's own decisions.
constexpr const char* kInputModel = "input model";

struct Row {
  std::string method;
  double gamma = NAN, rho = NAN;
  host::metrics::ClassificationReport validation, test;
};

struct Evaluation {
  const host::data::CsvTable* table;
  std::vector<int> labels;
};

host::metrics::ClassificationReport Evaluate(const tinyfair::Model& model, const Evaluation& e) {
  return host::fit::ReportThroughRuntime(model, *e.table, e.labels);
}

// The points no other point beats on both test accuracy and test gap, in
// increasing gap: the trade-off the methods reach together.
std::string ParetoFront(const std::vector<Row>& rows) {
  std::vector<std::pair<double, double>> points;  // (gap, accuracy)
  for (const auto& row : rows)
    points.push_back({row.test.expected_dp_gap, -row.test.expected_accuracy});
  std::sort(points.begin(), points.end());
  std::string data = "# Pareto front\n";
  double best = -1.0;
  for (const auto& [gap, negative_accuracy] : points) {
    if (-negative_accuracy <= best) continue;
    best = -negative_accuracy;
    data += host::common::FormatText("%.6f %.6f\n", gap, best);
  }
  return data;
}

// The files of one sweep, each a name in --out-dir and its bytes: written
// together (WriteFilesAtomically), so a failed or stopped sweep leaves the
// folder as it was, and concurrent sweeps into it one whole set.
using SweepFiles = PlotFiles;

// The plots' data and scripts, named relative to the scripts' folder.
SweepFiles PlotFiles(const std::vector<Row>& rows, const Row& chosen, const tinyfair::Model& rto,
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
  data += "\n\n" + ParetoFront(rows);
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

// The rows of the sweep, each model measured on validation and test data.
struct SweepTable {
  const Evaluation& validation;
  const Evaluation& test;
  std::vector<Row> rows;

  void Add(const std::string& method, double gamma, double rho, const tinyfair::Model& m) {
    rows.push_back({method, gamma, rho, Evaluate(m, validation), Evaluate(m, test)});
  }
};

// The scorer as it is: positive iff p >= 0.5 (f >= 0), the baseline.
void AddOriginalRow(const tinyfair::Model& model, SweepTable& table) {
  table.Add(kInputModel, NAN, NAN, host::fit::InputModelDecisions(model));
}

struct RtoGrid {
  std::vector<host::fit::RampFit> fits;
  double fit_seconds = 0.0;
};

// The RTO grid as postprocess --validation fits it (each fit at rho = the
// label rate + an offset); the fits alone are timed.
RtoGrid FitRtoGrid(const SweepOptions& o, const tinyfair::Model& model,
                   const host::data::ScoredSample& fitting,
                   const host::postprocessing::FittingGroups& plan) {
  host::fit::PostprocessOptions grid_options;
  grid_options.selection = o.selection;
  const host::data::GroupIndex groups(model);
  const host::fit::RampFitter fitter(grid_options, fitting, model.dimensions().group_count(),
                                     groups, plan);
  RtoGrid grid;
  const auto start = std::chrono::steady_clock::now();
  grid.fits = fitter.FitGrid();
  grid.fit_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return grid;
}

// Adds a row per RTO fit; returns the row of the fit the library selects on
// validation data (the fairest when none meets the target, said later).
size_t AddRtoRows(const SweepOptions& o, const tinyfair::Model& model, const RtoGrid& grid,
                  SweepTable& table) {
  const size_t first = table.rows.size();
  std::vector<host::metrics::ClassificationReport> validation;
  for (const auto& fit : grid.fits) {
    tinyfair::Model m = model;
    host::model::SetRampRule(fit.thresholds, fit.gamma, m);
    table.Add("RTO", fit.gamma, fit.rho, m);
    validation.push_back(table.rows.back().validation);
  }
  return first + host::fit::SelectOnValidation(validation, o.selection.max_validation_gap).index;
}

// A row of a post-processor with one fit (Hardt et al., shift inference).
host::postprocessing::PostprocessorFit AddFittedRow(
    const host::postprocessing::Postprocessor& method, const tinyfair::Model& model,
    const host::data::ScoredSample& fitting, const host::postprocessing::FittingGroups& plan,
    SweepTable& table) {
  host::postprocessing::PostprocessorFit fit =
      method.fit(fitting, plan, host::postprocessing::PostprocessorOptions{});
  tinyfair::Model m = model;
  host::model::SetFittedRule(fit.rule, m);
  table.Add(method.title, NAN, NAN, m);
  return fit;
}

// Reject option classification: every theta of its grid is a point of the
// curve, the one its rule picks is marked. The band favours the group the
// scorer selects least on the fitting sample, as `postprocess --method roc`
// does.
void AddRocRows(const host::postprocessing::Postprocessor& roc, const tinyfair::Model& model,
                const host::data::ScoredSample& fitting,
                const host::postprocessing::FittingGroups& plan, SweepTable& table) {
  const host::postprocessing::PostprocessorFit fit =
      roc.fit(fitting, plan, host::postprocessing::PostprocessorOptions{});
  for (double theta : fit.roc.thetas) {
    std::vector<double> thresholds =
        host::postprocessing::RocThresholds(theta, fit.unprivileged_group);
    for (double& t : thresholds) t = host::data::ProbabilityThresholdOnScore(t);
    tinyfair::Model m = model;
    host::model::SetThresholdRule(thresholds, m);
    table.Add(roc.title, theta, NAN, m);
  }
  tinyfair::Model m = model;
  host::model::SetFittedRule(fit.rule, m);
  table.Add(std::string(roc.title) + " (chosen theta)", fit.roc.theta, NAN, m);
}

// The baselines: every post-processor of the registry but the RTO grid.
// Returns Hardt et al.'s demographic-parity rules (for the decision curves).
std::vector<host::postprocessing::HardtGroupRule> AddBaselineRows(
    const tinyfair::Model& model, const host::data::ScoredSample& fitting,
    const host::postprocessing::FittingGroups& plan, SweepTable& table) {
  std::vector<host::postprocessing::HardtGroupRule> hardt_dp;
  for (const host::postprocessing::Postprocessor& method : host::postprocessing::Postprocessors()) {
    if (std::string(method.name) == "rto") continue;
    if (method.two_groups_only) {
      // With a small group merged or pooled there is no second group to favour.
      if (plan.of_group.size() == 2 && plan.identity()) {
        AddRocRows(method, model, fitting, plan, table);
      }
      continue;
    }
    const host::postprocessing::PostprocessorFit fit =
        AddFittedRow(method, model, fitting, plan, table);
    if (std::string(method.name) != "hardt-dp") continue;
    for (const auto& r : std::get<host::model::TwoThresholdRuleFit>(fit.rule).groups) {
      hardt_dp.push_back({r.t0, r.p0, r.t1, r.p1, r.ignore, r.constant});
    }
  }
  return hardt_dp;
}

// The table: every row in sweep.csv's text (returned), all but the ROC curve
// to stdout.
std::string SweepCsv(const std::vector<Row>& rows, size_t chosen) {
  std::string csv =
      "method,gamma_or_theta,rho,validation_accuracy,validation_dp_gap,test_accuracy,test_dp_gap,"
      "test_sampled_accuracy,test_sampled_dp_gap\n";
  std::printf("%-18s %6s %7s  %9s %9s  %9s %9s\n", "method", "gamma", "rho", "val acc", "val gap",
              "test acc", "test gap");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    char line[256];
    std::snprintf(line, sizeof(line), "%s,%.4g,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n",
                  r.method.c_str(), r.gamma, r.rho, r.validation.expected_accuracy,
                  r.validation.expected_dp_gap, r.test.expected_accuracy, r.test.expected_dp_gap,
                  r.test.accuracy, r.test.dp_gap);
    csv += line;
    if (r.method == "ROC") continue;  // the curve is in the CSV and the plot
    std::printf("%-18s %6.3g %7.4f  %9.4f %9.4f  %9.4f %9.4f%s\n", r.method.c_str(), r.gamma, r.rho,
                r.validation.expected_accuracy, r.validation.expected_dp_gap,
                r.test.expected_accuracy, r.test.expected_dp_gap,
                i == chosen ? "  <- selected" : (i == 0 ? "  <- baseline" : ""));
  }
  return csv;
}

// The chosen RTO fit as a model, finished with its reference rates on the
// fitting data (selected.json).
tinyfair::Model SelectedModel(const tinyfair::Model& model, const RtoGrid& grid,
                              const std::vector<Row>& rows, size_t chosen,
                              const host::data::CsvTable& fit_table) {
  tinyfair::Model selected = model;
  // (rows[0] is the input model, so RTO fit k is row k + 1.)
  host::model::SetRampRule(grid.fits[chosen - 1].thresholds, rows[chosen].gamma, selected);
  const std::vector<double> rates = host::simulate::ExpectedPositiveRates(selected, fit_table);
  host::model::FinishModel(
      {host::model::FittedModelId(selected.model_id(), "+rto", host::model::CutPart::kHead), rates,
       ""},
      selected);
  return selected;
}

// The scorer: a model from train, or another model's scores in a column.
tinyfair::Model SweepScoringModel(const SweepOptions& o, const host::data::CsvTable& fit_table) {
  tinyfair::Model model;
  if (o.model.empty() == o.score_column.empty()) {
    throw std::invalid_argument("give --model or --score-column (with --sensitive), not both");
  }
  RefuseTrustWithoutModel(o.trust, o.model);
  if (o.model.empty()) {
    if (o.sensitive.empty()) throw std::invalid_argument("--score-column needs --sensitive");
    model =
        host::model::ScoreOnlyModel(fit_table, o.score_column,
                                    o.score_kind == "margin" ? host::model::ScoreKind::kMargin
                                                             : host::model::ScoreKind::kProbability,
                                    o.sensitive);
  } else {
    model = ReadModelTrusted("sweep", o.model, o.trust);
  }
  std::vector<std::string> attributes = o.sensitive;
  host::model::PrepareScoringModel(attributes, model);
  return model;
}

// The selected fit against --max-validation-gap and the baseline (row 0).
void CheckSelection(const SweepOptions& o, const std::vector<Row>& rows, size_t chosen) {
  const host::metrics::ClassificationReport& input = rows[0].validation;
  Note(host::common::FormatText(
      "sweep: baseline, the input model on %s: accuracy %.4f, parity gap %.4f",
      o.validation.c_str(), input.expected_accuracy, input.expected_dp_gap));
  CheckSelectionOnValidation(
      host::fit::SelectionAgainstInputModel("sweep", o.validation, rows[chosen].validation, input,
                                            o.selection.max_validation_gap),
      o.strict);
}

// The grid and the gap limit at the edge, before any data is read.
void CheckSweepOptions(const SweepOptions& o) {
  host::fit::CheckParameterGrid(host::fit::kGammaGrid, o.selection.gammas);
  host::fit::CheckParameterGrid(host::fit::kRhoOffsets, o.selection.rho_offsets);
  host::fit::CheckParameter(host::fit::kMaxValidationGap, o.selection.max_validation_gap);
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
  CheckSweepOptions(o);
  RefuseOutputsOverInputs(o);
  const host::data::CsvTable fit_table = ReadDataCsv(o.data);
  const tinyfair::Model model = SweepScoringModel(o, fit_table);
  const host::data::CsvTable validation_table = ReadDataCsv(o.validation);
  const host::data::CsvTable test_table = ReadDataCsv(o.test);
  const host::data::ScoredSample fitting =
      host::simulate::ScoreThroughRuntime(model, fit_table, o.label.label, o.label.positive);
  // Every group needs both labels: Hardt et al. and shift inference fit on them.
  host::simulate::RequireEveryGroup(fitting, model, o.data, "the sweep's baselines");
  const host::postprocessing::FittingGroups plan =
      PlanSmallGroups(o.small_groups, fitting, model, o.data, "sweep");
  // A row without its group cannot count: refuse the data. A row whose
  // value the model does not list is decided as "other" or refused by the
  // device and left out of the metrics: say which.
  host::data::CheckGroupsKnown(model, validation_table);
  host::data::CheckGroupsKnown(model, test_table);
  NoteUnlistedValues("sweep", model, validation_table);
  NoteUnlistedValues("sweep", model, test_table);
  const Evaluation validation{
      &validation_table, host::data::ReadLabels(validation_table, o.label.label, o.label.positive)};
  const Evaluation test{&test_table,
                        host::data::ReadLabels(test_table, o.label.label, o.label.positive)};
  const auto names = GroupNames(model);
  SweepTable table{validation, test, {}};

  AddOriginalRow(model, table);
  const RtoGrid grid = FitRtoGrid(o, model, fitting, plan);
  const size_t chosen = AddRtoRows(o, model, grid, table);
  const std::vector<host::postprocessing::HardtGroupRule> hardt_dp =
      AddBaselineRows(model, fitting, plan, table);
  CheckSelection(o, table.rows, chosen);  // with --strict, before anything is written

  SweepFiles files{{"sweep.csv", SweepCsv(table.rows, chosen)}};
  std::printf("RTO grid: %zu fits on %zu rows in %.4f s (exact solver, one core)\n",
              grid.fits.size(), fitting.scores.size(), grid.fit_seconds);
  const tinyfair::Model selected = SelectedModel(model, grid, table.rows, chosen, fit_table);
  files.emplace_back("selected.json", host::model::ModelToJson(selected));
  const SweepFiles plot_files =
      PlotFiles(table.rows, table.rows[chosen], selected, hardt_dp, names);
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

void AddSweepCommand(CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  auto* command = app.add_subcommand(
      "sweep", "Fit post-processors over a grid, select on validation data, table and plots");
  command->add_option("--model", o->model, "Scorer model from train (JSON or .pb)")
      ->check(CLI::ExistingFile);
  AddTrustOptions(*command, o->trust);
  command->add_option("--score-column", o->score_column,
                      "Sweep over scores of any model instead: the CSV column holding them "
                      "(in every file; needs --sensitive)");
  command->add_option("--score-kind", o->score_kind, "probability (in [0,1]) or margin (any real)")
      ->check(CLI::IsMember({"probability", "margin"}));
  command->add_option("--data", o->data, "Fitting CSV")->required()->check(CLI::ExistingFile);
  command->add_option("--validation", o->validation, "Validation CSV (selection)")
      ->required()
      ->check(CLI::ExistingFile);
  command->add_option("--test", o->test, "Test CSV (reported)")
      ->required()
      ->check(CLI::ExistingFile);
  AddLabelOptions(*command, o->label, true);
  command
      ->add_option("--sensitive", o->sensitive, "Sensitive column(s) (default: the model's groups)")
      ->delimiter(',');
  command->add_option("--gamma-grid", o->selection.gammas, "Gamma values")->delimiter(',');
  command
      ->add_option("--rho-offsets", o->selection.rho_offsets, "Offsets to the label rate for rho")
      ->delimiter(',');
  command->add_option("--max-validation-gap", o->selection.max_validation_gap,
                      "Select only fits within this validation gap (none within: the fairest, "
                      "with a warning)");
  AddSmallGroupFlags(*command, o->small_groups);
  command->add_flag("--strict", o->strict,
                    "Exit with status 3 and write nothing when the selected fit's validation gap "
                    "exceeds --max-validation-gap or is larger than the input model's");
  command->add_flag("!--no-plots", o->plots,
                    "Write the gnuplot data and scripts but do not run gnuplot");
  command->add_option("--out-dir", o->out_dir, "Output folder");
  command->callback([o] { Sweep(*o); });
}

}  // namespace tinyfair::cli
