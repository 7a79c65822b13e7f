#include "host_tools/fit/postprocess.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/data_notes.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/parameter_ranges.h"
#include "host_tools/fit/ramp_fitter.h"
#include "host_tools/fit/ramp_model.h"
#include "host_tools/fit/ramp_selection.h"
#include "host_tools/fit/registry_postprocess.h"
#include "host_tools/fit/scorer_decisions.h"
#include "host_tools/fit/scoring_model.h"
#include "host_tools/model/provenance.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {

void CheckPostprocessParameters(const PostprocessOptions& o) {
  // Every number at the edge, before any data is read: out of range is an
  // error, never clamped into another fit.
  if (o.rho != "auto") ParseParameter(kRho, o.rho);
  CheckParameter(kGamma, o.fit.rto.gamma);
  CheckParameter(kEpsilon, o.fit.rto.epsilon);
  CheckParameter(kBiasTarget, o.fit.roc.bias_target);
  CheckParameterGrid(kGammaGrid, o.selection.gammas);
  CheckParameterGrid(kRhoOffsets, o.selection.rho_offsets);
  CheckParameter(kMaxValidationGap, o.selection.max_validation_gap);
  if (o.fit.shift.source_prior) CheckParameter(kSourcePrior, *o.fit.shift.source_prior);
  CheckParameterChoice("score-kind", o.score_kind, {"probability", "margin"});
  CheckParameterChoice("small-groups", o.small_groups.policy, {"refuse", "pooled", "merge"});
  model::ProvenanceDetailNamed(o.provenance);  // refused before the data is read
}

void CheckPostprocessOptions(const PostprocessOptions& o, bool with_validation) {
  CheckPostprocessParameters(o);
  // Covariance control fits without labels, but a validation grid is judged
  // on them.
  if (((o.rho == "auto" && !o.covariance) || with_validation) && o.label.label.empty() &&
      o.method == "rto") {
    throw std::invalid_argument(
        "--rho auto and --validation need --label (and --positive unless the label is 0/1)");
  }
}

namespace {

// Postprocess once the scoring model is set: the rows scored by the
// runtime, the rule fitted (rto: selected on `validation`), the model
// finished.
tinyfair::Model PostprocessScores(const PostprocessOptions& o, tinyfair::Model model,
                                  const data::ColumnTable& table,
                                  const ValidationSource& validation, RampFit* chosen) {
  const size_t group_count = model.dimensions().group_count();
  const data::GroupIndex groups(model);
  const size_t strata_count = groups.StratumCount(o.strata.size());
  if (o.covariance && group_count != 2 * strata_count) {
    throw std::invalid_argument("--covariance needs one binary sensitive attribute");
  }
  std::vector<runtime::Decision> scorer_records;
  const data::ScoredSample fitting =
      simulate::ScoreThroughRuntime(model, table, o.label.label, o.label.positive, &scorer_records);
  NoteUnlistedValues("postprocess", model, table);
  if (fitting.refused > 0) {
    Note("postprocess: " + std::to_string(fitting.refused) +
         " rows refused by the model, left out");
  }
  const postprocessing::Postprocessor& method = postprocessing::FindPostprocessor(o.method);
  simulate::RequireEveryGroup(fitting, model, o.data, method.needs_both_labels ? o.method : "");
  // Covariance control, conditional parity and reject option classification
  // fit on cells of a binary attribute and its strata: a merged or pooled
  // group would break the cells.
  if (o.small_groups.policy != "refuse" &&
      (o.covariance || !o.strata.empty() || method.two_groups_only)) {
    throw std::invalid_argument("--small-groups " + o.small_groups.policy +
                                " does not combine with --covariance, --strata or --method roc "
                                "(they fit on cells of a binary attribute); there, lower "
                                "--min-group-size or merge the categories in the data");
  }
  const postprocessing::FittingGroups plan =
      PlanSmallGroups(o.small_groups, fitting, model, o.data, "postprocess");
  if (o.method != "rto") {
    PostprocessWithRegistry(o, table, fitting, plan, model);
    return model;
  }
  const RampFitter fitter(o, fitting, group_count, groups, plan);
  // The finished model is the scorer with the ramp: its decisions on the
  // fitting rows (for the reference rates) follow from the scoring pass.
  const ScorerDecisions fitting_decisions(model, table, 1, 0, std::move(scorer_records));

  const auto start = std::chrono::steady_clock::now();
  const RampFit fit = !validation ? fitter.Fit(o.fit.rto.gamma, 0.0)
                                  : SelectRampOnValidation(o, fitter, model, validation());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (chosen != nullptr) *chosen = fit;
  FinishRampModel(
      o, fit, postprocessing::RtoSolverName(o.fit.rto.solver), fitting.scores.size(), seconds,
      [&fitting_decisions, group_count](const tinyfair::Model& m) {
        simulate::ExpectedPositiveRateSums sums(group_count);
        sums.Add(fitting_decisions.DecisionsOf(m));
        return sums.Rates();
      },
      model);
  return model;
}

}  // namespace

tinyfair::Model Postprocess(const PostprocessOptions& o, const data::CsvTable& table,
                            const ValidationSource& validation, const tinyfair::Model* scorer,
                            RampFit* chosen) {
  CheckPostprocessOptions(o, static_cast<bool>(validation));
  const data::ColumnTable fitting = data::ColumnTableFromCsv(table);
  tinyfair::Model model = ScoringModel(o, fitting, scorer);
  return PostprocessScores(o, std::move(model), fitting, validation, chosen);
}

tinyfair::Model Postprocess(const PostprocessOptions& o, const data::ColumnTable& fitting,
                            const data::ColumnTable* validation, const tinyfair::Model* scorer,
                            RampFit* chosen) {
  CheckPostprocessOptions(o, validation != nullptr);
  ValidationSource source;
  if (validation != nullptr) {
    source = [validation]() -> const data::ColumnTable& { return *validation; };
  }
  return PostprocessScores(o, ScoringModel(o, fitting, scorer), fitting, source, chosen);
}

tinyfair::Model Postprocess(const PostprocessOptions& o, const data::CsvTable& fitting,
                            const data::CsvTable* validation, const tinyfair::Model* scorer,
                            RampFit* chosen) {
  std::optional<data::ColumnTable> typed;
  ValidationSource source;
  if (validation != nullptr) {
    source = [validation, &typed]() -> const data::ColumnTable& {
      if (!typed) typed = data::ColumnTableFromCsv(*validation);
      return *typed;
    };
  }
  return Postprocess(o, fitting, source, scorer, chosen);
}

}  // namespace tinyfair::host::fit
