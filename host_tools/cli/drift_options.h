// The drift generator's flags of `tinyfair simulate` (docs/monitor.md): from
// a row on, shift one group's scores or its share of the stream.
#pragma once

#include <cstddef>
#include <string>

#include "host_tools/cli/command.h"
#include "host_tools/fit/drift_request.h"

namespace tinyfair::cli {

struct DriftFlags {
  size_t from_row = 0;
  std::string group;
  double score_shift = 0.0;
  double share = 0.0;
  // Which flags were given: each has no value that could mean "absent".
  CommandOption from_row_option;
  CommandOption group_option;
  CommandOption score_shift_option;
  CommandOption share_option;

  /// Whether any drift flag was given.
  bool Given() const;
};

/// Adds --drift-from, --drift-group, --drift-score-shift and --drift-share.
void AddDriftOptions(Command& simulate, DriftFlags& flags);

/// The drift the flags ask for, each part as given (the library checks it
/// against the model and the data).
host::fit::DriftRequest DriftRequestOf(const DriftFlags& flags);

}  // namespace tinyfair::cli
