// The rule a command selected on validation data, judged as the library
// judges it (fit/selection_check.h).
#pragma once

#include "host_tools/fit/selection_check.h"

namespace tinyfair::cli {

using host::fit::CheckSelectionOnValidation;
using host::fit::SelectionOnValidation;

}  // namespace tinyfair::cli
