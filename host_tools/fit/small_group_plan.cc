#include "host_tools/fit/small_group_plan.h"

#include <stdexcept>

#include "host_tools/fit/fit_notes.h"
#include "host_tools/fit/group_names.h"

namespace tinyfair::host::fit {

postprocessing::FittingGroups PlanSmallGroups(const SmallGroupSettings& settings,
                                              const data::ScoredSample& fitting,
                                              const tinyfair::Model& model,
                                              const std::string& source,
                                              const std::string& command) {
  if ((settings.policy == "merge") != !settings.merges.empty()) {
    throw std::invalid_argument("--small-groups merge and --merge-groups go together");
  }
  const std::vector<std::string> names = GroupNames(model);
  postprocessing::SmallGroupOptions options;
  options.min_group_size = settings.min_group_size;
  options.policy = settings.policy == "pooled"  ? postprocessing::SmallGroupPolicy::kPooled
                   : settings.policy == "merge" ? postprocessing::SmallGroupPolicy::kMerge
                                                : postprocessing::SmallGroupPolicy::kRefuse;
  for (const auto& spec : settings.merges)
    options.merges.push_back(postprocessing::ParseGroupMerge(spec, names));
  const postprocessing::FittingGroups plan = postprocessing::PlanFittingGroups(
      postprocessing::RowsPerGroup(fitting, names.size()), names, source, options);
  for (const auto& note : plan.notes) Note(command + ": small groups: " + note);
  return plan;
}

}  // namespace tinyfair::host::fit
