#include "host_tools/fit/sweep.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <variant>

#include "host_tools/common/text_format.h"
#include "host_tools/data/group_index.h"
#include "host_tools/data/input_encoder.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/grid_selection.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/fit/postprocess_options.h"
#include "host_tools/fit/ramp_fitter.h"
#include "host_tools/fit/runtime_report.h"
#include "host_tools/fit/scorer_decisions.h"
#include "host_tools/model/finish_model.h"
#include "host_tools/model/fitted_rule.h"
#include "host_tools/model/model_id.h"
#include "host_tools/model/rule_writers.h"
#include "host_tools/model/score_model.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {
namespace {

// A table the sweep measures on, with its labels and the scorer's decisions
// of it: every row's model is the scorer with another per-group rule, so
// one runtime pass serves them all (ScorerDecisions).
struct LabelledPart {
  LabelledPart(const tinyfair::Model& scorer, const data::ColumnTable& table,
               std::vector<int> row_labels)
      : labels(std::move(row_labels)), decided(scorer, table, 1, 0) {}

  std::vector<int> labels;
  ScorerDecisions decided;
};

// The rows of the sweep, each model measured on validation and test data.
struct SweepTable {
  const LabelledPart& validation;
  const LabelledPart& test;
  std::vector<SweepRow> rows;

  void Add(const std::string& method, double gamma, double rho, const tinyfair::Model& m) {
    rows.push_back({method, gamma, rho,
                    ReportThroughRuntime(m, validation.decided, validation.labels),
                    ReportThroughRuntime(m, test.decided, test.labels)});
  }
};

// The scorer as it is: positive iff p >= 0.5 (f >= 0), the baseline.
void AddOriginalRow(const tinyfair::Model& model, SweepTable& table) {
  table.Add(kSweepInputModel, NAN, NAN, InputModelDecisions(model));
}

struct RtoGrid {
  std::vector<RampFit> fits;
  double fit_seconds = 0.0;
};

// The RTO grid as postprocess --validation fits it (each fit at rho = the
// label rate + an offset); the fits alone are timed.
RtoGrid FitRtoGrid(const SweepOptions& o, const tinyfair::Model& model,
                   const data::ScoredSample& fitting, const postprocessing::FittingGroups& plan) {
  PostprocessOptions grid_options;
  grid_options.selection = o.selection;
  const data::GroupIndex groups(model);
  const RampFitter fitter(grid_options, fitting, model.dimensions().group_count(), groups, plan);
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
  std::vector<metrics::ClassificationReport> validation;
  for (const auto& fit : grid.fits) {
    tinyfair::Model m = model;
    model::SetRampRule(fit.thresholds, fit.gamma, m);
    table.Add("RTO", fit.gamma, fit.rho, m);
    validation.push_back(table.rows.back().validation);
  }
  return first + SelectOnValidation(validation, o.selection.max_validation_gap).index;
}

// A row of a post-processor with one fit (Hardt et al., shift inference).
postprocessing::PostprocessorFit AddFittedRow(const postprocessing::Postprocessor& method,
                                              const tinyfair::Model& model,
                                              const data::ScoredSample& fitting,
                                              const postprocessing::FittingGroups& plan,
                                              SweepTable& table) {
  postprocessing::PostprocessorFit fit =
      method.fit(fitting, plan, postprocessing::PostprocessorOptions{});
  tinyfair::Model m = model;
  model::SetFittedRule(fit.rule, m);
  table.Add(method.title, NAN, NAN, m);
  return fit;
}

// Reject option classification: every theta of its grid is a point of the
// curve, the one its rule picks is marked. The band favours the group the
// scorer selects least on the fitting sample, as `postprocess --method roc`
// does.
void AddRocRows(const postprocessing::Postprocessor& roc, const tinyfair::Model& model,
                const data::ScoredSample& fitting, const postprocessing::FittingGroups& plan,
                SweepTable& table) {
  const postprocessing::PostprocessorFit fit =
      roc.fit(fitting, plan, postprocessing::PostprocessorOptions{});
  for (double theta : fit.roc.thetas) {
    std::vector<double> thresholds = postprocessing::RocThresholds(theta, fit.unprivileged_group);
    for (double& t : thresholds) t = data::ProbabilityThresholdOnScore(t);
    tinyfair::Model m = model;
    model::SetThresholdRule(thresholds, m);
    table.Add(roc.title, theta, NAN, m);
  }
  tinyfair::Model m = model;
  model::SetFittedRule(fit.rule, m);
  table.Add(std::string(roc.title) + " (chosen theta)", fit.roc.theta, NAN, m);
}

// The baselines: every post-processor of the registry but the RTO grid.
// Returns Hardt et al.'s demographic-parity rules (for the decision curves).
std::vector<postprocessing::HardtGroupRule> AddBaselineRows(
    const tinyfair::Model& model, const data::ScoredSample& fitting,
    const postprocessing::FittingGroups& plan, SweepTable& table) {
  std::vector<postprocessing::HardtGroupRule> hardt_dp;
  for (const postprocessing::Postprocessor& method : postprocessing::Postprocessors()) {
    if (std::string(method.name) == "rto") continue;
    if (method.two_groups_only) {
      // With a small group merged or pooled there is no second group to favour.
      if (plan.of_group.size() == 2 && plan.identity()) {
        AddRocRows(method, model, fitting, plan, table);
      }
      continue;
    }
    const postprocessing::PostprocessorFit fit = AddFittedRow(method, model, fitting, plan, table);
    if (std::string(method.name) != "hardt-dp") continue;
    for (const auto& r : std::get<model::TwoThresholdRuleFit>(fit.rule).groups) {
      hardt_dp.push_back({r.t0, r.p0, r.t1, r.p1, r.ignore, r.constant});
    }
  }
  return hardt_dp;
}

// The chosen RTO fit as a model, finished with its reference rates on the
// fitting data (selected.json).
tinyfair::Model SelectedModel(const tinyfair::Model& model, const RtoGrid& grid,
                              const std::vector<SweepRow>& rows, size_t chosen,
                              const data::ColumnTable& fit_table) {
  tinyfair::Model selected = model;
  // (rows[0] is the input model, so RTO fit k is row k + 1.)
  model::SetRampRule(grid.fits[chosen - 1].thresholds, rows[chosen].gamma, selected);
  const std::vector<double> rates = simulate::ExpectedPositiveRates(selected, fit_table);
  model::FinishModel(
      {model::FittedModelId(selected.model_id(), "+rto", model::CutPart::kHead), rates, ""},
      selected);
  return selected;
}

// Every row's test point, the input model's and the ROC curve's included.
std::vector<metrics::TradeoffPoint> TestFront(const std::vector<SweepRow>& rows) {
  std::vector<metrics::TradeoffPoint> points;
  for (const SweepRow& row : rows)
    points.push_back({row.test.expected_dp_gap, row.test.expected_accuracy});
  return metrics::TradeoffFront(std::move(points));
}

}  // namespace

void CheckSweepOptions(const SweepOptions& o) {
  CheckParameterGrid(kGammaGrid, o.selection.gammas);
  CheckParameterGrid(kRhoOffsets, o.selection.rho_offsets);
  CheckParameter(kMaxValidationGap, o.selection.max_validation_gap);
}

tinyfair::Model SweepScorer(const SweepOptions& o, const data::ColumnTable& fitting,
                            const tinyfair::Model* scorer) {
  if ((scorer == nullptr) == o.score_column.empty()) {
    throw std::invalid_argument("give --model or --score-column (with --sensitive), not both");
  }
  tinyfair::Model model;
  if (scorer == nullptr) {
    if (o.sensitive.empty()) throw std::invalid_argument("--score-column needs --sensitive");
    model = model::ScoreOnlyModel(
        fitting, o.score_column,
        o.score_kind == "margin" ? model::ScoreKind::kMargin : model::ScoreKind::kProbability,
        o.sensitive);
  } else {
    model = *scorer;
  }
  std::vector<std::string> attributes = o.sensitive;
  model::PrepareScoringModel(attributes, model);
  return model;
}

SweepResult Sweep(const SweepOptions& o, const tinyfair::Model& model,
                  const data::ColumnTable& fit_table, const data::ColumnTable& validation_table,
                  const data::ColumnTable& test_table) {
  const data::ScoredSample fitting =
      simulate::ScoreThroughRuntime(model, fit_table, o.label.label, o.label.positive);
  // Every group needs both labels: Hardt et al. and shift inference fit on them.
  simulate::RequireEveryGroup(fitting, model, fit_table.path, "the sweep's baselines");
  const postprocessing::FittingGroups plan =
      PlanSmallGroups(o.small_groups, fitting, model, fit_table.path, "sweep");
  // A row without its group cannot count: refuse the data. A row whose
  // value the model does not list is decided as "other" or refused by the
  // device and left out of the metrics: say which.
  data::CheckGroupsKnown(model, validation_table);
  data::CheckGroupsKnown(model, test_table);
  NoteUnlistedValues("sweep", model, validation_table);
  NoteUnlistedValues("sweep", model, test_table);
  const LabelledPart validation(
      model, validation_table, data::ReadLabels(validation_table, o.label.label, o.label.positive));
  const LabelledPart test(model, test_table,
                          data::ReadLabels(test_table, o.label.label, o.label.positive));
  SweepTable table{validation, test, {}};

  AddOriginalRow(model, table);
  const RtoGrid grid = FitRtoGrid(o, model, fitting, plan);
  SweepResult result;
  result.chosen = AddRtoRows(o, model, grid, table);
  result.hardt_dp = AddBaselineRows(model, fitting, plan, table);
  const metrics::ClassificationReport& input = table.rows[0].validation;
  Note(common::FormatText("sweep: baseline, the input model on %s: accuracy %.4f, parity gap %.4f",
                          validation_table.path.c_str(), input.expected_accuracy,
                          input.expected_dp_gap));
  result.selection = SelectionAgainstInputModel("sweep", validation_table.path,
                                                table.rows[result.chosen].validation, input,
                                                o.selection.max_validation_gap);
  result.selected = SelectedModel(model, grid, table.rows, result.chosen, fit_table);
  result.grid_fits = grid.fits.size();
  result.fitting_rows = fitting.scores.size();
  result.grid_seconds = grid.fit_seconds;
  result.test_front = TestFront(table.rows);
  result.rows = std::move(table.rows);
  return result;
}

std::string SweepCsv(const std::vector<SweepRow>& rows) {
  std::string csv =
      "method,gamma_or_theta,rho,validation_accuracy,validation_dp_gap,test_accuracy,test_dp_gap,"
      "test_sampled_accuracy,test_sampled_dp_gap\n";
  for (const SweepRow& r : rows) {
    char line[256];
    std::snprintf(line, sizeof(line), "%s,%.4g,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n",
                  r.method.c_str(), r.gamma, r.rho, r.validation.expected_accuracy,
                  r.validation.expected_dp_gap, r.test.expected_accuracy, r.test.expected_dp_gap,
                  r.test.accuracy, r.test.dp_gap);
    csv += line;
  }
  return csv;
}

}  // namespace tinyfair::host::fit
