#include "host_tools/fit/histogram_postprocess.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/data/csv_reader.h"
#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/fit/ramp_fitter.h"
#include "host_tools/fit/ramp_model.h"
#include "host_tools/fit/scoring_model.h"
#include "host_tools/simulate/score_through_runtime.h"

namespace tinyfair::host::fit {
namespace {

// Each group is fitted on its own histogram: groups below --min-group-size
// are refused (the in-memory fit pools or merges them).
void RequireGroupsLargeEnough(const PostprocessOptions& o, const std::vector<size_t>& group_rows,
                              const tinyfair::Model& model) {
  if (o.small_groups.policy != "refuse") {
    throw std::invalid_argument(
        "--stream takes --small-groups refuse only (pooled or merged "
        "groups are fitted without --stream)");
  }
  postprocessing::SmallGroupOptions options;
  options.min_group_size = o.small_groups.min_group_size;
  postprocessing::PlanFittingGroups(group_rows, GroupNames(model), o.data, options);
}

}  // namespace

tinyfair::Model HistogramScoringModel(const PostprocessOptions& o, const tinyfair::Model* scorer) {
  CheckStreamedPostprocessOptions(o, scorer != nullptr);
  return ScoringModel(o, data::CsvTable{}, scorer);
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
  data::ScoredSample one_per_group;  // the groups seen, for the same message
  std::vector<double> positives(strata_count, 0.0), counts(strata_count, 0.0);
  for (size_t g = 0; g < group_count; ++g) {
    if (histograms.examples(g) > 0) one_per_group.groups.push_back(static_cast<uint32_t>(g));
    const uint32_t s =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    positives[s] += static_cast<double>(histograms.positives(g));
    counts[s] += static_cast<double>(histograms.examples(g));
  }
  simulate::RequireEveryGroup(one_per_group, model, o.data);
  std::vector<size_t> group_rows;
  for (size_t g = 0; g < group_count; ++g) group_rows.push_back(histograms.examples(g));
  RequireGroupsLargeEnough(o, group_rows, model);
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
