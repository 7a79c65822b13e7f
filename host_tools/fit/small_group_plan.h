// Groups too small to fit a rule on (postprocessing/small_groups.h) as
// postprocess and sweep ask for them: refused, pooled or merged, each
// default written once.
#pragma once

#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"
#include "host_tools/postprocessing/small_groups.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

struct SmallGroupSettings {
  size_t min_group_size = postprocessing::kDefaultMinGroupSize;
  std::string policy = "refuse";    // refuse | pooled | merge
  std::vector<std::string> merges;  // "GROUP,GROUP:TARGET" each
};

/// Plans the fitting groups of `model` on `fitting` (read from `source`)
/// and notes, after `command: `, which groups were merged or pooled and
/// with how many rows.
/// @throws as postprocessing::PlanFittingGroups; std::invalid_argument when
///         the settings do not go together.
postprocessing::FittingGroups PlanSmallGroups(const SmallGroupSettings& settings,
                                              const data::ScoredSample& fitting,
                                              const tinyfair::Model& model,
                                              const std::string& source,
                                              const std::string& command);

}  // namespace tinyfair::host::fit
