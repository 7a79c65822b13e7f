#include "host_tools/cli/small_group_flags.h"

#include "host_tools/cli/cli_common.h"

namespace tinyfair::cli {

void AddSmallGroupFlags(CLI::App& command, SmallGroupFlags& flags) {
  command.add_option(
      "--min-group-size", flags.min_group_size,
      "Fewest fitting rows a group needs for a rule of its own (default 93: the 95 % Wilson "
      "interval of a rate of 0.5 is then at most 0.2 wide)");
  command
      .add_option("--small-groups", flags.policy,
                  "A group below --min-group-size: refuse (default), pooled (the rule fitted on "
                  "all rows together) or merge (with --merge-groups)")
      ->check(CLI::IsMember({"refuse", "pooled", "merge"}));
  command.add_option("--merge-groups", flags.merges,
                     "With --small-groups merge: 'GROUP,GROUP:TARGET', the groups share TARGET's "
                     "rule (repeat the flag for several targets)");
}

host::postprocessing::FittingGroups PlanSmallGroups(const SmallGroupFlags& flags,
                                                    const host::data::ScoredSample& fitting,
                                                    const tinyfair::Model& model,
                                                    const std::string& source,
                                                    const std::string& command) {
  if ((flags.policy == "merge") != !flags.merges.empty()) {
    throw std::invalid_argument("--small-groups merge and --merge-groups go together");
  }
  const std::vector<std::string> names = GroupNames(model);
  host::postprocessing::SmallGroupOptions options;
  options.min_group_size = flags.min_group_size;
  options.policy = flags.policy == "pooled"  ? host::postprocessing::SmallGroupPolicy::kPooled
                   : flags.policy == "merge" ? host::postprocessing::SmallGroupPolicy::kMerge
                                             : host::postprocessing::SmallGroupPolicy::kRefuse;
  for (const auto& spec : flags.merges)
    options.merges.push_back(host::postprocessing::ParseGroupMerge(spec, names));
  const host::postprocessing::FittingGroups plan = host::postprocessing::PlanFittingGroups(
      host::postprocessing::RowsPerGroup(fitting, names.size()), names, source, options);
  for (const auto& note : plan.notes) Note(command + ": small groups: " + note);
  return plan;
}

}  // namespace tinyfair::cli
