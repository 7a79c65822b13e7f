// The randomized threshold optimizer's ramp as postprocess fits it: per
// group thresholds and one width, each group's target rate --rho or, with
// 'auto', the label rate of its stratum (the last group attributes).
#pragma once

#include <vector>

#include "host_tools/data/group_index.h"
#include "host_tools/data/scored_sample.h"
#include "host_tools/fit/postprocess_options.h"
#include "host_tools/postprocessing/postprocessor_registry.h"

namespace tinyfair::host::fit {

/// The fitted ramp: thresholds per group, the width and the target rate.
struct RampFit {
  std::vector<double> thresholds;
  double gamma = 0.0;
  double rho = 0.0;
};

/// The optimizer's options for one (gamma, rho offset): each group's rho is
/// options.rho, or with 'auto' the label rate of its stratum, plus the
/// offset.
postprocessing::RtoOptions RampOptions(const PostprocessOptions& o, const data::GroupIndex& groups,
                                       double gamma, double rho_offset,
                                       const std::vector<double>& stratum_rate, size_t group_count);

/// One point of the selection grid: a width and an offset to the target rate.
struct RampGridPoint {
  double gamma = 0.0;
  double rho_offset = 0.0;
};

/// Fits ramps of any (gamma, rho offset) on one scored sample.
class RampFitter {
 public:
  RampFitter(const PostprocessOptions& o, const data::ScoredSample& sample, size_t group_count,
             const data::GroupIndex& groups, const postprocessing::FittingGroups& plan);

  // Holds a reference into itself (the sample it fits on).
  RampFitter(const RampFitter&) = delete;
  RampFitter& operator=(const RampFitter&) = delete;

  RampFit Fit(double gamma, double rho_offset) const;

  /// The grid o.selection, gamma by gamma at each rho offset (with
  /// covariance control at offset 0 only): the order a selection takes it in.
  std::vector<RampGridPoint> Grid() const;

  /// The ramp of every Grid() point, in its order.
  std::vector<RampFit> FitGrid() const;

 private:
  const PostprocessOptions& o_;
  const data::ScoredSample& sample_;
  size_t group_count_;
  const data::GroupIndex& groups_;
  size_t strata_count_;
  const postprocessing::FittingGroups& plan_;
  // What the ramps are fitted on: for the exact solver, the sample in score
  // order (each group's scores then arrive sorted: no fit of a grid sorts
  // them again); else `sample_` itself, whose order the other fits use.
  data::ScoredSample in_score_order_;
  const data::ScoredSample& fitted_;
  std::vector<double> stratum_rate_;
};

}  // namespace tinyfair::host::fit
