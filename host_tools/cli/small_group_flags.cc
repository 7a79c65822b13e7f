#include "host_tools/cli/small_group_flags.h"

namespace tinyfair::cli {

void AddSmallGroupFlags(Command& command, SmallGroupFlags& flags) {
  command.Option(
      "--min-group-size", &flags.min_group_size,
      "Fewest fitting rows a group needs for a rule of its own (default 93: the 95 % Wilson "
      "interval of a rate of 0.5 is then at most 0.2 wide)");
  command
      .Option("--small-groups", &flags.policy,
              "A group below --min-group-size: refuse (default), pooled (the rule fitted on "
              "all rows together) or merge (with --merge-groups)")
      .OneOf({"refuse", "pooled", "merge"});
  command.Option("--merge-groups", &flags.merges,
                 "With --small-groups merge: 'GROUP,GROUP:TARGET', the groups share TARGET's "
                 "rule (repeat the flag for several targets)");
}

}  // namespace tinyfair::cli
