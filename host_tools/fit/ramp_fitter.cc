#include "host_tools/fit/ramp_fitter.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <variant>

#include "host_tools/model/fitted_rule.h"

namespace tinyfair::host::fit {
namespace {

// The sample's rows in ascending score order (equal scores in row order).
data::ScoredSample InScoreOrder(const data::ScoredSample& sample) {
  std::vector<size_t> order(sample.scores.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&sample](size_t a, size_t b) { return sample.scores[a] < sample.scores[b]; });
  data::ScoredSample sorted;
  sorted.refused = sample.refused;
  for (size_t i : order) {
    sorted.scores.push_back(sample.scores[i]);
    sorted.groups.push_back(sample.groups[i]);
    if (!sample.labels.empty()) sorted.labels.push_back(sample.labels[i]);
  }
  return sorted;
}

bool FitsOnSortedScores(const PostprocessOptions& o) {
  return !o.covariance && o.fit.rto.solver == postprocessing::RtoOptions::Solver::kExact;
}

}  // namespace

postprocessing::RtoOptions RampOptions(const PostprocessOptions& o, const data::GroupIndex& groups,
                                       double gamma, double rho_offset,
                                       const std::vector<double>& stratum_rate,
                                       size_t group_count) {
  postprocessing::RtoOptions options = o.fit.rto;
  options.gamma = gamma;
  options.rho_by_group.clear();
  for (size_t g = 0; g < group_count; ++g) {
    const size_t stratum =
        groups.SensitiveAndStratum(static_cast<uint32_t>(g), o.strata.size()).trailing;
    const double base = o.rho == "auto" ? stratum_rate[stratum] : std::stod(o.rho);
    options.rho_by_group.push_back(std::clamp(base + rho_offset, 0.0, 1.0));
  }
  return options;
}

RampFitter::RampFitter(const PostprocessOptions& o, const data::ScoredSample& sample,
                       size_t group_count, const data::GroupIndex& groups,
                       const postprocessing::FittingGroups& plan)
    : o_(o),
      sample_(sample),
      group_count_(group_count),
      groups_(groups),
      strata_count_(groups.StratumCount(o.strata.size())),
      plan_(plan),
      in_score_order_(FitsOnSortedScores(o) ? InScoreOrder(sample) : data::ScoredSample{}),
      fitted_(FitsOnSortedScores(o) ? in_score_order_ : sample) {
  // Label rate per stratum (the last group attributes), and overall.
  std::vector<double> positives(strata_count_, 0.0), counts(strata_count_, 0.0);
  for (size_t i = 0; i < sample.groups.size(); ++i) {
    const size_t s = groups.SensitiveAndStratum(sample.groups[i], o.strata.size()).trailing;
    positives[s] += sample.labels.empty() ? 0.0 : sample.labels[i];
    counts[s] += 1.0;
  }
  for (size_t s = 0; s < strata_count_; ++s) {
    stratum_rate_.push_back(counts[s] > 0.0 ? positives[s] / counts[s] : 0.0);
  }
}

RampFit RampFitter::Fit(double gamma, double rho_offset) const {
  RampFit fit;
  fit.gamma = gamma;
  if (o_.covariance) {
    // Binary sensitive attribute first, strata after: cell = s * strata + k.
    std::vector<uint8_t> in_s;
    std::vector<uint32_t> strata;
    for (uint32_t g : sample_.groups) {
      const runtime::GroupSplit split = groups_.SensitiveAndStratum(g, o_.strata.size());
      in_s.push_back(split.leading == 1 ? 1 : 0);
      strata.push_back(split.trailing);
    }
    fit.thresholds = postprocessing::FitCovarianceControl(sample_.scores, in_s, strata,
                                                          strata_count_, gamma, o_.fit.rto.epsilon)
                         .thresholds;
    return fit;
  }
  // Targets from every row of each stratum, so that merged and pooled
  // groups aim at the same rate as the rest.
  fit.rho = RampOptions(o_, groups_, gamma, rho_offset, stratum_rate_, 1).rho_by_group.front();
  postprocessing::PostprocessorOptions options = o_.fit;
  options.rto = RampOptions(o_, groups_, gamma, rho_offset, stratum_rate_, group_count_);
  fit.thresholds = std::get<host::model::RampRuleFit>(
                       postprocessing::FindPostprocessor("rto").fit(fitted_, plan_, options).rule)
                       .thresholds;
  return fit;
}

std::vector<RampGridPoint> RampFitter::Grid() const {
  const std::vector<double> offsets =
      o_.covariance ? std::vector<double>{0.0} : o_.selection.rho_offsets;
  std::vector<RampGridPoint> grid;
  for (double gamma : o_.selection.gammas) {
    for (double offset : offsets) grid.push_back({gamma, offset});
  }
  return grid;
}

std::vector<RampFit> RampFitter::FitGrid() const {
  std::vector<RampFit> fits;
  for (const RampGridPoint& point : Grid()) fits.push_back(Fit(point.gamma, point.rho_offset));
  return fits;
}

}  // namespace tinyfair::host::fit
