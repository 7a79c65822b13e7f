#include "host_tools/fit/histogram_postprocess.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/common/text_format.h"
#include "host_tools/data/csv_reader.h"
#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/fit/ramp_fitter.h"
#include "host_tools/fit/ramp_model.h"
#include "host_tools/fit/registry_postprocess.h"
#include "host_tools/fit/scoring_model.h"
#include "host_tools/model/fitted_rule.h"
#include "host_tools/postprocessing/hardt_from_histograms.h"
#include "host_tools/postprocessing/postprocessor_registry.h"
#include "host_tools/postprocessing/streamed_rto_fit.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {
namespace {

// Each group is fitted on its own histogram: groups below --min-group-size
// are refused (the in-memory fit pools or merges them).
postprocessing::FittingGroups RequireGroupsLargeEnough(const PostprocessOptions& o,
                                                       const std::vector<size_t>& group_rows,
                                                       const tinyfair::Model& model) {
  if (o.small_groups.policy != "refuse") {
    throw std::invalid_argument(
        "--stream takes --small-groups refuse only (pooled or merged "
        "groups are fitted without --stream)");
  }
  postprocessing::SmallGroupOptions options;
  options.min_group_size = o.small_groups.min_group_size;
  return postprocessing::PlanFittingGroups(group_rows, GroupNames(model), o.data, options);
}

// Requires examples of every group (and, for a method that needs them, of
// both labels) and groups large enough, as the in-memory fit; the plan.
postprocessing::FittingGroups RequireEveryGroupFitted(
    const PostprocessOptions& o, const postprocessing::ScoreHistograms& histograms,
    bool needs_both_labels, const tinyfair::Model& model) {
  std::vector<size_t> group_rows, group_positives;
  for (size_t g = 0; g < histograms.group_count(); ++g) {
    group_rows.push_back(histograms.examples(g));
    group_positives.push_back(histograms.positives(g));
  }
  simulate::RequireEveryGroup(group_rows, group_positives, model, o.data,
                              needs_both_labels ? o.method : "");
  return RequireGroupsLargeEnough(o, group_rows, model);
}

// Hardt (hardt-dp, hardt-eo) from the histograms: the exact solver on the
// operating points at cell boundaries, with the rules set as the in-memory
// fit sets them.
void FinishHardtFromHistograms(const PostprocessOptions& o,
                               const postprocessing::ScoreHistograms& histograms, size_t rows,
                               const ReferenceRates& rates_of, tinyfair::Model& model) {
  const postprocessing::FittingGroups plan = RequireEveryGroupFitted(o, histograms, true, model);
  postprocessing::HardtOptions options;
  options.constraint = postprocessing::FindPostprocessor(o.method).constraint.value();
  const postprocessing::HistogramHardtFit streamed =
      postprocessing::FitHardtPostprocessing(histograms, options);
  Note(common::FormatText(
      "postprocess: streamed, %zu rows read; fitting accuracy within %.3g of the fit on the rows "
      "(exact when every histogram cell holds one score value)",
      rows, streamed.accuracy_bound));
  postprocessing::PostprocessorFit fit;
  host::model::TwoThresholdRuleFit rule;
  for (const postprocessing::HardtGroupRule& r : streamed.fit.rules) {
    rule.groups.push_back({r.t0, r.p0, r.t1, r.p1, r.ignore, r.constant});
  }
  fit.rule = rule;
  fit.selection_rates = streamed.fit.selection_rates;
  fit.true_positive_rates = streamed.fit.true_positive_rates;
  fit.false_positive_rates = streamed.fit.false_positive_rates;
  fit.accuracy = streamed.fit.accuracy;
  FinishWithFittedRule(o, fit, plan, o.method + ", streamed", rates_of, model);
}

}  // namespace

tinyfair::Model HistogramScoringModel(const PostprocessOptions& o, const tinyfair::Model* scorer) {
  CheckStreamedPostprocessOptions(o, scorer != nullptr);
  return ScoringModel(o, data::ColumnTable{}, scorer);
}

void FinishFromHistograms(const PostprocessOptions& o,
                          const postprocessing::ScoreHistograms& histograms, size_t rows,
                          size_t refused, double seconds, const ReferenceRates& rates_of,
                          tinyfair::Model& model) {
  const size_t group_count = model.dimensions().group_count();
  const data::GroupIndex groups(model);
  const size_t strata_count = groups.StratumCount(o.strata.size());
  if (refused > 0) {
    Note("postprocess: " + std::to_string(refused) + " rows refused by the model, left out");
  }
  if (o.method != "rto") {
    FinishHardtFromHistograms(o, histograms, rows, rates_of, model);
    return;
  }
  std::vector<double> positives(strata_count, 0.0), counts(strata_count, 0.0);
  for (size_t g = 0; g < group_count; ++g) {
    const uint32_t s =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    positives[s] += static_cast<double>(histograms.positives(g));
    counts[s] += static_cast<double>(histograms.examples(g));
  }
  RequireEveryGroupFitted(o, histograms, false, model);
  std::vector<double> stratum_rate;
  for (size_t s = 0; s < strata_count; ++s) {
    stratum_rate.push_back(counts[s] > 0.0 ? positives[s] / counts[s] : 0.0);
  }
  const postprocessing::StreamedRtoFit streamed = postprocessing::FitRandomizedThresholdOptimizer(
      histograms, RampOptions(o, groups, o.fit.rto.gamma, 0.0, stratum_rate, group_count));
  const double bound =
      *std::max_element(streamed.rate_error_bounds.begin(), streamed.rate_error_bounds.end());
  char line[160];
  std::snprintf(line, sizeof(line),
                "postprocess: streamed, %zu rows read; histogram rates within %.3g of the "
                "rates on the rows",
                rows, bound);
  Note(line);
  RampFit fit;
  fit.thresholds = streamed.fit.thresholds;
  fit.gamma = o.fit.rto.gamma;
  FinishRampModel(o, fit,
                  std::string(postprocessing::RtoSolverName(o.fit.rto.solver)) + ", streamed",
                  rows - refused, seconds, rates_of, model);
}

}  // namespace tinyfair::host::fit
