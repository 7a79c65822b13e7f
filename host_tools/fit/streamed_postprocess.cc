// postprocess --stream: the ramp fitted from per-group score histograms gathered a
// block of rows at a time (postprocessing/streamed_rto_fit.h), the fitting file read
// twice (to fit, then for the reference rates) and never held whole.
// --stream fits each group on its own histogram: groups below
// --min-group-size are refused (the in-memory fit pools or merges them).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"
#include "host_tools/fit/postprocess.h"
#include "host_tools/fit/ramp_fitter.h"
#include "host_tools/fit/ramp_model.h"
#include "host_tools/fit/scoring_model.h"
#include "host_tools/postprocessing/streamed_rto_fit.h"
#include "host_tools/simulate/score_through_runtime.h"
#include "host_tools/simulate/streamed_scoring.h"

namespace tinyfair::host::fit {
namespace {

void RequireStreamedGroupsLargeEnough(const PostprocessOptions& o,
                                      const std::vector<size_t>& group_rows,
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

void CheckStreamedPostprocessOptions(const PostprocessOptions& o, bool with_scorer) {
  CheckPostprocessOptions(o, !o.validation.empty());
  if (o.method != "rto" || o.covariance || !o.validation.empty() || !with_scorer) {
    throw std::invalid_argument(
        "--stream fits --method rto with a --model on --data; it takes no --covariance, "
        "--validation or --score-column");
  }
}

tinyfair::Model PostprocessStreamed(const PostprocessOptions& o, const tinyfair::Model* scorer,
                                    const std::string& path) {
  CheckStreamedPostprocessOptions(o, scorer != nullptr);
  tinyfair::Model model = ScoringModel(o, data::CsvTable{}, scorer);
  const size_t group_count = model.dimensions().group_count();
  const data::GroupIndex groups(model);
  const size_t strata_count = groups.StratumCount(o.strata.size());
  std::FILE* progress = simulate::ProgressStreamIfTerminal();
  const auto start = std::chrono::steady_clock::now();
  postprocessing::ScoreHistograms histograms(group_count);
  size_t refused = 0;
  const size_t rows = simulate::ScoreFileInBlocks(
      model, path, o.label.label, o.label.positive,
      [&](const data::ScoredSample& block) {
        histograms.Add(block);
        refused += block.refused;
      },
      progress);
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
  RequireStreamedGroupsLargeEnough(o, group_rows, model);
  std::vector<double> stratum_rate;
  for (size_t s = 0; s < strata_count; ++s) {
    stratum_rate.push_back(counts[s] > 0.0 ? positives[s] / counts[s] : 0.0);
  }
  const postprocessing::StreamedRtoFit streamed = postprocessing::FitRandomizedThresholdOptimizer(
      histograms, RampOptions(o, groups, o.fit.rto.gamma, 0.0, stratum_rate, group_count));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
  FinishRampModel(
      o, fit, std::string(postprocessing::RtoSolverName(o.fit.rto.solver)) + ", streamed",
      rows - refused, seconds,
      [&](const tinyfair::Model& m) {
        return simulate::ExpectedPositiveRatesOfFile(m, path, progress);
      },
      model);
  return model;
}

}  // namespace tinyfair::host::fit
