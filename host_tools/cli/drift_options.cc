#include "host_tools/cli/drift_options.h"

#include <cmath>

#include "host_tools/cli/cli_common.h"
#include "host_tools/common/data_error.h"
#include "host_tools/common/text_format.h"

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

namespace {

uint32_t GroupByName(const std::string& name, const tinyfair::Model& model) {
  const std::vector<std::string> names = GroupNames(model);
  std::string known;
  for (size_t g = 0; g < names.size(); ++g) {
    if (names[g] == name) return static_cast<uint32_t>(g);
    known += (g ? ", '" : "'") + names[g] + "'";
  }
  throw host::common::DataError(
      "--drift-group", 0, 0, "the model has no group '" + name + "' (its groups: " + known + ")");
}

}  // namespace

host::simulate::StreamDrift ResolveDrift(const DriftFlags& flags, const tinyfair::Model& model,
                                         size_t row_count) {
  const bool shift = flags.score_shift_option.Given();
  const bool share = flags.share_option.Given();
  if (!flags.from_row_option.Given()) {
    throw host::common::DataError("--drift-from", 0, 0, "a drift needs the first drifted row");
  }
  if (!flags.group_option.Given()) {
    throw host::common::DataError("--drift-group", 0, 0, "a drift needs the group that drifts");
  }
  if (!shift && !share) {
    throw host::common::DataError("--drift-from", 0, 0,
                                  "a drift needs its kind: --drift-score-shift or --drift-share");
  }
  if (shift && share) {
    throw host::common::DataError("--drift-score-shift", 0, 0,
                                  "give --drift-score-shift or --drift-share, not both");
  }
  host::simulate::StreamDrift drift;
  drift.group = GroupByName(flags.group, model);
  if (flags.from_row >= row_count) {
    throw host::common::DataError("--drift-from", 0, 0,
                                  "row " + std::to_string(flags.from_row) +
                                      " is beyond the data (" + std::to_string(row_count) +
                                      " rows, numbered from 0)");
  }
  drift.from_row = flags.from_row;
  if (shift) {
    drift.kind = host::simulate::StreamDrift::Kind::kScoreShift;
    drift.score_shift = static_cast<float>(flags.score_shift);
    if (!std::isfinite(flags.score_shift) || !std::isfinite(drift.score_shift)) {
      throw host::common::DataError(
          "--drift-score-shift", 0, 0,
          host::common::FormatText("%g is not a finite number", flags.score_shift));
    }
  } else {
    drift.kind = host::simulate::StreamDrift::Kind::kShare;
    drift.share = flags.share;
    if (!(flags.share > 0.0 && flags.share < 1.0)) {
      throw host::common::DataError("--drift-share", 0, 0,
                                    host::common::FormatText("%g is outside (0, 1)", flags.share));
    }
  }
  return drift;
}

}  // namespace tinyfair::cli
