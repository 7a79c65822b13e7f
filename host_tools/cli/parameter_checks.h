// The command line's checks of the library's parameter ranges
// (fit/parameter_ranges.h): text checks that refuse NaN as well as
// every value outside the range, and 64-bit seeds and streams that are
// never saturated or wrapped.
#pragma once

#include <string>

#include "host_tools/cli/command_option.h"
#include "host_tools/fit/parameter_ranges.h"

namespace tinyfair::cli {

/// Refuses a value outside `range` (NaN included), saying the range.
TextCheck InRange(const host::fit::ParameterRange& range);

/// Refuses a seed or stream that is not a whole number in [0, 2^64 - 1].
TextCheck Uint64Text();

}  // namespace tinyfair::cli
