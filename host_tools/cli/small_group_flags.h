// The flags of postprocess and sweep for groups too small to fit a rule on
// (postprocessing/small_groups.h), bound to one option struct so each
// default is written once.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "host_tools/data/scored_sample.h"
#include "host_tools/postprocessing/small_groups.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::cli {

struct SmallGroupFlags {
  size_t min_group_size = host::postprocessing::kDefaultMinGroupSize;
  std::string policy = "refuse";
  std::vector<std::string> merges;  // "GROUP,GROUP:TARGET" each
};

void AddSmallGroupFlags(CLI::App& command, SmallGroupFlags& flags);

/// Plans the fitting groups of `model` on `fitting` (read from `source`)
/// and says on stderr, after `command: `, which groups were merged or
/// pooled and with how many rows.
/// @throws as host::PlanFittingGroups; std::invalid_argument when the flags
///         do not go together.
host::postprocessing::FittingGroups PlanSmallGroups(const SmallGroupFlags& flags,
                                                    const host::data::ScoredSample& fitting,
                                                    const tinyfair::Model& model,
                                                    const std::string& source,
                                                    const std::string& command);

}  // namespace tinyfair::cli
