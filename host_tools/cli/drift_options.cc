#include "host_tools/cli/drift_options.h"

namespace tinyfair::cli {

bool DriftFlags::Given() const {
  for (const CommandOption& option :
       {from_row_option, group_option, score_shift_option, share_option}) {
    if (option.Given()) return true;
  }
  return false;
}

void AddDriftOptions(Command& simulate, DriftFlags& flags) {
  flags.from_row_option = simulate.Option(
      "--drift-from", &flags.from_row,
      "Drift the stream from this 0-based data row on (with --drift-group and "
      "--drift-score-shift or --drift-share); the log gets columns drifted and data_row");
  flags.group_option =
      simulate.Option("--drift-group", &flags.group,
                      "The drifting group, by its name as `tinyfair inspect` shows it");
  flags.score_shift_option = simulate.Option(
      "--drift-score-shift", &flags.score_shift,
      "Add this to the group's scorer margin (before the link and the rule) from --drift-from on");
  flags.share_option = simulate.Option(
      "--drift-share", &flags.share,
      "From --drift-from on, draw rows (seeded by --seed) so that the group makes up this "
      "fraction of the stream, in (0, 1)");
}

host::fit::DriftRequest DriftRequestOf(const DriftFlags& flags) {
  host::fit::DriftRequest request;
  if (flags.from_row_option.Given()) request.from_row = flags.from_row;
  if (flags.group_option.Given()) request.group = flags.group;
  if (flags.score_shift_option.Given()) request.score_shift = flags.score_shift;
  if (flags.share_option.Given()) request.share = flags.share;
  return request;
}

}  // namespace tinyfair::cli
