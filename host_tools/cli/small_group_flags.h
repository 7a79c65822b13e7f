// The flags of postprocess and sweep for groups too small to fit a rule on,
// bound to the library's settings (fit/small_group_plan.h).
#pragma once

#include "host_tools/cli/command.h"
#include "host_tools/fit/small_group_plan.h"

namespace tinyfair::cli {

using SmallGroupFlags = host::fit::SmallGroupSettings;
using host::fit::PlanSmallGroups;

void AddSmallGroupFlags(Command& command, SmallGroupFlags& flags);

}  // namespace tinyfair::cli
